import { registerSchema } from '../../../../lib/schemas.ts';
import { requestMeta, endpoint, parseInput } from '../../../../server/http/api.ts';
import { jsonSuccess } from '../../../../server/http/respond.ts';
import { setRegistrationCookie } from '../../../../server/http/registration-cookie.ts';

/**
 * The same answer whether or not the email or phone already banks here (202: nothing is opened
 * until the emailed code comes back to /v1/auth/register/verify).
 */
export const POST = endpoint(async (context) => {
  const input = await parseInput(context.request, registerSchema);
  if (!input.ok) return input;
  const { app } = context.locals;
  const result = await app.registrations.register(input.value, requestMeta(context));
  if (!result.ok) return result;
  setRegistrationCookie(context.cookies, context.url, result.value.registration_token);
  return jsonSuccess(result.value, result.value.message, 202);
});
