import { describe, expect, it } from 'vitest';
import { locales, localeTags } from './locales.ts';
import { dayMonthYear, monthNames, monthsOf } from './month-names.ts';
import { formatLagosDate, formatLagosDateTime, monthNamesFor } from '../lib/lagos-time.ts';
import { inLagos } from '../server/core/documents/dates.ts';

// The server writes dates from month-names.ts without Intl; these are the Intl formats it was
// written with before, asked here of this Node's ICU. A Node whose ICU names a month
// otherwise fails here: bring month-names.ts up to date from Intl's answer.
const day = { timeZone: 'Africa/Lagos', day: 'numeric', month: 'short', year: 'numeric', numberingSystem: 'latn' } as const;
const intlDateTime = (locale: (typeof locales)[number]) =>
  locale === 'en'
    ? new Intl.DateTimeFormat('en-NG', { timeZone: 'Africa/Lagos', dateStyle: 'medium', timeStyle: 'short' })
    : new Intl.DateTimeFormat(localeTags[locale], { ...day, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const intlDate = (locale: (typeof locales)[number]) =>
  locale === 'en' ? new Intl.DateTimeFormat('en-NG', { timeZone: 'Africa/Lagos', dateStyle: 'medium' }) : new Intl.DateTimeFormat(localeTags[locale], day);

// Every month of three years, at hours and minutes that move across midnight in Lagos (UTC+1), with leap days.
const instants: string[] = [];
for (let at = Date.parse('2023-12-31T22:07:00Z'); at < Date.parse('2027-01-02T00:00:00Z'); at += 13 * 3_600_000 + 17 * 60_000) instants.push(new Date(at).toISOString());

describe('dates without Intl', () => {
  it.each(locales)('writes a Lagos date and time as Intl does (%s)', (locale) => {
    const dateTime = intlDateTime(locale);
    const date = intlDate(locale);
    for (const iso of instants) {
      expect(formatLagosDateTime(iso, locale)).toBe(dateTime.format(new Date(iso)));
      expect(formatLagosDate(iso, locale)).toBe(date.format(new Date(iso)));
    }
    // A calendar date is that day, whatever the hour.
    expect(formatLagosDate('2024-02-29', locale)).toBe(date.format(new Date('2024-02-29T12:00:00+01:00')));
  });

  it.each(locales)('names every month as Intl does, alone and with its year (%s)', (locale) => {
    const short = new Intl.DateTimeFormat(localeTags[locale], { month: 'short', timeZone: 'UTC' });
    const long = new Intl.DateTimeFormat(localeTags[locale], { month: 'long', year: 'numeric', timeZone: 'UTC' });
    const legal = new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : localeTags[locale], { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC', numberingSystem: 'latn' });
    // Each of the five has its own names (a language without them would write English's).
    expect(monthNames[locale], locale).toBeDefined();
    const said = monthNamesFor(locale);
    for (let index = 0; index < 12; index += 1) {
      const month = `2026-${String(index + 1).padStart(2, '0')}`;
      const at = new Date(`${month}-05T12:00:00Z`);
      expect(said.short(month)).toBe(short.format(at));
      expect(said.long(month)).toBe(long.format(at));
      // The legal pages' "updated on" date.
      expect(dayMonthYear(locale, 5, monthsOf(locale).long[index]!, 2026)).toBe(legal.format(at));
    }
  });

  it('refuses what is not a date, as Intl does', () => {
    expect(() => formatLagosDateTime('not a date')).toThrow(RangeError);
    expect(() => formatLagosDate('2026-13-45')).toThrow(RangeError);
    expect(() => intlDateTime('en').format(new Date('not a date'))).toThrow(RangeError);
  });

  it("reads documents' Lagos wall clock as Intl does", () => {
    const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Lagos', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
    for (const iso of [...instants, '2026-11-21T23:59:59+00:00', '2026-11-21T09:15:30.500+05:30']) {
      const field = (type: Intl.DateTimeFormatPartTypes) => Number(parts.formatToParts(new Date(iso)).find((part) => part.type === type)?.value);
      expect(inLagos(iso)).toEqual({ year: field('year'), month: field('month'), day: field('day'), hour: field('hour'), minute: field('minute'), second: field('second') });
    }
    expect(() => inLagos('21/11/2026')).toThrow(/not an ISO date-time/);
  });
});
