import type { LimitsJson } from '../core/customer-limits/limits-service.ts';
import { fail, type Result } from '../core/result.ts';
import { parseNairaInput } from '../../lib/amount-input.ts';
import { kobo } from '../../lib/money.ts';
import { dailyLimitSchema, instantPaymentsSchema, type DailyLimitInput, type InstantPaymentsInput } from '../../lib/limits-schemas.ts';
import { parseValues } from './api.ts';
import { emptyView, type FormView } from './forms.ts';
import { amountValue, instantValue, said } from '../../i18n/said.ts';

/**
 * The Limits forms without JavaScript (src/components/LimitsSection.astro, posted to
 * /account/limits): the limit is typed in naira and becomes kobo here, then the API's own schemas
 * read the form; a success comes back to /account/settings?limits=<what>#limits.
 */
export type LimitsDone = 'lowered' | 'raise' | 'instant_off' | 'instant_on' | 'code_daily_limit' | 'code_instant_payments';
export type LimitsViews = { daily: FormView; instant: FormView };

export const limitsSecretFields = ['code', 'pin'];

export function readDailyLimitForm(values: Record<string, string>): Result<DailyLimitInput> {
  const typed = values.limit?.trim() ?? '';
  if (typed === '') return fail('VALIDATION_FAILED', said('said.limits.enter'), { errors: { limit: [said('said.limits.enter')] } });
  const limitKobo = parseNairaInput(typed);
  if (limitKobo === null) return fail('VALIDATION_FAILED', said('said.limits.naira'), { errors: { limit: [said('said.limits.naira')] } });
  return parseValues({ ...values, limit: limitKobo }, dailyLimitSchema);
}

export function readInstantPaymentsForm(values: Record<string, string>): Result<InstantPaymentsInput> {
  return parseValues(values, instantPaymentsSchema);
}

export const limitsDoneUrl = (done: LimitsDone) => `/account/settings?limits=${done}#limits`;

/** The Limits section's forms on /account/settings, with the notice of a change just made (?limits=…), as data (the page words it). */
export function limitsViewsFor(url: URL, method: string, limits: LimitsJson): LimitsViews {
  const views: LimitsViews = { daily: emptyView(), instant: emptyView() };
  const done = method === 'GET' ? url.searchParams.get('limits') : null;
  if (done === 'lowered' && limits.own_daily_limit !== null) views.daily = emptyView(said('settings.limits.lowered', { limit: amountValue(kobo(limits.own_daily_limit)) }));
  if (done === 'raise') {
    views.daily = emptyView(
      limits.pending_raise
        ? said('settings.limits.raise', { limit: amountValue(kobo(limits.pending_raise.daily_limit)), time: instantValue(limits.pending_raise.applies_at) })
        : said('settings.limits.changed'),
    );
  }
  if (done === 'instant_off') views.instant = emptyView(said('said.limits.instantOff'));
  if (done === 'instant_on') views.instant = emptyView(said('said.limits.instantOn'));
  if (done === 'code_daily_limit') views.daily = emptyView(said('said.security.codeSent', { minutes: 10 }));
  if (done === 'code_instant_payments') views.instant = emptyView(said('said.security.codeSent', { minutes: 10 }));
  return views;
}
