import { sql, type Kysely } from 'kysely';

/**
 * The CBN's clocks on cases (decision 030).
 * - support_cases.due_at: when the bank must have answered, set when the case opens from its kind
 *   (a transfer or card problem 72 hours, an account matter 14 days, a charge 30 days). Cases
 *   already open are given theirs from when they were opened.
 * - support_cases.escalated_at: when a case past its due time was escalated to the supervisors
 *   (once; a guarded update sets it).
 * - support_case_events.staff_id: the member who wrote an answer (null for the customer's report
 *   and the command line); kept for the bank, never shown to the customer.
 */
const hour = 3_600_000;
const dueAfterMs: Record<string, number> = {
  fraud: 72 * hour,
  not_received: 72 * hour,
  wrong_amount: 72 * hour,
  wrong_charge: 30 * 24 * hour,
  liveness_review: 14 * 24 * hour,
};
/** A kind this migration does not know is an account matter. */
const accountMatterMs = 14 * 24 * hour;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('support_cases').addColumn('due_at', 'text').execute();
  await db.schema.alterTable('support_cases').addColumn('escalated_at', 'text').execute();
  await db.schema.alterTable('support_case_events').addColumn('staff_id', 'text').execute();

  // In pages, by id: the arithmetic on ISO instants is done here, the same on both engines.
  let after = '';
  for (;;) {
    const rows = await sql<{ id: string; kind: string; created_at: string }>`select id, kind, created_at from support_cases where id > ${after} order by id limit 500`.execute(db);
    if (rows.rows.length === 0) break;
    for (const row of rows.rows) {
      const due = new Date(Date.parse(row.created_at) + (dueAfterMs[row.kind] ?? accountMatterMs)).toISOString();
      await sql`update support_cases set due_at = ${due} where id = ${row.id}`.execute(db);
    }
    after = rows.rows[rows.rows.length - 1]!.id;
  }
  await sql`create index support_cases_open_due on support_cases (status, due_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index support_cases_open_due`.execute(db);
  await db.schema.alterTable('support_case_events').dropColumn('staff_id').execute();
  await db.schema.alterTable('support_cases').dropColumn('escalated_at').execute();
  await db.schema.alterTable('support_cases').dropColumn('due_at').execute();
}
