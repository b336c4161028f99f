import { describe, expect, it } from 'vitest';
import { argon2Load, argon2Slots, hashSecret, newSessionToken, normaliseAnswer, verifySecret } from './secrets.ts';
import { newOneTimeCode } from '../codes/one-time-codes.ts';

describe('argon2id secrets', () => {
  it('verifies the right secret and refuses a wrong one', async () => {
    const hash = await hashSecret('correct horse battery staple');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifySecret('correct horse battery staple', hash)).toBe(true);
    expect(await verifySecret('correct horse battery stapler', hash)).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashSecret('2580')).not.toBe(await hashSecret('2580'));
  });

  it('refuses a malformed stored hash instead of throwing', async () => {
    expect(await verifySecret('x', 'not-a-hash')).toBe(false);
  });

  it('runs at most argon2Slots derivations at once; the rest wait their turn and all finish right', async () => {
    expect(argon2Slots).toBeLessThan(4); // below libuv's default pool of 4: file and DNS work keep a thread
    const hash = await hashSecret('2580');
    const checks = Array.from({ length: 7 }, (_, index) => verifySecret(index % 2 ? '2580' : '0000', hash));
    expect(argon2Load()).toEqual({ running: argon2Slots, waiting: 7 - argon2Slots });
    expect(await Promise.all(checks)).toEqual([false, true, false, true, false, true, false]);
    expect(argon2Load()).toEqual({ running: 0, waiting: 0 });
  });
});

describe('random values', () => {
  it('makes 6-digit codes and 256-bit tokens', () => {
    for (let i = 0; i < 200; i += 1) expect(newOneTimeCode()).toMatch(/^\d{6}$/);
    expect(Buffer.from(newSessionToken(), 'base64url')).toHaveLength(32);
  });
  it('normalises answers for comparison', () => {
    expect(normaliseAnswer('  Lagos   Island ')).toBe('lagos island');
  });
});
