import { customerOrPending, endpoint } from '../../../../server/http/api.ts';
import { jsonSuccess } from '../../../../server/http/respond.ts';

/** A new code (the old one dead): for a registration waiting for it, or a customer whose email is not verified. */
export const POST = endpoint(async (context) => {
  const caller = customerOrPending(context);
  if (!caller.ok) return caller;
  const { app } = context.locals;
  const result =
    caller.value.kind === 'pending' ? await app.registrations.resend(caller.value.registration.id, context.locals.locale) : await app.onboarding.resendVerificationCode(caller.value.user.id);
  if (!result.ok) return result;
  return jsonSuccess(null, result.value.message);
});
