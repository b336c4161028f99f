import type { ApiResponse } from './api-client.ts';

/**
 * What a purchase call answered, as the islands need it: the reference of the receipt to go to.
 * A purchase answers 200 with its Transaction (pending included); one the provider refused was
 * reversed at once and answers 502 PROVIDER_FAILED with the reversed Transaction in `data`.
 * Either way the receipt says what happened, so both lead there.
 */

/** The Transaction's reference; `{ transaction }` is tolerated too. */
export function referenceOf(data: unknown): string | null {
  if (!data || typeof data !== 'object') return null;
  const record = data as { reference?: unknown; transaction?: { reference?: unknown } };
  const reference = record.reference ?? record.transaction?.reference;
  return typeof reference === 'string' && reference ? reference : null;
}

/** The receipt to show after a purchase call, or null when the answer is a refusal to show on the form. */
export function receiptReferenceOf(response: ApiResponse<unknown>): string | null {
  if (response.ok) return referenceOf(response.data);
  return response.code === 'PROVIDER_FAILED' ? referenceOf(response.data) : null;
}
