import { registrationVerifySchema } from '../../../../../lib/registration-schemas.ts';
import { requestMeta, endpoint, parseInput } from '../../../../../server/http/api.ts';
import { jsonSuccess } from '../../../../../server/http/respond.ts';
import { setSessionCookie } from '../../../../../server/http/session-cookie.ts';
import { clearRegistrationCookie, readRegistrationToken } from '../../../../../server/http/registration-cookie.ts';
import { codeMessages } from '../../../../../server/core/onboarding/one-time-codes.ts';
import { fail } from '../../../../../server/core/result.ts';

/** The emailed code: opens the account (email verified) and signs in, like login. */
export const POST = endpoint(async (context) => {
  const input = await parseInput(context.request, registrationVerifySchema);
  if (!input.ok) return input;
  const { app } = context.locals;
  const token = input.value.registration_token ?? readRegistrationToken(context.cookies, context.url);
  if (!token) return fail('INVALID_OTP', codeMessages.gone, { errors: { otp: [codeMessages.gone] } });
  const result = await app.registrations.verify(token, input.value.otp, requestMeta(context));
  if (!result.ok) return result;
  clearRegistrationCookie(context.cookies, context.url);
  setSessionCookie(context.cookies, context.url, result.value.token, app.config.session.absoluteMs / 1000);
  const message = 'Your email address is verified and your account is open.';
  return jsonSuccess({ user: result.value.user, token: result.value.token, message }, message, 201);
});
