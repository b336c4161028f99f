import type { Rider, Trx } from '../ledger/ledger.ts';
import { jobsInsert } from '../../jobs/job-queue.ts';
import { fraudEvaluateJob, fraudEvaluateKey } from '../fraud/fraud-jobs.ts';

/** The email alert of one transaction row (and, unless the customer turned SMS off, the SMS job it queues). */
export const transactionAlertJob = 'alert.transaction';
/** The SMS alert of one transaction row, queued by the email alert's job. */
export const smsAlertJob = 'alert.sms';

export const alertKey = (transactionId: string) => `alert:${transactionId}`;
export const smsAlertKey = (transactionId: string) => `alert-sms:${transactionId}`;

/**
 * Queues the alert of a transaction row in the money's own database transaction: the alert
 * exists exactly when the movement committed (never for one rolled back, never lost for one
 * that committed), and its key is the row's id, so each row is alerted once. The job is written
 * at the movement's own time (`at`), which is the clock of the service that wrote the row.
 */
export async function queueTransactionAlert(trx: Trx, transaction: { id: string; at: Date }): Promise<void> {
  await transactionAlertsInsert([transaction.id], transaction.at).execute(trx);
}

/**
 * The alerts of rows written together (one movement's rows, at one time), in one statement: run
 * it, or hand it to postEntry as a rider. The same statement queues each row's fraud evaluation
 * (fraud-jobs.ts): more rows in it, no statement more on the money path.
 */
export function transactionAlertsInsert(transactionIds: string[], at: Date): Rider {
  return jobsInsert(
    transactionIds.flatMap((id) => [
      { kind: transactionAlertJob, payload: { transactionId: id }, uniqueKey: alertKey(id) },
      { kind: fraudEvaluateJob, payload: { transactionId: id }, uniqueKey: fraudEvaluateKey(id) },
    ]),
    at,
  );
}
