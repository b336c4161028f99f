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

describe('NUBAN for any institution', async () => {
  const { isValidNubanFor, nubanCheckDigit2020, nubanFor } = await import('./nuban.ts');
  it('agrees with the 3-digit scheme when the code is padded with 000', () => {
    expect(nubanCheckDigit2020('000058', '000000001')).toBe(8);
  });
  it('checks deposit money banks by CBN code and others by NIP code', () => {
    expect(isValidNubanFor('0000000018', { cbnCode: '058', nipCode: '000013' })).toBe(true);
    expect(isValidNubanFor('0000000019', { cbnCode: '058', nipCode: '000013' })).toBe(false);
    const kuda = { cbnCode: null, nipCode: '090267' };
    const number = nubanFor('123456789', kuda);
    expect(isValidNubanFor(number, kuda)).toBe(true);
    expect(isValidNubanFor(number.slice(0, 9) + String((Number(number[9]) + 1) % 10), kuda)).toBe(false);
  });
});
