import { changePinSchema } from '../../../../../lib/settings-schemas.ts';
import { endpoint, parseInput, signedIn } from '../../../../../server/http/api.ts';
import { jsonSuccess } from '../../../../../server/http/respond.ts';

/** With current_pin, or with password and security_answer (which also lifts a PIN lock). */
export const POST = endpoint(async (context) => {
  const caller = signedIn(context);
  if (!caller.ok) return caller;
  const input = await parseInput(context.request, changePinSchema);
  if (!input.ok) return input;
  const result = await context.locals.app.settings.changePin(caller.value.user.id, input.value);
  if (!result.ok) return result;
  return jsonSuccess(result.value, input.value.current_pin !== undefined ? 'Your transaction PIN is changed.' : 'Your transaction PIN is reset.');
});
