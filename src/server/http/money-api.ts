import type { APIContext, APIRoute } from 'astro';
import type { z } from 'zod';
import { fail, succeed, type Result } from '../core/result.ts';
import type { MoneyResult } from '../core/money/money-gate.ts';
import { idempotencyKeySchema } from '../../lib/money-schemas.ts';
import { apiFields, endpoint, parseInput, parseValues, signedIn, type SignedInContext } from './api.ts';
import { readRequestBody } from './body.ts';
import type { App } from '../app.ts';
import { jsonFailure, jsonSuccess } from './respond.ts';
import { defaultLocale, type Locale } from '../../i18n/locales.ts';
import { sayRefusal } from '../../i18n/translate.ts';
import { said } from '../../i18n/said.ts';
import { saidOf } from '../../lib/zod-said.ts';

/** An account number in the path must be one of the caller's (API.md): else 403. */
export function ownAccount(caller: SignedInContext, accountNumber: string | undefined): Result<string> {
  const owned = caller.user.accounts.some((account) => account.account_number === accountNumber);
  return owned && accountNumber ? succeed(accountNumber) : fail('FORBIDDEN', said('said.errors.notYours'));
}

/** The Idempotency-Key header, or an idempotency_key field for plain HTML forms; required. */
export function idempotencyKeyOf(context: APIContext, body: Record<string, unknown>): Result<string> {
  const raw = context.request.headers.get('idempotency-key') ?? body.idempotency_key;
  if (raw === undefined || raw === null || raw === '') {
    return fail('VALIDATION_FAILED', said('said.errors.keyMissing'), { errors: { idempotency_key: [said('said.errors.required')] } });
  }
  const parsed = idempotencyKeySchema.safeParse(raw);
  if (parsed.success) return succeed(parsed.data);
  const message = saidOf(parsed.error.issues[0]?.message ?? 'said.errors.keyInvalid');
  return fail('VALIDATION_FAILED', message, { errors: { idempotency_key: [message] } });
}

/**
 * The answer of a call that moves money (transfer or purchase). Pending is a success (API.md:
 * status may be pending). One the other bank or the biller refused was reversed at once: 502
 * PROVIDER_FAILED, with the reversed Transaction in `data` so a client can show its receipt.
 * A transfer a fraud rule held is 202 with `status: "held"`. Replays carry `Idempotent-Replayed: true`.
 */
export function moneyResponse(result: MoneyResult, locale: Locale = defaultLocale): Response {
  const headers: Record<string, string> = result.replayed ? { 'idempotent-replayed': 'true' } : {};
  if (!result.ok) {
    const response = jsonFailure(result, locale);
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
    return response;
  }
  const { transaction, message } = result.value;
  if (transaction.status === 'reversed' || transaction.status === 'failed') {
    // Said in the caller's language as every failure is (respond.ts); the Transaction in `data` as it is.
    return new Response(JSON.stringify({ success: false, message: sayRefusal(locale, { code: 'PROVIDER_FAILED', message }), code: 'PROVIDER_FAILED', data: transaction }), {
      status: 502,
      headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
    });
  }
  // Held for a security check (decision 032): accepted, not sent; 202 with the Transaction, status held.
  return jsonSuccess(transaction, message, transaction.status === 'held' ? 202 : 200, headers);
}

/** A keyed request from one of the caller's accounts: who, from which account, what, under which key. */
export type KeyedRequest<S extends z.ZodType> = { userId: string; sendAccount: string; input: z.output<S>; key: string };

/**
 * The steps before a keyed call from an account in the path ({sendAccount}): caller, the account
 * theirs, body, idempotency key, then the schema; the first that fails is the answer.
 */
export async function keyedRequest<S extends z.ZodType>(context: APIContext, schema: S): Promise<Result<KeyedRequest<S>>> {
  const caller = callerAccount(context, 'sendAccount');
  if (!caller.ok) return caller;
  const body = await readRequestBody(context.request);
  if (!body.ok) return body;
  const key = idempotencyKeyOf(context, body.value.fields);
  if (!key.ok) return key;
  const input = parseValues(apiFields(body.value, schema), schema);
  if (!input.ok) return input;
  return succeed({ userId: caller.value.userId, sendAccount: caller.value.account, input: input.value, key: key.value });
}

/** The signed-in caller and the account the path parameter `param` names, which must be theirs (else 403). */
export function callerAccount(context: APIContext, param: string): Result<{ userId: string; account: string }> {
  const caller = signedIn(context);
  if (!caller.ok) return caller;
  const account = ownAccount(caller.value, context.params[param]);
  return account.ok ? succeed({ userId: caller.value.user.id, account: account.value }) : account;
}

/**
 * A signed-in POST about one of the caller's accounts, named by the path parameter `param`
 * (another customer's is 403): the body parsed by `schema`, then `act`; a failure answered as every
 * failure is, a value by `answer`.
 */
export function accountPost<S extends z.ZodType, T>(
  param: string,
  schema: S,
  act: (app: App, userId: string, account: string, input: z.output<S>, context: APIContext) => Promise<Result<T>>,
  answer: (value: T) => Response,
): APIRoute {
  return endpoint(async (context) => {
    const caller = callerAccount(context, param);
    if (!caller.ok) return caller;
    const input = await parseInput(context.request, schema);
    if (!input.ok) return input;
    const result = await act(context.locals.app, caller.value.userId, caller.value.account, input.value, context);
    return result.ok ? answer(result.value) : result;
  });
}

/**
 * POST /v1/transfer/{local,bank}/{sendAccount} and /v1/bills/{kind}/purchase/{sendAccount}:
 * the keyed request, then the service; they differ only in schema and service call.
 */
export function moneyEndpoint<S extends z.ZodType>(
  schema: S,
  send: (app: App, userId: string, sendAccount: string, input: z.output<S>, key: string) => Promise<MoneyResult>,
): APIRoute {
  return endpoint(async (context) => {
    const request = await keyedRequest(context, schema);
    if (!request.ok) return request;
    const { userId, sendAccount, input, key } = request.value;
    return moneyResponse(await send(context.locals.app, userId, sendAccount, input, key), context.locals.locale);
  });
}
