import type { Locale } from '../i18n/locales.ts';
import { dayMonthYear, monthsOf } from '../i18n/month-names.ts';

/**
 * The bank's day is Africa/Lagos: UTC+1 all year (Nigeria keeps no daylight saving), so the
 * conversion is a fixed offset and needs no time-zone database in the browser.
 */
const offsetMs = 60 * 60 * 1000;

function shifted(date: Date): Date {
  return new Date(date.getTime() + offsetMs);
}

/** 2026-11-21T09:15:00+01:00 */
export function toLagosIso(value: Date | string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return shifted(date).toISOString().slice(0, 19) + '+01:00';
}

/** YYYY-MM-DD of the bank's day. */
export function lagosDate(value: Date | string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return shifted(date).toISOString().slice(0, 10);
}

/** The hour (0–23) of the bank's day: what Intl gives for Africa/Lagos, without making a formatter. */
export function lagosHour(value: Date): number {
  return shifted(value).getUTCHours();
}

/** YYYY-MM of the bank's month. */
export function lagosMonth(value: Date | string): string {
  return lagosDate(value).slice(0, 7);
}

/** The UTC instant at which a Lagos calendar day starts, as ISO UTC (for range queries on created_at). */
export function lagosDayStartUtc(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - offsetMs).toISOString();
}

/** The last `count` months ending with the one `now` falls in, oldest first: ['2026-06', …, '2026-11']. */
export function lastMonths(now: Date, count: number): string[] {
  const [year, month] = lagosMonth(now).split('-').map(Number) as [number, number];
  const months: string[] = [];
  for (let back = count - 1; back >= 0; back -= 1) {
    const index = year * 12 + (month - 1) - back;
    months.push(`${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`);
  }
  return months;
}

/** A Lagos wall-clock time: month 1–12, 24-hour clock. */
export type LagosClock = { year: number; month: number; day: number; hour: number; minute: number; second: number };

/** The Lagos wall clock of an instant (for people and documents); a date that is not one is refused as Intl refuses it. */
export function lagosClock(date: Date): LagosClock {
  const at = shifted(date);
  if (Number.isNaN(at.getTime())) throw new RangeError('Invalid time value');
  return { year: at.getUTCFullYear(), month: at.getUTCMonth() + 1, day: at.getUTCDate(), hour: at.getUTCHours(), minute: at.getUTCMinutes(), second: at.getUTCSeconds() };
}

/** 9 → "09": hours, minutes, months and days as the bank writes them. */
export const twoDigits = (value: number): string => String(value).padStart(2, '0');

/**
 * "21 Nov 2026, 09:15" for people ("21 Nuw, 2026, 09:15" in Hausa): day, short month, year and
 * 24-hour time in Latin digits, in every language. The month names are ICU's, kept in
 * src/i18n/month-names.ts, which says why the server does not ask Intl; Intl's own
 * `dateStyle: 'medium'` is not always what people write (yo-NG gives "21 11 2026"), which is why
 * the four other languages were always asked for these parts one by one.
 */
export function formatLagosDateTime(value: string, locale: Locale = 'en'): string {
  const at = lagosClock(new Date(value));
  return `${dayMonthYear(locale, at.day, monthsOf(locale).short[at.month - 1]!, at.year)}, ${twoDigits(at.hour)}:${twoDigits(at.minute)}`;
}

/** "21 Nov 2026": an instant's Lagos day, or a calendar date YYYY-MM-DD as it is. */
export function formatLagosDate(value: string, locale: Locale = 'en'): string {
  const at = lagosClock(new Date(value.length === 10 ? `${value}T12:00:00+01:00` : value));
  return dayMonthYear(locale, at.day, monthsOf(locale).short[at.month - 1]!, at.year);
}

/** A month YYYY-MM by name in `locale`: short on its own ("Nov", the chart's axis) or long with its year ("November 2026"). */
export function monthNamesFor(locale: Locale): { short: (month: string) => string; long: (month: string) => string } {
  const names = monthsOf(locale);
  const index = (month: string) => Number(month.slice(5, 7)) - 1;
  return {
    short: (month) => (names.shortAlone ?? names.short)[index(month)]!,
    long: (month) => `${names.long[index(month)]!} ${month.slice(0, 4)}`,
  };
}
