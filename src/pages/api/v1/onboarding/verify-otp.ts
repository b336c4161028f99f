import { otpSchema } from '../../../../lib/schemas.ts';
import { customerOrPending, endpoint, parseInput, requestMeta } from '../../../../server/http/api.ts';
import { jsonSuccess } from '../../../../server/http/respond.ts';
import { recogniseAccountOpening } from '../../../../server/http/device-cookie.ts';
import { said } from '../../../../i18n/said.ts';

/**
 * The emailed code. For a registration waiting for it, the right code opens the customer and the
 * account, and the same token becomes their session; for a taken email or phone it answers as a
 * wrong code does. For a signed-in customer whose email is not verified (accounts opened before
 * registrations waited for the code), it verifies the email.
 */
export const POST = endpoint(async (context) => {
  const caller = customerOrPending(context);
  if (!caller.ok) return caller;
  const input = await parseInput(context.request, otpSchema);
  if (!input.ok) return input;
  const { app } = context.locals;
  const result =
    caller.value.kind === 'pending'
      ? await app.registrations.verify(caller.value.registration.id, input.value.otp, requestMeta(context))
      : await app.onboarding.verifyEmail(caller.value.user.id, input.value.otp).then((verified) => (verified.ok ? { ok: true as const, value: { user: verified.value } } : verified));
  if (!result.ok) return result;
  // The browser that opened the account is the customer's first known one.
  if (caller.value.kind === 'pending') await recogniseAccountOpening(context, result.value.user.id);
  return jsonSuccess({ user: result.value.user }, said('said.api.emailVerified'));
});
