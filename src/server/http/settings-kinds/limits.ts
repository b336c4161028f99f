import type { LimitsJson } from '../../core/customer-limits/limits-service.ts';
import type { DailyLimitInput, InstantPaymentsInput } from '../../../lib/limits-schemas.ts';
import { limitsDoneUrl, limitsSecretFields, limitsViewsFor, readDailyLimitForm, readInstantPaymentsForm } from '../limits-forms.ts';
import type { Notice, SettingsKind } from './scope.ts';
import { succeed } from '../../core/result.ts';

/**
 * The two Limits forms (src/components/LimitsSection.astro), plain forms without an island that
 * post to /account/limits: a change made goes back to /account/settings?limits=<what>#limits,
 * where the section says what changed. The limit is typed in naira and read into kobo by
 * limits-forms.ts, which also words those notices.
 */
const noticeOf = (notice: Notice | null): Notice | null => notice;

/** The customer's own daily limit: lower at once; higher with a security code and the PIN, after a delay. */
export const dailyLimitKind: SettingsKind<DailyLimitInput, { change: 'lowered' | 'raise' }> = {
  intent: 'daily',
  view: 'daily',
  secretFields: limitsSecretFields,
  read: readDailyLimitForm,
  save: ({ app, user }, input) => app.limits.setDailyLimit(user.id, input),
  doneUrl: (saved) => limitsDoneUrl(saved.change),
  notice: (url, loaded) => noticeOf(limitsViewsFor(url, 'GET', loaded.limits).daily.notice),
};

/** Instant transfers to other banks: off or on with a security code and the PIN. */
export const instantPaymentsKind: SettingsKind<InstantPaymentsInput, { limits: LimitsJson }> = {
  intent: 'instant',
  view: 'instant',
  secretFields: limitsSecretFields,
  read: readInstantPaymentsForm,
  save: ({ app, user }, input) => app.limits.setInstantPayments(user.id, input),
  doneUrl: (saved) => limitsDoneUrl(saved.limits.instant_payments ? 'instant_on' : 'instant_off'),
  notice: (url, loaded) => noticeOf(limitsViewsFor(url, 'GET', loaded.limits).instant.notice),
};

/** "Send me a code" before a raise or the instant-payments switch: its own plain form, the code by SMS and email. */
function sendCodeKind(intent: string, view: 'daily' | 'instant', purpose: 'daily_limit' | 'instant_payments'): SettingsKind<{ purpose: typeof purpose }, { purpose: typeof purpose }> {
  return {
    intent,
    view,
    secretFields: [],
    read: () => succeed({ purpose }),
    save: async ({ app, user }) => {
      const sent = await app.securityCodes.request(user.id, purpose);
      return sent.ok ? succeed({ purpose }) : sent;
    },
    doneUrl: () => limitsDoneUrl(purpose === 'daily_limit' ? 'code_daily_limit' : 'code_instant_payments'),
    notice: (url, loaded) => noticeOf(limitsViewsFor(url, 'GET', loaded.limits)[view].notice),
  };
}
export const dailyCodeKind = sendCodeKind('daily_code', 'daily', 'daily_limit');
export const instantCodeKind = sendCodeKind('instant_code', 'instant', 'instant_payments');
