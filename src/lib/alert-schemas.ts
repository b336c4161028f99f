import { z } from 'zod';
import { says } from './zod-said.ts';

/**
 * POST /v1/alerts/settings and the Alerts form of /account/settings: `sms` is a JSON boolean, or
 * in a form post the text `true` or `false`. Nothing else turns SMS alerts off (a missing field
 * is refused, not read as "off"). Email alerts have no switch: every movement is emailed.
 */
export const alertSettingsSchema = z.object({
  sms: z.preprocess((value) => (value === 'true' ? true : value === 'false' ? false : value), z.boolean({ error: says('fields.alerts.sms') })),
});
export type AlertSettingsInput = z.infer<typeof alertSettingsSchema>;
