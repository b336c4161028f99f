import type { Locale } from '../../i18n/locales.ts';
import { t, type MessageParams } from '../../i18n/translate.ts';
import type { MessageKey } from '../../i18n/messages/en.ts';
import type { CaseKind, CaseStatus } from '../../lib/safety-schemas.ts';
import type { Mailer, MailMessage } from '../integrations/mail/ports.ts';
import type { Logger } from '../log.ts';

/**
 * Sends mail about something already done (an account opened, a code issued, a change made): a
 * failure is logged, never thrown, so a lost email can neither undo the change nor show the
 * customer an error for something that worked.
 */
export async function sendLogged(mailer: Mailer, log: Logger, message: MailMessage, purpose: string): Promise<void> {
  try {
    await mailer.send(message);
  } catch (error) {
    log.error('mail.failed', { purpose, error: error instanceof Error ? error.message : String(error) });
  }
}

/** Mail bodies. Plain text first; the HTML is the same words in a simple, escaped layout. */
function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

function layout(bankName: string, paragraphs: string[], highlight?: string): string {
  const body = paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('');
  const code = highlight
    ? `<p style="font-size:28px;font-weight:bold;letter-spacing:6px;font-family:monospace">${escapeHtml(highlight)}</p>`
    : '';
  return `<!doctype html><html><body style="font-family:sans-serif;color:#111"><h1 style="font-size:18px">${escapeHtml(bankName)}</h1>${body}${code}</body></html>`;
}

