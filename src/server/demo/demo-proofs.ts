import { createHash } from 'node:crypto';
import type { Db } from '../db/connection.ts';
import type { Clock } from '../core/clock.ts';
import type { BvnFingerprints } from '../core/kyc/bvn-fingerprint.ts';
import { newId } from '../core/ids.ts';

export type DemoProofsApp = { db: Db; clock: Clock; bvnFingerprints: BvnFingerprints; ninFingerprints: BvnFingerprints };

/** A reference of the sandbox's shape (PREFIX-YYYYMMDD-10 hex), so a later liveness check compares against it as against a real match. */
function reference(prefix: string, at: string, ...parts: string[]): string {
  return `${prefix}-${at.slice(0, 10).replace(/-/g, '')}-${createHash('sha256').update(parts.join('|')).digest('hex').slice(0, 10).toUpperCase()}`;
}

/**
 * The checks behind a demo customer's proofs, as if they had verified them (with the sandbox's
 * own-record numbers, docs/sandbox.md): a verified BVN and NIN (keyed fingerprints and last four
 * digits, never the numbers) and a liveness pass. Without them the profile says the identities
 * are verified (users.*_verified_at) but the KYC page has no last four digits to show and a new
 * selfie would have no match to compare with.
 */
export async function recordDemoProofs(app: DemoProofsApp, userId: string, numbers: { bvn: string; nin: string; dateOfBirth: string }): Promise<void> {
  const at = app.clock.now().toISOString();
  const bvnReference = reference('BVN', at, userId, 'bvn');
  const row = (kind: 'bvn' | 'nin' | 'liveness', outcome: 'verified' | 'pass', extra: Record<string, string | null>, providerReference: string) => ({
    id: newId('kyc'),
    user_id: userId,
    kind,
    outcome,
    bvn_fingerprint: null,
    bvn_key_version: null,
    bvn_last4: null,
    date_of_birth: null,
    address: null,
    provider_reference: providerReference,
    created_at: at,
    ...extra,
  });
  const bvn = app.bvnFingerprints.of(numbers.bvn);
  const nin = app.ninFingerprints.of(numbers.nin);
  await app.db
    .insertInto('kyc_checks')
    .values([
      row('bvn', 'verified', { bvn_fingerprint: bvn.fingerprint, bvn_key_version: bvn.keyVersion, bvn_last4: numbers.bvn.slice(-4), date_of_birth: numbers.dateOfBirth }, bvnReference),
      row('nin', 'verified', { nin_fingerprint: nin.fingerprint, nin_key_version: nin.keyVersion, nin_last4: numbers.nin.slice(-4), date_of_birth: numbers.dateOfBirth }, reference('NIN', at, userId, 'nin')),
      row('liveness', 'pass', {}, reference('LIV', at, userId, bvnReference)),
    ])
    .execute();
}
