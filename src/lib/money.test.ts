import { describe, expect, it } from 'vitest';
import { formatNaira, kobo } from './money.ts';

describe('money', () => {
  it('formats kobo as naira without floating point', () => {
    expect(formatNaira(0)).toBe('₦0.00');
    expect(formatNaira(5)).toBe('₦0.05');
    expect(formatNaira(123456)).toBe('₦1,234.56');
    expect(formatNaira(500_000_000)).toBe('₦5,000,000.00');
    expect(formatNaira(-2550)).toBe('-₦25.50');
  });
  it('refuses non-integers', () => {
    expect(() => kobo(1.5)).toThrow();
    expect(() => formatNaira(0.1)).toThrow();
  });
});
