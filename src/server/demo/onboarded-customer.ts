import type { Db } from '../db/connection.ts';
import type { Config } from '../config.ts';
import type { Clock } from '../core/clock.ts';
import { openSavingsAccount } from '../core/accounts/account-repository.ts';
import { hashSecret, normaliseAnswer } from '../core/auth/secrets.ts';
import { newId } from '../core/ids.ts';
import type { UserRepository } from '../core/users/user-repository.ts';
import type { PinHasher } from '../core/auth/pin-hash.ts';

export type OnboardedCustomerInput = {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  password: string;
  pin: string;
  /** What the customer has proved: 1 a BVN, 2 a BVN and a NIN, 3 both and an address (core/kyc/identity-rule.ts). Default 1. */
  tier?: 1 | 2 | 3;
  /**
   * Whether the identities the tier needs are on record, with a passed liveness check (default:
   * yes, so the customer can move money). `false`: a customer who has proved nothing, tier 0,
   * post-no-debit-or-credit.
   */
  identity?: boolean;
  /** At tier 1, which identity was proved (default the BVN). */
  provedBy?: 'bvn' | 'nin';
  securityQuestionId?: number;
  securityAnswer?: string;
  address?: { address: string; city: string; state: string; lga: string };
  /**
   * Precomputed argon2id hashes (tests and benchmarks create many customers with the same
   * secrets). The PIN is always keyed here: its HMAC binds it to the new customer's id.
   */
  hashes?: { password: string; answer: string };
};

/**
 * A customer who has finished onboarding, written straight to the database: for the demo data,
 * service tests and benchmarks. The public way in is registration; this skips the emails.
 */
export async function createOnboardedCustomer(
  app: { db: Db; config: Config; clock: Clock; users: UserRepository; pinHasher: PinHasher },
  input: OnboardedCustomerInput,
): Promise<{ userId: string; accountNumber: string }> {
  const { db, config, clock, users, pinHasher } = app;
  const answer = input.securityAnswer ?? 'Corona School';
  let hashes = input.hashes;
  if (!hashes) {
    const [password, answerHash] = await Promise.all([hashSecret(input.password), hashSecret(normaliseAnswer(answer))]);
    hashes = { password, answer: answerHash };
  }
  const now = clock.now().toISOString();
  const userId = newId('usr');
  const proved = identityColumns(input.identity === false ? 0 : (input.tier ?? 1), now, input.provedBy);
  const pin = pinHasher.hash(userId, input.pin);
  const accountNumber = await db.transaction().execute(async (trx) => {
    await users.insert(
      {
        id: userId,
        first_name: input.firstName,
        last_name: input.lastName,
        email: input.email,
        phone_number: input.phoneNumber,
        password_hash: hashes.password,
        ...proved,
        email_verified_at: now,
        transaction_pin_hash: pin.hash,
        pin_key_version: pin.keyVersion,
        transaction_pin_set_at: now,
        security_question_id: input.securityQuestionId ?? 1,
        security_answer_hash: hashes.answer,
        security_question_set_at: now,
        created_at: now,
        updated_at: now,
      },
      trx,
    );
    const address = input.address ?? { address: '14 Admiralty Way', city: 'Lekki', state: 'Lagos', lga: 'Eti-Osa' };
    await users.upsertAddress({ user_id: userId, ...address, created_at: now }, trx);
    return openSavingsAccount(trx, { userId, accountName: `${input.firstName} ${input.lastName}`.toUpperCase(), bankCbnCode: config.bank.cbnCode, openedAt: now });
  });
  return { userId, accountNumber };
}

/** The columns a tier's proofs set (written straight, as the demo data and fixtures are "raised some other way": no kyc_checks rows). */
export function identityColumns(tier: 0 | 1 | 2 | 3, now: string, provedBy: 'bvn' | 'nin' = 'bvn') {
  return {
    tier,
    bvn_verified_at: tier >= 2 || (tier === 1 && provedBy === 'bvn') ? now : null,
    nin_verified_at: tier >= 2 || (tier === 1 && provedBy === 'nin') ? now : null,
    liveness_passed_at: tier >= 1 ? now : null,
  };
}
