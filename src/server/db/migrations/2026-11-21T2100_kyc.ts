import { sql, type Kysely } from 'kysely';

/**
 * KYC: every identity check a customer asked for (BVN, then address), kept whatever its outcome,
 * so failed attempts can be counted and a verified BVN cannot be claimed by a second customer.
 * The BVN itself is not stored: its SHA-256 fingerprint (for the one-customer rule) and its last
 * four digits (to show the customer which one they used).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('kyc_checks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('bvn_fingerprint', 'text')
    .addColumn('bvn_last4', 'text')
    .addColumn('date_of_birth', 'text')
    .addColumn('address', 'text')
    .addColumn('provider_reference', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('kyc_checks_user').on('kyc_checks').columns(['user_id', 'kind', 'created_at']).execute();
  await db.schema.createIndex('kyc_checks_bvn').on('kyc_checks').columns(['bvn_fingerprint', 'outcome']).execute();
  // One customer per BVN, enforced by the database too: two customers verifying the same BVN at
  // the same moment cannot both pass the service's check.
  await db.schema
    .createIndex('kyc_checks_one_customer_per_bvn')
    .on('kyc_checks')
    .column('bvn_fingerprint')
    .unique()
    .where(sql.ref('outcome'), '=', 'verified')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('kyc_checks').execute();
}
