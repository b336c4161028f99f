import { registrationResendSchema } from '../../../../../lib/registration-schemas.ts';
import { endpoint, parseInput } from '../../../../../server/http/api.ts';
import { jsonSuccess } from '../../../../../server/http/respond.ts';
import { readRegistrationToken } from '../../../../../server/http/registration-cookie.ts';
import { fail } from '../../../../../server/core/result.ts';

/** A new code for a registration (one a minute, 5 in all); the same answer whatever the registration's outcome. */
export const POST = endpoint(async (context) => {
  const input = await parseInput(context.request, registrationResendSchema);
  if (!input.ok) return input;
  const token = input.value.registration_token ?? readRegistrationToken(context.cookies, context.url);
  if (!token) return fail('INVALID_OTP', 'This registration has expired. Fill in the registration form again.');
  const result = await context.locals.app.registrations.resend(token);
  if (!result.ok) return result;
  return jsonSuccess(null, result.value.message);
});
