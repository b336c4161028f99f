import { loginSchema } from '../../../../lib/schemas.ts';
import { requestMeta, endpoint, parseInput } from '../../../../server/http/api.ts';
import { jsonSuccess } from '../../../../server/http/respond.ts';
import { setSessionCookie } from '../../../../server/http/session-cookie.ts';
import { publicUrlOf } from '../../../../server/http/client.ts';
import { holdUnboundSignIn, recogniseSignIn } from '../../../../server/http/device-cookie.ts';
import { said } from '../../../../i18n/said.ts';

export const POST = endpoint(async (context) => {
  const input = await parseInput(context.request, loginSchema);
  if (!input.ok) return input;
  const { app } = context.locals;
  const result = await app.auth.login(input.value, requestMeta(context));
  if (!result.ok) return result;
  setSessionCookie(context.cookies, publicUrlOf(context), result.value.token, app.config.session.absoluteMs / 1000);
  // A client that keeps cookies (a browser, an app with a cookie jar) is known next time; one that does not is a new browser at every sign-in.
  const device = await recogniseSignIn(context, result.value.user.id);
  if (!app.config.deviceBinding) return jsonSuccess({ user: result.value.user, token: result.value.token }, said('said.api.signedIn'));
  // DEVICE_BINDING on: `device` is what the client sends as X-Device next time; an unbound one confirms the code first.
  const held = await holdUnboundSignIn(context, result.value.user.id, result.value.sessionId, device.deviceId);
  return jsonSuccess({ user: result.value.user, token: result.value.token, device: device.device, device_confirmation_required: held }, said(held ? 'said.device.codeSent' : 'said.api.signedIn'));
});
