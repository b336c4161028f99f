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
  it('refuses non-integers', () => {
    expect(() => kobo(1.5)).toThrow();
    expect(() => formatNaira(0.1)).toThrow();
  });
});
