import { endpoint, signedIn } from '../../../../server/http/api.ts';
import { jsonSuccess } from '../../../../server/http/respond.ts';
import { said } from '../../../../i18n/said.ts';

/** GET /v1/cases/{number}: one of the caller's cases; another customer's, or none, is 404. */
export const GET = endpoint(async (context) => {
  const caller = signedIn(context);
  if (!caller.ok) return caller;
  const result = await context.locals.app.cases.get(caller.value.user.id, context.params.number ?? '');
  if (!result.ok) return result;
  return jsonSuccess(result.value, said('said.api.case', { number: result.value.number }));
});
