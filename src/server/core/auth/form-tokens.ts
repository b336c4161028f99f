import { createHmac, createSecretKey, randomBytes, timingSafeEqual, type KeyObject } from 'node:crypto';

/**
 * Synchronizer tokens for the pages' forms (docs/decisions/001-form-tokens.md). A token proves
 * that the form was rendered for this browser: its secret is an HMAC-SHA-256, under a server key
 * derived for this purpose alone, of what the browser holds that another site cannot read or
 * choose: the session, a registration waiting for its code, or, for a guest, the pre-session
 * cookie's random id.
 *
 * Pages are compressed, so the secret never appears as it is: every response masks it with fresh
 * random bytes (`mask ‖ mask XOR secret`, base64url). Two renders of one page then differ in the
 * token wherever it stands, and a length oracle on the compressed page (BREACH) learns nothing
 * across requests.
 */
export type FormTokens = ReturnType<typeof createFormTokens>;

/** What a form is bound to. A session's id and a registration's id are the server's own; a guest's is the pre-session cookie. */
export type FormBinding = { kind: 'session' | 'registration' | 'guest' | 'staff'; id: string };

const secretBytes = 32;
/** base64url of 64 bytes, unpadded. */
const tokenLength = 86;
const tokenPattern = /^[A-Za-z0-9_-]{86}$/;
const guestIdPattern = /^[A-Za-z0-9_-]{32}$/;

function xor(a: Uint8Array, b: Uint8Array): Buffer {
  const out = Buffer.alloc(a.length);
  for (let index = 0; index < a.length; index++) out[index] = a[index]! ^ b[index]!;
  return out;
}

/** `rawKeys[0]` makes every token; every key verifies, so a key rotation does not expire open forms. */
export function createFormTokens(rawKeys: Buffer[]) {
  if (rawKeys.length === 0) throw new Error('form tokens need a server key');
  // KeyObjects, made once: createHmac imports a raw Buffer key on every call.
  const keys: KeyObject[] = rawKeys.map((key) => createSecretKey(key));
  const secret = (key: KeyObject, binding: FormBinding) => createHmac('sha256', key).update(`form:${binding.kind}:${binding.id}`).digest();

  return {
    /** A fresh masked token for one response. */
    issue(binding: FormBinding): string {
      const mask = randomBytes(secretBytes);
      return Buffer.concat([mask, xor(mask, secret(keys[0]!, binding))]).toString('base64url');
    },

    /** True when `token` is a token issued for one of `bindings` under one of the keys. */
    verify(token: unknown, bindings: readonly FormBinding[]): boolean {
      if (typeof token !== 'string' || token.length !== tokenLength || !tokenPattern.test(token)) return false;
      const raw = Buffer.from(token, 'base64url');
      // Only the one spelling issue() writes: the last character's spare bits must be zero.
      if (raw.length !== 2 * secretBytes || raw.toString('base64url') !== token) return false;
      const given = xor(raw.subarray(0, secretBytes), raw.subarray(secretBytes));
      // Every pair is compared, so the time taken says nothing about which one matched.
      let matched = false;
      for (const binding of bindings) for (const key of keys) matched = timingSafeEqual(secret(key, binding), given) || matched;
      return matched;
    },

    /** A new pre-session cookie's value: 24 random bytes. */
    newGuestId(): string {
      return randomBytes(24).toString('base64url');
    },

    /** The guest id in a pre-session cookie's value, or null when it is not one this server could have made. */
    readGuestId(value: string | undefined | null): string | null {
      return value && guestIdPattern.test(value) ? value : null;
    },
  };
}
