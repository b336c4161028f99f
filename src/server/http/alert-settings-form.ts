import { alertSettingsSchema } from '../../lib/alert-schemas.ts';
import { alertSettingsMessage } from '../core/alerts/alert-service.ts';
import { succeed, type Failure, type Result } from '../core/result.ts';
import { parseValues } from './api.ts';
import { emptyView, failureView, type FormView } from './forms.ts';

type BankApp = App.Locals['app'];

/** The Alerts section's place on /account/settings. */
export const alertsSectionId = 'alerts';

/**
 * The no-JavaScript round trip of the Alerts switch on /account/settings: the form posts
 * `intent=alerts` and `sms=true|false` to the page, the same schema and service as
 * POST /v1/alerts/settings run, and success redirects to ?alerts=sms_on|sms_off#alerts, where the
 * section says what is now in force. Answers the address to redirect to, or the failure to show.
 */
export async function saveAlertSettingsForm(app: BankApp, userId: string, values: Record<string, string>): Promise<Result<string>> {
  const input = parseValues(values, alertSettingsSchema);
  const saved = input.ok ? await app.alerts.setSms(userId, input.value.sms) : input;
  if (!saved.ok) return saved;
  return succeed(`/account/settings?alerts=${saved.value.sms ? 'sms_on' : 'sms_off'}#${alertsSectionId}`);
}

/** The section's view: a refused post's message, or after the redirect a notice of what is now in force. */
export function alertSettingsView(url: URL, method: string, failure: Failure | null, settings: { sms: boolean; sms_to: string }): FormView {
  if (failure) return failureView({}, failure);
  const done = method === 'GET' ? url.searchParams.get('alerts') : null;
  return emptyView(done === 'sms_on' || done === 'sms_off' ? alertSettingsMessage(settings) : null);
}
