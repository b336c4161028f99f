import type { Config } from '../../config.ts';
import type { LoginInput } from '../../../lib/schemas.ts';
import { fail, succeed, type Result } from '../result.ts';
import { sendLogged, verificationCodeEmail } from '../notifications.ts';
import { emailVerificationPolicy } from '../codes/one-time-codes.ts';
import type { Locale } from '../../../i18n/locales.ts';
import { presentUser, type UserJson } from '../users/present-user.ts';
import type { LoginThrottle } from './login-throttle.ts';
import { decoyPasswordHash, verifySecret } from './secrets.ts';
import type { SessionMeta, SessionService } from './session-service.ts';
import type { CustomerServiceDeps } from '../service-deps.ts';
import { said } from '../../../i18n/said.ts';

export type SignedIn = { user: UserJson; token: string; sessionId: string };

export function createAuthService(deps: CustomerServiceDeps & {
  config: Pick<Config, 'bank'>;
  sessions: SessionService;
  throttle: LoginThrottle;
}) {
  const { config, clock, log, mailer, users, sessions, throttle } = deps;

  // The account exists either way; if the mail is lost the customer asks for a new code from /account/verify.
  const sendVerificationCode = (to: string, firstName: string, code: string, language?: Locale): Promise<void> =>
    sendLogged(mailer, log, verificationCodeEmail({ bankName: config.bank.name, to, firstName, code, minutes: emailVerificationPolicy.ttlMs / 60_000, language }), 'email_verification');

  return {
    sendVerificationCode,

    async login(input: LoginInput, meta: SessionMeta = {}): Promise<Result<SignedIn>> {
      const ip = meta.ip ?? 'unknown';
      const lockedFailure = (until: Date): Result<never> => {
        const seconds = Math.max(1, Math.ceil((until.getTime() - clock.now().getTime()) / 1000));
        return fail('ACCOUNT_LOCKED', said('said.login.locked', { minutes: Math.ceil(seconds / 60) }), { retryAfterSeconds: seconds });
      };
      // Tries are taken before the password is checked (login-throttle.ts), per network and per email.
      const ipWait = await throttle.takeIp(ip);
      if (ipWait > 0) {
        log.warn('auth.login_rate_limited', { ip });
        return fail('RATE_LIMITED', said('said.login.network', { minutes: Math.ceil(ipWait / 60) }), { retryAfterSeconds: ipWait });
      }
      const user = await users.findByEmail(input.email);
      // An unknown email still costs one argon2id verification, so timing does not tell.
      const outcome = await throttle.attempt(input.email, async () => {
        const right = await verifySecret(input.password, user?.password_hash ?? (await decoyPasswordHash()));
        return right && user ? null : ('wrong password' as const);
      });
      if (outcome.kind === 'refused') {
        await throttle.releaseIp(ip);
        log.warn('auth.login_refused_locked', { ip });
        return lockedFailure(outcome.lockedUntil);
      }
      if (outcome.kind === 'wrong' || !user) {
        const lockedNow = outcome.kind === 'wrong' ? outcome.lockedUntil : null;
        log.warn('auth.login_failed', { ip, known_email: user !== undefined, locked: lockedNow !== null });
        if (lockedNow) {
          log.warn('auth.account_locked', { ip, seconds: Math.ceil((lockedNow.getTime() - clock.now().getTime()) / 1000) });
          return lockedFailure(lockedNow);
        }
        return fail('INVALID_CREDENTIALS', said('said.login.wrong'));
      }
      await throttle.releaseIp(ip);
      const { token, session } = await sessions.create(user.id, meta);
      log.info('auth.login_succeeded', { user: user.id, ip });
      const profile = await users.loadProfile(user.id);
      return succeed({ user: presentUser(profile!), token, sessionId: session.id });
    },

    /** `idle`: the idle-timeout warning went unanswered (the session then reads as ended for idleness). */
    async logout(sessionId: string, reason: 'logout' | 'idle' = 'logout'): Promise<void> {
      await sessions.revoke(sessionId, reason);
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
