import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as checks from './form-checks.ts';
import type { FormCheck } from './form-rules.ts';
import { fieldErrorsOf, loginSchema, otpSchema, pinSchema, registerSchema, securityQuestionSchema } from './schemas.ts';
import { forgotPasswordSchema, newPasswordFormSchema, verifyResetTokenSchema } from './recovery-schemas.ts';
import { changePasswordSchema, changePinWithCurrentSchema, changeSecurityQuestionSchema, resetPinWithAnswerSchema } from './settings-schemas.ts';
import { bvnSchema, kycAddressSchema } from './kyc-schemas.ts';
import { addressSchema } from './address-schema.ts';
import { beneficiaryCreateSchema, transactionPinSchema } from './money-schemas.ts';
import { nairaAmountSchema, transferFieldsSchema } from './transfer-form.ts';
import { airtimeDetailsSchema } from './airtime-form.ts';
import { dataDetailsSchema } from './data-form.ts';
import { cablePurchaseSchema, electricityPurchaseSchema } from './bills.ts';
import { lgasOf, statesWithLgas } from './states.ts';
import { samples } from './testing/form-samples.ts';

/**
 * The islands check their forms with form-checks.ts (no zod in the browser); the server with
 * the zod schemas. They must say the same thing: for every generated form, the same messages
 * for the same fields, in the same order (an island would otherwise hold back a form the
 * server takes, or show a message the server would not give).
 */

const places = { states: statesWithLgas.map((state) => state.name), lgasOf };

/** Anything a person might type, including control characters and lone surrogates. */
const anyText = fc.oneof(fc.string(), fc.string({ unit: 'binary', maxLength: 12 }), fc.constantFrom('', ' ', '\t', '\u0000', '\ud800', '\u0085'));

function fieldText(name: string): fc.Arbitrary<string> {
  const near = fc.constantFrom(...(samples[name] ?? ['']));
  return fc.oneof(
    { weight: 4, arbitrary: near },
    { weight: 1, arbitrary: anyText },
    { weight: 1, arbitrary: fc.tuple(near, fc.constantFrom(' ', '\t', 'x', '0', '-'), fc.boolean()).map(([text, extra, before]) => (before ? extra + text : text + extra)) },
  );
}

function formOf(fields: readonly string[]): fc.Arbitrary<Record<string, string>> {
  return fc.record(Object.fromEntries(fields.map((name) => [name, fieldText(name)])));
}

function serverErrors(schema: z.ZodType, values: unknown) {
  const parsed = schema.safeParse(values);
  return parsed.success ? {} : fieldErrorsOf(parsed.error);
}

const forms: [name: string, client: FormCheck, server: z.ZodType, fields: readonly string[]][] = [
  ['login', checks.loginCheck, loginSchema, ['email', 'password']],
  ['register', checks.registerCheck, registerSchema, ['first_name', 'last_name', 'email', 'phone_number', 'password', 'password_confirmation', 'terms']],
  ['verify email', checks.otpCheck, otpSchema, ['otp']],
  ['set PIN', checks.pinCheck, pinSchema, ['pin', 'pin_confirmation']],
  ['security question', checks.securityQuestionCheck, securityQuestionSchema, ['security_question_id', 'answer']],
  ['forgot password', checks.forgotPasswordCheck, forgotPasswordSchema, ['email']],
  ['reset code', checks.resetCodeCheck, verifyResetTokenSchema.pick({ token: true }), ['token']],
  ['new password', checks.newPasswordFormCheck, newPasswordFormSchema, ['password', 'password_confirmation']],
  ['change password', checks.changePasswordCheck, changePasswordSchema, ['current_password', 'password', 'password_confirmation']],
  ['change security question', checks.changeSecurityQuestionCheck, changeSecurityQuestionSchema, ['security_question_id', 'answer', 'password']],
  ['change PIN', checks.changePinWithCurrentCheck, changePinWithCurrentSchema, ['current_pin', 'pin', 'pin_confirmation']],
  ['reset PIN', checks.resetPinWithAnswerCheck, resetPinWithAnswerSchema, ['password', 'security_answer', 'pin', 'pin_confirmation']],
  ['BVN', checks.bvnCheck, bvnSchema, ['bvn', 'date_of_birth']],
  ['address', checks.addressCheck(places), addressSchema, ['address', 'city', 'state', 'lga']],
  ['KYC address', checks.kycAddressCheck(places), kycAddressSchema, ['address', 'city', 'state', 'lga', 'proof_type', 'proof_reference']],
  ['beneficiary', checks.beneficiaryCheck, beneficiaryCreateSchema, ['account_number', 'bank_code', 'nickname']],
  ['transfer fields', checks.transferFieldsCheck, transferFieldsSchema, ['bank_code', 'account_number', 'narration']],
  ['airtime', checks.airtimeDetailsCheck, airtimeDetailsSchema, ['network_id', 'phone_number', 'amount']],
  ['data', checks.dataDetailsCheck, dataDetailsSchema, ['provider_id', 'plan_id', 'phone_number']],
  ['electricity meter', checks.meterFieldsCheck, electricityPurchaseSchema.pick({ provider_id: true, meter_type: true, meter_number: true }), ['provider_id', 'meter_number', 'meter_type']],
  ['cable card', checks.cardFieldsCheck, cablePurchaseSchema.pick({ provider_id: true, smartcard_number: true }), ['provider_id', 'smartcard_number']],
];

