import { sql, type Kysely } from 'kysely';

/**
 * Durable background work (issue 12): a job is written in the same transaction as the change
 * that needs it, and a worker claims it with a lease (`locked_until`), so a crash or restart
 * loses nothing: an expired lease is claimed again.
 * - `unique_key`: at most one live job per key (the recurring re-query is one row).
 * - `status`: `pending` (waiting or leased), `done`, `failed` (out of attempts; logged).
 * - interbank_transfers.escalated_at: when a transfer pending past 24 hours was escalated (once).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('payload', 'text', (column) => column.notNull())
    .addColumn('unique_key', 'text', (column) => column.unique())
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('run_at', 'text', (column) => column.notNull())
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('locked_until', 'text')
    .addColumn('locked_by', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await sql`create index jobs_due on jobs (status, run_at)`.execute(db);
  await db.schema.alterTable('interbank_transfers').addColumn('escalated_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('interbank_transfers').dropColumn('escalated_at').execute();
  await db.schema.dropTable('jobs').execute();
}
