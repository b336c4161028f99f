import { sql } from 'kysely';
import type { Trx } from '../ledger/ledger.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import { requestReferencesIn } from '../../../lib/payment-request-schemas.ts';
import type { Kobo } from '../../../lib/money.ts';

/** The requester's "your request was paid" email, one per paying credit. */
export const requestPaidJob = 'payment_request.paid';
export const requestPaidKey = (transactionId: string) => `request-paid:${transactionId}`;

/**
 * Called for a credit to a customer's account inside the money's own database transaction (an
 * inbound transfer from another bank, a transfer inside the bank): when the narration carries the
 * reference of one of that account's requests (not cancelled), the credit is counted towards it.
 * The payment row is keyed by the credit's transaction row, so a credit is counted once however
 * often this runs; payments add up with one guarded update (`paid_kobo = paid_kobo + …`), so two
 * at once both count. The requester's email is queued in the same transaction. A credit to a
 * request that is already paid still counts (the money arrived; the owner sees it over-paid); one
 * after the link expired counts too, since the money is there either way.
 */
/** Whether a credit can count towards a payment request (its narration names one); when not, countRequestPayment writes nothing. */
export function mayPayRequest(credit: { narration: string; amountKobo: Kobo }): boolean {
  return credit.amountKobo > 0 && requestReferencesIn(credit.narration).length > 0;
}

export async function countRequestPayment(
  trx: Trx,
  credit: { transactionId: string; accountNumber: string; amountKobo: Kobo; narration: string; payerName: string | null; at: Date },
): Promise<void> {
  if (!mayPayRequest(credit)) return;
  const references = requestReferencesIn(credit.narration);
  const request = await trx
    .selectFrom('payment_requests')
    .select(['id'])
    .where('account_number', '=', credit.accountNumber)
    .where('reference', 'in', references)
    .where('status', '!=', 'cancelled')
    .orderBy('created_at')
    .executeTakeFirst();
  if (!request) return;
  const nowIso = credit.at.toISOString();
  // The payment row first, keyed by the credit: a credit already counted stops here.
  const inserted = await trx
    .insertInto('payment_request_payments')
    .values({ transaction_id: credit.transactionId, request_id: request.id, amount_kobo: credit.amountKobo, paid_after_kobo: 0, payer_name: credit.payerName, created_at: nowIso })
    .onConflict((conflict) => conflict.column('transaction_id').doNothing())
    .returning('transaction_id')
    .executeTakeFirst();
  if (!inserted) return;
  // One guarded update adds it up (it locks the row on PostgreSQL, so the total it returns is exact).
  const updated = await trx
    .updateTable('payment_requests')
    .set({
      paid_kobo: sql<number>`paid_kobo + ${credit.amountKobo}`,
      status: sql<'open' | 'paid'>`case when status = 'open' and (amount_kobo is null or paid_kobo + ${credit.amountKobo} >= amount_kobo) then 'paid' else status end`,
      paid_at: sql<string | null>`case when paid_at is null and (amount_kobo is null or paid_kobo + ${credit.amountKobo} >= amount_kobo) then ${nowIso} else paid_at end`,
      updated_at: nowIso,
    })
    .where('id', '=', request.id)
    .where('status', '!=', 'cancelled')
    .returning(['paid_kobo'])
    .executeTakeFirst();
  if (!updated) {
    // Cancelled in the meantime: the money landed, the request does not count it.
    await trx.deleteFrom('payment_request_payments').where('transaction_id', '=', credit.transactionId).execute();
    return;
  }
  await trx.updateTable('payment_request_payments').set({ paid_after_kobo: Number(updated.paid_kobo) }).where('transaction_id', '=', credit.transactionId).execute();
  await enqueueJob(trx, { now: () => credit.at }, { kind: requestPaidJob, payload: { transactionId: credit.transactionId }, uniqueKey: requestPaidKey(credit.transactionId) });
}
