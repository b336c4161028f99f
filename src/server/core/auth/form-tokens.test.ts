import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createFormTokens, type FormBinding } from './form-tokens.ts';

const key = randomBytes(32);
const tokens = createFormTokens([key]);
const session: FormBinding = { kind: 'session', id: 'session-1' };

describe('form tokens', () => {
  it('verifies a token for its own binding only', () => {
    const token = tokens.issue(session);
    expect(tokens.verify(token, [session])).toBe(true);
    expect(tokens.verify(token, [{ kind: 'session', id: 'session-2' }])).toBe(false);
    // The same id under another kind is another binding.
    expect(tokens.verify(token, [{ kind: 'guest', id: 'session-1' }])).toBe(false);
    expect(tokens.verify(token, [])).toBe(false);
    expect(tokens.verify(token, [{ kind: 'guest', id: 'x'.repeat(32) }, session])).toBe(true);
  });

  it('masks every token afresh, so no two responses carry the same bytes', () => {
    const issued = new Set(Array.from({ length: 200 }, () => tokens.issue(session)));
    expect(issued.size).toBe(200);
    for (const token of issued) expect(token).toMatch(/^[A-Za-z0-9_-]{86}$/);
    // Nor does any token carry the unmasked secret's bytes at a fixed place.
    const halves = [...issued].map((token) => Buffer.from(token, 'base64url').subarray(32).toString('hex'));
    expect(new Set(halves).size).toBe(200);
  });

  it('refuses what it did not issue', () => {
    const token = tokens.issue(session);
    const flipped = Buffer.from(token, 'base64url');
    flipped[40] = flipped[40]! ^ 1;
    // The last character carries 2 spare bits: another spelling of the same bytes is no token either.
    const respelled = token.slice(0, 85) + 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'.split('').find((char) => char !== token[85] && Buffer.from(token.slice(0, 85) + char, 'base64url').equals(Buffer.from(token, 'base64url')))!;
    expect(Buffer.from(respelled, 'base64url').equals(Buffer.from(token, 'base64url'))).toBe(true);
    for (const bad of [respelled, undefined, null, 42, '', 'a'.repeat(86), token.slice(0, 85), `${token}A`, flipped.toString('base64url'), token.replace(/.$/, '+'), [token]]) {
      expect(tokens.verify(bad, [session]), String(bad)).toBe(false);
    }
    // Another server key's token is no token here.
    expect(tokens.verify(createFormTokens([randomBytes(32)]).issue(session), [session])).toBe(false);
  });

  it('keeps open forms working across a key rotation', () => {
    const before = tokens.issue(session);
    const rotated = createFormTokens([randomBytes(32), key]);
    expect(rotated.verify(before, [session])).toBe(true);
    expect(tokens.verify(rotated.issue(session), [session])).toBe(false);
  });

  it('takes only well-formed guest ids from the pre-session cookie', () => {
    const id = tokens.newGuestId();
    expect(tokens.readGuestId(id)).toBe(id);
    for (const bad of [undefined, null, '', 'short', `${id}x`, `${id.slice(0, 31)}.`]) expect(tokens.readGuestId(bad)).toBeNull();
  });
});
