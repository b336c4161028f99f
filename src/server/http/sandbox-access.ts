import { timingSafeEqual, createHash } from 'node:crypto';
import { isIP } from 'node:net';

/**
 * Who may use the sandbox's money-in endpoint (it credits any account, so it must never be open
 * to the network):
 * - with `Authorization: Bearer <SANDBOX_KEY>` (compared in constant time): anyone;
 * - without it: only a loopback client of a server that listens on loopback only, and only when
 *   the request came straight to the server, not through a proxy (a proxy on the same machine
 *   makes every client look like 127.0.0.1; X-Forwarded-For is never believed, its presence
 *   only closes the door);
 * - otherwise, refused: 401 when a key is configured (so a caller knows a key is wanted), and
 *   404 as if the endpoint did not exist when the server listens beyond loopback with no key.
 */
export type SandboxAccess = 'allow' | 'unauthorized' | 'not_found';

const proxyHeaders = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-real-ip', 'via'] as const;

/** Whether a listen host or a client address is the machine itself. */
export function isLoopback(address: string | null | undefined): boolean {
  if (!address) return false;
  let value = address.trim().toLowerCase();
  if (value.startsWith('[') && value.endsWith(']')) value = value.slice(1, -1);
  if (value === 'localhost') return true;
  if (value.startsWith('::ffff:') && isIP(value.slice(7)) === 4) value = value.slice(7);
  if (isIP(value) === 4) return value.startsWith('127.');
  if (isIP(value) === 6) return value === '::1' || value === '0:0:0:0:0:0:0:1';
  return false;
}

function sameSecret(given: string, expected: string): boolean {
  // Hashing first makes both sides the same length, so the comparison time says nothing about the key's length.
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

export function sandboxAccess(input: {
  /** The host the server listens on (HOST). */
  listenHost: string;
  /** The TCP peer's address, or null when the adapter does not know it. */
  clientAddress: string | null;
  headers: Headers;
  sandboxKey: string | undefined;
}): SandboxAccess {
  const bearer = input.headers.get('authorization')?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (input.sandboxKey && bearer && sameSecret(bearer, input.sandboxKey)) return 'allow';
  const proxied = proxyHeaders.some((name) => input.headers.has(name));
  if (isLoopback(input.listenHost) && isLoopback(input.clientAddress) && !proxied) return 'allow';
  return input.sandboxKey ? 'unauthorized' : 'not_found';
}
