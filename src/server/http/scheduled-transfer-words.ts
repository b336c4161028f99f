import { defaultLocale, type Locale } from '../../i18n/locales.ts';
import { say } from '../../i18n/translate.ts';
import { amountValue, dayValue, ordinalValue, phraseValue, said, type Said } from '../../i18n/said.ts';
import type { ScheduledTransferJson } from '../core/scheduled-transfers/scheduled-transfer-service.ts';

/**
 * A scheduled transfer in words: the service hands over codes, dates and kobo; these say them as
 * data (Saids), worded in the customer's language where they are shown (the pages here, the API's
 * answer in respond.ts).
 */

/** How often: "Once", "Every week", "Every month on the 31st (the last day of shorter months)". */
export function repeatSaid(schedule: Pick<ScheduledTransferJson, 'repeat' | 'day_of_month'>): Said {
  if (schedule.repeat === 'once') return said('requests.scheduled.once');
  if (schedule.repeat === 'weekly') return said('requests.scheduled.weekly');
  const day = schedule.day_of_month;
  return said(day > 28 ? 'requests.scheduled.monthlyOnLate' : 'requests.scheduled.monthlyOn', { day: ordinalValue(day) });
}

/** How it ends, or null when it runs until cancelled. */
export function endingSaid(schedule: Pick<ScheduledTransferJson, 'repeat' | 'end_date' | 'count'>): Said | null {
  if (schedule.repeat === 'once') return null;
  const date = schedule.end_date ? dayValue(schedule.end_date) : null;
  const count = schedule.count;
  if (date && count) return said(count === 1 ? 'requests.scheduled.endsBothOne' : 'requests.scheduled.endsBothMany', { date, count });
  if (date) return said('requests.scheduled.endsUntil', { date });
  if (count) return said(count === 1 ? 'requests.scheduled.endsCountOne' : 'requests.scheduled.endsCountMany', { count });
  return null;
}

export function repeatInWords(schedule: Pick<ScheduledTransferJson, 'repeat' | 'day_of_month'>, locale: Locale = defaultLocale): string {
  return say(locale, repeatSaid(schedule));
}

export function endingInWords(schedule: Pick<ScheduledTransferJson, 'repeat' | 'end_date' | 'count'>, locale: Locale = defaultLocale): string | null {
  const ending = endingSaid(schedule);
  return ending ? say(locale, ending) : null;
}

export function scheduleMadeMessage(schedule: ScheduledTransferJson): Said {
  const params = { amount: amountValue(schedule.amount), name: schedule.account_name, repeat: phraseValue(repeatSaid(schedule)) };
  return schedule.next_run_date ? said('requests.scheduled.madeFirst', { ...params, date: dayValue(schedule.next_run_date) }) : said('requests.scheduled.made', params);
}

export function scheduleChangedMessage(change: 'pause' | 'resume' | 'cancel', schedule: ScheduledTransferJson): Said {
  const params = { amount: amountValue(schedule.amount), name: schedule.account_name };
  if (change === 'pause') return said('requests.scheduled.paused', params);
  if (change === 'cancel') return said('requests.scheduled.cancelled', params);
  return said('requests.scheduled.resumed', { ...params, date: schedule.next_run_date ? dayValue(schedule.next_run_date) : '—' });
}
