import { describe, expect, it } from 'vitest';
import { english } from '../i18n/testing/in-english.ts';
import { airtimeAmountProblem, airtimeDetailsSchema, airtimeFingerprint, airtimeRangeMessage, quickAmountInput, quickAmountLabel } from './airtime-form.ts';

describe('airtimeAmountProblem', () => {
  it('takes whole naira from ₦50 to ₦50,000, as typed', () => {
    for (const text of ['50', '₦50', '1,000', '1000.00', '50,000']) expect(airtimeAmountProblem(text)).toBeUndefined();
  });

  it('says what is wrong, in the field’s words', () => {
    expect(english(airtimeAmountProblem(' '))).toBe('Enter the amount');
    expect(english(airtimeAmountProblem('abc'))).toBe('Enter an amount in naira, like 500');
    expect(english(airtimeAmountProblem('1,23'))).toBe('Enter an amount in naira, like 500');
    expect(english(airtimeAmountProblem('100.50'))).toBe('Airtime is sold in whole naira (no kobo)');
    expect(english(airtimeAmountProblem('49'))).toBe(english(airtimeRangeMessage));
    expect(english(airtimeAmountProblem('50001'))).toBe(english(airtimeRangeMessage));
    expect(english(airtimeRangeMessage)).toBe('Airtime is from ₦50.00 to ₦50,000.00');
  });
});

describe('airtimeDetailsSchema', () => {
  it('reads the amount as kobo and the phone number in its local form', () => {
    expect(airtimeDetailsSchema.parse({ network_id: 'mtn', phone_number: '+234 803 123 4567', amount: '1,500' })).toEqual({
      network_id: 'mtn',
      phone_number: '08031234567',
      amount: 150_000,
    });
  });

  it('gives one message per field', () => {
    const result = airtimeDetailsSchema.safeParse({ network_id: '', phone_number: '0803123', amount: '20' });
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path[0], english(issue.message)]));
    expect(messages).toEqual({
      network_id: 'Choose the network',
      phone_number: 'Enter a Nigerian mobile number, like 0803 123 4567',
      amount: english(airtimeRangeMessage),
    });
  });
});

describe('quick amounts', () => {
  it('prefills only an offered amount', () => {
    expect(quickAmountInput('500')).toBe('500');
    expect(quickAmountInput('5000')).toBe('5000');
    expect(quickAmountInput('501')).toBeNull();
    expect(quickAmountInput('<b>')).toBeNull();
    expect(quickAmountInput(undefined)).toBeNull();
  });
  it('are labelled in whole naira', () => {
    expect(quickAmountLabel(100_000)).toBe('₦1,000');
    expect(quickAmountLabel(10_000)).toBe('₦100');
  });
});

describe('airtimeFingerprint', () => {
  const base = { network_id: 'mtn', phone_number: '08031234567', amount: 50_000 };
  it('changes with every detail, and only then', () => {
    expect(airtimeFingerprint({ ...base })).toBe(airtimeFingerprint(base));
    for (const change of [{ network_id: 'glo' }, { phone_number: '08031234568' }, { amount: 50_100 }]) {
      expect(airtimeFingerprint({ ...base, ...change })).not.toBe(airtimeFingerprint(base));
    }
  });
});
