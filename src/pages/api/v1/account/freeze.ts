import { freezeSchema } from '../../../../lib/safety-schemas.ts';
import { endpoint, parseInput, signedIn } from '../../../../server/http/api.ts';
import { jsonSuccess } from '../../../../server/http/respond.ts';

/** POST /v1/account/freeze: with the password; every debit refused from now on (423 ACCOUNT_FROZEN), every other session ended. */
export const POST = endpoint(async (context) => {
  const caller = signedIn(context);
  if (!caller.ok) return caller;
  const input = await parseInput(context.request, freezeSchema);
  if (!input.ok) return input;
  const result = await context.locals.app.freeze.freeze(caller.value.user.id, caller.value.session.id, input.value);
  if (!result.ok) return result;
  return jsonSuccess({ frozen: true, signed_out_sessions: result.value.signedOutSessions }, result.value.message);
});
