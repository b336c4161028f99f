import type { Db } from '../../db/connection.ts';
import type { Config } from '../../config.ts';
import type { UserRow } from '../../db/schema.ts';
import type { ChangePasswordInput, ChangePinInput, ChangeSecurityQuestionInput } from '../../../lib/settings-schemas.ts';
import { profileLocale } from '../../../i18n/locales.ts';
import { fail, succeed, type Failure, type Result } from '../result.ts';
import { securityChangeEmail, sendLogged, type SecurityChange } from '../notifications.ts';
import { presentUser, type UserJson } from '../users/present-user.ts';
import type { LoginThrottle } from '../auth/login-throttle.ts';
import type { SessionService } from '../auth/session-service.ts';
import { passwordProblem } from '../auth/password-policy.ts';
import { hashSecret, normaliseAnswer, verifySecret } from '../auth/secrets.ts';
import type { PinGuard } from '../money/pin-guard.ts';
import type { PinHasher } from '../auth/pin-hash.ts';
import type { CustomerServiceDeps } from '../service-deps.ts';
import { said, type Said } from '../../../i18n/said.ts';

export const wrongPasswordMessage = said('said.settings.wrongPassword');
export const wrongAnswerMessage = said('said.settings.wrongAnswer');
export const samePinMessage = said('said.pin.same');

/** The PIN lock's sentence with the hint after it, as one catalogue sentence (its values kept). */
function withForgotPinHint(lock: Said): Said {
  return said(lock.key === 'said.errors.pinLockedOne' ? 'said.settings.pinLockedOneHint' : 'said.settings.pinLockedManyHint', lock.params);
}

/**
 * /account/settings and /v1/profile/*. A session alone never changes a secret: the current
 * password (or the current PIN) must be given again. Wrong passwords and wrong security answers
 * count as failed sign-ins for the customer's email (each request one try, taken before the check),
 * so a stolen session cannot be used to guess them, even in a burst: after five, sign-in and these
 * changes are locked. Every change is confirmed by email.
 */
