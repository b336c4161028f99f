import type { Transaction } from 'kysely';
import { makeNuban } from '../../../lib/nuban.ts';
import type { Database } from '../../db/schema.ts';

const accountSerialCounter = 'account_serial';
/** Serials start here so the first customers do not get numbers that look like test data. */
const firstSerial = 100_000_000;

/**
 * Opens a savings account with the next NUBAN for this bank's CBN code. The serial comes from a
 * counter incremented inside the caller's transaction, so numbers are unique and never reused,
 * even when a registration rolls back (the counter row is only ever increased).
 */
export async function openSavingsAccount(
  trx: Transaction<Database>,
  owner: { userId: string; accountName: string; bankCbnCode: string; openedAt: string },
): Promise<string> {
  await trx
    .insertInto('counters')
    .values({ name: accountSerialCounter, value: firstSerial })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const row = await trx
    .updateTable('counters')
    .set((eb) => ({ value: eb('value', '+', 1) }))
    .where('name', '=', accountSerialCounter)
    .returning('value')
    .executeTakeFirstOrThrow();
  const accountNumber = makeNuban(owner.bankCbnCode, Number(row.value));
  await trx
    .insertInto('accounts')
    .values({
      account_number: accountNumber,
      user_id: owner.userId,
      kind: 'customer',
      account_name: owner.accountName,
      type: 'savings',
      currency: 'NGN',
      balance: 0,
      created_at: owner.openedAt,
    })
    .execute();
  return accountNumber;
}
