import { describe, expect, it } from 'vitest';
import { english } from '../i18n/testing/in-english.ts';
import { airtimePurchaseSchema, billKoboSchema, localMobileNumber, meterNumberSchema, normaliseMobileNumber, smartcardNumberSchema } from './bills.ts';

describe('Nigerian mobile numbers', () => {
  it.each([
    ['08031234567', '08031234567'],
    ['0803 123 4567', '08031234567'],
    ['+2348031234567', '08031234567'],
    ['2349051234567', '09051234567'],
    ['0701-234-5678', '07012345678'],
    ['08111234567', '08111234567'],
  ])('%s → %s', (typed, local) => {
    expect(normaliseMobileNumber(typed)).toBe(local);
  });

  it.each(['0803123456', '080312345678', '06031234567', '08231234567', '+4478031234567', 'O8031234567', ''])('refuses %s', (typed) => {
    expect(normaliseMobileNumber(typed)).toBeNull();
  });

  it('prefills from the profile’s E.164 number, or nothing', () => {
    expect(localMobileNumber('+2348031234567')).toBe('08031234567');
    expect(localMobileNumber(null)).toBe('');
  });
});

describe('purchase schemas', () => {
  it('takes whole naira in kobo only', () => {
    expect(billKoboSchema.safeParse(150_000).success).toBe(true);
    expect(english(billKoboSchema.safeParse(150_050).error?.issues[0]?.message)).toBe('Bills are paid in whole naira (no kobo)');
    expect(billKoboSchema.safeParse(0).success).toBe(false);
    expect(billKoboSchema.safeParse(12.5).success).toBe(false);
  });

  it('meters are 11 or 13 digits, smartcards 10, spaces allowed while typing', () => {
    expect(meterNumberSchema.parse('450 1234 5678')).toBe('45012345678');
    expect(meterNumberSchema.safeParse('1234567890123').success).toBe(true);
    expect(meterNumberSchema.safeParse('123456789012').success).toBe(false);
    expect(smartcardNumberSchema.parse('70-2345-6789')).toBe('7023456789');
    expect(smartcardNumberSchema.safeParse('70234567891').success).toBe(false);
  });

  it('an airtime request names the phone problem in the field', () => {
    const parsed = airtimePurchaseSchema.safeParse({ network_id: 'mtn', phone_number: '0123', amount: 10_000, pin: '2580' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ path: ['phone_number'] });
    expect(english(parsed.error!.issues[0]!.message)).toBe('Enter a Nigerian mobile number, like 0803 123 4567');
  });
});
