import { endpoint, signedIn } from '../../../../server/http/api.ts';
import { jsonSuccess } from '../../../../server/http/respond.ts';

export const POST = endpoint(async (context) => {
  const caller = signedIn(context);
  if (!caller.ok) return caller;
  const result = await context.locals.app.onboarding.resendVerificationCode(caller.value.user.id);
  if (!result.ok) return result;
  return jsonSuccess(null, result.value.message);
});
