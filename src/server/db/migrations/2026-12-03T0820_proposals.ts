import { sql, type Kysely } from 'kysely';
import { optional, required } from './shared/columns.ts';

/**
 * Four eyes (decision 031): what one member proposes and another approves. `payload` is the JSON
 * the proposer saw (amounts, the case number); `result` what the execution did. At most one open
 * proposal of a kind for a target: a partial unique index, so two proposers racing get one row.
 * That a transaction is reversed at most once is the ledger's own unique index on
 * journal_entries.reverses_entry_id, not this table's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('staff_proposals')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .$call(required('text', 'kind', 'target'))
    .$call(optional('text', 'customer_user_id'))
    .$call(required('text', 'payload', 'reason'))
    .addColumn('proposed_by', 'text', (column) => column.notNull().references('staff.id'))
    .$call(required('text', 'proposed_at', 'expires_at', 'status'))
    .addColumn('decided_by', 'text', (column) => column.references('staff.id'))
    .$call(optional('text', 'decided_at', 'decision_note', 'result'))
    .addCheckConstraint('staff_proposals_status_known', sql`status in ('proposed', 'approved', 'declined', 'expired', 'failed')`)
    .addCheckConstraint('staff_proposals_not_own', sql`decided_by is null or decided_by <> proposed_by`)
    .execute();
  await db.schema.createIndex('staff_proposals_one_open').on('staff_proposals').columns(['kind', 'target']).unique().where(sql<boolean>`status = 'proposed'`).execute();
  await db.schema.createIndex('staff_proposals_status').on('staff_proposals').columns(['status', 'proposed_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('staff_proposals').execute();
}
