import { describe, expect, it } from 'vitest';
import { isValidNuban, makeNuban, nubanCheckDigit } from './nuban.ts';

describe('NUBAN check digit', () => {
  it('matches the worked example in DOMAIN.md (bank 058, serial 000000001)', () => {
    expect(nubanCheckDigit('058', '000000001')).toBe(8);
    expect(makeNuban('058', 1)).toBe('0000000018');
  });

  it('gives 0 when the weighted sum is a multiple of ten', () => {
    // 990 + 000000000 → 9·3 + 9·7 + 0·3 = 90 → check 0
    expect(nubanCheckDigit('990', '000000000')).toBe(0);
  });

  it('accepts the numbers it makes and refuses any single-digit change', () => {
    for (const serial of [1, 42, 123_456_789, 999_999_999]) {
      const number = makeNuban('990', serial);
      expect(isValidNuban(number, '990')).toBe(true);
      const wrongCheck = number.slice(0, 9) + String((Number(number[9]) + 1) % 10);
      expect(isValidNuban(wrongCheck, '990')).toBe(false);
    }
  });

  it('refuses malformed input', () => {
    expect(isValidNuban('123', '990')).toBe(false);
    expect(isValidNuban('abcdefghij', '990')).toBe(false);
    expect(() => makeNuban('990', 0)).toThrow();
    expect(() => makeNuban('990', 1_000_000_000)).toThrow();
    expect(() => nubanCheckDigit('99', '000000001')).toThrow();
  });
});
