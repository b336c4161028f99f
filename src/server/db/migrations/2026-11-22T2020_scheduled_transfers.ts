import { sql, type Kysely } from 'kysely';

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
    .addColumn('send_account', 'text', (column) => column.notNull())
    .addColumn('bank_code', 'text', (column) => column.notNull())
    .addColumn('account_number', 'text', (column) => column.notNull())
    .addColumn('account_name', 'text', (column) => column.notNull())
    .addColumn('bank_name', 'text', (column) => column.notNull())
    .addColumn('amount_kobo', 'bigint', (column) => column.notNull())
    .addColumn('narration', 'text', (column) => column.notNull())
    .addColumn('repeat', 'text', (column) => column.notNull())
    .addColumn('first_date', 'text', (column) => column.notNull())
    .addColumn('day_of_month', 'integer', (column) => column.notNull())
    .addColumn('end_date', 'text')
    .addColumn('max_runs', 'integer')
    .addColumn('runs_made', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('misses_in_row', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('next_run_date', 'text')
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('paused_reason', 'text')
    .addColumn('creation_key', 'text', (column) => column.notNull())
    .addColumn('request_hash', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
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
    .addColumn('run_date', 'text', (column) => column.notNull())
    .addColumn('state', 'text', (column) => column.notNull())
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('reference', 'text')
    .addColumn('failure_code', 'text')
    .addColumn('failure_message', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('scheduled_transfer_runs_pk', ['schedule_id', 'run_date'])
    .addCheckConstraint('scheduled_transfer_runs_state', sql`state in ('due', 'retry', 'succeeded', 'missed')`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('scheduled_transfer_runs').execute();
  await db.schema.dropTable('scheduled_transfers').execute();
}
