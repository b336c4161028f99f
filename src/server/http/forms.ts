import type { FieldErrors } from '../../lib/schemas.ts';
import type { ErrorCode, Failure } from '../core/result.ts';
import { said, type Said, type SaidErrors } from '../../i18n/said.ts';
import type { Locale } from '../../i18n/locales.ts';
import { say, sayErrors, sayRefusal } from '../../i18n/translate.ts';
import { maxBodyBytes, readBody } from './body.ts';
import { statusForCode } from './respond.ts';
import { formTokenField } from './form-tokens.ts';

/**
 * The no-JavaScript path: a page reads its form post, runs the same schema and service as the
 * API, and on failure renders the form again with the customer's values (never secrets),
 * a message per field, and the status the API would have answered.
 */
export type FormView = { values: Record<string, string>; errors: SaidErrors; formError: Said | null; notice: Said | null; status: number; code: ErrorCode | null };

/** A form screen's words in the customer's language, as an island shows them. */
export type WordedView = { values: Record<string, string>; errors: FieldErrors; formError: string | null; notice: string | null; status: number };

export const emptyView = (notice: Said | null = null): FormView => ({ values: {}, errors: {}, formError: null, notice, status: 200, code: null });

/**
 * A form screen's words said in the customer's language, once, at the edge: a failure's sentence
 * as the API says it (sayRefusal: the code's own sentence when the language lacks the service's),
 * a notice and the field messages by their keys.
 */
export function wordView(locale: Locale, view: FormView): WordedView {
  return {
    values: view.values,
    errors: sayErrors(locale, view.errors),
    formError: view.formError === null ? null : view.code ? sayRefusal(locale, { code: view.code, message: view.formError }) : say(locale, view.formError),
    notice: view.notice === null ? null : say(locale, view.notice),
    status: view.status,
  };
}

/** A page's form post as text fields; the form token (checked by the middleware, form-tokens.ts) is not one of them. */
export async function readFormValues(request: Request): Promise<Record<string, string>> {
  const body = await readBody(request);
  if (!body.ok) return {};
  return Object.fromEntries(Object.entries(body.value).filter(([key]) => key !== formTokenField).map(([key, value]) => [key, String(value)]));
}

export function failureView(values: Record<string, string>, failure: Failure, secretFields: readonly string[] = []): FormView {
  const kept = Object.fromEntries(Object.entries(values).filter(([key]) => !secretFields.includes(key) && key !== 'intent'));
  const hasFieldErrors = failure.errors && Object.keys(failure.errors).length > 0;
  return {
    values: kept,
    errors: failure.errors ?? {},
    // Field problems are shown beside their fields; a summary on top says there are some.
    formError: hasFieldErrors && failure.code === 'VALIDATION_FAILED' ? said('said.correctFields') : failure.message,
    notice: null,
    status: statusForCode[failure.code],
    code: failure.code,
  };
}

/** A form's summary message, unless it only repeats a message already shown beside a field. */
export function summarySaid(message: Said | null, errors: SaidErrors = {}): Said | null {
  if (!message) return null;
  const same = (other: Said) => other.key === message.key && JSON.stringify(other.params ?? {}) === JSON.stringify(message.params ?? {});
  return Object.values(errors).some((messages) => messages.some(same)) ? null : message;
}

/**
 * The no-JavaScript round trip of the state and LGA fields (StateLgaFields in
 * src/islands/address-kit.tsx): the form comes back with the chosen state, its LGA list and no
 * LGA yet.
 */
export function chooseStateView(values: Record<string, string>): FormView {
  const { intent: _intent, ...kept } = values;
  return { ...emptyView(values.state ? said('said.lga.now') : null), values: { ...kept, lga: '' } };
}

/**
 * A form post above the body cap (body.ts) is refused before any page reads it. The page is
 * plain HTML (no script, no styles needed), so it shows with the strict API security headers.
 */
export function tooLargePage(): Response {
  const html = `<!doctype html>
<html lang="en-NG">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Form too large</title></head>
<body>
<main>
<h1>That form was too large to send</h1>
<p>What you sent was over ${maxBodyBytes / 1024} KiB, far more than any form here needs, so nothing was saved and nothing happened to your money.</p>
<p>Go back, check what you typed or pasted, and send it again.</p>
<p><a href="/">Back to the start</a></p>
</main>
</body>
</html>`;
  return new Response(html, { status: 413, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } });
}
