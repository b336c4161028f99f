import { formatNaira } from '../../lib/money.ts';
import { formatLagosDate } from '../../lib/lagos-time.ts';
import { defaultLocale, type Locale } from '../../i18n/locales.ts';
import { t } from '../../i18n/translate.ts';
import type { ScheduledTransferJson } from '../core/scheduled-transfers/scheduled-transfer-service.ts';

/**
 * A scheduled transfer in words, in the customer's language (English for the API): the
 * service hands over codes, dates and kobo, and the words come from the catalogue here.
 */

/** How often, in words: "Once", "Every week", "Every month on the 31st (the last day of shorter months)". */
export function repeatInWords(schedule: Pick<ScheduledTransferJson, 'repeat' | 'day_of_month'>, locale: Locale = defaultLocale): string {
  if (schedule.repeat === 'once') return t(locale, 'requests.scheduled.once');
  if (schedule.repeat === 'weekly') return t(locale, 'requests.scheduled.weekly');
  const day = schedule.day_of_month;
  const suffix = day % 10 === 1 && day !== 11 ? 'st' : day % 10 === 2 && day !== 12 ? 'nd' : day % 10 === 3 && day !== 13 ? 'rd' : 'th';
  // English says the day as an ordinal ("31st"); the other four say the number as it is.
  const said = locale === 'en' ? `${day}${suffix}` : String(day);
  return t(locale, day > 28 ? 'requests.scheduled.monthlyOnLate' : 'requests.scheduled.monthlyOn', { day: said });
}

/** How it ends, in words, or null when it runs until cancelled. */
export function endingInWords(schedule: Pick<ScheduledTransferJson, 'repeat' | 'end_date' | 'count'>, locale: Locale = defaultLocale): string | null {
  if (schedule.repeat === 'once') return null;
  const date = schedule.end_date ? formatLagosDate(schedule.end_date, locale) : null;
  const count = schedule.count;
  if (date && count) return t(locale, count === 1 ? 'requests.scheduled.endsBothOne' : 'requests.scheduled.endsBothMany', { date, count });
  if (date) return t(locale, 'requests.scheduled.endsUntil', { date });
  if (count) return t(locale, count === 1 ? 'requests.scheduled.endsCountOne' : 'requests.scheduled.endsCountMany', { count });
  return null;
}

export function scheduleMadeMessage(schedule: ScheduledTransferJson, locale: Locale = defaultLocale): string {
  const params = { amount: formatNaira(schedule.amount), name: schedule.account_name, repeat: repeatInWords(schedule, locale).toLowerCase() };
  return schedule.next_run_date
    ? t(locale, 'requests.scheduled.madeFirst', { ...params, date: formatLagosDate(schedule.next_run_date, locale) })
    : t(locale, 'requests.scheduled.made', params);
}

export function scheduleChangedMessage(change: 'pause' | 'resume' | 'cancel', schedule: ScheduledTransferJson, locale: Locale = defaultLocale): string {
  const params = { amount: formatNaira(schedule.amount), name: schedule.account_name };
  if (change === 'pause') return t(locale, 'requests.scheduled.paused', params);
  if (change === 'cancel') return t(locale, 'requests.scheduled.cancelled', params);
  return t(locale, 'requests.scheduled.resumed', { ...params, date: schedule.next_run_date ? formatLagosDate(schedule.next_run_date, locale) : '—' });
}
