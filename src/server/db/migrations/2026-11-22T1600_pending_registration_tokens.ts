import { sql, type Kysely } from 'kysely';

/**
 * A registration's token is the customer's credential from "Open my account" on (API.md: register
 * answers `{ user, token }`): while the registration waits for its emailed code the token is a
 * session of a customer whose email is not verified, with the same idle and absolute timeouts,
 * and sign-out revokes it; the right code turns it into a real session (sessions.id is the
 * SHA-256 of the same token).
 * - `customer_id`: the id the pending User carries, and the customer gets when the code is right.
 * - `last_seen_at`, `revoked_at`, `revoke_reason`: as on `sessions`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('registrations').addColumn('customer_id', 'text').execute();
  await db.schema.alterTable('registrations').addColumn('last_seen_at', 'text').execute();
  await db.schema.alterTable('registrations').addColumn('revoked_at', 'text').execute();
  await db.schema.alterTable('registrations').addColumn('revoke_reason', 'text').execute();
  // Rows from before: their pending User gets an id in the usual format, derived from the row's own.
  await sql`update registrations set customer_id = 'usr_' || substr(id, 5), last_seen_at = created_at where customer_id is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['revoke_reason', 'revoked_at', 'last_seen_at', 'customer_id']) {
    await db.schema.alterTable('registrations').dropColumn(column).execute();
  }
}
