import type { z } from 'zod';
import type { Db } from '../../db/connection.ts';
import type { Logger } from '../../log.ts';
import type { AddressInput } from '../../../lib/address-schema.ts';
import type { pinSchema, securityQuestionSchema } from '../../../lib/schemas.ts';
import { pendingOnboardingStep, onboardingSteps, type OnboardingStep } from '../../../lib/onboarding.ts';
import type { Clock } from '../clock.ts';
import { fail, succeed, type Result } from '../result.ts';
import { hashSecret, normaliseAnswer } from '../auth/secrets.ts';
import type { PinHasher } from '../auth/pin-hash.ts';
import type { SessionMeta, SessionService } from '../auth/session-service.ts';
import type { UserRepository } from '../users/user-repository.ts';
import { presentUser, type UserJson } from '../users/present-user.ts';
import { emailVerificationPolicy, type OneTimeCodes } from '../codes/one-time-codes.ts';
import { profileLocale, type Locale } from '../../../i18n/locales.ts';
import { said, type Said } from '../../../i18n/said.ts';

type PinInput = z.infer<typeof pinSchema>;
type SecurityQuestionInput = z.infer<typeof securityQuestionSchema>;

export const addressLockedMessage = said('said.address.onFile');

/** A step not done yet, as a refusal says it. */
const stepRefusals: Record<OnboardingStep, Said> = {
  '/account/verify': said('said.errors.first.verify'),
  '/address/update': said('said.errors.first.address'),
  '/pin/set': said('said.errors.first.pin'),
  '/security/question': said('said.errors.first.question'),
};

/**
 * The onboarding steps, in the seed's order. Each call checks that the steps before it are done
 * (403 ONBOARDING_INCOMPLETE otherwise) so the API cannot be walked out of order.
 */
export function createOnboardingService(deps: {
  db: Db;
  clock: Clock;
  log: Logger;
  users: UserRepository;
  sessions: SessionService;
  codes: OneTimeCodes;
  pinHasher: PinHasher;
  sendVerificationCode: (to: string, firstName: string, code: string, language?: Locale) => Promise<void>;
}) {
  const { db, clock, log, users, sessions, codes, pinHasher, sendVerificationCode } = deps;

  async function profileOf(userId: string) {
    const profile = await users.loadProfile(userId);
    if (!profile) throw new Error(`signed-in user ${userId} has no row`);
    return profile;
  }

  /** Refuses unless every step before `step` is done; returns the current user. */
  async function requireStepsBefore(userId: string, step: OnboardingStep): Promise<Result<UserJson>> {
    const user = presentUser(await profileOf(userId));
    const pending = pendingOnboardingStep(user);
    if (pending && onboardingSteps.indexOf(pending) < onboardingSteps.indexOf(step)) {
      return fail('ONBOARDING_INCOMPLETE', stepRefusals[pending]);
    }
    return succeed(user);
  }

  return {
    async verifyEmail(userId: string, otp: string): Promise<Result<UserJson>> {
      const user = presentUser(await profileOf(userId));
      if (user.is_email_verified) return succeed(user);
      const verified = await codes.verify(userId, 'email_verification', otp, emailVerificationPolicy);
      if (!verified.ok) {
        log.warn('onboarding.otp_failed', { user: userId, code: verified.code });
        return verified;
      }
      const now = clock.now().toISOString();
      await users.update(userId, { email_verified_at: now, updated_at: now });
      log.info('onboarding.email_verified', { user: userId });
      return succeed(presentUser(await profileOf(userId)));
    },

    async resendVerificationCode(userId: string): Promise<Result<{ message: Said }>> {
      const { user } = await profileOf(userId);
      if (user.email_verified_at !== null) return succeed({ message: said('said.verify.already') });
      const issued = await codes.issue(userId, 'email_verification', emailVerificationPolicy);
      if (!issued.ok) return issued;
      await sendVerificationCode(user.email, user.first_name, issued.value.code, profileLocale(user.language));
      log.info('onboarding.otp_sent', { user: userId });
      return succeed({ message: said('said.verify.sent', { email: user.email }) });
    },

    async submitAddress(userId: string, input: AddressInput): Promise<Result<UserJson>> {
      const allowed = await requireStepsBefore(userId, '/address/update');
      if (!allowed.ok) return allowed;
      // Once onboarding is done the address on file is what KYC verifies (and a Tier 3 customer's
      // is the verified one): a new address goes through /kyc-verification, never through here.
      if (pendingOnboardingStep(allowed.value) === null) return fail('DUPLICATE', addressLockedMessage, { errors: { address: [addressLockedMessage] } });
      await users.upsertAddress({ user_id: userId, ...input, created_at: clock.now().toISOString() });
      log.info('onboarding.address_submitted', { user: userId });
      return succeed(presentUser(await profileOf(userId)));
    },

    async setPin(userId: string, input: PinInput): Promise<Result<UserJson>> {
      const allowed = await requireStepsBefore(userId, '/pin/set');
      if (!allowed.ok) return allowed;
      if (allowed.value.is_transaction_pin_set) {
        return fail('DUPLICATE', said('said.pin.alreadySet'));
      }
      const now = clock.now().toISOString();
      const pin = pinHasher.hash(userId, input.pin);
      // Guarded so two racing submissions cannot both set it; the loser is told so.
      const stored = await db
        .updateTable('users')
        .set({ transaction_pin_hash: pin.hash, pin_key_version: pin.keyVersion, transaction_pin_set_at: now, updated_at: now })
        .where('id', '=', userId)
        .where('transaction_pin_hash', 'is', null)
        .executeTakeFirst();
      if (Number(stored.numUpdatedRows) === 0) {
        return fail('DUPLICATE', said('said.pin.alreadySet'));
      }
      log.info('onboarding.pin_set', { user: userId });
      return succeed(presentUser(await profileOf(userId)));
    },

    /** The last step raises what the session may do, so the session is replaced (old token dead). */
    async setSecurityQuestion(
      userId: string,
      currentSessionId: string | null,
      input: SecurityQuestionInput,
      meta: SessionMeta = {},
    ): Promise<Result<{ user: UserJson; token: string; sessionId: string }>> {
      const allowed = await requireStepsBefore(userId, '/security/question');
      if (!allowed.ok) return allowed;
      if (allowed.value.is_security_question_set) {
        return fail('DUPLICATE', said('said.question.alreadySet'));
      }
      const now = clock.now().toISOString();
      const answerHash = await hashSecret(normaliseAnswer(input.answer));
      const stored = await db
        .updateTable('users')
        .set({ security_question_id: input.security_question_id, security_answer_hash: answerHash, security_question_set_at: now, updated_at: now })
        .where('id', '=', userId)
        .where('security_answer_hash', 'is', null)
        .executeTakeFirst();
      if (Number(stored.numUpdatedRows) === 0) {
        return fail('DUPLICATE', said('said.question.alreadySet'));
      }
      if (currentSessionId) await sessions.revoke(currentSessionId, 'rotated');
      const { token, session } = await sessions.create(userId, meta);
      log.info('onboarding.security_question_set', { user: userId });
      return succeed({ user: presentUser(await profileOf(userId)), token, sessionId: session.id });
    },
  };
}
export type OnboardingService = ReturnType<typeof createOnboardingService>;
