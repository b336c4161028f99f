import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { locales } from './locales.ts';
import { catalogues, say, t } from './translate.ts';
import type { Said } from './said.ts';
import { parseValues } from '../server/http/api.ts';
import { kobo } from '../lib/money.ts';
import { statementSchema } from '../lib/money-schemas.ts';
import { caseSchema } from '../lib/safety-schemas.ts';
import { readHistoryQuery } from '../lib/history-query.ts';
import { scheduleFormSchema } from '../lib/scheduled-transfer-schemas.ts';
import { airtimeDetailsSchema } from '../lib/airtime-form.ts';
import { dataDetailsSchema } from '../lib/data-form.ts';
import { cableVerifySchema, meterVerifySchema } from '../lib/bills.ts';
import { electricityAmountProblem, meterNotFoundMessage, unsupportedMeterTypeMessage } from '../lib/electricity-form.ts';
import { smartcardNotFoundMessage } from '../lib/cable-form.ts';
import { purchaseBalanceProblem } from '../lib/mobile-purchase.ts';
import { airtimeRangeMessage } from '../lib/airtime-rules.ts';
import { addressSchema } from '../lib/address-schema.ts';
import { bvnSchema, kycAddressSchema } from '../lib/kyc-schemas.ts';
import { securityQuestionSchema } from '../lib/schemas.ts';
import { changePasswordSchema, changePinWithCurrentSchema, changeSecurityQuestionSchema, resetPinWithAnswerSchema } from '../lib/settings-schemas.ts';

/**
 * What the server's form schemas and steps say (the islands' checks: island-words.test.ts) is a
 * customer's sentence (`said.*`) each language has its own words for, with every value filled in.
 * Messages are data (said.ts): these tests check the catalogue has them, never that English is
 * found again.
 */

/** Every field message the schemas give for these inputs, as the server's form and API reading give them. */
function schemaMessages(schemas: readonly z.ZodType[], inputs: readonly Record<string, unknown>[]): Said[] {
  const messages: Said[] = [];
  for (const schema of schemas) {
    for (const values of inputs) {
      const parsed = parseValues(values, schema);
      if (!parsed.ok) for (const list of Object.values(parsed.errors ?? {})) messages.push(...list);
    }
  }
  return messages;
}

/** Pidgin may say a short message as English does ("Choose the bank"); these three never do. */
const written = ['ha', 'yo', 'ig'] as const;

/**
 * Each message is a customer's sentence, in Hausa, Yoruba and Igbo's own catalogue (not English's
 * fallback) and never read there as the English does, worded with all its values in every language.
 */
function expectSaidEverywhere(messages: readonly Said[]): void {
  for (const message of messages) {
    expect(message.key, message.key).toMatch(/^said\./);
    for (const locale of written) expect(catalogues[locale][message.key], `${locale}: ${message.key}`).toBeTruthy();
    const english = say('en', message);
    for (const locale of locales) expect(say(locale, message), `${locale}: ${message.key}`).not.toMatch(/\{\w+\}/);
    for (const locale of written) expect(say(locale, message), `${locale}: ${english}`).not.toBe(english);
  }
}

const distinctKeys = (messages: readonly Said[]) => new Set(messages.map((message) => message.key)).size;

describe('the history screens’ messages', () => {
  it('has every message of the statement and case forms and of the history filters, in every language', () => {
    const messages = schemaMessages(
      [statementSchema],
      [{}, { start_date: '2026-02-30', end_date: '2026-01-01', format: 'doc' }, { start_date: '2025-01-01', end_date: '2026-06-01', format: 'pdf' }, { start_date: 'soon', end_date: '2026-01-01', format: 'csv' }],
    );
    messages.push(
      ...schemaMessages(
        [caseSchema],
        [{}, { reference: 'x'.repeat(65), kind: 'other', description: 'short' }, { reference: 'REF1', kind: 'not_received', description: 'x'.repeat(1001), freeze_account: 'on' }, { reference: 'REF1', kind: 'fraud', description: 'Someone else did this one.', freeze_account: 'on' }],
      ),
    );
    for (const search of ['type=sideways&category=gifts', 'from=2026-02-30&to=2026-01-01', 'from=2026-03-01&to=2026-02-01', `q=${'x'.repeat(61)}`, 'from=yesterday']) {
      messages.push(...Object.values(readHistoryQuery(new URLSearchParams(search)).errors).flat());
    }
    expect(distinctKeys(messages)).toBeGreaterThan(15);
    expectSaidEverywhere(messages);
  });
});

