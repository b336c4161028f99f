import { sql, type Kysely } from 'kysely';
import { optional, required } from './shared/columns.ts';

/**
 * Payment requests (issue 19): a customer asks for money with a link (/pay/{code}) and a
 * reference (RQ-XXXXXX) that the payer puts in the narration.
 * - payment_requests: `code` (the link's, 12 random characters) and `reference` are unique on both
 *   engines; `amount_kobo` null means "any amount"; `paid_kobo` is the sum of the payments below;
 *   `status` is `open`, `paid` or `cancelled` (expired and partly paid are read from expires_at and
 *   paid_kobo).
 * - payment_request_payments: one row per credit that paid a request, keyed by that credit's
 *   transaction row, so a credit is counted once; `paid_after_kobo` is the request's total after it
 *   (what the requester's email says).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('payment_requests')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('code', 'text', (column) => column.notNull().unique())
    .addColumn('reference', 'text', (column) => column.notNull().unique())
    .addColumn('user_id', 'text', (column) => column.notNull().references('users.id'))
    .$call(required('text', 'account_number'))
    .$call(optional('bigint', 'amount_kobo'))
    .addColumn('paid_kobo', 'bigint', (column) => column.notNull().defaultTo(0))
    .$call(required('text', 'note', 'status', 'expires_at', 'created_at', 'updated_at'))
    .$call(optional('text', 'paid_at', 'cancelled_at'))
    .addCheckConstraint('payment_requests_amount_positive', sql`amount_kobo is null or amount_kobo > 0`)
    .addCheckConstraint('payment_requests_paid_not_negative', sql`paid_kobo >= 0`)
    .addCheckConstraint('payment_requests_status', sql`status in ('open', 'paid', 'cancelled')`)
    .execute();
  await sql`create index payment_requests_account on payment_requests (account_number, created_at)`.execute(db);

  await db.schema
    .createTable('payment_request_payments')
    .addColumn('transaction_id', 'text', (column) => column.primaryKey())
    .addColumn('request_id', 'text', (column) => column.notNull().references('payment_requests.id'))
    .$call(required('bigint', 'amount_kobo', 'paid_after_kobo'))
    .$call(optional('text', 'payer_name'))
    .$call(required('text', 'created_at'))
    .addCheckConstraint('payment_request_payments_amount_positive', sql`amount_kobo > 0`)
    .execute();
  await sql`create index payment_request_payments_request on payment_request_payments (request_id, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('payment_request_payments').execute();
  await db.schema.dropTable('payment_requests').execute();
}
