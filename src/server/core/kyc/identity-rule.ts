/**
 * What a customer has proved, and what that allows (CBN circulars of 1 Dec 2023 and 12 Mar 2026;
 * docs/decisions/024-identity-before-money.md). One place says it, so the money path, the pages,
 * the profile and the fixtures cannot disagree.
 */
export type Proofs = {
  bvn_verified_at: string | null;
  nin_verified_at: string | null;
  liveness_passed_at: string | null;
};

/** Tier 0 nothing proved, 1 a BVN or a NIN, 2 both, 3 both and a verified address. */
export function tierFromProofs(proofs: Pick<Proofs, 'bvn_verified_at' | 'nin_verified_at'>, addressVerified: boolean): 0 | 1 | 2 | 3 {
  const identities = (proofs.bvn_verified_at !== null ? 1 : 0) + (proofs.nin_verified_at !== null ? 1 : 0);
  if (identities === 0) return 0;
  if (identities === 1) return 1;
  return addressVerified ? 3 : 2;
}

/** An identity validated (a BVN or a NIN). */
export function hasIdentity(proofs: Pick<Proofs, 'bvn_verified_at' | 'nin_verified_at'>): boolean {
  return proofs.bvn_verified_at !== null || proofs.nin_verified_at !== null;
}

/** Money moves (in or out) only with an identity and a passed liveness check: otherwise post-no-debit-or-credit. */
export function canMoveMoney(proofs: Proofs): boolean {
  return hasIdentity(proofs) && proofs.liveness_passed_at !== null;
}
