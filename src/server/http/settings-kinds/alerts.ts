import { alertSettingsSchema, type AlertSettingsInput } from '../../../lib/alert-schemas.ts';
import { alertsSectionId, settingsPath } from '../../../lib/settings-intents.ts';
import { alertSettingsMessage, type AlertSettings } from '../../core/alerts/alert-service.ts';
import { parseValues } from '../api.ts';
import type { SettingsKind } from './scope.ts';

/**
 * The SMS alerts switch (src/components/AlertsSection.astro), a plain form without an island:
 * it posts `intent=alerts` and `sms=true|false` to the page (turning off, with the indemnity's
 * checkbox `accept_indemnity=true`), the same schema and service as POST /v1/alerts/settings
 * run, and success goes to ?alerts=sms_on|sms_off#alerts, where the section says what is now in
 * force. Turning off is recorded with this browser's device.
 */
export const alertsKind: SettingsKind<AlertSettingsInput, AlertSettings> = {
  intent: 'alerts',
  view: 'alerts',
  secretFields: [],
  // The switch's one field is the hidden opposite of what is in force: a refusal shows nothing typed.
  shownAgain: () => ({}),
  read: (values) => parseValues(values, alertSettingsSchema),
  save: ({ app, user, deviceHash }, input) => app.alerts.setSms(user.id, input, deviceHash),
  doneUrl: (saved) => `${settingsPath}?alerts=${saved.sms ? 'sms_on' : 'sms_off'}#${alertsSectionId}`,
  notice(url, loaded) {
    const done = url.searchParams.get('alerts');
    return done === 'sms_on' || done === 'sms_off' ? alertSettingsMessage(loaded.alerts) : null;
  },
};
