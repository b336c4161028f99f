import { endpoint, signedIn } from '../../../../../server/http/api.ts';
import { jsonSuccess } from '../../../../../server/http/respond.ts';
import { publicUrlOf } from '../../../../../server/http/client.ts';
import { said } from '../../../../../i18n/said.ts';

/** A new new-device code by email and SMS for a session waiting to confirm its device (decision 026). */
export const POST = endpoint(async (context) => {
  const caller = signedIn(context);
  if (!caller.ok) return caller;
  const sent = await context.locals.app.deviceBinding.resend(caller.value.session.id, publicUrlOf(context).origin);
  if (!sent.ok) return sent;
  return jsonSuccess({ expires_at: sent.value.expiresAt.toISOString() }, said('said.device.resent'));
});
