import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { fail, type Failure } from '../result.ts';
import { Refusal } from '../ledger/ledger.ts';

/**
 * A frozen account (issue 13): no money leaves it, whatever pays for what; money still comes in.
 * The money gate asks twice: before the PIN (so a frozen account costs no PIN try and says why),
 * and again inside the money transaction, so a freeze that lands while a payment is on its way
 * stops it too. Inbound credits and reversals never pass the gate.
 */
export const accountFrozenMessage =
  'Your account is frozen, so no money can leave it. Money sent to you still arrives. To unfreeze it, sign in and choose “Unfreeze my account” in Settings, with your password, PIN and security answer.';

export function accountFrozen(): Failure {
  return fail('ACCOUNT_FROZEN', accountFrozenMessage);
}

/** Whether the customer who owns `accountNumber` has frozen it. */
export async function isAccountFrozen(executor: Kysely<Database> | Transaction<Database>, accountNumber: string): Promise<boolean> {
  const row = await executor
    .selectFrom('accounts')
    .innerJoin('users', 'users.id', 'accounts.user_id')
    .select('users.frozen_at')
    .where('accounts.account_number', '=', accountNumber)
    .executeTakeFirst();
  return Boolean(row?.frozen_at);
}

/** Inside a money transaction: a frozen sender ends it, changing nothing. */
export async function refuseIfFrozen(trx: Transaction<Database>, accountNumber: string): Promise<void> {
  if (await isAccountFrozen(trx, accountNumber)) throw new Refusal(accountFrozen());
}
