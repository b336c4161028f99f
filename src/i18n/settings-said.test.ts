import { describe, expect, it } from 'vitest';
import { recognise, sayAgain, t, type MessageParams } from './translate.ts';
import { expectRecognised, expectSaidAgain, otherLocales as others, schemaMessages } from './testing/said-expectations.ts';
import type { MessageKey } from './messages/en.ts';
import { addressSchema } from '../lib/address-schema.ts';
import { bvnSchema, kycAddressSchema } from '../lib/kyc-schemas.ts';
import { securityQuestionSchema } from '../lib/schemas.ts';
import { changePasswordSchema, changePinWithCurrentSchema, changeSecurityQuestionSchema, resetPinWithAnswerSchema } from '../lib/settings-schemas.ts';
import { readDailyLimitForm, readInstantPaymentsForm, limitsViewsFor } from '../server/http/limits-forms.ts';
import { alertSettingsMessage } from '../server/core/alerts/alert-service.ts';
import { passwordChangedMessage, samePinMessage, wrongAnswerMessage, wrongPasswordMessage } from '../server/core/settings/settings-service.ts';
import { addressLockedMessage } from '../server/core/onboarding/onboarding-service.ts';
import { moneyWords } from '../server/http/money-words.ts';
import { kobo } from '../lib/money.ts';

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

  it('says again what the services and forms of these pages answer', () => {
    const limit = readDailyLimitForm({ limit: '' });
    const naira = readDailyLimitForm({ limit: 'lots' });
    const instant = readInstantPaymentsForm({ enabled: 'true' });
    const english = [
      addressLockedMessage,
      wrongPasswordMessage,
      wrongAnswerMessage,
      samePinMessage,
      alertSettingsMessage({ sms: true, sms_to: '+2348031234567' }),
      alertSettingsMessage({ sms: false, sms_to: '+2348031234567' }),
      moneyWords.newTierLimits({ tier: 2, dailyDebitKobo: kobo(20_000_000), maxBalanceKobo: kobo(50_000_000) }),
      moneyWords.newTierLimits({ tier: 3, dailyDebitKobo: kobo(500_000_000), maxBalanceKobo: null }),
      limit.ok ? '' : limit.message,
      naira.ok ? '' : naira.message,
    ];
    expect(instant.ok).toBe(true);
    expectSaidAgain(english);
    expect(sayAgain('ha', moneyWords.newTierLimits({ tier: 2, dailyDebitKobo: kobo(20_000_000), maxBalanceKobo: kobo(50_000_000) }))).toBe(
      'Yanzu kana a Mataki na 2: za ka iya turawa da kashe har ₦200,000.00 a rana, kuma mafi yawan kuɗin ajiyarka ₦500,000.00 ne.',
    );
  });

  it('says again the KYC service’s failed checks with the tries left, in every language', () => {
    const samples: [string, MessageKey, MessageParams][] = [
      ['We could not find that BVN. Check the 11 digits (dial *565*0# on the phone you registered it with to see it). You can try 3 more times today.', 'said.kyc.notFoundMany', { left: '3' }],
      ['We could not find that BVN. Check the 11 digits (dial *565*0# on the phone you registered it with to see it). You can try 1 more time today.', 'said.kyc.notFoundOne', {}],
      ['Your details do not match the record for this BVN. You cannot try again today.', 'said.kyc.mismatchNone', {}],
      ['Your details do not match the record for this BVN. You can try 4 more times today.', 'said.kyc.mismatchMany', { left: '4' }],
      ['You have tried to verify your address 5 times today. For your security, try again tomorrow (after midnight).', 'said.kyc.triedAddress', { count: '5' }],
    ];
    for (const [english, key, params] of samples) expect(recognise(english), english).toEqual({ key, params });
    for (const locale of others) for (const [english, key, params] of samples) expect(t(locale, key, params), `${locale}: ${english}`).not.toBe(english);
  });

  it('words the password notice as the service does, in English, and with the count in every language', () => {
    expect(t('en', 'settings.done.passwordOne')).toBe(passwordChangedMessage(1));
    for (const count of [0, 2, 5]) expect(t('en', 'settings.done.passwordMany', { count })).toBe(passwordChangedMessage(count));
    for (const locale of others) expect(t(locale, 'settings.done.passwordMany', { count: 3 })).toContain('3');
  });

  it('gives the limits notices in the language asked for, and the same English as before', () => {
    const limits = { own_daily_limit: kobo(2_000_000), pending_raise: null } as unknown as Parameters<typeof limitsViewsFor>[2];
    const url = new URL('https://bank.test/account/settings?limits=lowered');
    expect(limitsViewsFor(url, 'GET', limits).daily.notice).toBe('Your own daily limit is now ₦20,000.00. It applies at once.');
    expect(limitsViewsFor(url, 'GET', limits, 'yo').daily.notice).toBe('Ààlà ojoojúmọ́ tìrẹ ti di ₦20,000.00 báyìí. Ó ti bẹ̀rẹ̀ iṣẹ́ lójúkan náà.');
    expect(limitsViewsFor(new URL('https://bank.test/account/settings?limits=instant_off'), 'GET', limits, 'pcm').instant.notice).toBe(
      'Instant transfers to other banks don off. Transfers inside this bank still dey work.',
    );
  });
});
