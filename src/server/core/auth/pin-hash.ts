import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import type { KeyRing, SecretKey } from './secret-keys.ts';
import { verifySecret } from './secrets.ts';

/**
 * Transaction PINs as HMAC-SHA-256 under a server key kept outside the database: a 4-digit PIN
 * has 10,000 values, so a slow hash only delays an attacker with the table by minutes, while
 * without the key the stored value says nothing. The message is the user's id and the
 * NFKC-normalised PIN, so equal PINs of two customers look different and a stored PIN cannot be
 * copied onto another customer.
 *
 * Stored as `$hmac-sha256$<base64url tag>` with `users.pin_key_version` naming the key (its id).
 * A PIN under a previous key, or a legacy argon2id PHC string (`$argon2id$…`, version null),
 * still verifies, and the answer carries the value to write under the current key.
 */
export type StoredPin = { hash: string; keyVersion: string };
/** `unknownKey`: made under a key this server does not have (PIN_KEY changed without PIN_KEY_PREVIOUS, or the key file lost). */
export type PinCheck = { ok: true; upgrade: StoredPin | null } | { ok: false; unknownKey: boolean };

const prefix = '$hmac-sha256$';
const legacyPrefix = '$argon2id$';
const purpose = 'pin-hmac-sha256';

export function createPinHasher(ring: KeyRing) {
  // KeyObjects, made once: createHmac imports a raw Buffer key on every call (~20 µs against ~4 µs).
  const subkeys = new Map<string, KeyObject>([ring.current, ...ring.previous].map((key: SecretKey) => [key.id, createSecretKey(key.derive(purpose))]));
  const currentKey = subkeys.get(ring.current.id)!;

  function tag(key: KeyObject, userId: string, pin: string): Buffer {
    // User ids never contain NUL, so the boundary is unambiguous.
    return createHmac('sha256', key).update(userId, 'utf8').update('\0').update(pin.normalize('NFKC'), 'utf8').digest();
  }

  function hash(userId: string, pin: string): StoredPin {
    return { hash: `${prefix}${tag(currentKey, userId, pin).toString('base64url')}`, keyVersion: ring.current.id };
  }

  async function verify(userId: string, pin: string, stored: string, keyVersion: string | null): Promise<PinCheck> {
    if (stored.startsWith(legacyPrefix)) {
      return (await verifySecret(pin, stored)) ? { ok: true, upgrade: hash(userId, pin) } : { ok: false, unknownKey: false };
    }
    if (!stored.startsWith(prefix) || keyVersion === null) return { ok: false, unknownKey: false };
    const key = subkeys.get(keyVersion);
    if (!key) return { ok: false, unknownKey: true };
    const expected = Buffer.from(stored.slice(prefix.length), 'base64url');
    const actual = tag(key, userId, pin);
    if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return { ok: false, unknownKey: false };
    return { ok: true, upgrade: keyVersion === ring.current.id ? null : hash(userId, pin) };
  }

  return {
    hash,
    verify,
    /**
     * The PIN as it would be stored under the current key, for comparing with the stored value
     * in SQL (money/pin-guard.ts): the statement that counts a try compares it there, so a try
     * costs one statement. Equal only for the same customer, PIN and key. SQL's equality is not
     * constant-time, which tells an attacker nothing: they choose the PIN, never the tag, and
     * without the key cannot know which tag a PIN gives.
     */
    candidate: (userId: string, pin: string): StoredPin => hash(userId, pin),
    /** A legacy argon2id PIN: its check costs tens of milliseconds on the thread pool (the keyed check, microseconds). */
    isLegacy: (stored: string): boolean => stored.startsWith(legacyPrefix),
    /** Every key id this server can verify under (current first). */
    keyVersions: (): string[] => [...subkeys.keys()],
  };
}
export type PinHasher = ReturnType<typeof createPinHasher>;
