import { describe, expect, it } from 'vitest';
import { locales } from './locales.ts';
import { catalogues, say, sayErrors, sayRefusal, t } from './translate.ts';
import { en, type MessageKey } from './messages/en.ts';
import { serverEn } from './messages/server/en.ts';
import { said, waitValue, type Said } from './said.ts';
import { kobo } from '../lib/money.ts';
import { formatLagosDateTime } from '../lib/lagos-time.ts';
import { moneyWords } from '../server/http/money-words.ts';
import { accountFrozen, accountFrozenMessage } from '../server/core/safety/frozen.ts';
import { instantPaymentsOff } from '../server/core/customer-limits/limit-guard.ts';
import { pendingRefusal } from '../server/http/api.ts';
import { tooLarge } from '../server/http/body.ts';
import { addressRejectionWords } from '../server/core/kyc/kyc-service.ts';
import { readPaymentRequestForm } from '../server/http/payment-request-form.ts';
import { readDailyLimitForm, readInstantPaymentsForm, limitsViewsFor } from '../server/http/limits-forms.ts';
import { alertSettingsMessage } from '../server/core/alerts/alert-service.ts';
import { samePinMessage, wrongAnswerMessage, wrongPasswordMessage } from '../server/core/settings/settings-service.ts';
import { addressLockedMessage } from '../server/core/onboarding/onboarding-service.ts';
import { fail } from '../server/core/result.ts';
import { wordView } from '../server/http/forms.ts';

/**
 * What the server says (refusals, notices, success messages), as the catalogue words it: each
 * sentence is a key with typed values (said.ts), written once in English (the API's words, kept
 * exactly) and in every other language by the same key. These cases were the server's `*-said`
 * tests, which found a sentence again by its English words; now the sentence is data.
 */
const others = locales.filter((locale) => locale !== 'en');
/** Pidgin may say a short message as English does ("Choose the bank"); these three never do. */
const written = ['ha', 'yo', 'ig'] as const;
const figures = { limitKobo: kobo(5_000_000), usedKobo: kobo(4_000_000), leftKobo: kobo(1_000_000) };
/** Said in every language by its own sentence: the language has the key, and says it differently from English where it writes its own. */
function expectTranslated(message: Said, english?: string) {
  if (english !== undefined) expect(say('en', message)).toBe(english);
  for (const locale of others) expect(catalogues[locale][message.key], `${locale} ${message.key}`).toBeDefined();
  for (const locale of written) expect(say(locale, message), `${locale}: ${message.key}`).not.toBe(say('en', message));
}

