import { describe, expect, it } from 'vitest';
import { recognise, sayAgain, sayFailure } from './translate.ts';
import { waitInWords } from '../server/core/throttle/request-counters.ts';
import { formatLagosDateTime } from '../lib/lagos-time.ts';
import { accountFrozen, accountFrozenMessage } from '../server/core/safety/frozen.ts';
import { instantPaymentsOff } from '../server/core/customer-limits/limit-guard.ts';
import { pendingRefusal } from '../server/http/api.ts';
import { tooLarge } from '../server/http/body.ts';
import { idempotencyKeySchema } from '../lib/money-schemas.ts';
import { english } from './testing/in-english.ts';
import { addressRejectionWords } from '../server/core/kyc/kyc-service.ts';

/**
 * The refusals with figures the services word in English (API messages and error
 * codes: said.errors.*), found again by their sentence with their figures, and a wait in words
 * ("3 minutes", waitInWords) said in the language around it.
 */
describe('refusals with figures, said again', () => {
  it.each([
    ['Too many wrong PINs. Transfers and payments are locked for 1 more minute (until 22 Nov 2026, 21:50).', 'said.errors.pinLockedOne'],
    ['Too many wrong PINs. Transfers and payments are locked for 30 more minutes (until 22 Nov 2026, 21:50).', 'said.errors.pinLockedMany'],
    ['You have asked for 5 codes this hour. Try again in 12 minutes.', 'said.errors.codesPerHour'],
    [`Too many accounts opened from this network. Try again in ${waitInWords(300)}.`, 'said.errors.registerNetwork'],
    [`Too many tries to open an account with this email address. Try again in ${waitInWords(45)}.`, 'said.errors.registerEmail'],
    [`Too many tries to open an account with this phone number. Try again in ${waitInWords(7_200)}.`, 'said.errors.registerPhone'],
    [`You have made 20 payment requests today. Try again in ${waitInWords(3_600)}.`, 'said.errors.requestsToday'],
    [`Too many payment links opened from this network. Try again in ${waitInWords(60)}.`, 'said.errors.linksNetwork'],
    [`You have looked up 10 account names in a minute. Wait ${waitInWords(1)} and try again.`, 'said.errors.lookupsMinute'],
    [`You have looked up 200 account names today, the most for one day. Try again in ${waitInWords(30_000)}.`, 'said.errors.lookupsDay'],
    ['First set your transaction PIN.', 'said.errors.first.pin'],
    [pendingRefusal, 'said.errors.pending'],
    ['You were signed out after a period without activity. Please sign in again.', 'said.errors.idle'],
    [instantPaymentsOff().message, 'said.errors.instantOff'],
  ])('%s', (english, key) => {
    expect(recognise(english)?.key).toBe(key);
  });

  it('says the API’s own refusals (405, too large, Idempotency-Key) in the caller’s language', () => {
    expect(recognise('This API call takes GET, POST.')).toEqual({ key: 'said.errors.methodAllowed', params: { allow: 'GET, POST' } });
    expect(sayFailure('yo', tooLarge()).message).toBe('Ìbéèrè náà ti tóbi jù (kò gbọdọ̀ ju KiB 64 lọ).');
    expect(sayAgain('pcm', 'This API call takes GET.')).toBe('This API call na only GET e dey take.');
    const missing = { code: 'VALIDATION_FAILED', message: 'Send an Idempotency-Key header (8 to 64 characters) with every request that moves money.', errors: { idempotency_key: ['Required'] } };
    expect(sayFailure('ig', missing)).toEqual({ code: 'VALIDATION_FAILED', message: 'Ziga isi Idempotency-Key (mkpụrụedemede 8 ruo 64) na arịrịọ ọ bụla na-ebugharị ego.', errors: { idempotency_key: ['Ọ dị mkpa'] } });
    const invalid = english(idempotencyKeySchema.safeParse('short').error?.issues[0]?.message ?? '');
    expect(recognise(invalid)?.key).toBe('said.errors.keyInvalid');
    expect(recognise('This idempotency key was already used for a different request. Use a new key for a new transfer.')?.key).toBe('said.errors.keyReused');
    expect(sayFailure('ha', { code: 'REQUEST_IN_PROGRESS', message: 'This request is still being processed. Check your transaction history before trying again.' }).message).toMatch(/^Har yanzu muna aiki/);
  });

  it('says each reason an address verifier gives (a code the bank words) in the customer’s language, the form’s message and the field’s', () => {
    for (const reason of Object.values(addressRejectionWords)) {
      const failure = {
        code: 'VALIDATION_FAILED',
        message: `We could not verify your address: ${reason}. Check the address and the document's number.`,
        errors: { proof_reference: [`${reason.charAt(0).toUpperCase()}${reason.slice(1)}. Check the number, or use another document.`] },
      };
      const message = recognise(failure.message)?.key;
      const field = recognise(failure.errors.proof_reference[0]!)?.key;
      expect(message).toMatch(/^said\.errors\.address\./);
      expect(field).toBe(`${message}Field`);
      for (const locale of ['pcm', 'ha', 'yo', 'ig'] as const) {
        const said = sayFailure(locale, failure);
        expect(said.message).not.toBe(failure.message);
        expect(said.errors.proof_reference[0]).not.toBe(failure.errors.proof_reference[0]);
      }
    }
    expect(sayAgain('yo', 'The document does not show this address. Check the number, or use another document.')).toBe('Ìwé náà kò fi àdírẹ́sì yìí hàn. Ṣàyẹ̀wò nọ́ńbà náà, tàbí lo ìwé mìíràn.');
  });

  it('says the wait in the sentence’s language, its number kept', () => {
    expect(sayAgain('ha', `Too many accounts opened from this network. Try again in ${waitInWords(300)}.`)).toBe('An buɗe asusu da yawa daga wannan hanyar sadarwa. Sake gwadawa bayan minti 5.');
    expect(sayAgain('yo', `You have made 20 payment requests today. Try again in ${waitInWords(7_200)}.`)).toBe('O ti ṣe ìbéèrè owó 20 lónìí. Gbìyànjú lẹ́ẹ̀kan sí i lẹ́yìn wákàtí 2.');
    expect(sayAgain('ig', `You have looked up 10 account names in a minute. Wait ${waitInWords(1)} and try again.`)).toBe('Ị lebala aha akaụntụ 10 anya n’otu nkeji. Chere sekọnd 1 wee nwaa ọzọ.');
    expect(sayAgain('pcm', `Too many payment links opened from this network. Try again in ${waitInWords(60)}.`)).toBe('Too many payment links don open from this network. Try again after 1 minute.');
  });

  it('keeps the code and the lock’s figures of a PIN lock in Hausa', () => {
    const failure = { code: 'PIN_LOCKED', message: 'Too many wrong PINs. Transfers and payments are locked for 30 more minutes (until 22 Nov 2026, 21:50).' };
    expect(sayFailure('ha', failure)).toEqual({
      code: 'PIN_LOCKED',
      message: 'An shigar da PIN ba daidai ba sau da yawa. An kulle tura kuɗi da biyan kuɗi na ƙarin minti 30 (har zuwa 22 Nuw, 2026, 21:50).',
    });
  });

  it('does not take a longer English text for a short template that it only looks like', () => {
    expect(recognise(accountFrozenMessage)?.key).toBe('said.errors.accountFrozen');
    expect(sayFailure('ha', accountFrozen()).message).toMatch(/^An daskarar da asusunka/);
    // "{amount} sent to {name}." must not swallow a freeze's sentences ("…leave it; money sent to you still arrives…").
    const freezeDone = 'Your account is frozen. No money can leave it; money sent to you still arrives. We signed out 2 other devices and emailed you how to unfreeze it.';
    expect(recognise(freezeDone)?.key).toBe('said.api.frozenMany');
    expect(recognise('Your card is blocked. No money can leave it; money sent to you still arrives.')).toBeNull();
    expect(recognise('₦5,000.00 sent to ADA OBI.')?.key).toBe('said.money.sent');
    expect(recognise('₦5,000.00 sent to MR. ADA OBI.')?.key).toBe('said.money.sent');
  });

  it('writes a Lagos date inside a sentence in the language, and leaves what only looks like one', () => {
    expect(sayAgain('yo', 'Too many wrong PINs. Transfers and payments are locked for 1 more minute (until 5 Sept 2026, 08:05).')).toContain(`(títí di ${formatLagosDateTime('2026-09-05T08:05:00+01:00', 'yo')})`);
    expect(formatLagosDateTime('2026-09-05T08:05:00+01:00', 'yo')).not.toContain('Sept');
    expect(sayAgain('ha', 'Too many wrong PINs. Transfers and payments are locked for 1 more minute (until 31 Feb 2026, 08:05).')).toContain('(har zuwa 31 Feb 2026, 08:05)');
  });
});
