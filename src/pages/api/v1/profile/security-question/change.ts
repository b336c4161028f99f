import { changeSecurityQuestionSchema } from '../../../../../lib/settings-schemas.ts';
import { endpoint, parseInput, signedIn } from '../../../../../server/http/api.ts';
import { jsonSuccess } from '../../../../../server/http/respond.ts';

export const POST = endpoint(async (context) => {
  const caller = signedIn(context);
  if (!caller.ok) return caller;
  const input = await parseInput(context.request, changeSecurityQuestionSchema);
  if (!input.ok) return input;
  const result = await context.locals.app.settings.changeSecurityQuestion(caller.value.user.id, input.value);
  if (!result.ok) return result;
  return jsonSuccess(result.value, 'Your security question is changed.');
});
