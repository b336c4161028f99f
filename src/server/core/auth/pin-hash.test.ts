import { createHash, createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createPinHasher } from './pin-hash.ts';
import { SecretKey, type KeyRing } from './secret-keys.ts';
import { hashSecret } from './secrets.ts';

const newKey = () => new SecretKey(randomBytes(32));
const ring = (current: SecretKey, ...previous: SecretKey[]): KeyRing => ({ current, previous, source: 'PIN_KEY' });
const allPins = Array.from({ length: 10_000 }, (_, n) => String(n).padStart(4, '0'));

describe('the keyed PIN hash', () => {
  const key = newKey();
  const hasher = createPinHasher(ring(key));

  it('verifies the right PIN and refuses a wrong one', async () => {
    const stored = hasher.hash('usr_a', '2580');
    expect(stored.keyVersion).toBe(key.id);
    expect(stored.hash).toMatch(/^\$hmac-sha256\$[A-Za-z0-9_-]{43}$/);
    expect(await hasher.verify('usr_a', '2580', stored.hash, stored.keyVersion)).toEqual({ ok: true, upgrade: null });
    for (const wrong of ['2581', '0258', '25800', '', ' 2580']) {
      expect(await hasher.verify('usr_a', wrong, stored.hash, stored.keyVersion)).toEqual({ ok: false, unknownKey: false });
    }
  });

  it('compares the NFKC form, as the PIN has always been', async () => {
    const stored = hasher.hash('usr_a', '2580');
    expect(await hasher.verify('usr_a', '２５８０', stored.hash, stored.keyVersion)).toMatchObject({ ok: true });
  });

  it('binds the PIN to the customer: equal PINs differ, and a stored PIN does not work for anyone else', async () => {
    const a = hasher.hash('usr_a', '2580');
    const b = hasher.hash('usr_b', '2580');
    expect(a.hash).not.toBe(b.hash);
    expect(await hasher.verify('usr_b', '2580', a.hash, a.keyVersion)).toMatchObject({ ok: false });
  });

  it('fails under the wrong key: another server cannot check it, and a forged key version does not help', async () => {
    const stored = hasher.hash('usr_a', '2580');
    const other = createPinHasher(ring(newKey()));
    expect(await other.verify('usr_a', '2580', stored.hash, stored.keyVersion)).toEqual({ ok: false, unknownKey: true });
    expect(await other.verify('usr_a', '2580', stored.hash, other.keyVersions()[0]!)).toEqual({ ok: false, unknownKey: false });
  });

  it('refuses stored values that are not PINs: tampered, truncated, empty, or keyed without a version', async () => {
    const stored = hasher.hash('usr_a', '2580');
    const flipped = stored.hash.slice(0, -2) + (stored.hash.endsWith('AA') ? 'BA' : 'AA');
    for (const bad of [flipped, stored.hash.slice(0, -4), '$hmac-sha256$', '', 'plain 2580', '$argon2id$nonsense']) {
      expect(await hasher.verify('usr_a', '2580', bad, stored.keyVersion)).toMatchObject({ ok: false });
    }
    expect(await hasher.verify('usr_a', '2580', stored.hash, null)).toMatchObject({ ok: false });
  });

  it('after a rotation verifies PINs under the previous key and hands back the value under the new one', async () => {
    const old = newKey();
    const before = createPinHasher(ring(old)).hash('usr_a', '2580');
    const current = newKey();
    const rotated = createPinHasher(ring(current, old));
    const check = await rotated.verify('usr_a', '2580', before.hash, before.keyVersion);
    expect(check).toMatchObject({ ok: true, upgrade: { keyVersion: current.id } });
    if (!check.ok || !check.upgrade) throw new Error('no upgrade');
    expect(await rotated.verify('usr_a', '0000', before.hash, before.keyVersion)).toEqual({ ok: false, unknownKey: false });
    // The upgraded value stands on the new key alone.
    expect(await createPinHasher(ring(current)).verify('usr_a', '2580', check.upgrade.hash, check.upgrade.keyVersion)).toEqual({ ok: true, upgrade: null });
  });

  it('verifies a legacy argon2id PIN and hands back the keyed value; a wrong one is refused with nothing to write', async () => {
    const legacy = await hashSecret('2580');
    const check = await hasher.verify('usr_a', '2580', legacy, null);
    expect(check).toMatchObject({ ok: true, upgrade: { keyVersion: key.id } });
    if (!check.ok || !check.upgrade) throw new Error('no upgrade');
    expect(await hasher.verify('usr_a', '2580', check.upgrade.hash, check.upgrade.keyVersion)).toEqual({ ok: true, upgrade: null });
    expect(await hasher.verify('usr_a', '2581', legacy, null)).toEqual({ ok: false, unknownKey: false });
  });

  it('leaves nothing that a dictionary of all 10,000 PINs inverts without the key', () => {
    const userId = 'usr_leaked';
    const stored = hasher.hash(userId, '7394');
    const tag = Buffer.from(stored.hash.slice('$hmac-sha256$'.length), 'base64url');
    const someOtherKey = newKey().derive('pin-hmac-sha256');
    const guessers: ((pin: string) => Buffer)[] = [
      (pin) => createHash('sha256').update(pin).digest(),
      (pin) => createHash('sha256').update(`${userId}\0${pin}`).digest(),
      (pin) => createHmac('sha256', Buffer.alloc(0)).update(`${userId}\0${pin}`).digest(),
      (pin) => createHmac('sha256', someOtherKey).update(`${userId}\0${pin}`).digest(),
    ];
    for (const guess of guessers) expect(allPins.filter((pin) => guess(pin).equals(tag))).toEqual([]);
    // With the key the same search finds it at once: the key is the whole protection.
    const withKey = (pin: string) => createHmac('sha256', key.derive('pin-hmac-sha256')).update(`${userId}\0${pin}`).digest();
    expect(allPins.filter((pin) => withKey(pin).equals(tag))).toEqual(['7394']);
  });
});
