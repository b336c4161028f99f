import type { Kysely } from 'kysely';

/**
 * Bills: each purchase's request to the aggregator (its request id is both the idempotency key
 * and the re-query key) and its state while it is pending; and the sandbox aggregator's memory
 * of the requests it received.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bill_purchases')
    .addColumn('reference', 'text', (c) => c.primaryKey())
    .addColumn('request_id', 'text', (c) => c.notNull().unique())
    .addColumn('transaction_id', 'text', (c) => c.notNull().references('transactions.id'))
    .addColumn('entry_id', 'text', (c) => c.notNull().references('journal_entries.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('account_number', 'text', (c) => c.notNull())
    .addColumn('service', 'text', (c) => c.notNull())
    .addColumn('provider_id', 'text', (c) => c.notNull())
    .addColumn('variation_code', 'text')
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('meter_type', 'text')
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('query_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_query_at', 'text', (c) => c.notNull())
    .addColumn('idempotency_user_id', 'text')
    .addColumn('idempotency_key', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('settled_at', 'text')
    .execute();
  await db.schema.createIndex('bill_purchases_pending').on('bill_purchases').columns(['status', 'next_query_at']).execute();

  await db.schema
    .createTable('sandbox_bill_payments')
    .addColumn('request_id', 'text', (c) => c.primaryKey())
    .addColumn('service', 'text', (c) => c.notNull())
    .addColumn('provider_id', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('token', 'text')
    .addColumn('units', 'text')
    .addColumn('receipt_number', 'text')
    .addColumn('provider_reference', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sandbox_bill_payments').execute();
  await db.schema.dropTable('bill_purchases').execute();
}
