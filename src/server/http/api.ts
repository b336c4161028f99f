import type { APIContext, APIRoute } from 'astro';
import { z } from 'zod';
import { fieldErrorsOf } from '../../lib/schemas.ts';
import { said } from '../../i18n/said.ts';
import { fail, succeed, type Result } from '../core/result.ts';
import type { UserJson } from '../core/users/present-user.ts';
import { readRequestBody, type RequestBody } from './body.ts';
import { clientOf } from './client.ts';
import { jsonDatabaseAway, jsonFailure, jsonUnexpected, saySuccess } from './respond.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';

export type SignedInContext = { session: NonNullable<App.Locals['session']>; user: UserJson };

/** Body → zod → a typed input, or VALIDATION_FAILED with a message per field. */
export async function parseInput<S extends z.ZodType>(request: Request, schema: S): Promise<Result<z.output<S>>> {
  const body = await readRequestBody(request);
  if (!body.ok) return body;
  return parseValues(apiFields(body.value, schema), schema);
}

const integerFieldCache = new WeakMap<z.ZodType, ReadonlySet<string>>();

/** The top-level fields a schema declares as integers (amounts, ids), from its JSON Schema. */
export function integerFieldsOf(schema: z.ZodType): ReadonlySet<string> {
  const cached = integerFieldCache.get(schema);
  if (cached) return cached;
  type Node = { type?: unknown; properties?: Record<string, Node>; allOf?: Node[]; anyOf?: Node[] };
  const isInteger = (node: Node | undefined): boolean => node?.type === 'integer' || (node?.anyOf ?? []).some((option) => option.type === 'integer');
  const fields = new Set<string>();
  const visit = (node: Node) => {
    for (const [name, property] of Object.entries(node.properties ?? {})) if (isInteger(property)) fields.add(name);
    for (const part of node.allOf ?? []) visit(part);
  };
  visit(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Node);
  integerFieldCache.set(schema, fields);
  return fields;
}

/**
 * The fields as the API's schemas read them. JSON keeps its own types: an amount is a JSON
 * integer, never the text "500". A urlencoded or multipart body carries only text, so there an
 * integer field is plain decimal digits (no sign, spaces, decimals, exponent or radix), read
 * exactly; anything else stays text and the schema refuses it.
 */
export function apiFields(body: RequestBody, schema: z.ZodType): Record<string, unknown> {
  if (body.encoding === 'json') return body.fields;
  const integers = integerFieldsOf(schema);
  return Object.fromEntries(
    Object.entries(body.fields).map(([name, value]) => [name, integers.has(name) && typeof value === 'string' && /^(?:0|[1-9]\d{0,14})$/.test(value) ? Number(value) : value]),
  );
}

export function parseValues<S extends z.ZodType>(values: unknown, schema: S): Result<z.output<S>> {
  const parsed = schema.safeParse(values);
  if (parsed.success) return succeed(parsed.data);
  const errors = fieldErrorsOf(parsed.error);
  const first = Object.values(errors)[0]?.[0] ?? said('said.api.someFields');
  return fail('VALIDATION_FAILED', first, { errors });
}

export function signedIn(context: APIContext): Result<SignedInContext> {
  const { session, user } = context.locals;
  if (!session || !user) {
    // A registration waiting for its code is treated as a customer whose email is not verified.
    if (context.locals.registration) return fail('ONBOARDING_INCOMPLETE', pendingRefusal);
    return fail('UNAUTHENTICATED', context.locals.sessionEnded === 'idle' ? said('said.errors.idle') : said('error.UNAUTHENTICATED'));
  }
  return succeed({ session, user });
}

export const pendingRefusal = said('said.errors.pending');

/**
 * The few calls a registration waiting for its email code may make, as a customer whose email is
 * not verified would (verify-otp, resend-otp, GET /v1/profile, logout): the customer, or the
 * pending registration.
 */
export function customerOrPending(
  context: APIContext,
): Result<({ kind: 'customer' } & SignedInContext) | { kind: 'pending'; registration: NonNullable<App.Locals['registration']> }> {
  const { registration } = context.locals;
  if (registration) return succeed({ kind: 'pending', registration });
  const caller = signedIn(context);
  return caller.ok ? succeed({ kind: 'customer', ...caller.value }) : caller;
}

/** Who is asking, for the session record and the logs; endpoints and pages both pass themselves. */
export function requestMeta(context: { request: Request; clientAddress: string; locals: App.Locals }): { ip: string | null; userAgent: string | null } {
  // The client's address: the TCP peer, or behind a trusted proxy the address it forwarded (client.ts).
  return { ip: clientOf(context).address, userAgent: context.request.headers.get('user-agent') };
}

/**
 * Wraps an endpoint: an expected failure becomes the error envelope; anything thrown is a bug,
 * logged with the path and answered with a generic 500 that leaks nothing.
 */
export function endpoint(handler: (context: APIContext) => Promise<Response | import('../core/result.ts').Failure>): APIRoute {
  return async (context) => {
    try {
      const outcome = await handler(context);
      // The words in the caller's language (respond.ts): a success's message, a failure's message and field messages; codes and data as they are.
      return outcome instanceof Response ? saySuccess(outcome, context.locals.locale) : jsonFailure(outcome, context.locals.locale);
    } catch (error) {
      if (isDatabaseUnavailable(error)) {
        context.locals.app?.log.warn('http.database_away', { path: context.url.pathname, error: error instanceof Error ? error.message : String(error) });
        return jsonDatabaseAway(context.locals.locale);
      }
      context.locals.app?.log.error('http.unexpected', {
        path: context.url.pathname,
        error: error instanceof Error ? error.message : String(error),
        stack: error instanceof Error ? error.stack?.split('\n').slice(0, 6).join(' | ') : undefined,
      });
      return jsonUnexpected(context.locals.locale);
    }
  };
}

type BankApp = App.Locals['app'];

/** What else a signed-in call may need: the caller's session, and the request (path parameters, cookies). */
export type CallContext = { session: SignedInContext['session']; context: APIContext };

/**
 * A signed-in customer's JSON POST: a guest refused as signedIn refuses, the body parsed by
 * `schema`, then `act` with the services; a failure answered as every failure is, a value by
 * `answer` (with the services, for wording that needs them).
 */
export function signedInPost<S extends z.ZodType, T>(
  schema: S,
  act: (app: BankApp, user: UserJson, input: z.output<S>, call: CallContext) => Promise<Result<T>>,
  answer: (value: T, input: z.output<S>, app: BankApp, call: CallContext) => Response,
): APIRoute {
  return endpoint(async (context) => {
    const caller = signedIn(context);
    if (!caller.ok) return caller;
    const input = await parseInput(context.request, schema);
    if (!input.ok) return input;
    const { app } = context.locals;
    const call = { session: caller.value.session, context };
    const result = await act(app, caller.value.user, input.value, call);
    if (!result.ok) return result;
    return answer(result.value, input.value, app, call);
  });
}

/** A signed-in customer's call without a body: signedIn, then `act`; a failure answered as every failure is, a value by `answer`. */
export function signedInAction<T>(act: (app: BankApp, user: UserJson, call: CallContext) => Promise<Result<T>>, answer: (value: T, call: CallContext) => Response): APIRoute {
  return endpoint(async (context) => {
    const caller = signedIn(context);
    if (!caller.ok) return caller;
    const call = { session: caller.value.session, context };
    const result = await act(context.locals.app, caller.value.user, call);
    return result.ok ? answer(result.value, call) : result;
  });
}
