import { describe, expect, it } from 'vitest';
import { keyFor, readPostedKey } from './confirm-step.ts';

const key = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('readPostedKey', () => {
  it('carries a valid key back with the details it stands for', () => {
    expect(readPostedKey({ idempotency_key: key, key_details: '["mtn"]' })).toEqual({ key, carried: { key, fingerprint: '["mtn"]' } });
  });
  it('keeps a key posted without its details, but carries nothing back', () => {
    expect(readPostedKey({ idempotency_key: key })).toEqual({ key, carried: null });
  });
  it('ignores a missing or malformed key', () => {
    expect(readPostedKey({ key_details: '["mtn"]' })).toEqual({ key: null, carried: null });
    expect(readPostedKey({ idempotency_key: 'x', key_details: '["mtn"]' })).toEqual({ key: null, carried: null });
  });
});

describe('keyFor', () => {
  it('reuses the carried key for exactly the same details, else makes a new one', () => {
    expect(keyFor({ key, fingerprint: 'a' }, 'a')).toBe(key);
    expect(keyFor({ key, fingerprint: 'a' }, 'b')).not.toBe(key);
    expect(keyFor(null, 'a')).toMatch(/^[0-9a-f-]{32,36}$/);
  });
});
