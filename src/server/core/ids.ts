import { randomBytes } from 'node:crypto';

/** Row ids: a readable prefix naming the kind (`usr`, `txn`, `otp`…) and 96 random bits. */
export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('base64url')}`;
}

let sequence = 0;
/**
 * Ids that sort in the order they were made: the prefix, the time (ms, base 36), a per-process
 * counter, then 48 random bits. For rows only ever appended and never shown or guessed at (the
 * customer's transactions, journal entries, jobs): a B-tree takes them at its right-hand edge,
 * so a COMMIT writes a few pages per table where random ids dirtied one page per row (issue 16).
 * Never for anything that must be unguessable (sessions, codes, users): those keep `newId`.
 */
export function orderedId(prefix: string, at: Date): string {
  sequence = (sequence + 1) % 1_679_616; // 36^4
  return `${prefix}_${at.getTime().toString(36).padStart(9, '0')}${sequence.toString(36).padStart(4, '0')}${randomBytes(6).toString('base64url')}`;
}
