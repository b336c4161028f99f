import type { z } from 'zod';
import type { Result } from '../core/result.ts';
import { parseValues } from './api.ts';
import { emptyView, failureView, readFormValues, type FormView } from './forms.ts';

/** What a form page hands its one call: Astro's request and response. */
export type FormPageContext = { request: Request; response: { status?: number } };

export type FormStep<S extends z.ZodType, R> = {
  schema: S;
  /** The service call the parsed form makes (the same one the API makes). */
  act: (input: z.output<S>) => Promise<Result<R>>;
  /** Fields never shown again (a PIN, a password). */
  secretFields?: readonly string[];
  /** A round trip that changes the form without submitting it (a state chosen): its view, or null. */
  roundTrip?: (values: Record<string, string>) => FormView | null;
};

/**
 * A no-JavaScript form page's step in one call: on a GET, the empty form; on a POST, the values
 * read, parsed by the schema and handed to the service. `ok` with the service's value (the page
 * redirects), or the form to render again with the customer's values (never secrets), a message
 * per field and the status set as the API would answer.
 */
export async function formStep<S extends z.ZodType, R>(
  astro: FormPageContext,
  step: FormStep<S, R>,
): Promise<{ ok: true; value: R } | { ok: false; view: FormView }> {
  if (astro.request.method !== 'POST') return { ok: false, view: emptyView() };
  const values = await readFormValues(astro.request);
  let view = step.roundTrip?.(values) ?? null;
  if (!view) {
    const input = parseValues(values, step.schema);
    const result = input.ok ? await step.act(input.value) : input;
    if (result.ok) return { ok: true, value: result.value };
    view = failureView(values, result, step.secretFields);
  }
  astro.response.status = view.status;
  return { ok: false, view };
}
