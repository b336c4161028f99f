import { describe, expect, it } from 'vitest';
import { receiptReferenceOf, referenceOf } from './purchase-answer.ts';

describe('purchase answers', () => {
  it('read the reference of a Transaction, or of { transaction }', () => {
    expect(referenceOf({ reference: 'BIL123' })).toBe('BIL123');
    expect(referenceOf({ transaction: { reference: 'BIL456' } })).toBe('BIL456');
    expect(referenceOf({ reference: '' })).toBeNull();
    expect(referenceOf(null)).toBeNull();
  });
  it('lead to the receipt when paid, pending or reversed, and not when refused', () => {
    expect(receiptReferenceOf({ ok: true, status: 200, message: '', data: { reference: 'BIL1' } })).toBe('BIL1');
    expect(receiptReferenceOf({ ok: false, status: 502, message: 'Reversed', code: 'PROVIDER_FAILED', errors: {}, data: { reference: 'BIL2' } })).toBe('BIL2');
    expect(receiptReferenceOf({ ok: false, status: 502, message: 'Down', code: 'PROVIDER_FAILED', errors: {} })).toBeNull();
    expect(receiptReferenceOf({ ok: false, status: 422, message: 'Wrong PIN', code: 'INVALID_PIN', errors: {}, data: { reference: 'BIL3' } })).toBeNull();
  });
});
