import { registerSchema } from '../../../../lib/schemas.ts';
import { requestMeta, endpoint, parseInput } from '../../../../server/http/api.ts';
import { jsonSuccess } from '../../../../server/http/respond.ts';
import { setSessionCookie } from '../../../../server/http/session-cookie.ts';
import { publicUrlOf } from '../../../../server/http/client.ts';
import { say } from '../../../../i18n/translate.ts';

/**
 * API.md: 201 `{ user, token, message }`, the same answer whether or not the email or phone
 * already banks here. The token is the session from now on (cookie or Bearer); until the emailed
 * code comes back to /v1/onboarding/verify-otp it opens only what a customer with an unverified
 * email may do, and nothing is opened (registration-service.ts).
 */
export const POST = endpoint(async (context) => {
  const input = await parseInput(context.request, registerSchema);
  if (!input.ok) return input;
  const { app } = context.locals;
  const result = await app.registrations.register(input.value, requestMeta(context), context.locals.locale);
  if (!result.ok) return result;
  setSessionCookie(context.cookies, publicUrlOf(context), result.value.token, app.config.session.absoluteMs / 1000);
  const { message } = result.value;
  // The data's `message` stays English, as forgot's and reset's do; the envelope's is in the caller's language.
  return jsonSuccess({ ...result.value, message: say('en', message) }, message, 201);
});