describe('island checks say what the server schemas say', () => {
  it('airtime and data details parse to what the server parses them to', () => {
    fc.assert(
      fc.property(formOf(['network_id', 'phone_number', 'amount', 'provider_id', 'plan_id']), (values) => {
        const airtime = airtimeDetailsSchema.safeParse(values);
        expect(checks.airtimeDetailsOf(values)).toEqual(airtime.success ? airtime.data : null);
        const data = dataDetailsSchema.safeParse(values);
        expect(checks.dataDetailsOf(values)).toEqual(data.success ? data.data : null);
      }),
      { numRuns: 600 },
    );
  });

  it.each(forms)('%s: the same messages for every field', (_name, client, server, fields) => {
    fc.assert(
      fc.property(formOf(fields), (values) => {
        expect(client(values)).toEqual(serverErrors(server, values));
      }),
      { numRuns: 600 },
    );
  });

  it.each(forms)('%s: a right form passes both', (_name, client, server, fields) => {
    const right: Record<string, string> = {
      ...Object.fromEntries(Object.entries(samples).map(([name, texts]) => [name, texts[0]!])),
      password: 'correct horse battery',
      password_confirmation: 'correct horse battery',
      current_password: 'my old password',
      pin: '1357',
      pin_confirmation: '1357',
      last_name: 'Obi',
      terms: 'on',
    };
    const values = Object.fromEntries(fields.map((name) => [name, right[name]!]));
    expect(serverErrors(server, values)).toEqual({});
    expect(client(values)).toEqual({});
  });

  it('a missing nickname and a missing narration are no problem to either', () => {
    const beneficiary = { account_number: '0123456789', bank_code: '000013' };
    expect(checks.beneficiaryCheck(beneficiary)).toEqual(serverErrors(beneficiaryCreateSchema, beneficiary));
    expect(checks.transferFieldsCheck(beneficiary)).toEqual(serverErrors(transferFieldsSchema, beneficiary));
  });

  it('a checked box (true) and the PIN and amount fields agree too', () => {
    fc.assert(
      fc.property(fieldText('pin'), fieldText('amount'), (pin, amount) => {
        expect(checks.transactionPinErrors(pin)).toEqual(serverErrors(transactionPinSchema, pin)._form ?? []);
        expect(checks.transferAmountErrors(amount)).toEqual(serverErrors(nairaAmountSchema, amount)._form ?? []);
      }),
      { numRuns: 600 },
    );
    const register = { first_name: 'Ada', last_name: 'Obi', email: 'ada@example.com', phone_number: '08031234567', password: 'correct horse', password_confirmation: 'correct horse', terms: true };
    expect(checks.registerCheck(register)).toEqual({});
    expect(serverErrors(registerSchema, register)).toEqual({});
  });
});
