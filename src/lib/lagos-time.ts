import { localeTags, type Locale } from '../i18n/locales.ts';

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

const dateTime = new Intl.DateTimeFormat('en-NG', { timeZone: 'Africa/Lagos', dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat('en-NG', { timeZone: 'Africa/Lagos', dateStyle: 'medium' });

/**
 * The other four languages (issue 18) name their months as ICU has them (Node's full ICU and
 * Chromium carry pcm, ha, yo and ig). Their `dateStyle: 'medium'` is not always what people
 * write (yo-NG gives "21 11 2026"), so the parts are asked for one by one: day, short month,
 * year, 24-hour time, the same digits as English. Made on first use, one pair per language.
 */
const localFormats = new Map<string, { dateTime: Intl.DateTimeFormat; dateOnly: Intl.DateTimeFormat }>();
function formatsFor(locale: Locale) {
  if (locale === 'en') return { dateTime, dateOnly };
  let formats = localFormats.get(locale);
  if (!formats) {
    const day = { timeZone: 'Africa/Lagos', day: 'numeric', month: 'short', year: 'numeric', numberingSystem: 'latn' } as const;
    formats = { dateTime: new Intl.DateTimeFormat(localeTags[locale], { ...day, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }), dateOnly: new Intl.DateTimeFormat(localeTags[locale], day) };
    localFormats.set(locale, formats);
  }
  return formats;
}

/** "21 Nov 2026, 09:15" for people ("21 Nuw, 2026, 09:15" in Hausa). */
export function formatLagosDateTime(value: string, locale: Locale = 'en'): string {
  return formatsFor(locale).dateTime.format(new Date(value));
}
export function formatLagosDate(value: string, locale: Locale = 'en'): string {
  return formatsFor(locale).dateOnly.format(new Date(value.length === 10 ? `${value}T12:00:00+01:00` : value));
}

const monthFormats = new Map<Locale, { short: Intl.DateTimeFormat; long: Intl.DateTimeFormat }>();
/** Intl's month names in `locale` ("Nov"; "November 2026"), read as UTC: made once per language, not per page (issue 16). */
export function monthFormatsFor(locale: Locale): { short: Intl.DateTimeFormat; long: Intl.DateTimeFormat } {
  let formats = monthFormats.get(locale);
  if (!formats) {
    formats = { short: new Intl.DateTimeFormat(localeTags[locale], { month: 'short', timeZone: 'UTC' }), long: new Intl.DateTimeFormat(localeTags[locale], { month: 'long', year: 'numeric', timeZone: 'UTC' }) };
    monthFormats.set(locale, formats);
  }
  return formats;
}
