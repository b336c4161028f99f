import { describe, expect, it } from 'vitest';
import { lagosDate, lagosDayStartUtc, lagosHour, lastMonths, monthNamesFor, toLagosIso } from './lagos-time.ts';

describe('Lagos time', () => {
  it('shifts UTC by one hour, across midnight', () => {
    expect(toLagosIso('2026-11-21T23:30:00.000Z')).toBe('2026-11-22T00:30:00+01:00');
    expect(lagosDate('2026-11-21T23:30:00.000Z')).toBe('2026-11-22');
    expect(lagosDate('2026-11-21T22:59:59.000Z')).toBe('2026-11-21');
  });
  it('gives the UTC start of a Lagos day', () => {
    expect(lagosDayStartUtc('2026-11-22')).toBe('2026-11-21T23:00:00.000Z');
  });
  it('lists the last months across a year boundary', () => {
    expect(lastMonths(new Date('2026-02-10T10:00:00Z'), 4)).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(lastMonths(new Date('2026-12-31T23:30:00Z'), 1)).toEqual(['2027-01']);
  });
  it('gives the hour Intl gives for Africa/Lagos, every hour of a day and across a year', () => {
    const intl = new Intl.DateTimeFormat('en-NG', { hour: 'numeric', hourCycle: 'h23', timeZone: 'Africa/Lagos' });
    for (let at = Date.parse('2026-01-01T00:30:00Z'); at < Date.parse('2027-01-02T00:00:00Z'); at += 7 * 3_600_000 + 60_000) {
      expect(lagosHour(new Date(at))).toBe(Number(intl.format(at)));
    }
  });
  it('names a month alone and with its year', () => {
    expect(monthNamesFor('en').long('2026-11')).toBe('November 2026');
    expect(monthNamesFor('pcm').short('2026-08')).toBe('Ọ́gọ');
    expect(monthNamesFor('ha').short('2026-11')).toBe('Nuw');
  });
});
