import type { ErrorCode, Failure } from '../core/result.ts';
import { defaultLocale, type Locale } from '../../i18n/locales.ts';
import { say, sayErrors, sayRefusal, t } from '../../i18n/translate.ts';
import { said, type Said } from '../../i18n/said.ts';
import { databaseRetryAfterSeconds } from '../db/unavailable.ts';

/** The one table from failure codes to HTTP statuses (API.md). */
export const statusForCode: Record<ErrorCode, number> = {
  MALFORMED_BODY: 400,
  MALFORMED_REQUEST: 400,
  METHOD_NOT_ALLOWED: 405,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  ONBOARDING_INCOMPLETE: 403,
  NOT_FOUND: 404,
  IDEMPOTENCY_KEY_REUSED: 409,
  REQUEST_IN_PROGRESS: 409,
  DUPLICATE: 409,
  PAYLOAD_TOO_LARGE: 413,
  VALIDATION_FAILED: 422,
  INVALID_CREDENTIALS: 422,
  INVALID_OTP: 422,
  OTP_EXPIRED: 422,
  INVALID_PIN: 422,
  INSUFFICIENT_FUNDS: 422,
  LIMIT_EXCEEDED: 422,
  INVALID_ACCOUNT_NUMBER: 422,
  ACCOUNT_NOT_FOUND: 422,
  BVN_MISMATCH: 422,
  BVN_NOT_FOUND: 422,
  NIN_MISMATCH: 422,
  NIN_NOT_FOUND: 422,
  // A liveness check compares the selfie with an identity's record: none on file yet.
  NO_IDENTITY: 409,
  RECIPIENT_CANNOT_RECEIVE: 422,
  CREDIT_NOT_PERMITTED: 422,
  RECIPIENT_CAP_REACHED: 422,
  PIN_LOCKED: 423,
  ACCOUNT_LOCKED: 423,
  ACCOUNT_FROZEN: 423,
  DEVICE_NOT_CONFIRMED: 403,
  DEVICE_ALREADY_CONFIRMED: 409,
  INSTANT_PAYMENTS_OFF: 423,
  IDENTITY_REQUIRED: 423,
  RATE_LIMITED: 429,
  PROVIDER_FAILED: 502,
  PROVIDER_TIMEOUT: 504,
};

const jsonHeaders = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

/** The success answers and their message (a Said), kept to be worded in the caller's language by saySuccess. */
const spoken = new WeakMap<Response, { message: Said; data: unknown }>();

/** The success envelope: its message is data (a Said), written in English here and in the caller's language by saySuccess. */
export function jsonSuccess(data: unknown, message: Said, status = 200, headers: Record<string, string> = {}): Response {
  const response = new Response(JSON.stringify({ success: true, message: say(defaultLocale, message), data }), { status, headers: { ...jsonHeaders, ...headers } });
  spoken.set(response, { message, data });
  return response;
}

/**
 * A success envelope's top-level `message` in `locale`, as endpoint() (api.ts) gives every
 * answer of a route: the Said jsonSuccess was given, worded once in that language. `data` (names,
 * statuses, share_text) is never touched: it is data, for the client to word. Any other answer
 * (a failure, not made by jsonSuccess) is returned as it is: nothing is read back out of English.
 */
export function saySuccess(response: Response, locale: Locale): Response {
  const answer = spoken.get(response);
  if (!answer || locale === defaultLocale || response.bodyUsed) return response;
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify({ success: true, message: say(locale, answer.message), data: answer.data }), { status: response.status, statusText: response.statusText, headers });
}

/**
 * The one place an API failure becomes the error envelope (docs/decisions/004-five-languages.md,
 * 018-messages-as-data.md): `message` and the field messages in `locale` (the caller's language,
 * api-language in language.ts), each Said worded once: the service's sentence when the language
 * has it, else the code's own `error.*` sentence in that language, else the English. `code`, the field names and the status never change with the language.
 */
