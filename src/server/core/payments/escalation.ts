import type { Db } from '../../db/connection.ts';
import type { Config } from '../../config.ts';
import type { Logger } from '../../log.ts';
import type { Mailer } from '../../integrations/mail/ports.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { Clock } from '../clock.ts';
import { formatNaira, kobo, type Kobo } from '../../../lib/money.ts';
import { findBank } from '../reference/banks.ts';
import { pendingTransferEscalatedEmail } from '../money-notifications.ts';
import { profileLocale } from '../../../i18n/locales.ts';

/** The CBN's window for reversing a failed NIP transfer: a transfer pending longer is escalated. */
export const escalateAfterMs = 24 * 60 * 60_000;
export const escalationMailJob = 'mail.pending_escalated';

/**
 * Transfers to other banks still pending 24 hours after they were sent are escalated once: the
 * row is marked (`escalated_at`, a guarded update, so of two processes one wins), logged at error
 * level for operations (`npm run ops:pending` lists them), and the customer's email is a job
 * written in the same transaction, so it is sent even if the process stops right after.
 */
export function createEscalation(deps: { db: Db; config: Pick<Config, 'bank'>; clock: Clock; log: Logger; mailer: Mailer; jobs: Pick<JobQueue, 'register' | 'enqueue'> }) {
  const { db, config, clock, log, mailer, jobs } = deps;

  jobs.register(escalationMailJob, async (payload) => {
    const { reference } = payload as { reference: string };
    const transfer = await db.selectFrom('interbank_transfers').selectAll().where('reference', '=', reference).executeTakeFirst();
    if (!transfer || transfer.status !== 'pending') return; // settled meanwhile: its own outcome is what the customer sees
    const user = await db.selectFrom('users').select(['email', 'first_name', 'language']).where('id', '=', transfer.user_id).executeTakeFirstOrThrow();
    await mailer.send(
      pendingTransferEscalatedEmail({
        bankName: config.bank.name,
        to: user.email,
        firstName: user.first_name,
        reference,
        amount: formatNaira(Number(transfer.amount)),
        recipient: transfer.destination_name,
        bank: findBank(config.bank, transfer.destination_bank_code)?.name ?? transfer.destination_bank_code,
        language: profileLocale(user.language),
      }),
    );
  });

  return {
    /** Escalates every transfer pending past 24 hours and not yet escalated; how many it escalated. */
    async run(): Promise<number> {
      const now = clock.now();
      const cutoff = new Date(now.getTime() - escalateAfterMs).toISOString();
      const overdue = await db
        .selectFrom('interbank_transfers')
        .select(['reference', 'user_id', 'amount', 'created_at'])
        .where('status', '=', 'pending')
        .where('escalated_at', 'is', null)
        .where('created_at', '<=', cutoff)
        .orderBy('created_at')
        .limit(100)
        .execute();
      let escalated = 0;
      for (const transfer of overdue) {
        const marked = await db.transaction().execute(async (trx) => {
          const done = await trx
            .updateTable('interbank_transfers')
            .set({ escalated_at: now.toISOString() })
            .where('reference', '=', transfer.reference)
            .where('status', '=', 'pending')
            .where('escalated_at', 'is', null)
            .executeTakeFirst();
          if (Number(done.numUpdatedRows) === 0) return false;
          await jobs.enqueue(trx, { kind: escalationMailJob, payload: { reference: transfer.reference }, uniqueKey: `escalated:${transfer.reference}` });
          return true;
        });
        if (!marked) continue;
        escalated += 1;
        const hours = Math.floor((now.getTime() - Date.parse(transfer.created_at)) / 3_600_000);
        log.error('interbank.pending_escalated', { reference: transfer.reference, user: transfer.user_id, amount: Number(transfer.amount), age_hours: hours });
      }
      return escalated;
    },
  };
}
export type Escalation = ReturnType<typeof createEscalation>;

export type OverduePayment = {
  /** Which pending-payment table: a transfer to another bank or a bill. */
  rail: 'interbank_transfers' | 'bill_purchases';
  reference: string;
  userId: string;
  customer: string;
  email: string;
  accountNumber: string;
  amountKobo: Kobo;
  /** Who was to be paid: the other bank's account name, or the biller and the customer's meter or number. */
  payee: string;
  createdAt: string;
  ageHours: number;
  queryAttempts: number;
  escalatedAt: string | null;
};

/**
 * Transfers to other banks and bills still pending past 24 hours, the oldest first: what
 * `npm run ops:pending` prints and the settlement queue (/ops/settlement) shows.
 */
export async function overduePendingPayments(db: Db, now: Date): Promise<OverduePayment[]> {
  const cutoff = new Date(now.getTime() - escalateAfterMs).toISOString();
  const transfers = await db
    .selectFrom('interbank_transfers')
    .innerJoin('users', 'users.id', 'interbank_transfers.user_id')
    .select(['interbank_transfers.reference', 'users.id as user_id', 'users.first_name', 'users.last_name', 'users.email', 'interbank_transfers.account_number', 'interbank_transfers.amount', 'interbank_transfers.destination_name', 'interbank_transfers.destination_bank_code', 'interbank_transfers.created_at', 'interbank_transfers.query_attempts', 'interbank_transfers.escalated_at'])
    .where('interbank_transfers.status', '=', 'pending')
    .where('interbank_transfers.created_at', '<=', cutoff)
    .execute();
  const bills = await db
    .selectFrom('bill_purchases')
    .innerJoin('users', 'users.id', 'bill_purchases.user_id')
    .select(['bill_purchases.reference', 'users.id as user_id', 'users.first_name', 'users.last_name', 'users.email', 'bill_purchases.account_number', 'bill_purchases.amount', 'bill_purchases.service', 'bill_purchases.provider_id', 'bill_purchases.customer_id', 'bill_purchases.created_at', 'bill_purchases.query_attempts'])
    .where('bill_purchases.status', '=', 'pending')
    .where('bill_purchases.created_at', '<=', cutoff)
    .execute();
  const common = (row: { reference: string; user_id: string; first_name: string; last_name: string; email: string; account_number: string; amount: unknown; created_at: string; query_attempts: number }) => ({
    reference: row.reference,
    userId: row.user_id,
    customer: `${row.first_name} ${row.last_name}`,
    email: row.email,
    accountNumber: row.account_number,
    amountKobo: kobo(Number(row.amount)),
    createdAt: row.created_at,
    ageHours: Math.floor((now.getTime() - Date.parse(row.created_at)) / 3_600_000),
    queryAttempts: Number(row.query_attempts),
  });
  return [
    ...transfers.map((row) => ({ ...common(row), rail: 'interbank_transfers' as const, payee: `${row.destination_name} (${row.destination_bank_code})`, escalatedAt: row.escalated_at })),
    ...bills.map((row) => ({ ...common(row), rail: 'bill_purchases' as const, payee: `${row.service} ${row.provider_id} ${row.customer_id}`, escalatedAt: null })),
  ].sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
}
