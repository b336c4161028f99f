import { changePasswordSchema } from '../../../../../lib/settings-schemas.ts';
import { endpoint, parseInput, signedIn } from '../../../../../server/http/api.ts';
import { jsonSuccess } from '../../../../../server/http/respond.ts';

/** POST /v1/profile/password/update (and its alias /change): the calling session stays signed in, every other one ends. */
export const POST = endpoint(async (context) => {
  const caller = signedIn(context);
  if (!caller.ok) return caller;
  const input = await parseInput(context.request, changePasswordSchema);
  if (!input.ok) return input;
  const result = await context.locals.app.settings.changePassword(caller.value.user.id, caller.value.session.id, input.value);
  if (!result.ok) return result;
  return jsonSuccess({ signed_out_sessions: result.value.signedOutSessions }, result.value.message);
});
