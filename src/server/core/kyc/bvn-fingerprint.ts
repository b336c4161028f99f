import { createHash, createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import type { Db } from '../../db/connection.ts';
import type { KeyRing } from '../auth/secret-keys.ts';

/**
 * The BVN is never stored; its fingerprint is, for the one-customer-per-BVN rule. An unsalted
 * SHA-256 of 11 digits is recovered in seconds, so the fingerprint is an HMAC-SHA-256 under a
 * server subkey (HKDF from the PIN key, its own purpose): HMAC(k, SHA-256(BVN)), base64url.
 *
 * Hashing the SHA-256 rather than the digits is what lets the legacy fingerprints (plain
 * SHA-256, from before the key) be rewritten in place without the BVN: HMAC(k, legacy) is exactly
 * the fingerprint a new check of the same BVN produces, so the unique index on verified
 * fingerprints keeps holding across the upgrade. `kyc_checks.bvn_key_version` names the key.
 *
 * A fingerprint cannot be moved to a new key later (that needs the BVN), so lookups try every key
 * in the ring: after a rotation, keep the old key in PIN_KEY_PREVIOUS for as long as BVNs
 * verified under it must stay bound to their customer.
 */
const bvnPurpose = 'bvn-fingerprint-hmac-sha256';
/** A NIN's fingerprints: the same construction under its own subkey, so a NIN and a BVN with the same digits never share one. */
export const ninPurpose = 'nin-fingerprint-hmac-sha256';

const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');

export function createBvnFingerprints(ring: KeyRing, purpose = bvnPurpose) {
  const keys = [ring.current, ...ring.previous].map((key) => ({ id: key.id, subkey: createSecretKey(key.derive(purpose)) }));
  const fromDigest = (subkey: KeyObject, digestHex: string) => createHmac('sha256', subkey).update(digestHex, 'utf8').digest('base64url');

  return {
    /** The fingerprint to store for a BVN, and the key version to store with it. */
    of(bvn: string): { fingerprint: string; keyVersion: string } {
      return { fingerprint: fromDigest(keys[0]!.subkey, sha256Hex(bvn)), keyVersion: keys[0]!.id };
    },

    /** Every fingerprint this BVN may be stored under (one per key in the ring), to look it up. */
    candidates(bvn: string): string[] {
      const digest = sha256Hex(bvn);
      return keys.map((key) => fromDigest(key.subkey, digest));
    },

    /**
     * Rewrites every legacy fingerprint (plain SHA-256, no key version) under the current key.
     * Run on every start, right after the migrations: it finds nothing once done.
     */
    async rekeyLegacy(db: Db): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const legacy = await trx.selectFrom('kyc_checks').select(['id', 'bvn_fingerprint']).where('bvn_fingerprint', 'is not', null).where('bvn_key_version', 'is', null).execute();
        for (const row of legacy) {
          await trx
            .updateTable('kyc_checks')
            .set({ bvn_fingerprint: fromDigest(keys[0]!.subkey, row.bvn_fingerprint!), bvn_key_version: keys[0]!.id })
            .where('id', '=', row.id)
            .where('bvn_key_version', 'is', null)
            .execute();
        }
        return legacy.length;
      });
    },

    keyVersions: (): string[] => keys.map((key) => key.id),
  };
}
export type BvnFingerprints = ReturnType<typeof createBvnFingerprints>;
