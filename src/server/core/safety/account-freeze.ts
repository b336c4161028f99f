import type { Transaction } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { Config } from '../../config.ts';
import type { Database, UserRow } from '../../db/schema.ts';
import type { MailMessage } from '../../integrations/mail/ports.ts';
import type { FreezeInput, FreezeSubject, UnfreezeInput } from '../../../lib/safety-schemas.ts';
import { profileLocale } from '../../../i18n/locales.ts';
import { fail, succeed, type Failure, type Result } from '../result.ts';
import { accountFrozenEmail, accountUnfrozenEmail, freezeCodeEmail, sendLogged } from '../notifications.ts';
import type { CodePolicy, OneTimeCodes } from '../codes/one-time-codes.ts';
import { createRequestCounters } from '../throttle/request-counters.ts';
import { createDecoyCodes } from '../codes/decoy-codes.ts';
import type { SessionMeta, SessionService } from '../auth/session-service.ts';
import type { SettingsService } from '../settings/settings-service.ts';
import type { SecurityCodes } from './security-codes.ts';
import type { CustomerServiceDeps } from '../service-deps.ts';
import type { SmsSender } from '../../integrations/sms/ports.ts';
import type { Alerts } from '../alerts/alert-service.ts';
import { freezeStateOf, type FreezeState, type FrozenVia } from './frozen.ts';
import { said } from '../../../i18n/said.ts';
import type { Said } from '../../../i18n/said.ts';

/** The code that freezes an account from /freeze: 15 minutes, single use, dead after 5 wrong tries, 1 a minute and 5 an hour per customer. */
export const freezeCodePolicy: CodePolicy = { ttlMs: 15 * 60_000, maxAttempts: 5, minIntervalMs: 60_000, maxPerHour: 5 };
/** Freeze-code requests per network address (counted in the database: every process alike). */
export type FreezeIpPolicy = { maxPerIp: number; windowMs: number };
export const defaultFreezeIpPolicy: FreezeIpPolicy = { maxPerIp: 10, windowMs: 15 * 60_000 };

const codeMinutes = freezeCodePolicy.ttlMs / 60_000;

/** The one answer to a freeze request, whether or not the account number or email has an account. */
export const freezeRequestMessage = said('said.freeze.requested', { minutes: codeMinutes });
export const frozenByCodeMessage = said('said.freeze.frozen');
export const notFrozenMessage = said('said.freeze.notFrozen');

export type { FreezeState } from './frozen.ts';

/** A code failure with its message also under `code`, where the forms show it. */
function onCode(failure: Failure): Failure {
  return failure.errors?.code ? failure : { ...failure, errors: { ...failure.errors, code: [failure.message] } };
}

/**
 * Freezing an account (docs/decisions/006-account-freeze-and-cases.md). While frozen, the money gate refuses every debit (423
 * ACCOUNT_FROZEN) and credits still land.
 *
 * - Signed in: confirmed with the password (one sign-in try, as settings' changes are); every
 *   other session ends.
 * - From /freeze, signed out (a borrowed phone): the account number or email gets a 6-digit code
 *   at the registered email; the right code freezes the account and ends every session. As with
 *   a forgotten password, nothing tells whether the account exists: the request always gets the
 *   same answer, given before any code is issued or mailed, and an unknown account number or
 *   email gets an imitation code in freeze_decoys whose tries answer exactly as a real one's.
 *   Tries are taken in the database before a code is compared, so bursts cannot exceed them.
 * - Unfreezing needs a signed-in session, a security code sent by SMS and email
 *   (security-codes.ts), then the PIN (a PIN try). Every change is told by email.
 *
 * The code goes to the registered email, and also by SMS to the phone on the account when the
 * customer has SMS alerts on (the only phone channel the customer chose).
 */
