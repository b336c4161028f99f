import { describe, expect, it } from 'vitest';
import { caretAfterFormat, formatNairaInput, koboToInput, MAX_INPUT_KOBO, parseNairaInput } from './amount-input.ts';

describe('parseNairaInput', () => {
  it('reads what people type as kobo', () => {
    expect(parseNairaInput('1,234.5')).toBe(123_450);
    expect(parseNairaInput('₦1,234.50')).toBe(123_450);
    expect(parseNairaInput(' 5000 ')).toBe(500_000);
    expect(parseNairaInput('₦ 5,000')).toBe(500_000);
    expect(parseNairaInput('1234.56')).toBe(123_456);
    expect(parseNairaInput('1,234,567.89')).toBe(123_456_789);
    expect(parseNairaInput('0.05')).toBe(5);
    expect(parseNairaInput('.5')).toBe(50);
    expect(parseNairaInput('1234.')).toBe(123_400); // a trailing dot left while typing
    expect(parseNairaInput('007')).toBe(700);
    expect(parseNairaInput('0')).toBe(0);
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
  it('groups thousands as they are typed', () => {
    expect(formatNairaInput('1')).toBe('1');
    expect(formatNairaInput('1234')).toBe('1,234');
    expect(formatNairaInput('1234567')).toBe('1,234,567');
    expect(formatNairaInput('1,2345')).toBe('12,345'); // a digit typed into a grouped value
    expect(formatNairaInput('123,45')).toBe('12,345'); // a digit deleted from one
  });

  it('keeps a trailing dot and up to 2 decimals so typing is not disturbed', () => {
    expect(formatNairaInput('1234.')).toBe('1,234.');
    expect(formatNairaInput('1234.5')).toBe('1,234.5');
    expect(formatNairaInput('1234.50')).toBe('1,234.50');
    expect(formatNairaInput('1234.567')).toBe('1,234.56');
    expect(formatNairaInput('1234.0')).toBe('1,234.0');
    expect(formatNairaInput('.')).toBe('0.');
    expect(formatNairaInput('.5')).toBe('0.5');
  });

  it('strips everything else', () => {
    expect(formatNairaInput('')).toBe('');
    expect(formatNairaInput('₦1,234.50')).toBe('1,234.50');
    expect(formatNairaInput(' 5 000 ')).toBe('5,000');
    expect(formatNairaInput('-50')).toBe('50');
    expect(formatNairaInput('12a34')).toBe('1,234');
    expect(formatNairaInput('1.2.3')).toBe('1.23');
    expect(formatNairaInput('abc')).toBe('');
    expect(formatNairaInput('007')).toBe('7');
    expect(formatNairaInput('0')).toBe('0');
    expect(formatNairaInput('00.5')).toBe('0.5');
  });
});

describe('koboToInput', () => {
  it('writes kobo as plain naira for a form field', () => {
    expect(koboToInput(123_450)).toBe('1234.5');
    expect(koboToInput(123_456)).toBe('1234.56');
    expect(koboToInput(123_400)).toBe('1234');
    expect(koboToInput(5)).toBe('0.05');
    expect(koboToInput(50)).toBe('0.5');
    expect(koboToInput(0)).toBe('0');
    expect(koboToInput(500_000_000)).toBe('5000000');
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
