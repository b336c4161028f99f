import { describe, expect, it } from 'vitest';
import { caretAfterFormat, formatNairaInput, koboToInput, MAX_INPUT_KOBO, parseNairaInput } from './amount-input.ts';

describe('parseNairaInput', () => {
  it.each([
    ['1,234.5', 123_450],
    ['₦1,234.50', 123_450],
    [' 5000 ', 500_000],
    ['₦ 5,000', 500_000],
    ['1234.56', 123_456],
    ['1,234,567.89', 123_456_789],
    ['0.05', 5],
    ['.5', 50],
    ['1234.', 123_400], // a trailing dot left while typing
    ['007', 700],
    ['0', 0],
  ])('reads what people type as kobo: %j → %i', (typed, expected) => {
    expect(parseNairaInput(typed)).toBe(expected);
  });

  it('gives the same kobo for the posted, formatted and prefilled forms', () => {
    for (const amount of [0, 5, 50, 123_450, 100_000_000_00, 999_999_999_99]) {
      expect(parseNairaInput(koboToInput(amount))).toBe(amount);
      expect(parseNairaInput(formatNairaInput(koboToInput(amount)))).toBe(amount);
    }
  });

  it('refuses empty, invalid and negative amounts', () => {
    for (const text of ['', '   ', '₦', '.', 'abc', '12a', '1.2.3', '-5', '−5', '+5', '1e5', '0x10', '5 000', 'NGN 5000', '١٢٣']) {
      expect(parseNairaInput(text), JSON.stringify(text)).toBeNull();
    }
  });

  it('refuses commas that are not thousands separators', () => {
    expect(parseNairaInput('1,23')).toBeNull(); // a decimal comma, not ₦123
    expect(parseNairaInput('12,34,567')).toBeNull();
    expect(parseNairaInput('1234,567')).toBeNull();
    expect(parseNairaInput(',500')).toBeNull();
    expect(parseNairaInput('1,000,')).toBeNull();
    expect(parseNairaInput('1,000.5,0')).toBeNull();
  });

  it('refuses more than 2 decimals', () => {
    expect(parseNairaInput('1.234')).toBeNull();
    expect(parseNairaInput('0.001')).toBeNull();
    expect(parseNairaInput('1.20')).toBe(120);
  });

  it('refuses absurdly large amounts (over 10^13 kobo)', () => {
    expect(MAX_INPUT_KOBO).toBe(10_000_000_000_000);
    expect(parseNairaInput('100,000,000,000')).toBe(10_000_000_000_000); // exactly the limit
    expect(parseNairaInput('100000000000.01')).toBeNull();
    expect(parseNairaInput('100000000001')).toBeNull();
    expect(parseNairaInput('9'.repeat(40))).toBeNull();
    expect(parseNairaInput('0000000000000000001')).toBe(100); // leading zeros do not count
  });
});

describe('formatNairaInput', () => {
  it.each([
    // Thousands grouped as they are typed.
    ['1', '1'],
    ['1234', '1,234'],
    ['1234567', '1,234,567'],
    ['1,2345', '12,345'], // a digit typed into a grouped value
    ['123,45', '12,345'], // a digit deleted from one
    // A trailing dot and up to 2 decimals kept, so typing is not disturbed.
    ['1234.', '1,234.'],
    ['1234.5', '1,234.5'],
    ['1234.50', '1,234.50'],
    ['1234.567', '1,234.56'],
    ['1234.0', '1,234.0'],
    ['.', '0.'],
    ['.5', '0.5'],
    // Everything else stripped.
    ['', ''],
    ['₦1,234.50', '1,234.50'],
    [' 5 000 ', '5,000'],
    ['-50', '50'],
    ['12a34', '1,234'],
    ['1.2.3', '1.23'],
    ['abc', ''],
    ['007', '7'],
    ['0', '0'],
    ['00.5', '0.5'],
  ])('shows %j typed as %j', (typed, shown) => expect(formatNairaInput(typed)).toBe(shown));
});

describe('koboToInput', () => {
  it.each([
    [123_450, '1234.5'],
    [123_456, '1234.56'],
    [123_400, '1234'],
    [5, '0.05'],
    [50, '0.5'],
    [0, '0'],
    [500_000_000, '5000000'],
  ])('writes %i kobo as plain naira for a form field: %j', (amount, written) => {
    expect(koboToInput(amount)).toBe(written);
  });
  it('refuses what is not a non-negative kobo amount', () => {
    expect(() => koboToInput(-100)).toThrow(RangeError);
    expect(() => koboToInput(1.5)).toThrow();
  });
});

describe('caretAfterFormat', () => {
  it('keeps the caret after the same digit when commas move', () => {
    // "1,234" → type 5 at the end: "1,2345" → "12,345", caret at the end.
    expect(caretAfterFormat('1,2345', 6, '12,345')).toBe(6);
    // "12,345" → type 9 after the 1: "192,345" (grouping unchanged), caret after the 9.
    expect(caretAfterFormat('192,345', 2, '192,345')).toBe(2);
    // "123,456" → type 7 after the 1: "1723,456" → "1,723,456", caret after the 7 (past the new comma).
    expect(caretAfterFormat('1723,456', 2, '1,723,456')).toBe(3);
    // "1,234" → type 0 after the 1: "10,234" → "10,234", caret after the 0.
    expect(caretAfterFormat('10,234', 2, '10,234')).toBe(2);
    // "999" → type 9 after the first 9: "9999" → "9,999", caret after the second 9 (past the new comma).
    expect(caretAfterFormat('9999', 2, '9,999')).toBe(3);
    // "1,000" → delete the 1: ",000" → "000" → "0", caret at the start.
    expect(caretAfterFormat(',000', 0, formatNairaInput(',000'))).toBe(0);
    // Past the end of a shortened value, it stops at the end.
    expect(caretAfterFormat('12abc', 5, '12')).toBe(2);
  });
});