/** The words of one email in the customer's language (English unless said). */
function sayerFor(language: Locale | undefined) {
  return (key: MessageKey, params?: MessageParams) => t(language ?? 'en', key, params);
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
 * hears of it here instead. No code in it: there is nothing to verify.
 */
export function registrationAttemptEmail(args: { bankName: string; to: string; firstName: string; detail: 'email' | 'phone'; at: string; language?: Locale }): MailMessage {
  const say = sayerFor(args.language);
  const what = say(args.detail === 'email' ? 'email.attempt.whatEmail' : 'email.attempt.whatPhone');
  const lines = [
    say('email.hello', { name: args.firstName }),
    say('email.attempt.when', { at: args.at, bank: args.bankName, what }),
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

export function statementEmail(args: { bankName: string; to: string; firstName: string; accountNumber: string; from: string; until: string; count: number; format: 'pdf' | 'csv'; language?: Locale }): MailMessage {
  const say = sayerFor(args.language);
  const span = { account: args.accountNumber, from: args.from, until: args.until, count: args.count, format: args.format.toUpperCase() };
  const lines = [
    say('email.hello', { name: args.firstName }),
    say(args.count === 1 ? 'email.statement.attachedOne' : 'email.statement.attachedMany', span),
    say('email.statement.notYou'),
  ];
  return {
    to: args.to,
    subject: say('email.statement.subject', { bank: args.bankName, from: args.from, until: args.until }),
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

export function securityChangeEmail(args: { bankName: string; to: string; firstName: string; change: SecurityChange; at: string; language?: Locale }): MailMessage {
  const say = sayerFor(args.language);
  const keys = securityChangeKeys[args.change];
  const lines = [
    say('email.hello', { name: args.firstName }),
    `${say(keys.happened)} (${args.at})`,
    say(keys.consequence),
    say('email.security.ifNotYou', { bank: args.bankName }),
  ];
  return { to: args.to, subject: say(keys.subject, { bank: args.bankName }), text: lines.join('\n\n') + '\n', html: layout(args.bankName, lines) };
}

export function tierRaisedEmail(args: { bankName: string; to: string; firstName: string; tier: number; dailyLimit: string; maxBalance: string; at: string; language?: Locale }): MailMessage {
  const say = sayerFor(args.language);
  const lines = [
    say('email.hello', { name: args.firstName }),
    say('email.tier.now', { tier: args.tier, at: args.at, dailyLimit: args.dailyLimit, maxBalance: args.maxBalance }),
    say('email.tier.notYou', { bank: args.bankName }),
  ];
  return { to: args.to, subject: say('email.tier.subject', { bank: args.bankName, tier: args.tier }), text: lines.join('\n\n') + '\n', html: layout(args.bankName, lines) };
}

/**
 * One movement on a customer's account, worded for an alert: amounts already formatted
 * (src/lib/money.ts), the time already in Lagos, the account masked as banks print it on alerts.
 */
export type TransactionAlert = {
  type: 'debit' | 'credit';
  /** 012****789 */
  account: string;
  category: string;
  amount: string;
  /** Charges on a debit (fee and stamp duty), or null when there were none. */
  charges: string | null;
  /** "BOLA ADE, 0123456789, Harmattan Bank", or null (a purchase names its biller in the narration). */
  counterparty: string | null;
  narration: string;
  reference: string;
  /** "22 Nov 2026, 10:15" in Lagos. */
  time: string;
  balanceAfter: string;
  status: 'successful' | 'pending' | 'failed' | 'reversed';
};

const alertStatusKeys = {
  successful: 'alert.status.successful',
  pending: 'alert.status.pending',
  failed: 'alert.status.failed',
  reversed: 'alert.status.reversed',
} as const satisfies Record<TransactionAlert['status'], MessageKey>;

/**
 * The email alert of one debit or credit, sent for every movement (CBN disclosure rules), in the
 * language on the customer's profile (English unless said).
 */
export function transactionAlertEmail(args: { bankName: string; to: string; firstName: string; alert: TransactionAlert; language?: Locale }): MailMessage {
  const { alert } = args;
  const say = (key: MessageKey, params?: MessageParams) => t(args.language ?? 'en', key, params);
  const debit = alert.type === 'debit';
  const lines = [
    say('alert.hello', { name: args.firstName }),
    say(debit ? 'alert.debited' : 'alert.credited', { amount: alert.amount, account: alert.account }),
    [
      say('alert.type', { type: say(debit ? 'alert.debit' : 'alert.credit'), category: alert.category }),
      say('alert.amount', { amount: alert.amount }),
      ...(alert.charges ? [say('alert.charges', { charges: alert.charges })] : []),
      ...(alert.counterparty ? [say(debit ? 'alert.to' : 'alert.from', { counterparty: alert.counterparty })] : []),
      say('alert.narration', { narration: alert.narration }),
      say('alert.reference', { reference: alert.reference }),
      say('alert.time', { time: alert.time }),
      say('alert.status', { status: say(alertStatusKeys[alert.status]) }),
      say('alert.balanceAfter', { balance: alert.balanceAfter }),
    ].join('\n'),
    say('alert.freeze', { bank: args.bankName }),
  ];
  const ascii = (amount: string) => amount.replace('₦', 'NGN');
  return {
    to: args.to,
    // NGN for ₦, so the subject reads the same in every mail client (the words are the language's own letters).
    subject: say(debit ? 'alert.subjectDebit' : 'alert.subjectCredit', { bank: args.bankName, amount: ascii(alert.amount), account: alert.account }),
    text: lines.join('\n\n') + '\n',
    html: layout(args.bankName, [lines[0]!, lines[1]!, ...lines[2]!.split('\n'), lines[3]!]),
  };
}

/**
 * The same alert as one text message, in plain characters (NGN for ₦; each language's SMS words
 * are kept to plain letters, so a message stays in the 160-character GSM alphabet), clipped to
 * fit three message parts: the narration and counterparty are cut first, never the amounts or
 * the balance.
 */
export function transactionAlertSms(args: { bankName: string; alert: TransactionAlert; maxCharacters: number; language?: Locale }): string {
  const { alert } = args;
  const say = (key: MessageKey) => t(args.language ?? 'en', key);
  const ascii = (amount: string) => amount.replace('₦', 'NGN');
  const clip = (text: string, length: number) => (text.length > length ? `${text.slice(0, length - 3)}...` : text);
  const counterpartyLabel = say(alert.type === 'debit' ? 'alert.sms.to' : 'alert.sms.from');
  const narrationLabel = say('alert.sms.narration');
  const parts = [
    `${args.bankName}: ${say(alert.type === 'debit' ? 'alert.sms.debit' : 'alert.sms.credit')} ${ascii(alert.amount)}${alert.status === 'pending' ? ` ${say('alert.sms.pending')}` : ''}`,
    `${say('alert.sms.account')} ${alert.account}`,
    ...(alert.charges ? [`${say('alert.sms.charges')} ${ascii(alert.charges)}`] : []),
    ...(alert.counterparty ? [`${counterpartyLabel} ${clip(alert.counterparty, 60)}`] : []),
    `${narrationLabel} ${clip(alert.narration, 60)}`,
    `${say('alert.sms.reference')} ${alert.reference}`,
    alert.time,
    `${say('alert.sms.balance')} ${ascii(alert.balanceAfter)}`,
  ];
  const text = parts.join(' | ');
  const clipped = new Set([`${narrationLabel} ${clip(alert.narration, 60)}`, ...(alert.counterparty ? [`${counterpartyLabel} ${clip(alert.counterparty, 60)}`] : [])]);
  return text.length <= args.maxCharacters ? text : parts.filter((part) => !clipped.has(part)).join(' | ').slice(0, args.maxCharacters);
}

/** A transfer to another bank still pending after 24 hours (escalated once). */
export function pendingTransferEscalatedEmail(args: { bankName: string; to: string; firstName: string; reference: string; amount: string; recipient: string; bank: string; language?: Locale }): MailMessage {
  const say = sayerFor(args.language);
  const lines = [
    say('email.hello', { name: args.firstName }),
    say('email.escalated.what', { amount: args.amount, recipient: args.recipient, bank: args.bank, reference: args.reference }),
    say('email.escalated.team'),
    say('email.escalated.outcome'),
    say('email.escalated.follow'),
  ];
  return {
    to: args.to,
    subject: say('email.escalated.subject', { bank: args.bankName, reference: args.reference }),
    text: lines.join('\n\n') + '\n',
    html: layout(args.bankName, lines),
  };
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

/** The account was frozen (signed in with the password, or with a code from /freeze): what it means and how to undo it. */
export function accountFrozenEmail(args: { bankName: string; to: string; firstName: string; via: 'password' | 'code'; at: string; signedOut: number; language?: Locale }): MailMessage {
  const say = sayerFor(args.language);
  const how = say(args.via === 'password' ? 'email.frozen.viaPassword' : 'email.frozen.viaCode');
  const lines = [
    say('email.hello', { name: args.firstName }),
    say('email.frozen.when', { bank: args.bankName, at: args.at, how }),
    say(args.signedOut === 1 ? 'email.frozen.meansOne' : 'email.frozen.meansMany', { count: args.signedOut }),
    say('email.frozen.undo'),
    say('email.frozen.notYou', { bank: args.bankName }),
  ];
  return { to: args.to, subject: say('email.frozen.subject', { bank: args.bankName }), text: lines.join('\n\n') + '\n', html: layout(args.bankName, lines) };
}

export function accountUnfrozenEmail(args: { bankName: string; to: string; firstName: string; at: string; language?: Locale }): MailMessage {
  const say = sayerFor(args.language);
  const lines = [
    say('email.hello', { name: args.firstName }),
    say('email.unfrozen.when', { bank: args.bankName, at: args.at }),
    say('email.unfrozen.notYou', { bank: args.bankName }),
  ];
  return { to: args.to, subject: say('email.unfrozen.subject', { bank: args.bankName }), text: lines.join('\n\n') + '\n', html: layout(args.bankName, lines) };
}

/** A case about a transaction was opened, or its status changed. */
const caseKindKeys = {
  fraud: 'email.case.kind.fraud',
  not_received: 'email.case.kind.not_received',
  wrong_amount: 'email.case.kind.wrong_amount',
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
 */
export function newSignInEmail(args: { bankName: string; to: string; firstName: string; at: string; browser: string; ip: string | null; freezeUrl: string; capped: { cap: string; hours: number } | null; language?: Locale }): MailMessage {
  const say = sayerFor(args.language);
  const lines = [
    say('email.hello', { name: args.firstName }),
    say('email.signIn.when', { at: args.at, browser: args.browser, network: args.ip ? say('email.signIn.network', { ip: args.ip }) : '' }),
    ...(args.capped ? [say('email.signIn.capped', { hours: args.capped.hours, cap: args.capped.cap })] : []),
    say('email.signIn.notYou', { url: args.freezeUrl }),
    say('email.signIn.wasYou'),
  ];
  return { to: args.to, subject: say('email.signIn.subject', { bank: args.bankName }), text: lines.join('\n\n') + '\n', html: layout(args.bankName, lines) };
}

/** The customer's own daily limit was lowered (applies at once) or a raise was asked for (applies at `appliesAt`). */
export function ownLimitEmail(args: { bankName: string; to: string; firstName: string; limit: string; at: string; appliesAt: string | null; language?: Locale }): MailMessage {
  const say = sayerFor(args.language);
  const lines = args.appliesAt
    ? [
        say('email.hello', { name: args.firstName }),
        say('email.ownLimit.raise', { at: args.at, limit: args.limit, appliesAt: args.appliesAt }),
        say('email.ownLimit.raiseNotYou'),
      ]
    : [
        say('email.hello', { name: args.firstName }),
        say('email.ownLimit.set', { at: args.at, limit: args.limit }),
        say('email.ownLimit.setNotYou'),
      ];
  return {
    to: args.to,
    subject: args.appliesAt ? say('email.ownLimit.raiseSubject', { limit: args.limit, appliesAt: args.appliesAt }) : say('email.ownLimit.setSubject', { limit: args.limit }),
    text: lines.join('\n\n') + '\n',
    html: layout(args.bankName, lines),
  };
}

/** Instant transfers to other banks (NIP) were turned off, or on again with the password and PIN. */
export function instantPaymentsEmail(args: { bankName: string; to: string; firstName: string; enabled: boolean; at: string; language?: Locale }): MailMessage {
  const say = sayerFor(args.language);
  const lines = [
    say('email.hello', { name: args.firstName }),
    args.enabled ? say('email.instant.on', { at: args.at }) : say('email.instant.off', { at: args.at, bank: args.bankName }),
    say('email.instant.notYou'),
  ];
  return {
    to: args.to,
    subject: say(args.enabled ? 'email.instant.onSubject' : 'email.instant.offSubject'),
    text: lines.join('\n\n') + '\n',
    html: layout(args.bankName, lines),
  };
}

/** A payment towards one of the customer's payment requests arrived; the credit alert goes as well. */
export function paymentRequestPaidEmail(args: { bankName: string; to: string; firstName: string; reference: string; note: string; amount: string; payer: string | null; paidSoFar: string; requested: string | null; fully: boolean; at: string; language?: Locale }): MailMessage {
  const say = sayerFor(args.language);
  const request = args.note ? `${args.reference} (${args.note})` : args.reference;
  const arrived = args.fully ? (args.payer ? 'requests.email.paidFrom' : 'requests.email.paid') : args.payer ? 'requests.email.partlyFrom' : 'requests.email.partly';
  const lines = [
    say('email.hello', { name: args.firstName }),
    say(arrived, { request, amount: args.amount, payer: args.payer ?? '', at: args.at }),
    args.requested
      ? say(args.fully ? 'requests.email.askedAll' : 'requests.email.askedSoFar', { requested: args.requested, paid: args.paidSoFar })
      : say('requests.email.anyAll', { paid: args.paidSoFar }),
    say('requests.email.inAccount'),
  ];
  return {
    to: args.to,
    // Plain characters in the subject (NGN for ₦), as the transaction alerts do: every mail client shows them alike.
    subject: say(args.fully ? 'requests.email.subjectPaid' : 'requests.email.subjectPartly', { reference: args.reference, amount: args.amount.replace('₦', 'NGN') }),
    text: lines.join('\n\n') + '\n',
    html: layout(args.bankName, lines),
  };
}

/** A date of a scheduled transfer was missed: refused twice for funds or a limit, or refused outright. */
export function scheduledTransferMissedEmail(args: { bankName: string; to: string; firstName: string; amount: string; recipient: string; date: string; reason: string; paused: boolean; next: string | null; misses: number; language?: Locale }): MailMessage {
  const say = sayerFor(args.language);
  const lines = [
    say('email.hello', { name: args.firstName }),
    say('requests.missed.notMade', { amount: args.amount, recipient: args.recipient, date: args.date, reason: args.reason }),
    args.paused ? say('requests.missed.paused', { misses: args.misses }) : args.next ? say('requests.missed.next', { date: args.next }) : say('requests.missed.noMore'),
    say('requests.missed.where'),
  ];
  return {
    to: args.to,
    subject: args.paused ? say('requests.missed.subjectPaused', { recipient: args.recipient }) : say('requests.missed.subject', { amount: args.amount }),
    text: lines.join('\n\n') + '\n',
    html: layout(args.bankName, lines),
  };
}
