import { timingSafeEqual } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { RegistrationsTable } from '../../db/schema.ts';
import type { Config } from '../../config.ts';
import type { Logger } from '../../log.ts';
import type { Mailer, MailMessage } from '../../integrations/mail/ports.ts';
import type { RegisterInput } from '../../../lib/schemas.ts';
import { defaultLocale, profileLocale, type Locale } from '../../../i18n/locales.ts';
import { addMs, type Clock } from '../clock.ts';
import { fail, succeed, type Failure, type Result } from '../result.ts';
import { openSavingsAccount } from '../accounts/account-repository.ts';
import { registrationAttemptEmail, sendLogged, verificationCodeEmail } from '../notifications.ts';
import { codeMessages, emailVerificationPolicy, newOneTimeCode } from '../codes/one-time-codes.ts';
import { hour, type RequestCounters } from '../throttle/request-counters.ts';
import { newCustomerRow, type UserRepository } from '../users/user-repository.ts';
import { presentUser, type UserJson } from '../users/present-user.ts';
import { passwordProblem } from './password-policy.ts';
import { hashSecret, newSessionToken } from './secrets.ts';
import { newId } from '../ids.ts';
import { sha256Hex } from '../digest.ts';
import type { SessionMeta, SessionService } from './session-service.ts';
import { revokeOnce } from './revoke.ts';
import { said, waitValue, type Said, type SaidValue } from '../../../i18n/said.ts';

/** Codes follow the email-verification policy; the token lives as a session does (SESSION_*). */
export const registrationPolicy = {
  codeTtlMs: emailVerificationPolicy.ttlMs,
  maxAttempts: emailVerificationPolicy.maxAttempts,
  minIntervalMs: emailVerificationPolicy.minIntervalMs,
  /** Codes per registration, the first included. */
  maxCodes: emailVerificationPolicy.maxPerHour,
  /** Registrations per email address and per phone number in an hour. */
  perIdentityPerHour: 5,
};

/** API.md's register answer: the pending customer and their token (the same shape for every outcome). */
export type RegistrationStarted = { user: UserJson; token: string; message: Said };

/** A registration waiting for its code, as the middleware hands it to pages and endpoints. */
export type PendingRegistration = { id: string; sessionId: string; user: UserJson };

export type ResolvedRegistration =
  | { status: 'active'; registration: PendingRegistration }
  | { status: 'expired'; reason: 'idle' | 'absolute' | 'revoked' }
  | { status: 'unknown' };

export const registrationMessage = (email: string): Said => said('said.api.registered', { email });

/** Sliding expiry is written at most this often (as for sessions). */
const touchIntervalMs = 15_000;

