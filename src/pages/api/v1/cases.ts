import { caseSchema } from '../../../lib/safety-schemas.ts';
import { endpoint, parseInput, signedIn } from '../../../server/http/api.ts';
import { jsonSuccess } from '../../../server/http/respond.ts';
import { said } from '../../../i18n/said.ts';

/** GET /v1/cases: the caller's cases, newest first, each with its status history. */
export const GET = endpoint(async (context) => {
  const caller = signedIn(context);
  if (!caller.ok) return caller;
  return jsonSuccess(await context.locals.app.cases.list(caller.value.user.id), said('said.api.cases'));
});

/** POST /v1/cases: a case about one of the caller's transactions (another customer's reference is 404); 201 with the case. */
export const POST = endpoint(async (context) => {
  const caller = signedIn(context);
  if (!caller.ok) return caller;
  const input = await parseInput(context.request, caseSchema);
  if (!input.ok) return input;
  const result = await context.locals.app.cases.open(caller.value.user, caller.value.session.id, input.value);
  if (!result.ok) return result;
  const { case: opened, frozen } = result.value;
  const message = said(frozen ? 'said.api.caseOpenedFrozen' : 'said.api.caseOpened', { number: opened.number });
  return jsonSuccess({ case: opened, frozen: frozen !== null }, message, 201);
});
