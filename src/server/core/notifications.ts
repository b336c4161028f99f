/**
 * The emails about the customer's access and settings (codes, sign-ins, security changes, freezes,
 * limits, cases) and `sendLogged`, which sends any of them after the fact. The messages about money
 * movements are in money-notifications.ts.
 */
import type { Locale } from '../../i18n/locales.ts';
import type { MessageKey } from '../../i18n/messages/en.ts';
import type { CaseKind, CaseStatus } from '../../lib/safety-schemas.ts';
import type { Mailer, MailMessage } from '../integrations/mail/ports.ts';
import type { Logger } from '../log.ts';
import { layout, sayerFor } from './email-layout.ts';
import type { Kobo } from '../../lib/money.ts';
import { formatLagosDateTime } from '../../lib/lagos-time.ts';
import { amountValue, instantValue } from '../../i18n/said.ts';

/** How long a request waits for a mail server before it answers anyway (the mail carries on without it). */
export const mailWaitMs = 1_500;

/**
 * Sends mail about something already done (an account opened, a code issued, a change made): a
 * failure is logged, never thrown, so a lost email can neither undo the change nor show the
 * customer an error for something that worked. A mail server that does not answer (down, or
 * taking connections and never replying) holds the caller at most `waitMs`: the send goes on
 * by itself and its outcome is logged.
 */
