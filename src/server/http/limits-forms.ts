import type { LimitsJson } from '../core/customer-limits/limits-service.ts';
import { fail, type Result } from '../core/result.ts';
import { parseNairaInput } from '../../lib/amount-input.ts';
import { formatNaira } from '../../lib/money.ts';
import { formatLagosDateTime } from '../../lib/lagos-time.ts';
import { dailyLimitSchema, instantPaymentsSchema, type DailyLimitInput, type InstantPaymentsInput } from '../../lib/limits-schemas.ts';
import { parseValues } from './api.ts';
import { emptyView, type FormView } from './forms.ts';

/**
 * The Limits forms without JavaScript (src/components/LimitsSection.astro, posted to
 * /account/limits): the limit is typed in naira and becomes kobo here, then the API's own schemas
 * read the form; a success comes back to /account/settings?limits=<what>#limits.
 */
export type LimitsDone = 'lowered' | 'raise' | 'instant_off' | 'instant_on';
export type LimitsViews = { daily: FormView; instant: FormView };

export const limitsSecretFields = ['password', 'pin'];

export function readDailyLimitForm(values: Record<string, string>): Result<DailyLimitInput> {
  const typed = values.limit?.trim() ?? '';
  if (typed === '') return fail('VALIDATION_FAILED', 'Enter your new daily limit', { errors: { limit: ['Enter your new daily limit'] } });
  const limitKobo = parseNairaInput(typed);
  if (limitKobo === null) return fail('VALIDATION_FAILED', 'Enter an amount in naira, like 20,000', { errors: { limit: ['Enter an amount in naira, like 20,000'] } });
  return parseValues({ ...values, limit: limitKobo }, dailyLimitSchema);
}

export function readInstantPaymentsForm(values: Record<string, string>): Result<InstantPaymentsInput> {
  return parseValues(values, instantPaymentsSchema);
}

export const limitsDoneUrl = (done: LimitsDone) => `/account/settings?limits=${done}#limits`;

/** The Limits section's forms on /account/settings, with the notice of a change just made (?limits=…). */
export function limitsViewsFor(url: URL, method: string, limits: LimitsJson): LimitsViews {
  const views: LimitsViews = { daily: emptyView(), instant: emptyView() };
  const done = method === 'GET' ? url.searchParams.get('limits') : null;
  if (done === 'lowered' && limits.own_daily_limit !== null) views.daily = emptyView(`Your own daily limit is now ${formatNaira(limits.own_daily_limit)}. It applies at once.`);
  if (done === 'raise') {
    views.daily = emptyView(
      limits.pending_raise
        ? `Your own daily limit will rise to ${formatNaira(limits.pending_raise.daily_limit)} on ${formatLagosDateTime(limits.pending_raise.applies_at)} (Lagos time). We have emailed you.`
        : 'Your own daily limit is changed.',
    );
  }
  if (done === 'instant_off') views.instant = emptyView('Instant transfers to other banks are off. Transfers within the bank still work.');
  if (done === 'instant_on') views.instant = emptyView('Instant transfers to other banks are on again.');
  return views;
}
