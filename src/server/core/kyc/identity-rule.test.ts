import { describe, expect, it } from 'vitest';
import { canMoveMoney, hasIdentity, tierFromProofs } from './identity-rule.ts';

const at = '2026-12-02T10:00:00.000Z';
const none = { bvn_verified_at: null, nin_verified_at: null, liveness_passed_at: null };

describe('the identity rule', () => {
  it('gives tier 0 for nothing, 1 for a BVN or a NIN, 2 for both, 3 for both and an address', () => {
    expect(tierFromProofs(none, true)).toBe(0);
    expect(tierFromProofs({ ...none, bvn_verified_at: at }, true)).toBe(1);
    expect(tierFromProofs({ ...none, nin_verified_at: at }, true)).toBe(1);
    expect(tierFromProofs({ ...none, bvn_verified_at: at, nin_verified_at: at }, false)).toBe(2);
    expect(tierFromProofs({ ...none, bvn_verified_at: at, nin_verified_at: at }, true)).toBe(3);
  });

  it('moves money only with an identity and a passed liveness check', () => {
    expect(canMoveMoney(none)).toBe(false);
    expect(canMoveMoney({ ...none, liveness_passed_at: at })).toBe(false);
    expect(canMoveMoney({ ...none, bvn_verified_at: at })).toBe(false);
    expect(hasIdentity({ ...none, nin_verified_at: at })).toBe(true);
    expect(canMoveMoney({ ...none, nin_verified_at: at, liveness_passed_at: at })).toBe(true);
    expect(canMoveMoney({ ...none, bvn_verified_at: at, liveness_passed_at: at })).toBe(true);
  });
});
