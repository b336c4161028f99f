import type { DatabaseSync } from 'node:sqlite';
import { withDb } from './bank-db.ts';

/**
 * Gives a customer registered through the API or the forms the proofs money needs (a BVN, a NIN
 * and a liveness pass: tier 2), written straight into the server's database, as the KYC checks
 * would write them: a test of something else that moves money need not walk through KYC
 * (docs/decisions/025-no-money-without-identity-and-the-cap-both-ways.md).
 */
export function giveIdentity(db: DatabaseSync, email: string): void {
  const now = new Date().toISOString();
  const changed = db
    .prepare('UPDATE users SET tier = 2, bvn_verified_at = ?, nin_verified_at = ?, liveness_passed_at = ?, updated_at = ? WHERE email = ?')
    .run(now, now, now, now, email.toLowerCase()).changes;
  if (Number(changed) !== 1) throw new Error(`giveIdentity: no user with email ${email}`);
}

/** giveIdentity on a connection of its own. */
export function proveIdentity(email: string): void {
  withDb((db) => giveIdentity(db, email));
}
