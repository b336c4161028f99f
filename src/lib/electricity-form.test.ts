import { describe, expect, it } from 'vitest';
import { kobo } from './money.ts';
import { english } from '../i18n/testing/in-english.ts';
import type { Disco } from './bills.ts';
import {
  electricityAmountHint,
  electricityAmountProblem,
  isCompleteMeterNumber,
  meterFingerprint,
  meterNotFoundMessage,
  meterTypeFor,
  numberDigits,
  unsupportedMeterTypeMessage,
} from './electricity-form.ts';

const ikeja: Disco = { id: 'ikeja-electric', name: 'Ikeja Electric', short_name: 'IKEDC', meter_types: ['prepaid', 'postpaid'], min_amount: kobo(1_000_00), max_amount: kobo(500_000_00) };
const yola: Disco = { id: 'yola-electric', name: 'Yola Electricity Distribution Company', short_name: 'YEDC', meter_types: ['prepaid'], min_amount: kobo(500_00), max_amount: kobo(500_000_00) };

describe('meter numbers', () => {
  it('are complete at 11 or 13 digits, however they are spaced', () => {
    expect(numberDigits('4501 2345-678')).toBe('45012345678');
    expect(isCompleteMeterNumber('4501 2345 678')).toBe(true);
    expect(isCompleteMeterNumber('0123456789012')).toBe(true);
    expect(isCompleteMeterNumber('4501234567')).toBe(false);
    expect(isCompleteMeterNumber('450123456789')).toBe(false);
    expect(isCompleteMeterNumber('4501234567a')).toBe(false);
  });
});

describe('meter types', () => {
  it('says what a DisCo sells', () => {
    expect(english(unsupportedMeterTypeMessage(yola))).toBe('YEDC sells prepaid meters only');
    expect(english(meterNotFoundMessage(ikeja, 'prepaid'))).toMatch(/^IKEDC has no prepaid meter with this number\./);
  });
  it('keeps a chosen type the DisCo sells, picks the only one, else leaves the choice open', () => {
    expect(meterTypeFor(ikeja, 'postpaid')).toBe('postpaid');
    expect(meterTypeFor(ikeja, undefined)).toBe('');
    expect(meterTypeFor(yola, 'postpaid')).toBe('prepaid');
    expect(meterTypeFor(undefined, 'prepaid')).toBe('');
  });
});

describe('electricity amounts', () => {
  it('are whole naira within the DisCo’s range', () => {
    expect(english(electricityAmountProblem('', ikeja))).toBe('Enter an amount');
    expect(english(electricityAmountProblem('five thousand', ikeja))).toBe('Enter an amount in naira, like 5,000');
    expect(english(electricityAmountProblem('5,000.50', ikeja))).toBe('Electricity is sold in whole naira (no kobo)');
    expect(english(electricityAmountProblem('999', ikeja))).toBe('The smallest amount IKEDC sells is ₦1,000.00');
    expect(electricityAmountProblem('600', yola)).toBeUndefined();
    expect(english(electricityAmountProblem('500,001', ikeja))).toBe('The largest amount IKEDC sells at once is ₦500,000.00');
    expect(electricityAmountProblem('₦5,000.00', ikeja)).toBeUndefined();
  });
  it('hints at the range and the balance', () => {
    expect(electricityAmountHint(ikeja, 20_000_00)).toBe('From ₦1,000.00 to ₦500,000.00. Available: ₦20,000.00');
  });
});

describe('fingerprints', () => {
  it('stand for the same meter however its number is spaced, and change with the meter type', () => {
    const meter = { provider_id: 'ikeja-electric', meter_type: 'prepaid' as const, meter_number: '45012345678' };
    expect(meterFingerprint({ ...meter, meter_number: '4501 2345 678' })).toBe(meterFingerprint(meter));
    expect(meterFingerprint({ ...meter, meter_type: 'postpaid' })).not.toBe(meterFingerprint(meter));
  });
});
