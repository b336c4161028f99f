import type { Kysely } from 'kysely';

/**
 * Keyed PINs and BVN fingerprints: each stored PIN and each BVN fingerprint says which server key
 * made it (an id derived from the key, never the key), so the key can be rotated.
 *
 * - users.pin_key_version: null for a PIN still stored as argon2id (from before this migration),
 *   which is rewritten as an HMAC under the current key on its next correct entry.
 * - kyc_checks.bvn_key_version: null for a legacy unsalted SHA-256 fingerprint. The app rewrites
 *   every such row on start, before it serves a request, as HMAC(key, legacy value); a new
 *   fingerprint is HMAC(key, SHA-256(BVN)), so a rewritten row equals what a new check of the
 *   same BVN gives and the one-customer-per-BVN index (kyc_checks_one_customer_per_bvn) keeps
 *   holding across the upgrade. See core/kyc/bvn-fingerprint.ts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('pin_key_version', 'text').execute();
  await db.schema.alterTable('kyc_checks').addColumn('bvn_key_version', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('kyc_checks').dropColumn('bvn_key_version').execute();
  await db.schema.alterTable('users').dropColumn('pin_key_version').execute();
}
