import { describe, expect, it } from 'vitest';
import { locales } from './locales.ts';
import { say, wordsFor } from './translate.ts';
import type { MessageKey } from './messages/en.ts';
import type { Said } from './said.ts';
import * as islandWords from './island-words.ts';
import * as purchaseWords from './purchase-words.ts';
import * as settingsWords from './settings-words.ts';
import * as checks from '../lib/form-checks.ts';
import type { FormCheck } from '../lib/form-rules.ts';
import { lgasOf, statesWithLgas } from '../lib/states.ts';
import { samples } from '../lib/testing/form-samples.ts';
import { nairaAmountProblem } from '../lib/payment-rules.ts';
import { wordWith } from '../lib/word-said.ts';
import { formatNaira } from '../lib/money.ts';

/**
 * Every field message an island's check can give is among the words its page hands it (the
 * island words it by key, src/lib/word-said.ts `worded`): each check is run on its fields' sample texts
 * (src/lib/testing/form-samples.ts), one field wrong at a time and all of them at once, and with
 * nothing filled in, and every key it says must be in the island's list.
 */
const places = { states: statesWithLgas.map((state) => state.name), lgasOf };

/** `naira`: the island words amounts with formatNaira (the others do not load it, and their checks name none). */
type Island = { check: FormCheck; fields: readonly string[]; words: readonly MessageKey[]; naira?: true };

const islands: Record<string, Island> = {
  LoginForm: { check: checks.loginCheck, fields: ['email', 'password'], words: islandWords.loginWords },
  RegisterForm: { check: checks.registerCheck, fields: ['first_name', 'last_name', 'email', 'phone_number', 'password', 'password_confirmation', 'terms'], words: islandWords.registerWords },
  ForgotPasswordForm: { check: checks.forgotPasswordCheck, fields: ['email'], words: islandWords.forgotPasswordWords },
  ResetCodeForm: { check: checks.resetCodeCheck, fields: ['token'], words: islandWords.resetCodeWords },
  NewPasswordForm: { check: checks.newPasswordFormCheck, fields: ['password', 'password_confirmation'], words: islandWords.newPasswordWords },
  VerifyEmailForm: { check: checks.otpCheck, fields: ['otp'], words: islandWords.verifyEmailWords },
  PinForm: { check: checks.pinCheck, fields: ['pin', 'pin_confirmation'], words: islandWords.setPinWords },
  BeneficiaryForm: { check: checks.beneficiaryCheck, fields: ['bank_code', 'account_number', 'nickname'], words: islandWords.beneficiaryWords },
  TransferForm: { check: (values) => ({ ...checks.transferFieldsCheck(values), amount: checks.transferAmountErrors(values.amount) }), fields: ['bank_code', 'account_number', 'narration', 'amount'], words: islandWords.transferWords, naira: true },
  AirtimeForm: { check: checks.airtimeDetailsCheck, fields: ['network_id', 'phone_number', 'amount'], words: purchaseWords.airtimeWords, naira: true },
  DataForm: { check: checks.dataDetailsCheck, fields: ['provider_id', 'plan_id', 'phone_number'], words: purchaseWords.dataWords },
  ElectricityForm: { check: checks.meterFieldsCheck, fields: ['provider_id', 'meter_number', 'meter_type'], words: purchaseWords.electricityWords },
  CableForm: { check: checks.cardFieldsCheck, fields: ['provider_id', 'smartcard_number'], words: purchaseWords.cableWords },
  AddressForm: { check: checks.addressCheck(places), fields: ['address', 'city', 'state', 'lga'], words: settingsWords.addressWords },
  KycAddressForm: { check: checks.kycAddressCheck(places), fields: ['address', 'city', 'state', 'lga', 'proof_type', 'proof_reference'], words: settingsWords.kycAddressWords },
  BvnForm: { check: checks.bvnCheck, fields: ['bvn', 'date_of_birth'], words: settingsWords.bvnWords },
  SecurityQuestionForm: { check: checks.securityQuestionCheck, fields: ['security_question_id', 'answer'], words: settingsWords.securityQuestionWords },
  ChangePasswordForm: { check: checks.changePasswordCheck, fields: ['current_password', 'password', 'password_confirmation'], words: settingsWords.changePasswordWords },
  ChangeSecurityQuestionForm: { check: checks.changeSecurityQuestionCheck, fields: ['security_question_id', 'answer', 'password'], words: settingsWords.changeSecurityQuestionWords },
  ChangePinForm: { check: checks.changePinWithCurrentCheck, fields: ['current_pin', 'pin', 'pin_confirmation'], words: settingsWords.changePinWords },
  ResetPinForm: { check: checks.resetPinWithAnswerCheck, fields: ['password', 'security_answer', 'pin', 'pin_confirmation'], words: settingsWords.resetPinWords },
};

const oddTexts = ['', ' ', '\t', '\u0000', 'x'.repeat(300)];

/** What `check` says for one field wrong at a time, all wrong at once, and an empty form. */
function saidBy({ check, fields }: Island): Said[] {
  const said: Said[] = [];
  const right = Object.fromEntries(fields.map((name) => [name, samples[name]?.[0] ?? '']));
  // An island's form holds text (and booleans), never another type, so zod's own words for one never show there.
  const forms: Record<string, unknown>[] = [{}];
  for (const name of fields) for (const text of [...(samples[name] ?? []), ...oddTexts]) forms.push({ ...right, [name]: text });
  for (const text of oddTexts) forms.push(Object.fromEntries(fields.map((name) => [name, text])));
  for (const values of forms) for (const list of Object.values(check(values))) said.push(...list);
  return said;
}

describe.each(Object.entries(islands))('%s', (_name, island) => {
  it('is handed the words of every message its check gives', () => {
    const said = saidBy(island);
    expect(said.length).toBeGreaterThan(0);
    expect([...new Set(said.map((message) => message.key))].filter((key) => !island.words.includes(key))).toEqual([]);
  });

  it('words each message in every language as the server says it', () => {
    for (const locale of locales) {
      const word = wordWith(wordsFor(locale, island.words), island.naira ? formatNaira : undefined);
      for (const message of saidBy(island)) expect(word(message), `${locale} ${message.key}`).toBe(say(locale, message));
    }
  });
});

describe('an island’s words', () => {
  it('fill in an amount and a number the way the server does', () => {
    const atLeast = nairaAmountProblem('0.5')!;
    expect(atLeast.key).toBe('said.requests.atLeast');
    for (const locale of locales) expect(wordWith(wordsFor(locale, islandWords.transferWords), formatNaira)(atLeast), locale).toBe(say(locale, atLeast));
    expect(say('en', atLeast)).toBe('Enter at least ₦1.00');
    expect(wordWith(wordsFor('en', islandWords.registerWords))({ key: 'said.password.min', params: { min: 8 } })).toBe('Use at least 8 characters');
  });

  it('show the key itself for a word the page did not give (never an empty message)', () => {
    expect(wordWith({})({ key: 'said.terms' })).toBe('said.terms');
  });
});
