import { sql, type Kysely } from 'kysely';
import { optional, required } from './shared/columns.ts';

/**
 * Real-time fraud monitoring (decision 032). `fraud_flags` holds what a rule found about one
 * movement: the rule, the evidence it saw (JSON), the account, its customer, the transaction row
 * and its reference, the direction, and what the fraud officer decided. One flag per rule and
 * transaction row (`fraud_flags_rule_transaction`), so an evaluation that runs twice (a job
 * retried after a crash) raises nothing new. The queue reads open flags newest first
 * (`fraud_flags_status_created`).
 *
 * `transactions_account_counterparty` answers "has this account ever sent to this payee?" with
 * one index probe, whatever the account's history (the new-beneficiary rule).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('fraud_flags')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .$call(required('text', 'rule', 'direction', 'account_number', 'user_id', 'transaction_id', 'reference'))
    .addColumn('amount', 'bigint', (column) => column.notNull())
    .$call(required('text', 'evidence', 'status', 'created_at', 'updated_at'))
    .$call(optional('text', 'decided_by', 'decided_at', 'decision_reason'))
    .addCheckConstraint('fraud_flags_rule_known', sql`rule in ('mule', 'new_payee_new_device', 'velocity', 'inflow_after_freeze')`)
    .addCheckConstraint('fraud_flags_direction_known', sql`direction in ('in', 'out')`)
    .addCheckConstraint('fraud_flags_status_known', sql`status in ('open', 'held', 'released', 'rejected', 'dismissed')`)
    .addUniqueConstraint('fraud_flags_rule_transaction', ['rule', 'transaction_id'])
    .execute();
  await db.schema.createIndex('fraud_flags_status_created').on('fraud_flags').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('fraud_flags_account').on('fraud_flags').columns(['account_number', 'created_at']).execute();
  await db.schema.createIndex('transactions_account_counterparty').on('transactions').columns(['account_number', 'counterparty_account', 'counterparty_bank_code']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('transactions_account_counterparty').execute();
  await db.schema.dropTable('fraud_flags').execute();
}