export function jsonFailure(failure: Pick<Failure, 'code' | 'message' | 'errors' | 'retryAfterSeconds'>, locale: Locale = defaultLocale): Response {
  const headers: Record<string, string> = { ...jsonHeaders };
  if (failure.retryAfterSeconds !== undefined) headers['retry-after'] = String(Math.max(1, failure.retryAfterSeconds));
  const body = { success: false, message: sayRefusal(locale, failure), code: failure.code, ...(failure.errors ? { errors: sayErrors(locale, failure.errors) } : {}) };
  return new Response(JSON.stringify(body), { status: statusForCode[failure.code], headers });
}

/** An answer of the API's own router (api-routes.ts): 400, 404, or 405 with `Allow`. */
export function jsonRouteFailure(check: { failure: Pick<Failure, 'code' | 'message'>; allow?: string }, locale: Locale = defaultLocale): Response {
  const response = jsonFailure(check.failure, locale);
  if (check.allow) response.headers.set('allow', check.allow);
  return response;
}

/**
 * The last word on an /api answer that is not JSON (Astro's own 404 or 500 for something the
 * router let through): the envelope with the same status, so a client never parses HTML.
 */
export function ensureJsonAnswer(response: Response, locale: Locale = defaultLocale): Response {
  if ((response.headers.get('content-type') ?? '').toLowerCase().startsWith('application/json')) return response;
  if (response.status >= 500) return jsonUnexpected(locale);
  if (response.status === 404) return jsonFailure({ code: 'NOT_FOUND', message: said('said.api.noSuchCall') }, locale);
  if (response.status === 405) return jsonFailure({ code: 'METHOD_NOT_ALLOWED', message: said('said.api.methodNotTaken') }, locale);
  if (response.status === 413) return jsonFailure({ code: 'PAYLOAD_TOO_LARGE', message: said('said.api.tooLarge') }, locale);
  if (response.status === 400) return jsonFailure({ code: 'MALFORMED_REQUEST', message: said('said.api.unreadable') }, locale);
  return response;
}

/** A bug's answer: 500 INTERNAL_ERROR (a code of its own, no ErrorCode: nothing expected it), its sentence in `locale`. */
export function jsonUnexpected(locale: Locale = defaultLocale): Response {
  return new Response(JSON.stringify({ success: false, message: t(locale, 'error.INTERNAL_ERROR'), code: 'INTERNAL_ERROR' }), {
    status: 500,
    headers: jsonHeaders,
  });
}

/**
 * The database is away (db/unavailable.ts): 503 UNAVAILABLE with Retry-After, the code the
 * server answers when it is busy or restarting, so a client has one thing to retry on.
 */
export function jsonDatabaseAway(locale: Locale = defaultLocale): Response {
  return new Response(JSON.stringify({ success: false, message: t(locale, 'error.DATABASE_AWAY'), code: 'UNAVAILABLE' }), {
    status: 503,
    headers: { ...jsonHeaders, 'retry-after': String(databaseRetryAfterSeconds) },
  });
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The page while the database is away: small, no styles or scripts needed, a link to try the same page again. */
export function databaseAwayPage(locale: Locale, path: string): Response {
  // Only a path of this site: `//host` would be another one.
  if (!path.startsWith('/') || path.startsWith('//')) path = '/';
  const html =
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeText(t(locale, 'away.title'))}</title></head>` +
    `<body><main><h1>${escapeText(t(locale, 'away.title'))}</h1><p>${escapeText(t(locale, 'away.body'))}</p><p><a href="${escapeText(path)}">${escapeText(t(locale, 'away.again'))}</a></p></main></body></html>`;
  return new Response(html, { status: 503, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'retry-after': String(databaseRetryAfterSeconds) } });
}

/** The bill catalogue changes rarely and is the same for everyone: phones may keep it an hour. */
export const catalogueHeaders = { 'cache-control': 'public, max-age=3600' } as const;
