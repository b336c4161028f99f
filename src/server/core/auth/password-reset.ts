import type { Db } from '../../db/connection.ts';
import type { Config } from '../../config.ts';
import type { MailMessage } from '../../integrations/mail/ports.ts';
import type { ResetPasswordInput } from '../../../lib/recovery-schemas.ts';
import { profileLocale } from '../../../i18n/locales.ts';
import { fail, succeed, type Failure, type Result } from '../result.ts';
import { passwordResetCodeEmail, securityChangeEmail, sendLogged } from '../notifications.ts';
import { passwordResetPolicy, type OneTimeCodes } from '../codes/one-time-codes.ts';
import type { UserRepository } from '../users/user-repository.ts';
import type { LoginThrottle } from './login-throttle.ts';
import { passwordProblem } from './password-policy.ts';
import { hashSecret } from './secrets.ts';
import { createRequestCounters } from '../throttle/request-counters.ts';
import { createDecoyCodes } from '../codes/decoy-codes.ts';
import type { SessionMeta, SessionService } from './session-service.ts';
import type { CustomerServiceDeps } from '../service-deps.ts';
import { said, type Said } from '../../../i18n/said.ts';

/** Forgot-password requests per network address (counted in the database: every process alike). */
export type ResetIpPolicy = { maxPerIp: number; windowMs: number };
export const defaultResetIpPolicy: ResetIpPolicy = { maxPerIp: 10, windowMs: 15 * 60_000 };

const codeMinutes = passwordResetPolicy.ttlMs / 60_000;

/** The one answer to "forgot my password", whether or not the email has an account. */
export const forgotPasswordMessage = said('said.reset.sent', { minutes: codeMinutes });
export const passwordResetMessage = said('said.api.passwordResetDone');

/** A code failure with its message also under `token`, where the forms show it. */
function onToken(failure: Failure): Failure {
  return failure.errors?.token ? failure : { ...failure, errors: { ...failure.errors, token: [failure.message] } };
}

/**
 * Forgotten password: an emailed 6-digit code (15 minutes, single use, dead after 5 wrong tries,
 * one a minute and five an hour per customer), checked, then spent on a new password.
 *
 * Nothing here tells whether an email has an account: the request always gets the same answer
 * (a throttled customer too: no mail, only a log line), and codes "sent" to unknown emails are
 * imitated in the database (password_reset_decoys) so that checking one answers exactly as a
 * real wrong code would, whichever server process answers.
 */
