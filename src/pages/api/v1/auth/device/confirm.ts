import { deviceCodeSchema } from '../../../../../lib/schemas.ts';
import { endpoint, parseInput, requestMeta, signedIn } from '../../../../../server/http/api.ts';
import { jsonSuccess } from '../../../../../server/http/respond.ts';
import { publicUrlOf } from '../../../../../server/http/client.ts';
import { said } from '../../../../../i18n/said.ts';

/** The new-device code (decision 026): this session's device becomes the bound one, the customer's other sessions end. */
export const POST = endpoint(async (context) => {
  const caller = signedIn(context);
  if (!caller.ok) return caller;
  const input = await parseInput(context.request, deviceCodeSchema);
  if (!input.ok) return input;
  const confirmed = await context.locals.app.deviceBinding.confirm(caller.value.session.id, input.value.code, { origin: publicUrlOf(context).origin, userAgent: requestMeta(context).userAgent });
  if (!confirmed.ok) return confirmed;
  return jsonSuccess({ signed_out_sessions: confirmed.value.signedOutSessions, liveness_required: confirmed.value.livenessRequired }, said('said.device.confirmed'));
});
