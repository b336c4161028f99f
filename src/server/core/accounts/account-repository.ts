import { randomInt } from 'node:crypto';
import type { Transaction } from 'kysely';
import { makeNuban } from '../../../lib/nuban.ts';
import type { Database } from '../../db/schema.ts';

/**
 * Serials are drawn at random from this range (9 digits, so no number looks like test data and
 * the sandbox switch's 99999999x test serials stay out of it).
 */
const serialRange = { min: 100_000_000, max: 999_999_990 } as const;
/** With 900 million serials, a collision is rare until tens of millions of accounts; each try is one statement. */
const maxTries = 20;

/** A random 9-digit serial from a CSPRNG (tests may pass their own source). */
export function randomSerial(): number {
  return randomInt(serialRange.min, serialRange.max);
}

/**
 * Opens a savings account with a new NUBAN for this bank's CBN code. The 9-digit serial is random
 * (a CSPRNG), so one account number tells nothing about the next or the previous customer's (a
 * counter made name enquiries on neighbouring numbers a way to list customers). The check digit
 * keeps it a valid NUBAN. A serial already taken is caught by the primary key (`on conflict do
 * nothing`, which neither engine turns into an aborted transaction) and another is drawn.
 * Accounts opened before this kept their numbers.
 */
export async function openSavingsAccount(
  trx: Transaction<Database>,
  owner: { userId: string; accountName: string; bankCbnCode: string; openedAt: string },
  nextSerial: () => number = randomSerial,
): Promise<string> {
  for (let attempt = 0; attempt < maxTries; attempt += 1) {
    const accountNumber = makeNuban(owner.bankCbnCode, nextSerial());
    const inserted = await trx
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
      .onConflict((conflict) => conflict.column('account_number').doNothing())
      .returning('account_number')
      .executeTakeFirst();
    if (inserted) return accountNumber;
  }
  throw new Error(`no free account number after ${maxTries} tries`);
}
