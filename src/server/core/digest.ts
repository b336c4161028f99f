import { createHash } from 'node:crypto';

/** SHA-256 as hex: what is stored of session tokens, one-time codes and idempotency requests. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
