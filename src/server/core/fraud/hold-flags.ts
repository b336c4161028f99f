import type { Trx } from '../ledger/ledger.ts';

/**
 * Every flag of a held transaction closes with the decision taken on the transfer (one transfer
 * can be held by more than one rule). `by` null: the customer cancelled it.
 */
export async function closeHeldFlags(trx: Trx, input: { transactionId: string; status: 'released' | 'rejected' | 'dismissed'; by: string | null; reason: string; at: Date }): Promise<number> {
  const at = input.at.toISOString();
  const closed = await trx.updateTable('fraud_flags').set({ status: input.status, decided_by: input.by, decided_at: at, decision_reason: input.reason, updated_at: at })
    .where('transaction_id', '=', input.transactionId).where('status', '=', 'held').executeTakeFirst();
  return Number(closed.numUpdatedRows);
}
