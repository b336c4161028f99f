import type { FieldErrors } from '../../lib/schemas.ts';
import type { Failure } from '../core/result.ts';
import { readBody } from './body.ts';
import { statusForCode } from './respond.ts';

/**
 * The no-JavaScript path: a page reads its form post, runs the same schema and service as the
 * API, and on failure renders the form again with the customer's values (never secrets),
 * a message per field, and the status the API would have answered.
 */
export type FormView = { values: Record<string, string>; errors: FieldErrors; formError: string | null; notice: string | null; status: number };

export const emptyView = (notice: string | null = null): FormView => ({ values: {}, errors: {}, formError: null, notice, status: 200 });

export async function readFormValues(request: Request): Promise<Record<string, string>> {
  const body = await readBody(request);
  if (!body.ok) return {};
  return Object.fromEntries(Object.entries(body.value).map(([key, value]) => [key, String(value)]));
}

export function failureView(values: Record<string, string>, failure: Failure, secretFields: readonly string[] = []): FormView {
  const kept = Object.fromEntries(Object.entries(values).filter(([key]) => !secretFields.includes(key) && key !== 'intent'));
  const hasFieldErrors = failure.errors && Object.keys(failure.errors).length > 0;
  return {
    values: kept,
    errors: failure.errors ?? {},
    // Field problems are shown beside their fields; a summary on top says there are some.
    formError: hasFieldErrors && failure.code === 'VALIDATION_FAILED' ? 'Please correct the highlighted fields.' : failure.message,
    notice: null,
    status: statusForCode[failure.code],
  };
}

/**
 * The no-JavaScript round trip of the state and LGA fields (StateLgaFields in
 * src/islands/address-kit.tsx): the form comes back with the chosen state, its LGA list and no
 * LGA yet.
 */
export function chooseStateView(values: Record<string, string>): FormView {
  const { intent: _intent, ...kept } = values;
  return { ...emptyView(values.state ? 'Now choose your local government area.' : null), values: { ...kept, lga: '' } };
}
