import { securityQuestionSchema } from '../../../../lib/schemas.ts';
import { requestMeta, endpoint, parseInput, signedIn } from '../../../../server/http/api.ts';
import { jsonSuccess } from '../../../../server/http/respond.ts';
import { setSessionCookie } from '../../../../server/http/session-cookie.ts';
import { publicUrlOf } from '../../../../server/http/client.ts';

export const POST = endpoint(async (context) => {
  const caller = signedIn(context);
  if (!caller.ok) return caller;
  const input = await parseInput(context.request, securityQuestionSchema);
  if (!input.ok) return input;
  const { app } = context.locals;
  const result = await app.onboarding.setSecurityQuestion(caller.value.user.id, caller.value.session.id, input.value, requestMeta(context));
  if (!result.ok) return result;
  // The session is replaced: a browser gets the new cookie, a Bearer client the new token.
  if (caller.value.session.via === 'cookie') setSessionCookie(context.cookies, publicUrlOf(context), result.value.token, app.config.session.absoluteMs / 1000);
  return jsonSuccess({ user: result.value.user, token: result.value.token }, 'You are all set.');
});
