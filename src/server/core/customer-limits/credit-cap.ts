import { sql } from 'kysely';
import type { Config } from '../../config.ts';
import { engineOf } from '../../db/engine.ts';
import { fail, type Failure } from '../result.ts';
import { Refusal, type Trx } from '../ledger/ledger.ts';
import type { Kobo } from '../../../lib/money.ts';
import { said } from '../../../i18n/said.ts';
import { creditOverCap, creditWindowOpen, type AccountLimitsRow } from './limit-guard.ts';
import type { CapWindow, LimitCheck } from './rules.ts';

/**
 * The cap on money in (docs/decisions/025-no-money-without-identity-and-the-cap-both-ways.md):
 * in the same window as the cap on money out (rules.ts capWindowAt), at most
 * NEW_DEVICE_CAP_NAIRA in total may arrive; a credit that would pass it is refused whole.
 */

/** A transfer inside the bank over the recipient's cap: the sender learns only that it cannot land now, never the recipient's figures. */
export function recipientCapReached(): Failure {
  return fail('RECIPIENT_CAP_REACHED', said('said.errors.recipientCapReached'), { errors: { amount: [said('said.errors.recipientCapReachedField')] } });
}

/** A credit from outside the bank over the cap: refused back as a credit the receiver may not take (NIP 57). */
export function inboundCapReached(): Failure {
  return fail('CREDIT_NOT_PERMITTED', said('said.errors.creditCapReached'));
}

/** What the refused customer is told: who tried to pay how much, and until when the limit holds. */
export type RefusedCredit = {
  userId: string;
  accountNumber: string;
  amountKobo: Kobo;
  /** The payer as the customer knows them: a name, and their bank when it is another. */
  from: string;
  fromBank: string | null;
  /** The cap, and what was left of it for this account (the customer's own figures: never the payer's to see). */
  limitKobo: Kobo;
  leftKobo: Kobo;
  until: string;
  reason: CapWindow['reason'];
};

/**
 * Takes the recipient's row lock on PostgreSQL (`select … for update`), so that the sum after it
 * sees every credit committed before the lock was granted and parallel credits are counted one
 * after another. On SQLite the money transaction already holds the database's write lock.
 *
 * Lock order: every money transaction takes its customer rows in account order and the bank's
 * own accounts (GL-…, which sort after every account number) last. A transfer's claim has locked
 * the accounts that sort at or before the sender; this lock is the recipient's, taken before the
 * entry's statement takes the rest in account order: a recipient that sorts after the sender is
 * taken after it, one that sorts before it either was taken by the claim already or (the claim's
 * unlocked variant) is the first lock of the transaction. So the order stays one and the same.
 */
export async function lockCreditedAccount(trx: Trx, accountNumber: string): Promise<void> {
  if (engineOf(trx) !== 'postgres') return;
  await sql`select account_number from accounts where account_number = ${accountNumber} for update`.execute(trx);
}

/**
 * Checks a credit of `amountKobo` against the recipient's cap on money in, when the cap is on and
 * their window is open (nothing is sent otherwise): locks their row (`lock`: false when the caller
 * holds it already), sums what arrived in the window, and throws `refusal` when the credit would
 * pass it, after handing `onRefused` what the customer is to be told.
 */
export async function checkCreditCap(
  trx: Trx,
  rules: Config['customerLimits'],
  credit: { accountNumber: string; limits: AccountLimitsRow | undefined; amountKobo: Kobo; now: Date; lock: boolean },
  refusal: () => Failure,
  onRefused: (cap: LimitCheck & { window: CapWindow }) => void,
): Promise<void> {
  const window = creditWindowOpen(rules, credit.limits, credit.now);
  if (!window) return;
  if (credit.lock) await lockCreditedAccount(trx, credit.accountNumber);
  const broken = await creditOverCap(trx, rules, credit.accountNumber, window, credit.amountKobo);
  if (!broken) return;
  onRefused(broken);
  throw new Refusal(refusal());
}