describe('refusals with figures', () => {
  it.each([
    [said('said.errors.pinLockedOne', { until: '22 Nov 2026, 21:50' }), 'Too many wrong PINs. Transfers and payments are locked for 1 more minute (until 22 Nov 2026, 21:50).'],
    [said('said.errors.pinLockedMany', { minutes: 30, until: '22 Nov 2026, 21:50' }), 'Too many wrong PINs. Transfers and payments are locked for 30 more minutes (until 22 Nov 2026, 21:50).'],
    [said('said.errors.codesPerHour', { count: 5, minutes: 12 }), 'You have asked for 5 codes this hour. Try again in 12 minutes.'],
    [said('said.errors.registerNetwork', { wait: waitValue(300) }), 'Too many accounts opened from this network. Try again in 5 minutes.'],
    [said('said.errors.registerEmail', { wait: waitValue(45) }), 'Too many tries to open an account with this email address. Try again in 45 seconds.'],
    [said('said.errors.registerPhone', { wait: waitValue(7_200) }), 'Too many tries to open an account with this phone number. Try again in 2 hours.'],
    [said('said.errors.requestsToday', { count: 20, wait: waitValue(3_600) }), 'You have made 20 payment requests today. Try again in 60 minutes.'],
    [said('said.errors.linksNetwork', { wait: waitValue(60) }), 'Too many payment links opened from this network. Try again in 1 minute.'],
    [said('said.errors.lookupsMinute', { count: 10, wait: waitValue(1) }), 'You have looked up 10 account names in a minute. Wait 1 second and try again.'],
    [said('said.errors.lookupsDay', { count: 200, wait: waitValue(30_000) }), 'You have looked up 200 account names today, the most for one day. Try again in 9 hours.'],
    [said('said.errors.first.pin'), 'First set your transaction PIN.'],
    [pendingRefusal, 'First verify your email address with the code we sent you.'],
    [said('said.errors.idle'), 'You were signed out after a period without activity. Please sign in again.'],
    [instantPaymentsOff().message, undefined],
  ])('%j', (message, english) => {
    expectTranslated(message, english);
  });

  it('says the API’s own refusals (405, too large, Idempotency-Key) in the caller’s language', () => {
    expect(say('en', said('said.errors.methodAllowed', { allow: 'GET, POST' }))).toBe('This API call takes GET, POST.');
    expect(sayRefusal('yo', tooLarge())).toBe('Ìbéèrè náà ti tóbi jù (kò gbọdọ̀ ju KiB 64 lọ).');
    expect(say('pcm', said('said.errors.methodAllowed', { allow: 'GET' }))).toBe('This API call na only GET e dey take.');
    const missing = fail('VALIDATION_FAILED', said('said.errors.keyMissing'), { errors: { idempotency_key: [said('said.errors.required')] } });
    expect(say('en', missing.message)).toBe('Send an Idempotency-Key header (8 to 64 characters) with every request that moves money.');
    expect(sayRefusal('ig', missing)).toBe('Ziga isi Idempotency-Key (mkpụrụedemede 8 ruo 64) na arịrịọ ọ bụla na-ebugharị ego.');
    expect(sayErrors('ig', missing.errors!)).toEqual({ idempotency_key: ['Ọ dị mkpa'] });
    expect(say('en', said('said.errors.keyReused'))).toBe('This idempotency key was already used for a different request. Use a new key for a new transfer.');
    expect(sayRefusal('ha', fail('REQUEST_IN_PROGRESS', said('said.errors.inProgress')))).toMatch(/^Har yanzu muna aiki/);
  });

  it('says each reason an address verifier gives (a code the bank words) in the customer’s language, the form’s message and the field’s', () => {
    for (const reason of Object.values(addressRejectionWords)) {
      expect(reason.message.key).toMatch(/^said\.errors\.address\./);
      expect(reason.field.key).toBe(`${reason.message.key}Field`);
      expect(say('en', reason.message)).toMatch(/^We could not verify your address: .+\. Check the address and the document's number\.$/);
      expect(say('en', reason.field)).toMatch(/\. Check the number, or use another document\.$/);
      for (const locale of others) {
        expect(say(locale, reason.message)).not.toBe(say('en', reason.message));
        expect(say(locale, reason.field)).not.toBe(say('en', reason.field));
      }
    }
    expect(say('yo', said('said.errors.address.notShownField'))).toBe('Ìwé náà kò fi àdírẹ́sì yìí hàn. Ṣàyẹ̀wò nọ́ńbà náà, tàbí lo ìwé mìíràn.');
  });

  it('says the wait in the sentence’s language, its number kept', () => {
    expect(say('ha', said('said.errors.registerNetwork', { wait: waitValue(300) }))).toBe('An buɗe asusu da yawa daga wannan hanyar sadarwa. Sake gwadawa bayan minti 5.');
    expect(say('yo', said('said.errors.requestsToday', { count: 20, wait: waitValue(7_200) }))).toBe('O ti ṣe ìbéèrè owó 20 lónìí. Gbìyànjú lẹ́ẹ̀kan sí i lẹ́yìn wákàtí 2.');
    expect(say('ig', said('said.errors.lookupsMinute', { count: 10, wait: waitValue(1) }))).toBe('Ị lebala aha akaụntụ 10 anya n’otu nkeji. Chere sekọnd 1 wee nwaa ọzọ.');
    expect(say('pcm', said('said.errors.linksNetwork', { wait: waitValue(60) }))).toBe('Too many payment links don open from this network. Try again after 1 minute.');
  });

  it('keeps the code and the lock’s figures of a PIN lock in Hausa, its moment in the language’s own month names', () => {
    const failure = fail('PIN_LOCKED', said('said.errors.pinLockedMany', { minutes: 30, until: { at: '2026-11-22T20:50:00Z' } }));
    expect(say('en', failure.message)).toBe('Too many wrong PINs. Transfers and payments are locked for 30 more minutes (until 22 Nov 2026, 21:50).');
    expect(sayRefusal('ha', failure)).toBe('An shigar da PIN ba daidai ba sau da yawa. An kulle tura kuɗi da biyan kuɗi na ƙarin minti 30 (har zuwa 22 Nuw, 2026, 21:50).');
    const soon = said('said.errors.pinLockedOne', { until: { at: '2026-09-05T07:05:00Z' } });
    expect(say('yo', soon)).toContain(`(títí di ${formatLagosDateTime('2026-09-05T08:05:00+01:00', 'yo')})`);
    expect(say('yo', soon)).not.toContain('Sept');
  });

  it('says a frozen account’s refusal by its own key, not a shorter sentence it only looks like', () => {
    expect(accountFrozenMessage.key).toBe('said.errors.accountFrozen');
    expect(sayRefusal('ha', accountFrozen())).toMatch(/^An daskarar da asusunka/);
    expect(say('en', said('said.api.frozenMany', { count: 2 }))).toBe('Your account is frozen. No money can leave it; money sent to you still arrives. We signed out 2 other devices and emailed you how to unfreeze it.');
    expect(say('en', said('said.money.sent', { amount: { kobo: kobo(500_000) }, name: 'MR. ADA OBI' }))).toBe('₦5,000.00 sent to MR. ADA OBI.');
  });
});

describe('a failure’s sentence a language has not got', () => {
  it('is the code’s own sentence in that language, and the English in English', () => {
    const failure = fail('RATE_LIMITED', said('said.body.json'));
    expect(Object.hasOwn(serverEn, 'said.body.json')).toBe(true);
    expect(sayRefusal('ig', failure)).toBe(t('ig', 'error.RATE_LIMITED'));
    expect(sayRefusal('en', failure)).toBe('The request body is not valid JSON.');
  });

  it('is the English for a notice (no code to fall back to)', () => {
    expect(say('yo', said('said.sandbox.noEndpoint'))).toBe('No such endpoint.');
    expect(say('yo', said('said.bills.noMeterField'))).not.toBe('No meter has this number');
  });

  it('is a form screen’s words as the API says them', () => {
    const view = wordView('ha', { values: {}, errors: { pin: [said('said.sandbox.unknownBank')] }, formError: said('said.sandbox.sendingBank'), notice: null, status: 422, code: 'VALIDATION_FAILED' });
    expect(view).toEqual({ values: {}, errors: { pin: ['Unknown bank code'] }, formError: t('ha', 'error.VALIDATION_FAILED'), notice: null, status: 422 });
  });

  it('keeps every English-only key’s placeholders out of the other languages’ way: each is only English', () => {
    for (const key of Object.keys(serverEn) as MessageKey[]) {
      expect(en[key]).toBe(serverEn[key as keyof typeof serverEn]);
      for (const locale of others) expect(catalogues[locale][key], `${locale} ${key}`).toBeUndefined();
    }
  });
});

describe('the money words', () => {
  it('says each money sentence by its catalogue key, with its figures as kobo and its moment as an instant', () => {
    const sentences: [Said, string][] = [];
    for (const verb of ['send', 'spend'] as const) {
      const own = moneyWords.ownDailyLimit({ ...figures, verb, raiseDelayHours: 24 });
      sentences.push(
        [own.message, `That is over your own daily limit of ₦50,000.00, the limit you set in Settings. You can ${verb} up to ₦10,000.00 more today; a raise of your own limit takes effect 24 hours after you ask.`],
        [own.field, 'At most ₦10,000.00 more today (your own daily limit)'],
      );
      sentences.push([moneyWords.dailyLimit({ ...figures, tier: 1, verb }).message, `That is over your daily limit of ₦50,000.00 on Tier 1. You can ${verb} up to ₦10,000.00 more today; raise your tier to ${verb} more.`]);
      for (const reason of ['new_account', 'new_browser'] as const) {
        const cap = moneyWords.newBrowserCap({ ...figures, until: '2030-01-02T10:00:00.000Z', reason, verb });
        const who = reason === 'new_account' ? 'a new account' : 'an account just signed in to from a new browser';
        sentences.push(
          [cap.message, `That is over the new-browser limit: for your safety, ${who} can send and spend at most ₦50,000.00 in total until 2 Jan 2030, 11:00 (Lagos time). You can ${verb} up to ₦10,000.00 more until then.`],
          [cap.field, 'At most ₦10,000.00 more until 2 Jan 2030, 11:00 (new-browser limit)'],
        );
      }
    }
    sentences.push([moneyWords.maxBalance({ maxBalanceKobo: kobo(30_000_000), tier: 1, whose: 'inbound' }), 'The account cannot receive this: it would go over the ₦300,000.00 maximum balance of Tier 1.']);
    sentences.push([moneyWords.maxBalance({ maxBalanceKobo: kobo(30_000_000), tier: 1, whose: 'own' }), 'This account cannot hold more than ₦300,000.00 on Tier 1.']);
    for (const [message, english] of sentences) {
      expect(say('en', message)).toBe(english);
      // The cap's end is a Lagos date and time, written in the language's own way.
      for (const locale of others) {
        expect(catalogues[locale][message.key], `${locale} ${message.key}`).toBeDefined();
        if (message.params?.until) expect(say(locale, message), `${locale}: ${english}`).toContain(formatLagosDateTime('2030-01-02T10:00:00.000Z', locale));
      }
    }
  });

  it('carries the new tier’s limits into Hausa', () => {
    const tier2 = moneyWords.newTierLimits({ tier: 2, dailyDebitKobo: kobo(20_000_000), maxBalanceKobo: kobo(50_000_000) });
    expect(say('en', tier2)).toBe('You are now on Tier 2: you can send and spend up to ₦200,000.00 a day, with a maximum balance of ₦500,000.00.');
    expect(say('ha', tier2)).toBe('Yanzu kana a Mataki na 2: za ka iya turawa da kashe har ₦200,000.00 a rana, kuma mafi yawan kuɗin ajiyarka ₦500,000.00 ne.');
    expectTranslated(moneyWords.newTierLimits({ tier: 3, dailyDebitKobo: kobo(500_000_000), maxBalanceKobo: null }), 'You are now on Tier 3: you can send and spend up to ₦5,000,000.00 a day, with no maximum balance.');
  });
});

describe('the request, schedule, settings and limits forms’ and services’ messages', () => {
  it('says every message of the request form in every language', () => {
    const messages: Said[] = [];
    const tries: Record<string, string>[] = [{ amount: 'ten' }, { amount: '0.5' }, { amount: '9999999999999' }, { note: 'x'.repeat(101), expires_in_days: '0' }, { expires_in_days: '31' }, { expires_in_days: 'x' }];
    for (const values of tries) {
      const read = readPaymentRequestForm(values);
      if (read.ok) continue;
      messages.push(read.message, ...Object.values(read.errors ?? {}).flat());
    }
    const shown = messages.filter((message) => message.key !== 'said.correctFields');
    expect(new Set(shown.map((message) => say('en', message))).size).toBeGreaterThan(5);
    for (const message of shown) {
      for (const locale of written) expect(say(locale, message), `${locale}: ${say('en', message)}`).not.toBe(say('en', message));
    }
  });

  it('says a schedule’s status inside its sentence in the language', () => {
    const cannot = said('said.requests.cannotPause', { status: { word: 'requests.scheduled.status.cancelled' } });
    expect(say('en', cannot)).toBe('This scheduled transfer is cancelled, so it cannot be paused.');
    expect(say('ha', cannot)).toBe(t('ha', 'said.requests.cannotPause', { status: t('ha', 'requests.scheduled.status.cancelled').toLowerCase() }));
    const earliest = said('said.requests.earliest', { date: { day: '2030-03-02' } });
    expect(say('en', earliest)).toBe('Transfers go at 08:00 Lagos time, so the first one can be on 2 Mar 2030 at the earliest');
    expect(say('yo', earliest)).toContain('08:00');
    expect(say('yo', earliest)).not.toContain('Mar 2030');
    expect(sayRefusal('ig', fail('VALIDATION_FAILED', earliest))).toMatch(/^Nzipu ego na-aga n’elekere 08:00 oge Legọs/);
  });

  it('says what the settings and limits services and forms answer, in every language', () => {
    const limit = readDailyLimitForm({ limit: '' });
    const naira = readDailyLimitForm({ limit: 'lots' });
    expect(readInstantPaymentsForm({ enabled: 'true' }).ok).toBe(true);
    const messages = [
      addressLockedMessage,
      wrongPasswordMessage,
      wrongAnswerMessage,
      samePinMessage,
      alertSettingsMessage({ sms: true, sms_to: '+2348031234567' }),
      alertSettingsMessage({ sms: false, sms_to: '+2348031234567' }),
      ...(limit.ok ? [] : [limit.message]),
      ...(naira.ok ? [] : [naira.message]),
    ];
    expect(messages).toHaveLength(8);
    for (const message of messages) expectTranslated(message);
    expect(say('en', alertSettingsMessage({ sms: false, sms_to: '' }))).toBe('Email alerts are always on. SMS alerts are off.');
  });

  it('says the KYC service’s failed checks with the tries left, in every language', () => {
    const samples: [Said, string][] = [
      [said('said.kyc.notFoundMany', { left: 3 }), 'We could not find that BVN. Check the 11 digits (dial *565*0# on the phone you registered it with to see it). You can try 3 more times today.'],
      [said('said.kyc.notFoundOne'), 'We could not find that BVN. Check the 11 digits (dial *565*0# on the phone you registered it with to see it). You can try 1 more time today.'],
      [said('said.kyc.mismatchNone'), 'Your details do not match the record for this BVN. You cannot try again today.'],
      [said('said.kyc.mismatchMany', { left: 4 }), 'Your details do not match the record for this BVN. You can try 4 more times today.'],
      [said('said.kyc.triedAddress', { count: 5 }), 'You have tried to verify your address 5 times today. For your security, try again tomorrow (after midnight).'],
    ];
    for (const [message, english] of samples) expectTranslated(message, english);
  });

  it('gives the limits notices in the language asked for, and the same English as before', () => {
    const limits = { own_daily_limit: kobo(2_000_000), pending_raise: null } as unknown as Parameters<typeof limitsViewsFor>[2];
    const url = new URL('https://bank.test/account/settings?limits=lowered');
    expect(wordView('en', limitsViewsFor(url, 'GET', limits).daily).notice).toBe('Your own daily limit is now ₦20,000.00. It applies at once.');
    expect(wordView('yo', limitsViewsFor(url, 'GET', limits).daily).notice).toBe('Ààlà ojoojúmọ́ tìrẹ ti di ₦20,000.00 báyìí. Ó ti bẹ̀rẹ̀ iṣẹ́ lójúkan náà.');
    expect(wordView('pcm', limitsViewsFor(new URL('https://bank.test/account/settings?limits=instant_off'), 'GET', limits).instant).notice).toBe(
      'Instant transfers to other banks don off. Transfers inside this bank still dey work.',
    );
  });
});