export function createPasswordReset(deps: CustomerServiceDeps & {
  db: Db;
  config: Pick<Config, 'bank'>;
  sessions: SessionService;
  codes: OneTimeCodes;
  throttle: LoginThrottle;
  ipPolicy?: ResetIpPolicy;
}) {
  const { db, config, clock, log, mailer, users, sessions, codes, throttle } = deps;
  const ipPolicy = deps.ipPolicy ?? defaultResetIpPolicy;
  const counters = createRequestCounters({ db, clock });
  // Codes "sent" to unknown emails (what checking one answers is what a wrong real code would).
  const decoys = createDecoyCodes({ db, clock, counters }, { table: 'password_reset_decoys', key: 'email', scope: 'reset_decoy', policy: passwordResetPolicy, field: 'token' });
  const inFlight = new Set<Promise<void>>();

  /** Counts one request from `ip`; the seconds to wait when it is one too many, else 0. */
  const ipWait = (ip: string): Promise<number> => counters.takeRolling('reset_ip', ip, { max: ipPolicy.maxPerIp, windowMs: ipPolicy.windowMs });

  const sendMail = (message: MailMessage, purpose: string) => sendLogged(mailer, log, message, purpose);

  /** The customer behind `email` and their live code checked without spending it. */
  async function checkCode(email: string, token: string): Promise<Result<NonNullable<Awaited<ReturnType<UserRepository['findByEmail']>>>>> {
    const user = await users.findByEmail(email);
    if (!user) {
      // An imitation this process is still writing (the answer went first) is waited for.
      await Promise.all([...inFlight]);
      return await decoys.check(email);
    }
    const checked = await codes.check(user.id, 'password_reset', token, passwordResetPolicy, { field: 'token' });
    if (!checked.ok) {
      log.warn('password_reset.code_refused', { user: user.id, code: checked.code });
      return onToken(checked);
    }
    return succeed(user);
  }

  async function issueAndSend(user: { id: string; email: string; first_name: string; language: string }, ip: string): Promise<void> {
    const issued = await codes.issue(user.id, 'password_reset', passwordResetPolicy);
    if (!issued.ok) {
      // No mail, only this line: the answer already given is the same as ever.
      log.warn('password_reset.throttled', { user: user.id, ip, retry_after: issued.retryAfterSeconds });
      return;
    }
    await sendMail(
      // In the language on the profile of the account found (the customer is not signed in).
      passwordResetCodeEmail({ bankName: config.bank.name, to: user.email, firstName: user.first_name, code: issued.value.code, minutes: codeMinutes, language: profileLocale(user.language) }),
      'password_reset',
    );
    log.info('password_reset.requested', { ip, user: user.id });
  }

  return {
    ipPolicy,

    async forgot(email: string, meta: SessionMeta = {}): Promise<Result<{ message: Said }>> {
      const ip = meta.ip ?? 'unknown';
      const wait = await ipWait(ip);
      if (wait > 0) {
        log.warn('password_reset.ip_limited', { ip });
        return fail('RATE_LIMITED', said('said.reset.network', { minutes: Math.ceil(wait / 60) }), {
          retryAfterSeconds: wait,
        });
      }
      const user = await users.findByEmail(email);
      // Issuing the code (real or imitated) and mailing it happen after the answer, alike for both:
      // a registered email must not answer later than an unknown one, nor the other way round.
      const work = (user ? issueAndSend(user, ip) : decoys.issue(email).then(() => log.info('password_reset.requested', { ip, known_email: false })))
        .catch((error: unknown) => log.error('password_reset.issue_failed', { ...(user ? { user: user.id } : {}), error: error instanceof Error ? error.message : String(error) }))
        .finally(() => inFlight.delete(work));
      inFlight.add(work);
      return succeed({ message: forgotPasswordMessage });
    },

    /** Resolves once every code requested so far is issued and mailed (tests; orderly shutdown). */
    async settled(): Promise<void> {
      await Promise.all([...inFlight]);
    },

    /** Checks the code without spending it (wrong tries count). */
    async verifyToken(email: string, token: string): Promise<Result<{ valid: true }>> {
      const checked = await checkCode(email, token);
      return checked.ok ? succeed({ valid: true as const }) : checked;
    },

    async reset(input: ResetPasswordInput, meta: SessionMeta = {}): Promise<Result<{ message: Said }>> {
      const checked = await checkCode(input.email, input.token);
      if (!checked.ok) return checked;
      const user = checked.value;
      // Before the code is spent, so a weak password can be replaced without a new code.
      const weak = passwordProblem(input.password, [user.first_name, user.last_name, user.email]);
      if (weak) return fail('VALIDATION_FAILED', weak, { errors: { password: [weak] } });

      const passwordHash = await hashSecret(input.password);
      const changedAt = clock.now().toISOString();
      // Spending the code and storing the password are one transaction: of two resets racing
      // with the same code, one wins and the other changes nothing.
      const spent = await db.transaction().execute(async (trx) => {
        const used = await codes.verify(user.id, 'password_reset', input.token, passwordResetPolicy, { field: 'token', executor: trx });
        if (!used.ok) return used;
        await users.update(user.id, { password_hash: passwordHash, updated_at: changedAt }, trx);
        return succeed(undefined);
      });
      if (!spent.ok) {
        log.warn('password_reset.code_refused', { user: user.id, code: spent.code });
        return onToken(spent);
      }
      const revoked = await sessions.revokeAllForUser(user.id, 'password_reset');
      await throttle.clear(user.email);
      log.info('password_reset.done', { user: user.id, ip: meta.ip ?? null, sessions_revoked: revoked });
      await sendMail(
        securityChangeEmail({ bankName: config.bank.name, to: user.email, firstName: user.first_name, change: 'password_reset', at: changedAt, language: profileLocale(user.language) }),
        'password_reset_done',
      );
      return succeed({ message: passwordResetMessage });
    },
  };
}
export type PasswordReset = ReturnType<typeof createPasswordReset>;
