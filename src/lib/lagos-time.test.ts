import { describe, expect, it } from 'vitest';
import { lagosDate, lagosDayStartUtc, lastMonths, toLagosIso } from './lagos-time.ts';

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
});
