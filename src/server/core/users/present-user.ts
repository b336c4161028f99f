import type { OnboardingFlags } from '../../../lib/onboarding.ts';
import type { AccountRow, UserRow } from '../../db/schema.ts';
import { kobo, type Kobo } from '../../../lib/money.ts';

/** The User object of API.md. Never carries a hash, a PIN or an answer. */
export type UserJson = OnboardingFlags & {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  /** 0 until an identity is proved (core/kyc/identity-rule.ts). */
  tier: number;
  is_bvn_verified: boolean;
  is_nin_verified: boolean;
  accounts: AccountJson[];
  created_at: string;
};
export type AccountJson = {
  account_number: string;
  account_name: string;
  type: string;
  currency: string;
  balance: Kobo;
};

/**
 * What presentUser reads: whether a PIN and a security answer are on file, never their hashes, so
 * a session's resolveCustomer reads no secret's hash on every signed-in request. A
 * UserProfile (user-repository.ts loadProfile) has it too.
 */
export type PresentableProfile = {
  user: Pick<UserRow, 'id' | 'first_name' | 'last_name' | 'email' | 'phone_number' | 'tier' | 'bvn_verified_at' | 'nin_verified_at' | 'email_verified_at' | 'created_at'>;
  hasAddress: boolean;
  pinSet: boolean;
  answerSet: boolean;
  accounts: Pick<AccountRow, 'account_number' | 'account_name' | 'type' | 'currency' | 'balance'>[];
};

export function presentUser({ user, hasAddress, pinSet, answerSet, accounts }: PresentableProfile): UserJson {
  return {
    id: user.id,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    phone_number: user.phone_number,
    tier: user.tier,
    is_bvn_verified: user.bvn_verified_at !== null,
    is_nin_verified: user.nin_verified_at !== null,
    is_email_verified: user.email_verified_at !== null,
    is_address_submitted: hasAddress,
    is_transaction_pin_set: pinSet,
    is_security_question_set: answerSet,
    accounts: accounts.map((account) => ({
      account_number: account.account_number,
      account_name: account.account_name,
      type: account.type,
      currency: account.currency,
      balance: kobo(Number(account.balance)),
    })),
    created_at: user.created_at,
  };
}
