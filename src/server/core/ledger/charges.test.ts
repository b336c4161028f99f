import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../config.ts';
import { transferCharges } from './charges.ts';
import { kobo } from '../../../lib/money.ts';

const rules = parseConfig({}).money;
const naira = (value: number) => kobo(value * 100);

describe('transfer charges (CBN bands by default)', () => {
  it.each([
    [naira(1), naira(10), 0],
    [naira(5000), naira(10), 0],
    [naira(5000) + 1, naira(25), 0],
    [naira(9999) + 99, naira(25), 0],
    [naira(10_000), naira(25), naira(50)],
    [naira(50_000), naira(25), naira(50)],
    [naira(50_000) + 1, naira(50), naira(50)],
    [naira(2_000_000), naira(50), naira(50)],
  ])('interbank %i kobo → fee %i, stamp duty %i', (amount, fee, duty) => {
    expect(transferCharges(rules, kobo(amount), 'interbank')).toEqual({ transferFeeKobo: fee, stampDutyKobo: duty, totalKobo: fee + duty });
  });

  it('charges no fee inside this bank, but stamp duty from ₦10,000', () => {
    expect(transferCharges(rules, naira(9_999), 'local')).toEqual({ transferFeeKobo: 0, stampDutyKobo: 0, totalKobo: 0 });
    expect(transferCharges(rules, naira(10_000), 'local')).toEqual({ transferFeeKobo: 0, stampDutyKobo: naira(50), totalKobo: naira(50) });
  });

  it('follows configuration: bands, and stamp duty switched off', () => {
    const custom = parseConfig({ TRANSFER_FEE_BANDS: '1000:5,*:20.50', STAMP_DUTY_ENABLED: 'false' }).money;
    expect(transferCharges(custom, naira(1000), 'interbank').transferFeeKobo).toBe(naira(5));
    expect(transferCharges(custom, naira(1001), 'interbank')).toEqual({ transferFeeKobo: 2050, stampDutyKobo: 0, totalKobo: 2050 });
  });

  it('refuses malformed fee bands at start', () => {
    expect(() => parseConfig({ TRANSFER_FEE_BANDS: '5000:10' })).toThrow(/TRANSFER_FEE_BANDS/);
  });
});
