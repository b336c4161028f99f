import { alertSettingsSchema } from '../../../../lib/alert-schemas.ts';
import { endpoint, signedIn, signedInPost } from '../../../../server/http/api.ts';
import { jsonSuccess } from '../../../../server/http/respond.ts';
import { requestDeviceHash } from '../../../../server/http/device-cookie.ts';
import { alertSettingsMessage } from '../../../../server/core/alerts/alert-service.ts';

/** The caller's alert choices: email always on, SMS on or off (and since when off), and the number SMS alerts go to. */
export const GET = endpoint(async (context) => {
  const caller = signedIn(context);
  if (!caller.ok) return caller;
  const settings = await context.locals.app.alerts.settings(caller.value.user.id);
  return jsonSuccess(settings, alertSettingsMessage(settings));
});

/**
 * Turns SMS alerts on or off (`sms`: boolean); email alerts stay on. Off needs
 * `accept_indemnity: true` and records when and from which device (the X-Device header's). A
 * change is confirmed by email.
 */
export const POST = signedInPost(
  alertSettingsSchema,
  (app, user, input, call) => app.alerts.setSms(user.id, input, requestDeviceHash(app, call.context.request)),
  ({ changed: _changed, ...settings }) => jsonSuccess(settings, alertSettingsMessage(settings)),
);
