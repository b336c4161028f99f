import { argon2, randomBytes, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

/**
 * Passwords, PINs and security answers are hashed with argon2id from node:crypto, at OWASP's
 * minimum (m=19 MiB, t=2, p=1), stored in the PHC string format so parameters can be raised
 * later without breaking old hashes.
 */
const argon2Async = promisify(argon2);
const parameters = { memoryKiB: 19_456, passes: 2, parallelism: 1, tagLength: 32 } as const;

function b64(buffer: Buffer): string {
  return buffer.toString('base64').replace(/=+$/, '');
}

/**
 * At most this many argon2 derivations run at once. Each holds 19 MiB and one of libuv's four
 * threads (UV_THREADPOOL_SIZE) for tens of milliseconds; without a limit a burst of sign-ins
 * fills the whole pool, so file reads, DNS and zlib wait behind password hashing, and every
 * concurrent hash adds its 19 MiB to the process. More wait here, first come, first served.
 * One slot: 200 customers signing in at once peaked at the idle RSS plus 2 × 19 MiB with
 * two; on the 2-core machines this runs on the second slot bought no sign-ins a second (the login
 * bench at 4 concurrent: 14.6–20.6/s with one, 15.0/s with two), since the event loop needs the
 * other core. More processes (WORKERS) hash in parallel, each within its own memory.
 */
export const argon2Slots = 1;
let argon2Running = 0;
const argon2Waiting: (() => void)[] = [];

async function withArgon2Slot<T>(work: () => Promise<T>): Promise<T> {
  if (argon2Running < argon2Slots) argon2Running += 1;
  else await new Promise<void>((resolve) => argon2Waiting.push(resolve));
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line, so a newcomer cannot jump the queue.
    const next = argon2Waiting.shift();
    if (next) next();
    else argon2Running -= 1;
  }
}

/** argon2 derivations running and waiting for a slot (tests, diagnostics). */
export function argon2Load(): { running: number; waiting: number } {
  return { running: argon2Running, waiting: argon2Waiting.length };
}

async function derive(secret: string, salt: Buffer, memoryKiB: number, passes: number, parallelism: number, tagLength: number): Promise<Buffer> {
  return withArgon2Slot(() => argon2Async('argon2id', {
    message: Buffer.from(secret.normalize('NFKC'), 'utf8'),
    nonce: salt,
    memory: memoryKiB,
    passes,
    parallelism,
    tagLength,
  }));
}

export async function hashSecret(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const { memoryKiB, passes, parallelism, tagLength } = parameters;
  const tag = await derive(secret, salt, memoryKiB, passes, parallelism, tagLength);
  return `$argon2id$v=19$m=${memoryKiB},t=${passes},p=${parallelism}$${b64(salt)}$${b64(tag)}`;
}

const phcPattern = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

export async function verifySecret(secret: string, encoded: string): Promise<boolean> {
  const match = phcPattern.exec(encoded);
  if (!match) return false;
  const [, memory, passes, parallelism, salt, tag] = match;
  const expected = Buffer.from(tag!, 'base64');
  const actual = await derive(secret, Buffer.from(salt!, 'base64'), Number(memory), Number(passes), Number(parallelism), expected.length);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash that verifies nothing, spent on unknown emails so sign-in takes as long either way. */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashSecret(randomBytes(16).toString('hex'));
  return decoyHash;
}

/** Security answers are compared case- and space-insensitively: people retype them from memory. */
export function normaliseAnswer(answer: string): string {
  return answer.trim().toLowerCase().replace(/\s+/g, ' ');
}

/** 256-bit session tokens; only their SHA-256 is stored, so a database leak yields no session. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}