describe('the schedule form’s messages', () => {
  it('has every field message of the schedule form in every language', () => {
    const messages = schemaMessages(
      [scheduleFormSchema],
      [
        {},
        { bank_code: '1', account_number: '12', amount: 'abc', narration: 'x'.repeat(101), first_date: '2030-02-30', repeat: 'daily', end_date: 'soon', count: '0' },
        { bank_code: '000014', account_number: '0123456789', amount: '0.50', first_date: '2030-03-10', repeat: 'weekly', end_date: '2030-03-01', count: '999' },
        { bank_code: '000014', account_number: '0123456789', amount: '2000000000000', first_date: '', repeat: 'monthly' },
      ],
    );
    expect(distinctKeys(messages)).toBeGreaterThan(11);
    expectSaidEverywhere(messages);
  });
});

describe('the purchase screens’ messages', () => {
  const bad: Record<string, unknown>[] = [
    {},
    { network_id: '', phone_number: '12', amount: 'lots', provider_id: 'x'.repeat(41), plan_id: '', meter_number: '123', meter_type: 'solar', smartcard_number: '12' },
    { network_id: 'mtn', phone_number: '', amount: '20', provider_id: '', meter_number: '', smartcard_number: '' },
    { network_id: 'mtn', phone_number: '0803 555 0101', amount: '100.50', meter_number: '4501234567x', smartcard_number: '70234567891' },
    { amount: '60,000', phone_number: 'Tab\there' },
  ];

  it('has every field message of the airtime, data, electricity and cable schemas in every language', () => {
    const messages = schemaMessages([airtimeDetailsSchema, dataDetailsSchema, meterVerifySchema, cableVerifySchema], bad);
    expect(distinctKeys(messages)).toBeGreaterThan(11);
    expectSaidEverywhere(messages);
  });

  it('words what the purchase steps answer with their names and amounts in every language', () => {
    const ikeja = { short_name: 'IKEDC', min_amount: kobo(1_000_00), max_amount: kobo(500_000_00), meter_types: ['prepaid'] as ('prepaid' | 'postpaid')[] };
    const messages = [
      airtimeRangeMessage,
      purchaseBalanceProblem(1_000_00, 1_500_00)!,
      meterNotFoundMessage(ikeja, 'prepaid'),
      meterNotFoundMessage(ikeja, 'postpaid'),
      unsupportedMeterTypeMessage(ikeja),
      unsupportedMeterTypeMessage({ ...ikeja, meter_types: ['postpaid'] }),
      smartcardNotFoundMessage({ name: 'DStv' }),
      electricityAmountProblem('', ikeja)!,
      electricityAmountProblem('five', ikeja)!,
      electricityAmountProblem('1,500.50', ikeja)!,
      electricityAmountProblem('500', ikeja)!,
      electricityAmountProblem('600,000', ikeja)!,
    ];
    expectSaidEverywhere(messages);
    expect(say('yo', electricityAmountProblem('500', ikeja)!)).toBe('Iye owó tó kéré jù tí IKEDC ń tà ni ₦1,000.00');
    expect(say('en', airtimeRangeMessage)).toBe('Airtime is from ₦50.00 to ₦50,000.00');
    expect(say('ha', airtimeRangeMessage)).toBe('Ana sayar da katin waya daga ₦50.00 zuwa ₦50,000.00');
    expect(say('ig', smartcardNotFoundMessage({ name: 'GOtv' }))).toBe(t('ig', 'said.purchases.noCard', { provider: 'GOtv' }));
  });
});

describe('the address, KYC and settings screens’ messages', () => {
  it('has every field message of their schemas in every language', () => {
    const schemas = [addressSchema, bvnSchema, kycAddressSchema, securityQuestionSchema, changePasswordSchema, changePinWithCurrentSchema, changeSecurityQuestionSchema, resetPinWithAnswerSchema];
    const messages = schemaMessages(schemas, [
      {},
      { address: 'x', city: 'c'.repeat(81), state: 'Atlantis', lga: '', bvn: '123', date_of_birth: '1990-02-30', proof_type: 'passport', proof_reference: 'ab', security_question_id: 'x', answer: 'a' },
      { address: 'a'.repeat(201), city: 'Ikeja', state: 'Lagos', lga: 'Kano Municipal', bvn: '', date_of_birth: '17/05/1990', proof_reference: 'x'.repeat(31), security_question_id: '99', answer: 'b'.repeat(101) },
      { date_of_birth: '1850-01-01', proof_reference: 'bad ref!', address: 'Tab\there' },
      { date_of_birth: '2020-01-01' },
      { current_password: '', password: 'short', password_confirmation: '', current_pin: '12', pin: '1111', pin_confirmation: '' },
      { current_password: 'same phrase here', password: 'same phrase here', password_confirmation: 'other', current_pin: '', pin: '12a4', pin_confirmation: '9999' },
      { password: 'x'.repeat(129), pin: '1234', security_answer: '' },
      { pin: '', security_answer: 'z' },
    ]);
    expect(distinctKeys(messages)).toBeGreaterThan(30);
    expectSaidEverywhere(messages);
  });
});
