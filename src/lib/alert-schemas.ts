import { z } from 'zod';
import { says } from './zod-said.ts';

/** A JSON boolean, or in a form post the text `true` or `false`. */
const formBoolean = (message: Parameters<typeof says>[0]) => z.preprocess((value) => (value === 'true' ? true : value === 'false' ? false : value), z.boolean({ error: says(message) }));

/**
 * POST /v1/alerts/settings and the Alerts form of /account/settings: `sms` is a JSON boolean, or
 * in a form post the text `true` or `false`. Nothing else turns SMS alerts off (a missing field
 * is refused, not read as "off"). Turning them off also takes `accept_indemnity: true` (the
 * form's checkbox posts `true`); without it the service refuses on that field. Email alerts
 * have no switch: every movement is emailed.
 */
export const alertSettingsSchema = z.object({
  sms: formBoolean('fields.alerts.sms'),
  accept_indemnity: formBoolean('fields.alerts.acceptIndemnity').optional(),
});
export type AlertSettingsInput = z.infer<typeof alertSettingsSchema>;
