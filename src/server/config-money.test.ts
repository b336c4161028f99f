import { describe, expect, it } from 'vitest';
import { parseConfig } from './config.ts';
import { nairaToKobo } from '../lib/money.ts';

describe('money settings are decimal naira read into kobo without floats', () => {
  it.each([
    ['50000', 5_000_000],
    ['12.50', 1250],
    ['12.5', 1250],
    ['0.29', 29],
    ['1.15', 115],
    ['0', 0],
  ])('%s naira is %i kobo exactly', (text, expected) => {
    expect(nairaToKobo(text)).toBe(expected);
  });

  it.each(['12.505', '-5', '1e3', '', '.5', '5.', '0x10', ' 5', '5,000', '99999999999999999'])('refuses %j', (text) => {
    expect(nairaToKobo(text)).toBeNull();
  });

  it('reads every money setting to kobo, and the defaults are the CBN figures', () => {
    const money = parseConfig({ TIER1_DAILY_LIMIT_NAIRA: '12.50', STAMP_DUTY_NAIRA: '0.29', TRANSFER_FEE_BANDS: '5000.50:10.05,*:26.45', TIER2_MAX_BALANCE_NAIRA: '0' }).money;
    expect(money.tiers[1].dailyDebitKobo).toBe(1250);
    expect(money.stampDuty.amount).toBe(29);
    expect(money.transferFeeBands).toEqual([{ upTo: 500_050, fee: 1005 }, { upTo: null, fee: 2645 }]);
    expect(money.tiers[2].maxBalanceKobo).toBeNull();
    const defaults = parseConfig({}).money;
    expect(defaults.tiers[3]).toEqual({ dailyDebitKobo: 500_000_000, maxBalanceKobo: null });
    expect(defaults.stampDuty).toEqual({ enabled: true, amount: 5000, threshold: 1_000_000 });
  });

  it('refuses more than 2 decimals, a zero daily limit and stamp duty over ₦100,000, naming the variable', () => {
    expect(() => parseConfig({ TIER1_DAILY_LIMIT_NAIRA: '12.505' })).toThrow(/TIER1_DAILY_LIMIT_NAIRA/);
    expect(() => parseConfig({ TIER2_DAILY_LIMIT_NAIRA: '0' })).toThrow(/TIER2_DAILY_LIMIT_NAIRA/);
    expect(() => parseConfig({ STAMP_DUTY_NAIRA: '100000.01' })).toThrow(/STAMP_DUTY_NAIRA/);
    expect(() => parseConfig({ TRANSFER_FEE_BANDS: '5000:10.123,*:50' })).toThrow(/TRANSFER_FEE_BANDS/);
  });
});
