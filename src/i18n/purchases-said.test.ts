import { describe, expect, it } from 'vitest';
import { kobo } from '../lib/money.ts';
import { say, sayAgain, t } from './translate.ts';
import { airtimeDetailsSchema } from '../lib/airtime-form.ts';
import { dataDetailsSchema } from '../lib/data-form.ts';
import { cableVerifySchema, meterVerifySchema } from '../lib/bills.ts';
import { electricityAmountProblem, meterNotFoundMessage, unsupportedMeterTypeMessage } from '../lib/electricity-form.ts';
import { smartcardNotFoundMessage } from '../lib/cable-form.ts';
import { purchaseBalanceProblem } from '../lib/mobile-purchase.ts';
import { airtimeRangeMessage } from '../lib/airtime-rules.ts';
import { expectRecognised, expectSaidAgain, schemaMessages } from './testing/said-expectations.ts';

/** Purchases: every message the airtime, data, electricity and cable schemas and steps give is in the catalogue, in all five (the checks: island-words.test.ts). */

const bad: Record<string, unknown>[] = [
  {},
  { network_id: '', phone_number: '12', amount: 'lots', provider_id: 'x'.repeat(41), plan_id: '', meter_number: '123', meter_type: 'solar', smartcard_number: '12' },
  { network_id: 'mtn', phone_number: '', amount: '20', provider_id: '', meter_number: '', smartcard_number: '' },
  { network_id: 'mtn', phone_number: '0803 555 0101', amount: '100.50', meter_number: '4501234567x', smartcard_number: '70234567891' },
  { amount: '60,000', phone_number: 'Tab\there' },
];

describe('what the purchase checks say, in every language', () => {
  it('says again every field message of the server’s purchase schemas', () => {
    const messages = schemaMessages([airtimeDetailsSchema, dataDetailsSchema, meterVerifySchema, cableVerifySchema], bad);
    expect(messages.size).toBeGreaterThan(8);
    expectRecognised(messages);
  });

  it('says again what the purchase steps answer, with their names and amounts', () => {
    const ikeja = { short_name: 'IKEDC', min_amount: kobo(1_000_00), max_amount: kobo(500_000_00), meter_types: ['prepaid'] as ('prepaid' | 'postpaid')[] };
    const english = [
      say('en', airtimeRangeMessage),
      say('en', purchaseBalanceProblem(1_000_00, 1_500_00)!),
      say('en', meterNotFoundMessage(ikeja, 'prepaid')),
      say('en', meterNotFoundMessage(ikeja, 'postpaid')),
      say('en', unsupportedMeterTypeMessage(ikeja)),
      say('en', unsupportedMeterTypeMessage({ ...ikeja, meter_types: ['postpaid'] })),
      say('en', smartcardNotFoundMessage({ name: 'DStv' })),
      say('en', electricityAmountProblem('', ikeja)!),
      say('en', electricityAmountProblem('five', ikeja)!),
      say('en', electricityAmountProblem('1,500.50', ikeja)!),
      say('en', electricityAmountProblem('500', ikeja)!),
      say('en', electricityAmountProblem('600,000', ikeja)!),
      'Now choose one of MTN’s data plans.',
      'Choose one of Glo’s data plans',
      'Please check the details and confirm again.',
      'Please check the details and pay again.',
      'IKEDC did not answer in time. Please try again.',
      'Choose the distribution company from the list',
      'Choose the TV provider from the list',
      'Choose a package',
    ];
    expectSaidAgain(english);
    expect(sayAgain('yo', 'The smallest amount IKEDC sells is ₦1,000.00')).toBe('Iye owó tó kéré jù tí IKEDC ń tà ni ₦1,000.00');
    expect(say('en', airtimeRangeMessage)).toBe('Airtime is from ₦50.00 to ₦50,000.00');
    expect(sayAgain('ha', say('en', airtimeRangeMessage))).toBe('Ana sayar da katin waya daga ₦50.00 zuwa ₦50,000.00');
    expect(say('ig', smartcardNotFoundMessage({ name: 'GOtv' }))).toBe(t('ig', 'said.purchases.noCard', { provider: 'GOtv' }));
  });
});
