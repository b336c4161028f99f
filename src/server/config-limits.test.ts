import { describe, expect, it } from 'vitest';
import { parseConfig } from './config.ts';

describe('customer safety settings', () => {
  it('default to a ₦20,000 cap for 24 hours and a 24-hour wait on raising the own limit', () => {
    expect(parseConfig({}).customerLimits).toEqual({ newBrowserCapKobo: 2_000_000, newBrowserCapMs: 24 * 3_600_000, ownLimitRaiseDelayMs: 24 * 3_600_000 });
  });

  it('read the cap as decimal naira into kobo; 0 turns it off', () => {
    expect(parseConfig({ NEW_DEVICE_CAP_NAIRA: '12500.50', NEW_DEVICE_CAP_HOURS: '48', OWN_LIMIT_RAISE_DELAY_HOURS: '12' }).customerLimits).toEqual({ newBrowserCapKobo: 1_250_050, newBrowserCapMs: 48 * 3_600_000, ownLimitRaiseDelayMs: 12 * 3_600_000 });
    expect(parseConfig({ NEW_DEVICE_CAP_NAIRA: '0' }).customerLimits.newBrowserCapKobo).toBeNull();
  });

  it.each([
    ['NEW_DEVICE_CAP_NAIRA', '20000.001'],
    ['NEW_DEVICE_CAP_NAIRA', '-5'],
    ['NEW_DEVICE_CAP_NAIRA', '20,000'],
    ['NEW_DEVICE_CAP_HOURS', '0'],
    ['NEW_DEVICE_CAP_HOURS', '1.5'],
    ['NEW_DEVICE_CAP_HOURS', '721'],
    ['OWN_LIMIT_RAISE_DELAY_HOURS', '0'],
    ['OWN_LIMIT_RAISE_DELAY_HOURS', 'soon'],
  ])('refuses %s=%s, naming the variable', (name, value) => {
    expect(() => parseConfig({ [name]: value })).toThrow(new RegExp(name));
  });
});
