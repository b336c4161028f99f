import { randomBytes } from 'node:crypto';

/** Row ids: a readable prefix naming the kind (`usr`, `txn`, `otp`…) and 96 random bits. */
export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('base64url')}`;
}