export async function sendLogged(mailer: Mailer, log: Logger, message: MailMessage, purpose: string, waitMs = mailWaitMs): Promise<void> {
  const failed = (error: unknown) => {
    log.error('mail.failed', { purpose, error: error instanceof Error ? error.message : String(error) });
    return 'failed' as const;
  };
  let sending: Promise<'sent' | 'failed'>;
  try {
    sending = mailer.send(message).then(() => 'sent' as const, failed);
  } catch (error) {
    failed(error);
    return;
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const slow = new Promise<'slow'>((resolve) => {
    timer = setTimeout(() => resolve('slow'), waitMs);
    timer.unref();
  });
  const outcome = await Promise.race([sending, slow]);
  clearTimeout(timer);
  if (outcome === 'slow') log.warn('mail.slow', { purpose, waited_ms: waitMs });
}

export function verificationCodeEmail(args: { bankName: string; to: string; firstName: string; code: string; minutes: number; language?: Locale }): MailMessage {
  const say = sayerFor(args.language);
  const lines = [
    say('email.hello', { name: args.firstName }),
    say('email.verify.body', { bank: args.bankName, code: args.code, minutes: args.minutes }),
    say('email.verify.ignore'),
  ];
  return {
    to: args.to,
    subject: say('email.verify.subject', { code: args.code, bank: args.bankName }),
    text: lines.join('\n\n') + '\n',
    html: layout(args.bankName, [lines[0]!, say('email.verify.html', { minutes: args.minutes })], args.code) + '',
  };
}

/**
 * Someone tried to open an account with details that already belong to a customer: the
 * registration answered as if all was well (so it tells nobody who banks here), and the owner
 * hears of it here instead. No code in it: there is nothing to verify. `at`: an ISO instant.
 */
export function registrationAttemptEmail(args: { bankName: string; to: string; firstName: string; detail: 'email' | 'phone'; at: string; language?: Locale }): MailMessage {
  const say = sayerFor(args.language);
  const what = say(args.detail === 'email' ? 'email.attempt.whatEmail' : 'email.attempt.whatPhone');
  const lines = [
    say('email.hello', { name: args.firstName }),
    say('email.attempt.when', { at: instantValue(args.at), bank: args.bankName, what }),
    say(args.detail === 'email' ? 'email.attempt.ifYouEmail' : 'email.attempt.ifYouPhone'),
    say('email.attempt.ifNot'),
  ];
  return {
    to: args.to,
    subject: say('email.attempt.subject', { bank: args.bankName }),
    text: lines.join('\n\n') + '\n',
    html: layout(args.bankName, lines),
  };
}

/** In the language of the account the email belongs to (the customer is not signed in). */
export function passwordResetCodeEmail(args: { bankName: string; to: string; firstName: string; code: string; minutes: number; language?: Locale }): MailMessage {
  const say = sayerFor(args.language);
  const lines = [
    say('email.hello', { name: args.firstName }),
    say('email.reset.body', { bank: args.bankName, code: args.code, minutes: args.minutes }),
    say('email.reset.ignore'),
  ];
  return {
    to: args.to,
    subject: say('email.reset.subject', { code: args.code, bank: args.bankName }),
    text: lines.join('\n\n') + '\n',
    html: layout(args.bankName, [lines[0]!, say('email.reset.html', { minutes: args.minutes }), lines[2]!], args.code),
  };
}

/** What changed on the customer's security settings; each one is confirmed by email. */
export type SecurityChange = 'password_reset' | 'password_changed' | 'security_question_changed' | 'pin_changed' | 'pin_reset' | 'sms_alerts_on' | 'sms_alerts_off';

/** Each change's words in the catalogue (src/i18n/messages/email): its subject line, what happened and what follows. */
const securityChangeKeys = {
  password_reset: { subject: 'email.security.password_reset.subject', happened: 'email.security.password_reset.happened', consequence: 'email.security.password_reset.consequence' },
  password_changed: { subject: 'email.security.password_changed.subject', happened: 'email.security.password_changed.happened', consequence: 'email.security.password_changed.consequence' },
  security_question_changed: { subject: 'email.security.security_question_changed.subject', happened: 'email.security.security_question_changed.happened', consequence: 'email.security.security_question_changed.consequence' },
  pin_changed: { subject: 'email.security.pin_changed.subject', happened: 'email.security.pin_changed.happened', consequence: 'email.security.pin_changed.consequence' },
  pin_reset: { subject: 'email.security.pin_reset.subject', happened: 'email.security.pin_reset.happened', consequence: 'email.security.pin_reset.consequence' },
  sms_alerts_on: { subject: 'email.security.sms_alerts_on.subject', happened: 'email.security.sms_alerts_on.happened', consequence: 'email.security.sms_alerts_on.consequence' },
  sms_alerts_off: { subject: 'email.security.sms_alerts_off.subject', happened: 'email.security.sms_alerts_off.happened', consequence: 'email.security.sms_alerts_off.consequence' },
} as const satisfies Record<SecurityChange, { subject: MessageKey; happened: MessageKey; consequence: MessageKey }>;

/** `at`: the moment of the change (an ISO instant), written in Lagos time in the email's language. */
export function securityChangeEmail(args: { bankName: string; to: string; firstName: string; change: SecurityChange; at: string; language?: Locale }): MailMessage {
  const say = sayerFor(args.language);
  const keys = securityChangeKeys[args.change];
  const lines = [
    say('email.hello', { name: args.firstName }),
    `${say(keys.happened)} (${formatLagosDateTime(args.at, args.language)})`,
    say(keys.consequence),
    say('email.security.ifNotYou', { bank: args.bankName }),
  ];
  return { to: args.to, subject: say(keys.subject, { bank: args.bankName }), text: lines.join('\n\n') + '\n', html: layout(args.bankName, lines) };
}

/** The limits a raised tier brings, in kobo (`maxBalance` null: none), and when (an ISO instant). */
export function tierRaisedEmail(args: { bankName: string; to: string; firstName: string; tier: number; dailyLimit: Kobo; maxBalance: Kobo | null; at: string; language?: Locale }): MailMessage {
  const say = sayerFor(args.language);
  const now = { tier: args.tier, at: instantValue(args.at), dailyLimit: amountValue(args.dailyLimit) };
  const lines = [
    say('email.hello', { name: args.firstName }),
    args.maxBalance === null ? say('email.tier.nowNoMax', now) : say('email.tier.now', { ...now, maxBalance: amountValue(args.maxBalance) }),
    say('email.tier.notYou', { bank: args.bankName }),
  ];
  return { to: args.to, subject: say('email.tier.subject', { bank: args.bankName, tier: args.tier }), text: lines.join('\n\n') + '\n', html: layout(args.bankName, lines) };
}

/** The code that freezes an account from /freeze: asked for without signing in, so it says what it does and what to do if unasked. */
export function freezeCodeEmail(args: { bankName: string; to: string; firstName: string; code: string; minutes: number; language?: Locale }): MailMessage {
  const say = sayerFor(args.language);
  const asked = say('email.freezeCode.asked', { bank: args.bankName });
  const works = say('email.freezeCode.works', { minutes: args.minutes });
  const lines = [
    say('email.hello', { name: args.firstName }),
    `${asked} ${say('email.freezeCode.code', { code: args.code })} ${works}`,
    say('email.freezeCode.what'),
    say('email.freezeCode.ignore'),
  ];
  return {
    to: args.to,
    subject: say('email.freezeCode.subject', { code: args.code, bank: args.bankName }),
    text: lines.join('\n\n') + '\n',
    // The HTML shows the code large, below; its sentence leaves it out.
    html: layout(args.bankName, [lines[0]!, `${asked} ${works}`, say('email.freezeCode.html'), lines[2]!, lines[3]!], args.code),
  };
}

const securityCodeWhat = { instant_payments: 'email.securityCode.instant_payments', daily_limit: 'email.securityCode.daily_limit', unfreeze: 'email.securityCode.unfreeze' } as const;

/** A security code for a change that makes the account less safe (docs/decisions/027-codes-for-safety-changes-and-sms-by-default.md). */
export function securityCodeEmail(args: { bankName: string; to: string; firstName: string; code: string; minutes: number; purpose: 'instant_payments' | 'daily_limit' | 'unfreeze'; freezeAt: string; language?: Locale }): MailMessage {
  const say = sayerFor(args.language);
  const what = say(securityCodeWhat[args.purpose]);
  const asked = say('email.securityCode.asked', { what, code: args.code, minutes: args.minutes });
  const lines = [say('email.hello', { name: args.firstName }), asked, say('email.securityCode.ignore', { freeze: args.freezeAt })];
  return {
    to: args.to,
    subject: say('email.securityCode.subject', { code: args.code, bank: args.bankName }),
    text: lines.join('\n\n') + '\n',
    html: layout(args.bankName, [lines[0]!, asked, say('email.securityCode.html'), lines[2]!], args.code),
  };
}

/** The account was frozen (signed in with the password, or with a code from /freeze): what it means and how to undo it; `at` an ISO instant. */
export function accountFrozenEmail(args: { bankName: string; to: string; firstName: string; via: 'password' | 'code' | 'staff'; at: string; signedOut: number; language?: Locale }): MailMessage {
  const say = sayerFor(args.language);
  const how = say(args.via === 'password' ? 'email.frozen.viaPassword' : args.via === 'code' ? 'email.frozen.viaCode' : 'email.frozen.viaStaff');
  const lines = [
    say('email.hello', { name: args.firstName }),
    say('email.frozen.when', { bank: args.bankName, at: instantValue(args.at), how }),
    say(args.signedOut === 1 ? 'email.frozen.meansOne' : 'email.frozen.meansMany', { count: args.signedOut }),
    say('email.frozen.undo'),
    say('email.frozen.notYou', { bank: args.bankName }),
  ];
  return { to: args.to, subject: say('email.frozen.subject', { bank: args.bankName }), text: lines.join('\n\n') + '\n', html: layout(args.bankName, lines) };
}

/** `at`: when it was unfrozen, an ISO instant. */
export function accountUnfrozenEmail(args: { bankName: string; to: string; firstName: string; at: string; language?: Locale }): MailMessage {
  const say = sayerFor(args.language);
  const lines = [
    say('email.hello', { name: args.firstName }),
    say('email.unfrozen.when', { bank: args.bankName, at: instantValue(args.at) }),
    say('email.unfrozen.notYou', { bank: args.bankName }),
  ];
  return { to: args.to, subject: say('email.unfrozen.subject', { bank: args.bankName }), text: lines.join('\n\n') + '\n', html: layout(args.bankName, lines) };
}

/** A case about a transaction was opened, or its status changed. */
const caseKindKeys = {
  fraud: 'email.case.kind.fraud',
  not_received: 'email.case.kind.not_received',
  wrong_amount: 'email.case.kind.wrong_amount',
  wrong_charge: 'email.case.kind.wrong_charge',
} as const satisfies Record<CaseKind, MessageKey>;
const caseStatusKeys = {
  open: { label: 'email.case.status.open', lower: 'email.case.statusLower.open' },
  investigating: { label: 'email.case.status.investigating', lower: 'email.case.statusLower.investigating' },
  resolved: { label: 'email.case.status.resolved', lower: 'email.case.statusLower.resolved' },
  closed: { label: 'email.case.status.closed', lower: 'email.case.statusLower.closed' },
} as const satisfies Record<CaseStatus, { label: MessageKey; lower: MessageKey }>;

/** `kind` and `status` are codes (safety-schemas.ts); the note is the staff's own words, as written. */
export function caseEmail(args: { bankName: string; to: string; firstName: string; number: string; reference: string; kind: CaseKind; status: CaseStatus; note?: string | null; opened: boolean; language?: Locale }): MailMessage {
  const say = sayerFor(args.language);
  const status = caseStatusKeys[args.status];
  const lines = args.opened
    ? [
        say('email.hello', { name: args.firstName }),
        say('email.case.received', { reference: args.reference, kind: say(caseKindKeys[args.kind]), number: args.number }),
        say('email.case.team'),
        say('email.case.never'),
      ]
    : [
        say('email.hello', { name: args.firstName }),
        say('email.case.now', { number: args.number, reference: args.reference, status: say(status.label) }),
        ...(args.note ? [args.note] : []),
        say('email.case.follow'),
      ];
  const subject = args.opened
    ? say('email.case.openedSubject', { bank: args.bankName, number: args.number })
    : say('email.case.movedSubject', { bank: args.bankName, number: args.number, status: say(status.lower) });
  return { to: args.to, subject, text: lines.join('\n\n') + '\n', html: layout(args.bankName, lines) };
}

/**
 * A sign-in from a browser this customer has not used before: when, from what, the
 * new-browser cap it started, and what to do if it was not them (freeze the account at /freeze).
 * `at` is an ISO instant, the cap in kobo.
 */
export function newSignInEmail(args: { bankName: string; to: string; firstName: string; at: string; browser: string; ip: string | null; freezeUrl: string; capped: { cap: Kobo; hours: number } | null; language?: Locale }): MailMessage {
  const say = sayerFor(args.language);
  const lines = [
    say('email.hello', { name: args.firstName }),
    say('email.signIn.when', { at: instantValue(args.at), browser: args.browser, network: args.ip ? say('email.signIn.network', { ip: args.ip }) : '' }),
    ...(args.capped ? [say('email.signIn.capped', { hours: args.capped.hours, cap: amountValue(args.capped.cap) })] : []),
    say('email.signIn.notYou', { url: args.freezeUrl }),
    say('email.signIn.wasYou'),
  ];
  return { to: args.to, subject: say('email.signIn.subject', { bank: args.bankName }), text: lines.join('\n\n') + '\n', html: layout(args.bankName, lines) };
}

/**
 * The customer's own daily limit was lowered (applies at once) or a raise was asked for (applies at
 * `appliesAt`): the limit in kobo, the moments as ISO instants, written in the email's language.
 */
export function ownLimitEmail(args: { bankName: string; to: string; firstName: string; limit: Kobo; at: string; appliesAt: string | null; language?: Locale }): MailMessage {
  const say = sayerFor(args.language);
  const limit = amountValue(args.limit);
  const at = instantValue(args.at);
  const appliesAt = args.appliesAt === null ? null : instantValue(args.appliesAt);
  const lines = appliesAt
    ? [
        say('email.hello', { name: args.firstName }),
        say('email.ownLimit.raise', { at, limit, appliesAt }),
        say('email.ownLimit.raiseNotYou'),
      ]
    : [
        say('email.hello', { name: args.firstName }),
        say('email.ownLimit.set', { at, limit }),
        say('email.ownLimit.setNotYou'),
      ];
  return {
    to: args.to,
    subject: appliesAt ? say('email.ownLimit.raiseSubject', { limit, appliesAt }) : say('email.ownLimit.setSubject', { limit }),
    text: lines.join('\n\n') + '\n',
    html: layout(args.bankName, lines),
  };
}

/** Instant transfers to other banks (NIP) were turned off, or on again with the password and PIN; `at` an ISO instant. */
export function instantPaymentsEmail(args: { bankName: string; to: string; firstName: string; enabled: boolean; at: string; language?: Locale }): MailMessage {
  const say = sayerFor(args.language);
  const at = instantValue(args.at);
  const lines = [
    say('email.hello', { name: args.firstName }),
    args.enabled ? say('email.instant.on', { at }) : say('email.instant.off', { at, bank: args.bankName }),
    say('email.instant.notYou'),
  ];
  return {
    to: args.to,
    subject: say(args.enabled ? 'email.instant.onSubject' : 'email.instant.offSubject'),
    text: lines.join('\n\n') + '\n',
    html: layout(args.bankName, lines),
  };
}
