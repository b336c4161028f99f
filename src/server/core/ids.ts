import { randomFillSync } from 'node:crypto';

/**
 * Random bytes for ids from a pool filled 4 KiB at a time by the same CSPRNG: a call of
 * randomBytes for a few bytes crosses into C++ and cost ~0.05 ms, three times per transfer
 * (docs/decisions/010-few-statements-on-the-money-path.md). Each byte is handed out once.
 */
const pool = Buffer.alloc(4096);
let used = pool.length;
function pooledBase64url(size: number): string {
  if (used + size > pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  const text = pool.toString('base64url', used, used + size);
  used += size;
  return text;
}

/** Row ids: a readable prefix naming the kind (`usr`, `txn`, `otp`…) and 96 random bits. */
export function newId(prefix: string): string {
  return `${prefix}_${pooledBase64url(12)}`;
}

let sequence = 0;
/**
 * Ids that sort in the order they were made: the prefix, the time (ms, base 36), a per-process
 * counter, then 48 random bits. For rows only ever appended and never shown or guessed at (the
 * customer's transactions, journal entries, jobs): a B-tree takes them at its right-hand edge,
 * so a COMMIT writes a few pages per table where random ids dirtied one page per row.
 * Never for anything that must be unguessable (sessions, codes, users): those keep `newId`.
 */
export function orderedId(prefix: string, at: Date): string {
  sequence = (sequence + 1) % 1_679_616; // 36^4
  return `${prefix}_${at.getTime().toString(36).padStart(9, '0')}${sequence.toString(36).padStart(4, '0')}${pooledBase64url(6)}`;
}
