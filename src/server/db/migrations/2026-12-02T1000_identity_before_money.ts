import { sql, type Kysely } from 'kysely';

/**
 * No money moves before an identity (CBN circulars of 1 Dec 2023 and 12 Mar 2026): a tier is what
 * the customer has proved, and an account moves money only once its owner has a BVN or a NIN
 * validated and a liveness check passed.
 *
 * - `users.tier` runs 0–3: 0 nothing proved, 1 a BVN or a NIN, 2 both, 3 both and a verified
 *   address. The old column's table CHECK (1–3) cannot be dropped on SQLite, so the old column is
 *   renamed `tier_before_identity` (its CHECK follows it; it keeps its default and is no longer
 *   read) and a new `tier` takes its place.
 * - `bvn_verified_at`, `nin_verified_at`, `liveness_passed_at`: when each proof was made (null:
 *   not made). A liveness pass can be cleared again (reactivation on a new device).
 * - A NIN is kept as a BVN is: a keyed fingerprint, the key's version, the last four digits; one
 *   customer per NIN, by a unique index on verified checks.
 *
 * Existing customers keep a BVN they verified (or were raised past, as the demo data was) and
 * become Tier 1; everyone else Tier 0. Nobody has a NIN or a liveness pass yet, so every existing
 * account is post-no-debit-or-credit until its owner verifies.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').renameColumn('tier', 'tier_before_identity').execute();
  await db.schema
    .alterTable('users')
    .addColumn('tier', 'integer', (c) => c.notNull().defaultTo(0).check(sql`tier between 0 and 3`))
    .execute();
  for (const column of ['bvn_verified_at', 'nin_verified_at', 'liveness_passed_at']) {
    await db.schema.alterTable('users').addColumn(column, 'text').execute();
  }
  await sql`
    update users set bvn_verified_at = coalesce(
      (select min(k.created_at) from kyc_checks k where k.user_id = users.id and k.kind = 'bvn' and k.outcome = 'verified'),
      case when tier_before_identity >= 2 then updated_at end
    )
  `.execute(db);
  await sql`update users set tier = case when bvn_verified_at is null then 0 else 1 end`.execute(db);

  await db.schema.alterTable('kyc_checks').addColumn('nin_fingerprint', 'text').execute();
  await db.schema.alterTable('kyc_checks').addColumn('nin_key_version', 'text').execute();
  await db.schema.alterTable('kyc_checks').addColumn('nin_last4', 'text').execute();
  await db.schema
    .createIndex('kyc_checks_one_customer_per_nin')
    .on('kyc_checks')
    .column('nin_fingerprint')
    .unique()
    .where(sql.ref('outcome'), '=', 'verified')
    .execute();
}

/** Back to tiers 1–3 from registration: the proofs' times and the NIN columns go; a tier below 1 becomes 1. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('kyc_checks_one_customer_per_nin').execute();
  for (const column of ['nin_last4', 'nin_key_version', 'nin_fingerprint']) {
    await db.schema.alterTable('kyc_checks').dropColumn(column).execute();
  }
  await sql`update users set tier_before_identity = case when tier < 1 then 1 else tier end`.execute(db);
  for (const column of ['liveness_passed_at', 'nin_verified_at', 'bvn_verified_at', 'tier']) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
  await db.schema.alterTable('users').renameColumn('tier_before_identity', 'tier').execute();
}