export function createAccountFreeze(deps: CustomerServiceDeps & {
  db: Db;
  config: Pick<Config, 'bank'>;
  sessions: SessionService;
  codes: OneTimeCodes;
  settings: Pick<SettingsService, 'proveSecrets'>;
  security: Pick<SecurityCodes, 'prove'>;
  sms: SmsSender;
  alerts: Pick<Alerts, 'settings'>;
  ipPolicy?: FreezeIpPolicy;
}) {
  const { db, config, clock, log, mailer, users, sessions, codes, settings, security, sms, alerts } = deps;
  const ipPolicy = deps.ipPolicy ?? defaultFreezeIpPolicy;
  const counters = createRequestCounters({ db, clock });
  // Codes "sent" to an unknown account number or email (checking one answers as a wrong real code would).
  const decoys = createDecoyCodes({ db, clock, counters }, { table: 'freeze_decoys', key: 'subject', scope: 'freeze_decoy', policy: freezeCodePolicy, field: 'code' });
  const inFlight = new Set<Promise<void>>();
  const sendMail = (message: MailMessage, purpose: string) => sendLogged(mailer, log, message, purpose);

  const subjectKey = (subject: FreezeSubject) => (subject.kind === 'email' ? `email:${subject.email}` : `account:${subject.accountNumber}`);

  /** The customer an account number or email belongs to (one query either way). */
  async function findCustomer(subject: FreezeSubject): Promise<UserRow | undefined> {
    if (subject.kind === 'email') return users.findByEmail(subject.email);
    return db
      .selectFrom('accounts')
      .innerJoin('users', 'users.id', 'accounts.user_id')
      .selectAll('users')
      .where('accounts.account_number', '=', subject.accountNumber)
      .where('accounts.kind', '=', 'customer')
      .executeTakeFirst();
  }

  /** Sets the freeze; false when it was already frozen (nothing changed). */
  async function setFrozen(userId: string, via: FrozenVia, executor: Db | Transaction<Database> = db): Promise<boolean> {
    const nowIso = clock.now().toISOString();
    const changed = await executor.updateTable('users').set({ frozen_at: nowIso, frozen_via: via, updated_at: nowIso }).where('id', '=', userId).where('frozen_at', 'is', null).executeTakeFirst();
    return Number(changed.numUpdatedRows) > 0;
  }

  /** Lifts the freeze; false when it was not frozen (nothing changed). */
  async function clearFreeze(userId: string, executor: Db | Transaction<Database> = db): Promise<boolean> {
    const nowIso = clock.now().toISOString();
    const changed = await executor.updateTable('users').set({ frozen_at: null, frozen_via: null, updated_at: nowIso }).where('id', '=', userId).where('frozen_at', 'is not', null).executeTakeFirst();
    return Number(changed.numUpdatedRows) > 0;
  }

  async function tellUnfrozen(user: UserRow): Promise<void> {
    await sendMail(accountUnfrozenEmail({ bankName: config.bank.name, to: user.email, firstName: user.first_name, at: clock.now().toISOString(), language: profileLocale(user.language) }), 'account_unfrozen');
  }

  async function tellFrozen(user: UserRow, via: FrozenVia, signedOut: number): Promise<void> {
    await sendMail(
      accountFrozenEmail({ bankName: config.bank.name, to: user.email, firstName: user.first_name, via, at: clock.now().toISOString(), signedOut, language: profileLocale(user.language) }),
      'account_frozen',
    );
  }

  async function issueAndSend(user: UserRow, ip: string): Promise<void> {
    const issued = await codes.issue(user.id, 'account_freeze', freezeCodePolicy);
    if (!issued.ok) {
      // No mail, only this line: the answer already given is the same as ever.
      log.warn('freeze.code_throttled', { user: user.id, ip, retry_after: issued.retryAfterSeconds });
      return;
    }
    // In the language on the profile of the account found (nobody is signed in on /freeze).
    await sendMail(freezeCodeEmail({ bankName: config.bank.name, to: user.email, firstName: user.first_name, code: issued.value.code, minutes: codeMinutes, language: profileLocale(user.language) }), 'freeze_code');
    if ((await alerts.settings(user.id)).sms) {
      const text = `${config.bank.name}: ${issued.value.code} is your code to FREEZE your account (stops all money leaving). Valid ${codeMinutes} min. Not you? Ignore it. Never share it.`;
      await sms.send({ to: user.phone_number, text }).catch((error: unknown) => log.error('freeze.sms_failed', { user: user.id, error: error instanceof Error ? error.message : String(error) }));
    }
    log.info('freeze.code_requested', { ip, user: user.id });
  }

  return {
    ipPolicy,

    async state(userId: string): Promise<FreezeState> {
      return freezeStateOf(await db.selectFrom('users').select(['frozen_at', 'frozen_via']).where('id', '=', userId).executeTakeFirst());
    },

    /**
     * A back-office member freezes the account, inside the caller's transaction (which carries
     * the audit entry, so the freeze and its record commit together); true when it changed.
     * Once it committed, `staffFrozen` ends the customer's sessions and tells them.
     */
    async freezeByStaff(trx: Transaction<Database>, userId: string): Promise<boolean> {
      return setFrozen(userId, 'staff', trx);
    },

    /**
     * After a staff freeze committed: every session ends (even when it was frozen already: a
     * session that outlived an earlier freeze ends now), and the customer is told by the email
     * their own freeze sends when this one changed it.
     */
    async staffFrozen(userId: string, changed = true): Promise<number> {
      const user = await users.findById(userId);
      if (!user) throw new Error(`frozen user ${userId} has no row`);
      const signedOut = await sessions.revokeAllForUser(userId, 'account_frozen');
      log.info('freeze.frozen', { user: userId, via: 'staff', signed_out: signedOut, already: !changed });
      if (changed) await tellFrozen(user, 'staff', signedOut);
      return signedOut;
    },

    /** Signed in, with the password. The session asking stays signed in (to unfreeze later); every other one ends. */
    async freeze(userId: string, currentSessionId: string | null, input: FreezeInput): Promise<Result<{ message: Said; signedOutSessions: number; alreadyFrozen: boolean }>> {
      const proven = await settings.proveSecrets(userId, { password: input.password });
      if (!proven.ok) return proven;
      const user = await users.findById(userId);
      if (!user) throw new Error(`signed-in user ${userId} has no row`);
      const changed = await setFrozen(userId, 'password');
      const signedOutSessions = await sessions.revokeAllForUser(userId, 'account_frozen', currentSessionId ?? undefined);
      log.info('freeze.frozen', { user: userId, via: 'password', signed_out: signedOutSessions, already: !changed });
      if (changed) await tellFrozen(user, 'password', signedOutSessions);
      const one = signedOutSessions === 1;
      const message = changed
        ? one ? said('said.api.frozenOne') : said('said.api.frozenMany', { count: signedOutSessions })
        : one ? said('said.api.alreadyFrozenOne') : said('said.api.alreadyFrozenMany', { count: signedOutSessions });
      return succeed({ message, signedOutSessions, alreadyFrozen: !changed });
    },

    /** Signed in, with a security code sent to the phone and email (security-codes.ts), then the PIN. */
    async unfreeze(userId: string, input: UnfreezeInput): Promise<Result<{ message: Said }>> {
      const user = await users.findById(userId);
      if (!user) throw new Error(`signed-in user ${userId} has no row`);
      if (!user.frozen_at) return fail('VALIDATION_FAILED', notFrozenMessage);
      const proven = await security.prove(userId, 'unfreeze', input.code, input.pin);
      if (!proven.ok) return proven;
      if (!(await clearFreeze(userId))) return fail('VALIDATION_FAILED', notFrozenMessage);
      log.info('freeze.unfrozen', { user: userId });
      await tellUnfrozen(user);
      return succeed({ message: said('said.api.unfrozen') });
    },

    /**
     * The bank lifts the freeze on the customer's behalf (an approved four-eyes proposal, decision
     * 031), in the caller's transaction: the same guarded update as `unfreeze`, so of two only one
     * changes anything. False when it was not frozen. `tellUnfrozen` mails them once committed.
     */
    async liftIn(trx: Transaction<Database>, userId: string): Promise<boolean> {
      return clearFreeze(userId, trx);
    },

    /** The customer's email that their account is unfrozen (after liftIn has committed). */
    async tellUnfrozen(userId: string): Promise<void> {
      const user = await users.findById(userId);
      if (!user) return;
      log.info('freeze.unfrozen', { user: userId, via: 'staff' });
      await tellUnfrozen(user);
    },

    /**
     * /freeze, signed out: always the same answer (429 only when one network asks too often).
     * The lookup happens for every request; issuing and mailing the code (real or imitated)
     * happen after the answer, alike for both, so the answer's timing tells nothing either.
     */
    async request(subject: FreezeSubject, meta: SessionMeta = {}): Promise<Result<{ message: Said }>> {
      const ip = meta.ip ?? 'unknown';
      const wait = await counters.takeRolling('freeze_ip', ip, { max: ipPolicy.maxPerIp, windowMs: ipPolicy.windowMs });
      if (wait > 0) {
        log.warn('freeze.ip_limited', { ip });
        return fail('RATE_LIMITED', said('said.freeze.network', { minutes: Math.ceil(wait / 60) }), { retryAfterSeconds: wait });
      }
      const user = await findCustomer(subject);
      const work = (user ? issueAndSend(user, ip) : decoys.issue(subjectKey(subject)).then(() => log.info('freeze.code_requested', { ip, known: false })))
        .catch((error: unknown) => log.error('freeze.issue_failed', { ...(user ? { user: user.id } : {}), error: error instanceof Error ? error.message : String(error) }))
        .finally(() => inFlight.delete(work));
      inFlight.add(work);
      return succeed({ message: freezeRequestMessage });
    },

    /** Resolves once every code requested so far is issued and mailed (tests; orderly shutdown). */
    async settled(): Promise<void> {
      await Promise.all([...inFlight]);
    },

    /** /freeze's code: the right one freezes the account and ends every session; a wrong one counts. */
    async confirm(subject: FreezeSubject, code: string, meta: SessionMeta = {}): Promise<Result<{ message: Said }>> {
      const user = await findCustomer(subject);
      if (!user) {
        // An imitation this process is still writing (the answer went first) is waited for.
        await Promise.all([...inFlight]);
        return decoys.check(subjectKey(subject));
      }
      // Spending the code and setting the freeze are one transaction: a code is spent on a freeze or not at all.
      const outcome = await db.transaction().execute(async (trx) => {
        const used = await codes.verify(user.id, 'account_freeze', code, freezeCodePolicy, { field: 'code', executor: trx });
        if (!used.ok) return used;
        return succeed(await setFrozen(user.id, 'code', trx));
      });
      if (!outcome.ok) {
        log.warn('freeze.code_refused', { user: user.id, code: outcome.code, ip: meta.ip ?? null });
        return onCode(outcome);
      }
      const signedOut = await sessions.revokeAllForUser(user.id, 'account_frozen');
      log.info('freeze.frozen', { user: user.id, via: 'code', ip: meta.ip ?? null, signed_out: signedOut, already: !outcome.value });
      if (outcome.value) await tellFrozen(user, 'code', signedOut);
      return succeed({ message: frozenByCodeMessage });
    },
  };
}
export type AccountFreeze = ReturnType<typeof createAccountFreeze>;
