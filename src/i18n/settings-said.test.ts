import { describe, expect, it } from 'vitest';
import { t } from './translate.ts';
import { expectRecognised, otherLocales as others, schemaMessages } from './testing/said-expectations.ts';
import { addressSchema } from '../lib/address-schema.ts';
import { bvnSchema, kycAddressSchema } from '../lib/kyc-schemas.ts';
import { securityQuestionSchema } from '../lib/schemas.ts';
import { changePasswordSchema, changePinWithCurrentSchema, changeSecurityQuestionSchema, resetPinWithAnswerSchema } from '../lib/settings-schemas.ts';
import { passwordChangedMessage } from '../server/core/settings/settings-service.ts';

/** Onboarding and settings: every message these screens' schemas and services give is in the catalogue, in all five (the checks: island-words.test.ts). */
const bad: Record<string, unknown>[] = [
  {},
  { address: 'x', city: 'c'.repeat(81), state: 'Atlantis', lga: '', bvn: '123', date_of_birth: '1990-02-30', proof_type: 'passport', proof_reference: 'ab', security_question_id: 'x', answer: 'a' },
  { address: 'a'.repeat(201), city: 'Ikeja', state: 'Lagos', lga: 'Kano Municipal', bvn: '', date_of_birth: '17/05/1990', proof_reference: 'x'.repeat(31), security_question_id: '99', answer: 'b'.repeat(101) },
  { date_of_birth: '1850-01-01', proof_reference: 'bad ref!', address: 'Tab\there' },
  { date_of_birth: '2020-01-01' },
  { current_password: '', password: 'short', password_confirmation: '', current_pin: '12', pin: '1111', pin_confirmation: '' },
  { current_password: 'same phrase here', password: 'same phrase here', password_confirmation: 'other', current_pin: '', pin: '12a4', pin_confirmation: '9999' },
  { password: 'x'.repeat(129), pin: '1234', security_answer: '' },
  { pin: '', security_answer: 'z' },
];

describe('what the address, KYC and settings checks say, in every language', () => {
  it('says again every field message of the server’s schemas', () => {
    const schemas = [addressSchema, bvnSchema, kycAddressSchema, securityQuestionSchema, changePasswordSchema, changePinWithCurrentSchema, changeSecurityQuestionSchema, resetPinWithAnswerSchema];
    const messages = schemaMessages(schemas, bad);
    expect(messages.size).toBeGreaterThan(20);
    expectRecognised(messages);
  });

  it('words the password notice as the service does, in English, and with the count in every language', () => {
    expect(t('en', 'settings.done.passwordOne')).toBe(passwordChangedMessage(1));
    for (const count of [0, 2, 5]) expect(t('en', 'settings.done.passwordMany', { count })).toBe(passwordChangedMessage(count));
    for (const locale of others) expect(t(locale, 'settings.done.passwordMany', { count: 3 })).toContain('3');
  });
});