export function createSettingsService(deps: CustomerServiceDeps & {
  db: Db;
  config: Pick<Config, 'bank' | 'money'>;
  sessions: SessionService;
  throttle: LoginThrottle;
  pins: PinGuard;
  pinHasher: PinHasher;
}) {
  const { config, clock, log, mailer, users, sessions, throttle, pins, pinHasher } = deps;

  async function userRow(userId: string): Promise<UserRow> {
    const user = await users.findById(userId);
    if (!user) throw new Error(`signed-in user ${userId} has no row`);
    return user;
  }

  async function presented(userId: string): Promise<UserJson> {
    const profile = await users.loadProfile(userId);
    if (!profile) throw new Error(`signed-in user ${userId} has no row`);
    return presentUser(profile);
  }

  function lockedFailure(until: Date): Failure {
    const seconds = Math.max(1, Math.ceil((until.getTime() - clock.now().getTime()) / 1000));
    const minutes = Math.ceil(seconds / 60);
    return fail(
      'ACCOUNT_LOCKED',
      minutes === 1 ? said('said.settings.lockedOne') : said('said.settings.lockedMany', { minutes }),
      { retryAfterSeconds: seconds },
    );
  }

  type Proof = { what: 'password' | 'security_answer'; field: string; message: Said; holds: () => Promise<boolean> };
  const passwordProof = (user: UserRow, password: string, field: string): Proof => ({
    what: 'password',
    field,
    message: wrongPasswordMessage,
    holds: () => verifySecret(password, user.password_hash),
  });

  /**
   * Checked like a sign-in, as ONE try of the email's sign-in tries (login-throttle.ts), taken
   * before anything is checked: refused while the email is locked; a wrong password or answer
   * stays counted (said under its field, or that the account is now locked); all of them right
   * reset the count unless a lock set by another try holds.
   */
  async function prove(user: UserRow, proofs: Proof[]): Promise<Result<void>> {
    const outcome = await throttle.attempt(user.email, async () => {
      for (const proof of proofs) if (!(await proof.holds())) return proof;
      return null;
    });
    if (outcome.kind === 'refused') {
      log.warn('settings.refused_locked', { user: user.id });
      return lockedFailure(outcome.lockedUntil);
    }
    if (outcome.kind === 'wrong') {
      const { what, field, message } = outcome.wrong;
      log.warn('settings.proof_failed', { user: user.id, what, locked: outcome.lockedUntil !== null });
      if (outcome.lockedUntil) return lockedFailure(outcome.lockedUntil);
      return fail('INVALID_CREDENTIALS', message, { errors: { [field]: [message] } });
    }
    return succeed(undefined);
  }

  const confirmByMail = (user: UserRow, change: SecurityChange, nowIso: string): Promise<void> =>
    sendLogged(mailer, log, securityChangeEmail({ bankName: config.bank.name, to: user.email, firstName: user.first_name, change, at: nowIso, language: profileLocale(user.language) }), change);

  const notOnboarded = () => fail('ONBOARDING_INCOMPLETE', said('said.settings.notOnboarded'));

  return {
    /** The longest a sign-in lock lasts, in whole minutes (the configured sign-in policy): the page words each count of minutes left for the islands. */
    signInLockMinutes(): number {
      return Math.ceil(throttle.policy.lockMs / 60_000);
    },

    /** Until when wrong PINs have locked the customer's payments (ISO time), or null: pages show the lock before a PIN is asked. */
    pinLockedUntil(userId: string): Promise<string | null> {
      return pins.lockedUntil(userId);
    },

    /**
     * The password, and the security answer when one is given, proven as ONE sign-in try (as the
     * changes here are), for the other guarded changes: freezing and unfreezing the account.
     */
    async proveSecrets(userId: string, secrets: { password: string; securityAnswer?: string }): Promise<Result<void>> {
      const user = await userRow(userId);
      const proofs = [passwordProof(user, secrets.password, 'password')];
      if (secrets.securityAnswer !== undefined) {
        const answerHash = user.security_answer_hash;
        if (answerHash === null) return notOnboarded();
        const answer = normaliseAnswer(secrets.securityAnswer);
        proofs.push({ what: 'security_answer', field: 'security_answer', message: wrongAnswerMessage, holds: () => verifySecret(answer, answerHash) });
      }
      return prove(user, proofs);
    },

    /** The session making the change stays signed in; every other session of the customer ends. */
    async changePassword(userId: string, currentSessionId: string | null, input: ChangePasswordInput): Promise<Result<{ message: Said; signedOutSessions: number }>> {
      const user = await userRow(userId);
      const proven = await prove(user, [passwordProof(user, input.current_password, 'current_password')]);
      if (!proven.ok) return proven;
      const weak = passwordProblem(input.password, [user.first_name, user.last_name, user.email]);
      if (weak) return fail('VALIDATION_FAILED', weak, { errors: { password: [weak] } });

      const now = clock.now().toISOString();
      await users.update(userId, { password_hash: await hashSecret(input.password), updated_at: now });
      const signedOutSessions = await sessions.revokeAllForUser(userId, 'password_changed', currentSessionId ?? undefined);
      log.info('settings.password_changed', { user: userId, signed_out: signedOutSessions });
      await confirmByMail(user, 'password_changed', now);
      return succeed({ message: passwordChangedMessage(signedOutSessions), signedOutSessions });
    },

    async changeSecurityQuestion(userId: string, input: ChangeSecurityQuestionInput): Promise<Result<{ user: UserJson }>> {
      const user = await userRow(userId);
      if (user.security_answer_hash === null) return notOnboarded();
      const proven = await prove(user, [passwordProof(user, input.password, 'password')]);
      if (!proven.ok) return proven;

      const now = clock.now().toISOString();
      const answerHash = await hashSecret(normaliseAnswer(input.answer));
      await users.update(userId, { security_question_id: input.security_question_id, security_answer_hash: answerHash, security_question_set_at: now, updated_at: now });
      log.info('settings.security_question_changed', { user: userId });
      await confirmByMail(user, 'security_question_changed', now);
      return succeed({ user: await presented(userId) });
    },

    /**
     * With the current PIN (a wrong one counts toward the PIN lock, and a locked PIN is refused),
     * or with the password and the security answer, which also lifts a PIN lock.
     */
    async changePin(userId: string, input: ChangePinInput): Promise<Result<{ user: UserJson }>> {
      const user = await userRow(userId);
      if (user.transaction_pin_hash === null || user.security_answer_hash === null) return notOnboarded();
      const withCurrentPin = input.current_pin !== undefined;

      if (input.current_pin !== undefined) {
        const confirmed = await pins.confirm(userId, input.current_pin);
        if (!confirmed.ok) {
          if (confirmed.code === 'PIN_LOCKED') return { ...confirmed, message: withForgotPinHint(confirmed.message) };
          if (confirmed.code === 'INVALID_PIN') return { ...confirmed, errors: { current_pin: [confirmed.message] } };
          return confirmed;
        }
        if (input.pin === input.current_pin) return fail('VALIDATION_FAILED', samePinMessage, { errors: { pin: [samePinMessage] } });
      } else {
        const answerHash = user.security_answer_hash;
        const proven = await prove(user, [
          passwordProof(user, input.password ?? '', 'password'),
          { what: 'security_answer', field: 'security_answer', message: wrongAnswerMessage, holds: () => verifySecret(normaliseAnswer(input.security_answer ?? ''), answerHash) },
        ]);
        if (!proven.ok) return proven;
        if ((await pinHasher.verify(userId, input.pin, user.transaction_pin_hash, user.pin_key_version)).ok) return fail('VALIDATION_FAILED', samePinMessage, { errors: { pin: [samePinMessage] } });
      }

      const now = clock.now().toISOString();
      const pinHash = pinHasher.hash(userId, input.pin);
      await users.update(userId, {
        transaction_pin_hash: pinHash.hash,
        pin_key_version: pinHash.keyVersion,
        transaction_pin_set_at: now,
        updated_at: now,
        // The password and the answer prove more than the PIN does: they lift a PIN lock too.
        ...(withCurrentPin ? {} : { pin_failed_attempts: 0, pin_locked_until: null }),
      });
      const change: SecurityChange = withCurrentPin ? 'pin_changed' : 'pin_reset';
      log.info(`settings.${change}`, { user: userId });
      await confirmByMail(user, change, now);
      return succeed({ user: await presented(userId) });
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;

/** What a password change says (the API's answer, the settings page's notice): how many other sessions ended. */
export function passwordChangedMessage(signedOut: number): Said {
  return signedOut === 1 ? said('settings.done.passwordOne') : said('settings.done.passwordMany', { count: signedOut });
}
