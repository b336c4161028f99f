import { fail, type Failure } from '../result.ts';
import { said } from '../../../i18n/said.ts';

/**
 * An account whose owner has not proved an identity and passed liveness (kyc/identity-rule.ts
 * canMoveMoney) is post-no-debit-or-credit (docs/decisions/025-no-money-without-identity-and-the-cap-both-ways.md):
 * a debit is refused before its PIN, a credit to it is refused whole.
 */
export function identityRequired(): Failure {
  return fail('IDENTITY_REQUIRED', said('said.errors.identityRequired'));
}

/** A transfer inside the bank to an account that may not be credited yet: told to the sender, naming nobody's proofs. */
export function recipientCannotReceive(): Failure {
  return fail('RECIPIENT_CANNOT_RECEIVE', said('said.errors.recipientCannotReceive'), { errors: { account_number: [said('said.errors.recipientCannotReceiveField')] } });
}

/** A credit from outside the bank (another bank through NIP, the sandbox) to such an account: refused back (NIP 57). */
export function creditNotPermitted(): Failure {
  return fail('CREDIT_NOT_PERMITTED', said('said.errors.creditNotPermitted'));
}