/** A code failure with its message under `otp`, where the forms show it. */
function onOtp(failure: Failure): Failure {
  return failure.errors?.otp ? failure : { ...failure, errors: { ...failure.errors, otp: [failure.message] } };
}

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Opening an account, in two steps that tell nobody whether an email address or a phone number
 * already banks here (forgot-password's rule), in the shape API.md gives them:
 *
 * 1. `register` answers every well-formed request the same way (201 `{ user, token, message }`):
 *    `user` is the pending customer as typed (a fresh id, every onboarding flag false, no
 *    account yet) and `token` a fresh 256-bit credential. Nothing is created but a
 *    `registrations` row, written the same way whatever the outcome, after the same work (the
 *    password is hashed either way). What differs happens after the answer: a new email gets
 *    the code; a taken email's owner gets a mail saying someone tried to open an account with
 *    it; a taken phone number's owner gets the same at their own email, and the new address gets
 *    nothing (a mail there would tell whoever typed it that the number banks here).
 * 2. The token is the customer's credential from then on (Bearer, or the session cookie), but
 *    until the code is right it opens only what a customer with an unverified email may do
 *    (`resolve`: the middleware; the same idle and absolute timeouts as a session; sign-out
 *    revokes it). `verify` (POST /v1/onboarding/verify-otp) counts every try atomically before
 *    the code is compared (5 per code); a registration for taken details has a code nobody was
 *    sent, and even the right digits would not open anything, so it answers exactly as a wrong
 *    code does. The right code for a new email creates the customer (email verified), the
 *    account, and a session whose id is the SHA-256 of the same token, in one transaction: the
 *    client's token simply keeps working.
 *
 * Throttled per network address (REGISTRATIONS_PER_IP an hour) and per email and per phone
 * (5 an hour each), in the database, so parallel requests cannot pass the limits.
 */
export function createRegistrations(deps: {
  db: Db;
  config: Pick<Config, 'bank' | 'registration' | 'session'>;
  clock: Clock;
  log: Logger;
  mailer: Mailer;
  users: Pick<UserRepository, 'insert' | 'loadProfile'>;
  sessions: Pick<SessionService, 'revoke'>;
  counters: RequestCounters;
}) {
  const { db, config, clock, log, mailer, users, sessions, counters } = deps;
  const inFlight = new Set<Promise<void>>();
  const codeHash = (id: string, code: string) => sha256Hex(`${id}:${code}`);
  const minutes = registrationPolicy.codeTtlMs / 60_000;

  /** Work done after the answer (mail), so it cannot show in the answer's timing. */
  function afterAnswer(work: () => Promise<void>, what: string): void {
    const running = work()
      .catch((error: unknown) => log.error('registration.background_failed', { what, error: error instanceof Error ? error.message : String(error) }))
      .finally(() => inFlight.delete(running));
    inFlight.add(running);
  }

  const sendMail = (message: MailMessage, purpose: string) => sendLogged(mailer, log, message, purpose);

  type Row = Selectable<RegistrationsTable>;

  /** The User object of a registration waiting for its code: as typed, nothing done yet. */
  function pendingUser(row: Pick<Row, 'customer_id' | 'first_name' | 'last_name' | 'email' | 'phone_number' | 'created_at'>): UserJson {
    const { customer_id: id, first_name, last_name, email, phone_number, created_at } = row;
    const noStepDone = { is_email_verified: false, is_address_submitted: false, is_transaction_pin_set: false, is_security_question_set: false };
    return { id, first_name, last_name, email, phone_number, tier: 0, is_bvn_verified: false, is_nin_verified: false, ...noStepDone, accounts: [], created_at };
  }

  /** A registration still waiting for its code (not finished, revoked or expired). */
  async function live(id: string): Promise<Row | null> {
    const row = await db.selectFrom('registrations').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row || row.completed_at !== null || row.revoked_at !== null || Date.parse(row.expires_at) <= clock.now().getTime()) return null;
    return row;
  }

  async function revoke(id: string, reason: string): Promise<void> {
    if (await revokeOnce(db, 'registrations', id, clock.now().toISOString(), reason)) log.info('registration.revoked', { registration: id, reason });
  }

  async function throttled(scope: string, subject: string, max: number, message: (wait: SaidValue) => Said, logged: Record<string, unknown>): Promise<Failure | null> {
    const taken = await counters.take('registration', `${scope}:${subject}`, [{ name: 'hour', max, windowMs: hour }]);
    if (taken.waitSeconds === 0) return null;
    log.warn('registration.rate_limited', { by: scope, ...logged, retry_after: taken.waitSeconds });
    return fail('RATE_LIMITED', message(waitValue(taken.waitSeconds)), { retryAfterSeconds: taken.waitSeconds });
  }

  /**
   * The right code: the customer, their account and their session (the registration's own token,
   * its absolute timeout still counted from when it was issued), in one transaction.
   */
  async function openCustomer(row: Row, meta: SessionMeta): Promise<Result<{ user: UserJson; sessionId: string }>> {
    const now = clock.now().toISOString();
    const userId = row.customer_id;
    let opened: boolean;
    try {
      opened = await db.transaction().execute(async (trx) => {
        const claimed = await trx
          .updateTable('registrations')
          .set({ completed_at: now, last_seen_at: now })
          .where('id', '=', row.id)
          .where('completed_at', 'is', null)
          .where('revoked_at', 'is', null)
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) === 0) return false;
        await users.insert(
          newCustomerRow(
            { id: userId, first_name: row.first_name, last_name: row.last_name, email: row.email, phone_number: row.phone_number, password_hash: row.password_hash!, email_verified_at: now },
            now,
          ),
          trx,
        );
        await openSavingsAccount(trx, { userId, accountName: `${row.first_name} ${row.last_name}`.toUpperCase(), bankCbnCode: config.bank.cbnCode, openedAt: now });
        await trx
          .insertInto('sessions')
          .values({
            id: row.token_hash,
            user_id: userId,
            created_at: row.created_at,
            last_seen_at: now,
            expires_at: row.expires_at,
            revoked_at: null,
            revoke_reason: null,
            ip: meta.ip ?? null,
            user_agent: meta.userAgent?.slice(0, 300) ?? null,
          })
          .execute();
        await trx.updateTable('registrations').set({ user_id: userId }).where('id', '=', row.id).execute();
        return true;
      });
    } catch (error) {
      // Someone opened an account with this email or phone since the registration started
      // (only the owner of the email could have got this far: the code proved it).
      if (error instanceof Error && /unique|duplicate/i.test(error.message)) {
        log.warn('registration.details_taken_meanwhile', { registration: row.id });
        return fail('DUPLICATE', said('said.register.meanwhile'));
      }
      throw error;
    }
    if (!opened) return onOtp(fail('INVALID_OTP', codeMessages.gone));
    log.info('auth.registered', { user: userId, registration: row.id });
    log.info('session.created', { user: userId, session: row.token_hash.slice(0, 8) });
    const profile = await users.loadProfile(userId);
    return succeed({ user: presentUser(profile!), sessionId: row.token_hash });
  }

  return {
    /** `language`: the one the form was filled in, for the verification code's email; no profile holds one yet. */
    async register(input: RegisterInput, meta: SessionMeta = {}, language: Locale = defaultLocale): Promise<Result<RegistrationStarted>> {
      const weak = passwordProblem(input.password, [input.first_name, input.last_name, input.email]);
      if (weak) return fail('VALIDATION_FAILED', weak, { errors: { password: [weak] } });
      const ip = meta.ip ?? 'unknown';
      /** The email address or phone number counted by its hash, each under its own limit (each sentence its own catalogue key, said.errors.*). */
      const perIdentity = (scope: 'email' | 'phone', value: string, message: (wait: SaidValue) => Said) =>
        throttled(scope, sha256Hex(value), registrationPolicy.perIdentityPerHour, message, { ip });
      const refused =
        (await throttled('ip', ip, config.registration.requestsPerIp, (wait) => said('said.errors.registerNetwork', { wait }), { ip })) ??
        (await perIdentity('email', input.email, (wait) => said('said.errors.registerEmail', { wait }))) ??
        (await perIdentity('phone', input.phone_number, (wait) => said('said.errors.registerPhone', { wait })));
      if (refused) return refused;

      const [emailOwner, phoneOwner, passwordHash] = await Promise.all([
        db.selectFrom('users').select(['id', 'email', 'first_name', 'language']).where('email', '=', input.email).executeTakeFirst(),
        db.selectFrom('users').select(['id', 'email', 'first_name', 'language']).where('phone_number', '=', input.phone_number).executeTakeFirst(),
        // Hashed whatever the outcome: the same work either way.
        hashSecret(input.password),
      ]);
      const outcome = emailOwner ? 'email_taken' : phoneOwner ? 'phone_taken' : 'new';
      const now = clock.now();
      const id = newId('reg');
      const token = newSessionToken();
      const code = newOneTimeCode();
      const row = {
        id,
        token_hash: sha256Hex(token),
        outcome,
        customer_id: newId('usr'),
        first_name: input.first_name,
        last_name: input.last_name,
        email: input.email,
        phone_number: input.phone_number,
        password_hash: outcome === 'new' ? passwordHash : null,
        code_hash: codeHash(id, code),
        code_expires_at: addMs(now, registrationPolicy.codeTtlMs).toISOString(),
        code_sent_at: now.toISOString(),
        ip: meta.ip ?? null,
        user_id: null,
        completed_at: null,
        // The token's absolute timeout, as a session's; the idle one runs from last_seen_at.
        expires_at: addMs(now, config.session.absoluteMs).toISOString(),
        last_seen_at: now.toISOString(),
        revoked_at: null,
        revoke_reason: null,
        created_at: now.toISOString(),
      } as const;
      await db.insertInto('registrations').values(row).execute();
      log.info('registration.started', { registration: id, ip, outcome });

      if (outcome === 'new') {
        afterAnswer(
          () => sendMail(verificationCodeEmail({ bankName: config.bank.name, to: input.email, firstName: input.first_name, code, minutes, language }), 'email_verification'),
          'code',
        );
      } else {
        const owner = (emailOwner ?? phoneOwner)!;
        afterAnswer(
          () =>
            sendMail(
              registrationAttemptEmail({ bankName: config.bank.name, to: owner.email, firstName: owner.first_name, detail: outcome === 'email_taken' ? 'email' : 'phone', at: now.toISOString(), language: profileLocale(owner.language) }),
              'registration_attempt',
            ),
          'attempt',
        );
      }
      return succeed({ user: pendingUser(row), token, message: registrationMessage(input.email) });
    },

    /**
     * A presented token that is no session: a registration waiting for its code, with a
     * session's timeouts (idle since last seen, absolute since issued) and revocation. A
     * finished registration's token is a real session by then, so it reads as unknown here.
     */
    async resolve(token: string): Promise<ResolvedRegistration> {
      if (token.length < 20 || token.length > 200) return { status: 'unknown' };
      const row = await db.selectFrom('registrations').selectAll().where('token_hash', '=', sha256Hex(token)).executeTakeFirst();
      if (!row || row.completed_at !== null) return { status: 'unknown' };
      if (row.revoked_at !== null) return { status: 'expired', reason: row.revoke_reason === 'idle' || row.revoke_reason === 'absolute' ? row.revoke_reason : 'revoked' };
      const now = clock.now();
      if (now.getTime() >= Date.parse(row.expires_at)) {
        await revoke(row.id, 'absolute');
        return { status: 'expired', reason: 'absolute' };
      }
      if (now.getTime() - Date.parse(row.last_seen_at) >= config.session.idleMs) {
        await revoke(row.id, 'idle');
        return { status: 'expired', reason: 'idle' };
      }
      if (now.getTime() - Date.parse(row.last_seen_at) >= touchIntervalMs) {
        await db.updateTable('registrations').set({ last_seen_at: now.toISOString() }).where('id', '=', row.id).execute();
      }
      return { status: 'active', registration: { id: row.id, sessionId: row.token_hash, user: pendingUser(row) } };
    },

    /** POST /v1/onboarding/verify-otp for a registration: the right code opens the customer (see above). */
    async verify(registrationId: string, otp: string, meta: SessionMeta = {}): Promise<Result<{ user: UserJson; sessionId: string }>> {
      const row = await live(registrationId);
      if (!row) return onOtp(fail('INVALID_OTP', codeMessages.gone));
      const now = clock.now();
      if (now.getTime() >= Date.parse(row.code_expires_at)) return onOtp(fail('OTP_EXPIRED', codeMessages.expired));
      // The try is counted before the code is compared, in one guarded statement: however many
      // arrive at once, at most maxAttempts are ever compared for one code.
      const counted = await db
        .updateTable('registrations')
        .set((eb) => ({ code_attempts: eb('code_attempts', '+', 1) }))
        .where('id', '=', row.id)
        .where('completed_at', 'is', null)
        .where('code_hash', '=', row.code_hash)
        .where('code_attempts', '<', registrationPolicy.maxAttempts)
        .returning('code_attempts')
        .executeTakeFirst();
      // Refused before any comparison: the code's tries are used up (the 5th wrong one already
      // said so) or a new code replaced it. Either way it is gone, as a used-up code is.
      if (!counted) return onOtp(fail('INVALID_OTP', codeMessages.gone));
      const right = sameHash(codeHash(row.id, otp), row.code_hash);
      if (!right || row.outcome !== 'new' || row.password_hash === null) {
        log.warn('registration.code_refused', { registration: row.id, attempts: counted.code_attempts });
        const left = registrationPolicy.maxAttempts - counted.code_attempts;
        return onOtp(fail('INVALID_OTP', left <= 0 ? codeMessages.dead : codeMessages.wrong(left)));
      }
      return openCustomer(row, meta);
    },

    /** POST /v1/onboarding/resend-otp for a registration: one a minute, 5 in all; the old code dies. */
    async resend(registrationId: string, language: Locale = defaultLocale): Promise<Result<{ message: Said }>> {
      const row = await live(registrationId);
      if (!row) return fail('INVALID_OTP', said('said.verify.registrationGone'));
      const now = clock.now();
      const code = newOneTimeCode();
      const renewed = await db
        .updateTable('registrations')
        .set((eb) => ({
          code_hash: codeHash(row.id, code),
          code_expires_at: addMs(now, registrationPolicy.codeTtlMs).toISOString(),
          code_attempts: 0,
          codes_sent: eb('codes_sent', '+', 1),
          code_sent_at: now.toISOString(),
        }))
        .where('id', '=', row.id)
        .where('completed_at', 'is', null)
        .where('codes_sent', '<', registrationPolicy.maxCodes)
        .where('code_sent_at', '<=', addMs(now, -registrationPolicy.minIntervalMs).toISOString())
        .returning('id')
        .executeTakeFirst();
      if (!renewed) {
        const sinceLast = now.getTime() - Date.parse(row.code_sent_at);
        if (sinceLast < registrationPolicy.minIntervalMs) {
          const waitSeconds = Math.max(1, Math.ceil((registrationPolicy.minIntervalMs - sinceLast) / 1000));
          return fail('RATE_LIMITED', said('said.verify.wait', { seconds: waitSeconds }), { retryAfterSeconds: waitSeconds });
        }
        const waitSeconds = Math.max(1, Math.ceil((Date.parse(row.expires_at) - now.getTime()) / 1000));
        return fail('RATE_LIMITED', said('said.verify.tooMany', { count: registrationPolicy.maxCodes }), {
          retryAfterSeconds: waitSeconds,
        });
      }
      if (row.outcome === 'new') {
        afterAnswer(() => sendMail(verificationCodeEmail({ bankName: config.bank.name, to: row.email, firstName: row.first_name, code, minutes, language }), 'email_verification'), 'code');
      }
      log.info('registration.code_resent', { registration: row.id });
      return succeed({ message: said('said.verify.sent', { email: row.email }) });
    },

    /**
     * Sign-out while the code is awaited: the token stops working. The registration is revoked
     * first (a right code still being checked can then no longer claim it; one that already did
     * made the session, revoked next).
     */
    async signOut(registration: Pick<PendingRegistration, 'id' | 'sessionId'>, reason: 'logout' | 'idle' = 'logout'): Promise<void> {
      await revoke(registration.id, reason);
      await sessions.revoke(registration.sessionId, reason);
    },

    /** Resolves once every mail promised so far is sent (tests; orderly shutdown). */
    async settled(): Promise<void> {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };
}
export type Registrations = ReturnType<typeof createRegistrations>;
