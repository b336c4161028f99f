import { sql, type Kysely } from 'kysely';
import { counters, optional, required } from './shared/columns.ts';

/**
 * Scheduled and recurring transfers (issue 19).
 * - scheduled_transfers: one row per schedule the customer confirmed with the PIN: the recipient
 *   as the name enquiry gave it, the amount, the repeat (`once`, `weekly`, `monthly` on
 *   `day_of_month`, a short month running on its last day), an optional end date and count
 *   (`max_runs`), and where it stands: `next_run_date` (a Lagos date, null once nothing is left),
 *   `runs_made` (dates run, paid or missed), `misses_in_row` (three pause it), `status` (`active`,
 *   `paused`, `cancelled`, `finished`). `creation_key` (unique per customer) makes a repeated
 *   creation return the first schedule instead of making a second.
 * - scheduled_transfer_runs: one row per schedule and date, so a date is run at most once whatever
 *   the processes and restarts: `due` (first try to come), `retry` (refused for funds or a limit,
 *   tried once more later that day), `succeeded` (with the transaction's reference), `missed`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('scheduled_transfers')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('user_id', 'text', (column) => column.notNull().references('users.id'))
    .$call(required('text', 'send_account', 'bank_code', 'account_number', 'account_name', 'bank_name'))
    .$call(required('bigint', 'amount_kobo'))
    .$call(required('text', 'narration', 'repeat', 'first_date'))
    .$call(required('integer', 'day_of_month'))
    .$call(optional('text', 'end_date'))
    .$call(optional('integer', 'max_runs'))
    .$call(counters('runs_made', 'misses_in_row'))
    .$call(optional('text', 'next_run_date'))
    .$call(required('text', 'status'))
    .$call(optional('text', 'paused_reason'))
    .$call(required('text', 'creation_key', 'request_hash', 'created_at', 'updated_at'))
    .addUniqueConstraint('scheduled_transfers_creation_key', ['user_id', 'creation_key'])
    .addCheckConstraint('scheduled_transfers_amount_positive', sql`amount_kobo > 0`)
    .addCheckConstraint('scheduled_transfers_repeat', sql`repeat in ('once', 'weekly', 'monthly')`)
    .addCheckConstraint('scheduled_transfers_status', sql`status in ('active', 'paused', 'cancelled', 'finished')`)
    .addCheckConstraint('scheduled_transfers_day', sql`day_of_month between 1 and 31`)
    .execute();
  await sql`create index scheduled_transfers_due on scheduled_transfers (status, next_run_date)`.execute(db);
  await sql`create index scheduled_transfers_user on scheduled_transfers (user_id, created_at)`.execute(db);

  await db.schema
    .createTable('scheduled_transfer_runs')
    .addColumn('schedule_id', 'text', (column) => column.notNull().references('scheduled_transfers.id'))
    .$call(required('text', 'run_date', 'state'))
    .$call(counters('attempts'))
    .$call(optional('text', 'reference', 'failure_code', 'failure_message'))
    .$call(required('text', 'created_at', 'updated_at'))
    .addPrimaryKeyConstraint('scheduled_transfer_runs_pk', ['schedule_id', 'run_date'])
    .addCheckConstraint('scheduled_transfer_runs_state', sql`state in ('due', 'retry', 'succeeded', 'missed')`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('scheduled_transfer_runs').execute();
  await db.schema.dropTable('scheduled_transfers').execute();
}
