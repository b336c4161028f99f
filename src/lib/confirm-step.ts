import { z } from 'zod';
import { idempotencyKeySchema, transactionPinSchema } from './money-schemas.ts';
import { newIdempotencyKey } from './payment-rules.ts';

// Zod-free, for the islands too (payment-rules.ts).
export { newIdempotencyKey, summaryMessage } from './payment-rules.ts';

/**
 * The confirm step every money movement shares (a transfer, airtime, data, electricity, cable
 * TV): the PIN, and an idempotency key that makes a double submit harmless. The key is made
 * when the step is first shown and carried back to the details step (hidden fields
 * idempotency_key and key_details), so the same details confirmed again reuse it.
 */

/** The confirm step's own fields: the PIN and the key. */
export const confirmStepSchema = z.object({ pin: transactionPinSchema, idempotency_key: idempotencyKeySchema });

/** A key and the fingerprint of the details it stands for. */
export type CarriedKey = { key: string; fingerprint: string };

/** The key a step post carries (valid or not, null), and with its fingerprint, the key to carry back. */
export function readPostedKey(values: Record<string, string | undefined>): { key: string | null; carried: CarriedKey | null } {
  const posted = idempotencyKeySchema.safeParse(values.idempotency_key);
  const key = posted.success ? posted.data : null;
  return { key, carried: key && values.key_details ? { key, fingerprint: values.key_details } : null };
}

/** The key for a confirm step: the carried one for exactly the same details, else a new one. */
export function keyFor(carried: CarriedKey | null, fingerprint: string): string {
  return carried !== null && carried.fingerprint === fingerprint ? carried.key : newIdempotencyKey();
}
