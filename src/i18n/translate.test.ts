import { describe, expect, it } from 'vitest';
import { fill, t } from './translate.ts';

describe('fill', () => {
  it('puts each value in its placeholder, leaves a placeholder without a value as written', () => {
    expect(fill('Send {amount} to {name}', { amount: '₦5,000.00', name: 'Ada' })).toBe('Send ₦5,000.00 to Ada');
    expect(fill('Send {amount} to {name}', { amount: 5 })).toBe('Send 5 to {name}');
    expect(fill('{a}{a}', { a: 'x' })).toBe('xx');
  });

  it('gives a message without placeholders, or asked for without values, as written', () => {
    expect(fill('No braces here', { name: 'Ada' })).toBe('No braces here');
    expect(fill('Hello {name}')).toBe('Hello {name}');
    // A value that looks like a placeholder is not filled again.
    expect(fill('{a} and {b}', { a: '{b}', b: 'B' })).toBe('{b} and B');
    // Only own values: a name on Object.prototype is not a value.
    expect(fill('{toString}', {})).toBe('{toString}');
  });

  it('is what t says in each language', () => {
    expect(t('en', 'money.dash.morning')).toBe(t('en', 'money.dash.morning', {}));
  });
});
