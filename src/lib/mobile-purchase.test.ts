import { describe, expect, it } from 'vitest';
import { english } from '../i18n/testing/in-english.ts';
import { purchaseBalanceProblem } from './mobile-purchase.ts';

describe('purchaseBalanceProblem', () => {
  it('speaks only when the price is above the balance', () => {
    expect(purchaseBalanceProblem(50_000, 50_000)).toBeUndefined();
    expect(english(purchaseBalanceProblem(50_000, 50_001))).toBe('Your balance of ₦500.00 is not enough for ₦500.01.');
  });
});
