import { describe, expect, it } from 'vitest';
import { formatNaira, kobo } from './money.ts';

describe('money', () => {
  it.each([
    [0, '₦0.00'],
    [5, '₦0.05'],
    [123456, '₦1,234.56'],
    [500_000_000, '₦5,000,000.00'],
    [-2550, '-₦25.50'],
  ])('formats %i kobo as %j without floating point', (amount, written) => {
    expect(formatNaira(amount)).toBe(written);
  });
  it('writes the naira as Intl’s en-NG currency format does, for amounts of every length', () => {
    const intl = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN', minimumFractionDigits: 2 });
    const byIntl = (amount: number) => (amount < 0 ? '-' : '') + intl.format(Math.trunc(Math.abs(amount) / 100)).replace(/\.00$/, '') + '.' + String(Math.abs(amount) % 100).padStart(2, '0');
    const amounts = [0, 1, 99, 100, 999_99, 1_000_00, 12_345_67, 999_999_99, 1_000_000_00, Number.MAX_SAFE_INTEGER, -1, -100_000_00, -Number.MAX_SAFE_INTEGER];
    for (let digits = 1; digits <= 15; digits += 1) amounts.push(Number('9'.repeat(digits)), Number('1' + '0'.repeat(digits - 1)), Number('123456789012345'.slice(0, digits)));
    for (const amount of amounts) expect(formatNaira(amount)).toBe(byIntl(amount));
  });
  it('refuses non-integers', () => {
    expect(() => kobo(1.5)).toThrow();
    expect(() => formatNaira(0.1)).toThrow();
  });
});
