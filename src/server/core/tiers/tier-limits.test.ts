import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../config.ts';
import { tierLimits } from './tier-limits.ts';

const rules = parseConfig({}).money;
const naira = (value: number) => value * 100;

describe('tier limits', () => {
  it('has the CBN defaults', () => {
    expect(tierLimits(rules, 1)).toEqual({ dailyDebitKobo: naira(50_000), maxBalanceKobo: naira(300_000) });
    expect(tierLimits(rules, 2)).toEqual({ dailyDebitKobo: naira(200_000), maxBalanceKobo: naira(500_000) });
    expect(tierLimits(rules, 3)).toEqual({ dailyDebitKobo: naira(5_000_000), maxBalanceKobo: null });
  });
});
