import type { TransactionRow } from '../../db/schema.ts';
import { newReference, reverseEntry, type Trx } from '../ledger/ledger.ts';
import { recordTransaction } from '../transactions/transaction-repository.ts';
import { kobo } from '../../../lib/money.ts';

/**
 * Gives a failed debit back, in the caller's transaction: the exact opposite of its journal entry
 * (amount and every charge), the original marked `reversed` with the reason, and a `reversal`
 * credit the customer sees in their history. Answers the original row as it now stands. The ledger's unique index on reverses_entry_id
 * means this can happen only once per debit.
 */
export async function reverseDebit(trx: Trx, original: TransactionRow, failure: { reason: string; narration: string; description: string; at: Date }): Promise<TransactionRow> {
  const at = failure.at.toISOString();
  const reversal = await reverseEntry(trx, { entryId: original.entry_id, reference: original.reference, at, description: failure.description });
  const details = JSON.parse(original.details) as Record<string, unknown>;
  const changes = { status: 'reversed' as const, details: JSON.stringify({ ...details, failure_reason: failure.reason }), updated_at: at };
  await trx.updateTable('transactions').set(changes).where('id', '=', original.id).execute();
  await recordTransaction(trx, {
    reference: newReference('RVS', failure.at),
    accountNumber: original.account_number,
    userId: original.user_id,
    type: 'credit',
    category: 'reversal',
    status: 'successful',
    amount: kobo(Number(original.amount) + Number(original.fee)),
    fee: kobo(0),
    balanceAfter: reversal.balances.get(original.account_number)!,
    narration: failure.narration,
    counterparty: original.counterparty_name
      ? { name: original.counterparty_name, account_number: original.counterparty_account ?? '', bank_code: original.counterparty_bank_code ?? '', bank_name: original.counterparty_bank_name ?? '' }
      : null,
    details: { reversal_of: original.reference, reason: failure.reason },
    entryId: reversal.entryId,
    at: failure.at,
  });
  return { ...original, ...changes };
}
