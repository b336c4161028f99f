import { sql, type Kysely } from 'kysely';
import { counters, optional, required } from './shared/columns.ts';

/**
 * Customer safety (issue 13): freezing an account, and cases opened about a transaction.
 * - users.frozen_at / frozen_via: set while the customer's money may not leave (`password`: frozen
 *   while signed in; `code`: frozen with an emailed code from /freeze). Every debit is refused
 *   while frozen_at is set; credits still land.
 * - freeze_decoys: an imitation freeze code for an account number or email that has no account,
 *   its tries counted as a real code's are (the same shape as password_reset_decoys). `subject`
 *   is `email:<address>` or `account:<number>`.
 * - support_cases: one row per report, numbered HB-CASE-<year>-<6 digits> from a counter per year
 *   (the `counters` row `support_case:<year>`), the number unique on both engines.
 * - support_case_events: every status a case has had, with the operator's note, oldest first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('frozen_at', 'text').execute();
  await db.schema.alterTable('users').addColumn('frozen_via', 'text').execute();

  await db.schema
    .createTable('freeze_decoys')
    .addColumn('subject', 'text', (column) => column.primaryKey())
    .$call(counters('attempts'))
    .addColumn('alive', 'integer', (column) => column.notNull().defaultTo(1))
    .$call(required('text', 'issued_at', 'expires_at'))
    .execute();
  await sql`create index freeze_decoys_expires on freeze_decoys (expires_at)`.execute(db);

  await db.schema
    .createTable('support_cases')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('number', 'text', (column) => column.notNull().unique())
    .addColumn('user_id', 'text', (column) => column.notNull().references('users.id'))
    .$call(required('text', 'account_number', 'reference', 'kind', 'description', 'status', 'created_at', 'updated_at'))
    .execute();
  await sql`create index support_cases_user on support_cases (user_id, created_at)`.execute(db);

  await db.schema
    .createTable('support_case_events')
    .addColumn('case_id', 'text', (column) => column.notNull().references('support_cases.id'))
    .$call(required('integer', 'line'))
    .$call(required('text', 'status'))
    .$call(optional('text', 'note'))
    .$call(required('text', 'created_at'))
    .addPrimaryKeyConstraint('support_case_events_pk', ['case_id', 'line'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('support_case_events').execute();
  await db.schema.dropTable('support_cases').execute();
  await db.schema.dropTable('freeze_decoys').execute();
  await db.schema.alterTable('users').dropColumn('frozen_via').execute();
  await db.schema.alterTable('users').dropColumn('frozen_at').execute();
}
