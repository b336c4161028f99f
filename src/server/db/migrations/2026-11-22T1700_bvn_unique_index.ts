import { sql, type Kysely } from 'kysely';

/**
 * One customer per BVN, for every database. The unique index kyc_checks_one_customer_per_bvn was
 * added to the KYC migration (2026-11-21T2100_kyc) after that migration had been committed, so a
 * database migrated in between has kyc_checks without it. This creates it where it is missing,
 * with the same name and definition (the keyed-secrets migration left it unchanged: a rewritten
 * fingerprint stays unique), and does nothing where the KYC migration already made it.
 *
 * A database that lacked the index could have let two verifications of one BVN through (the
 * service checks first, but two at the same moment could both pass). Such rows are not changed
 * here: the migration stops with the fingerprints named, for someone to decide which customer
 * keeps the BVN, and runs again once they are resolved.
 *
 * There is no `down`: on a database migrated after the KYC migration gained the index, the index
 * belongs to that migration, and undoing this one must not drop it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ bvn_fingerprint: string; verifications: number | string }>`
    select bvn_fingerprint, count(*) as verifications
    from kyc_checks
    where outcome = 'verified' and bvn_fingerprint is not null
    group by bvn_fingerprint
    having count(*) > 1
  `.execute(db);
  if (rows.length > 0) {
    const listed = rows.map((row) => `${row.bvn_fingerprint} (${Number(row.verifications)} verified checks)`).join(', ');
    throw new Error(
      `kyc_checks has ${rows.length} BVN fingerprint(s) verified more than once, so the one-customer-per-BVN index ` +
        `cannot be created: ${listed}. Decide which check keeps each BVN, change the others' outcome, then migrate again.`,
    );
  }
  await db.schema
    .createIndex('kyc_checks_one_customer_per_bvn')
    .ifNotExists()
    .on('kyc_checks')
    .column('bvn_fingerprint')
    .unique()
    .where(sql.ref('outcome'), '=', 'verified')
    .execute();
}
