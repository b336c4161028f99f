import { describe, expect, it } from 'vitest';
import { locales } from './locales.ts';
import { fill, recognise, sayAgain, t } from './translate.ts';
import { en, type MessageKey } from './messages/en.ts';
import { moneyWords, moneyWordsSaid } from '../server/http/money-words.ts';
import { kobo } from '../lib/money.ts';
import { formatLagosDateTime } from '../lib/lagos-time.ts';
import { parseValues } from '../server/http/api.ts';
import { scheduleFormSchema } from '../lib/scheduled-transfer-schemas.ts';
import { readPaymentRequestForm } from '../server/http/payment-request-form.ts';
import { saySchedule, sayScheduleFailure } from '../server/http/scheduled-transfer-words.ts';

/** What the money words, the request and schedule forms say, said again in every language. */
const others = locales.filter((locale) => locale !== 'en');
/** Pidgin may say a short message as English does ("Choose the bank"); these three never do. */
const written = ['ha', 'yo', 'ig'] as const;
const figures = { limitKobo: kobo(5_000_000), usedKobo: kobo(4_000_000), leftKobo: kobo(1_000_000) };

describe('the money words, word for word in the catalogue', () => {
  it('says each sentence of money-words.ts as its catalogue key does, so it is said again in every language', () => {
    const said: [string, MessageKey][] = [];
    for (const verb of ['send', 'spend'] as const) {
      const own = moneyWords.ownDailyLimit({ ...figures, verb, raiseDelayHours: 24 });
      said.push([own.message, moneyWordsSaid.ownDailyLimit[verb]], [own.field, moneyWordsSaid.ownDailyLimit.field]);
      said.push([moneyWords.dailyLimit({ ...figures, tier: 1, verb }).message, moneyWordsSaid.dailyLimit[verb]]);
      for (const reason of ['new_account', 'new_browser'] as const) {
        const cap = moneyWords.newBrowserCap({ ...figures, until: '2030-01-02T10:00:00.000Z', reason, verb });
        said.push([cap.message, moneyWordsSaid.newBrowserCap[reason][verb]], [cap.field, moneyWordsSaid.newBrowserCap.field]);
      }
    }
    said.push([moneyWords.maxBalance({ maxBalanceKobo: kobo(30_000_000), tier: 1, whose: 'inbound' }), moneyWordsSaid.maxBalance.inbound]);
    said.push([moneyWords.maxBalance({ maxBalanceKobo: kobo(30_000_000), tier: 1, whose: 'own' }), moneyWordsSaid.maxBalance.own]);
    for (const [english, key] of said) {
      const known = recognise(english);
      expect(known?.key, english).toBe(key);
      expect(fill(en[key], known!.params)).toBe(english);
      // The cap's end is a Lagos date and time, written again in the language (translate.ts).
      for (const locale of others) {
        const params = 'until' in known!.params ? { ...known!.params, until: formatLagosDateTime('2030-01-02T10:00:00.000Z', locale) } : known!.params;
        expect(sayAgain(locale, english), `${locale}: ${english}`).toBe(t(locale, key, params));
      }
    }
  });
});

describe('the request and schedule forms’ messages', () => {
  const scheduleTries = [
    {},
    { bank_code: '1', account_number: '12', amount: 'abc', narration: 'x'.repeat(101), first_date: '2030-02-30', repeat: 'daily', end_date: 'soon', count: '0' },
    { bank_code: '000014', account_number: '0123456789', amount: '0.50', first_date: '2030-03-10', repeat: 'weekly', end_date: '2030-03-01', count: '999' },
    { bank_code: '000014', account_number: '0123456789', amount: '2000000000000', first_date: '', repeat: 'monthly' },
  ];

  it('says every field message of the schedule form in every language', () => {
    const messages = new Set<string>();
    for (const values of scheduleTries) {
      const parsed = parseValues(values, scheduleFormSchema);
      if (!parsed.ok) for (const list of Object.values(parsed.errors ?? {})) list.forEach((message) => messages.add(message));
    }
    expect(messages.size).toBeGreaterThan(8);
    for (const message of messages) {
      expect(recognise(message), message).not.toBeNull();
      for (const locale of written) expect(sayAgain(locale, message), `${locale}: ${message}`).not.toBe(message);
    }
  });

  it('says every message of the request form in every language', () => {
    const messages = new Set<string>();
    const tries: Record<string, string>[] = [{ amount: 'ten' }, { amount: '0.5' }, { amount: '9999999999999' }, { note: 'x'.repeat(101), expires_in_days: '0' }, { expires_in_days: '31' }, { expires_in_days: 'x' }];
    for (const values of tries) {
      const read = readPaymentRequestForm(values);
      if (read.ok) continue;
      messages.add(read.message);
      for (const list of Object.values(read.errors ?? {})) list.forEach((message) => messages.add(message));
    }
    messages.delete('Please correct the highlighted fields.');
    expect(messages.size).toBeGreaterThan(5);
    for (const message of messages) {
      expect(recognise(message), message).not.toBeNull();
      for (const locale of written) expect(sayAgain(locale, message), `${locale}: ${message}`).not.toBe(message);
    }
  });

  it('says a schedule’s status and date inside its sentences in the language', () => {
    expect(saySchedule('ha', 'This scheduled transfer is cancelled, so it cannot be paused.')).toBe(t('ha', 'said.requests.cannotPause', { status: t('ha', 'requests.scheduled.status.cancelled').toLowerCase() }));
    const earliest = saySchedule('yo', 'Transfers go at 08:00 Lagos time, so the first one can be on 2 Mar 2030 at the earliest');
    expect(earliest).toContain('08:00');
    expect(earliest).not.toContain('Mar 2030');
    expect(saySchedule('en', 'This scheduled transfer is cancelled, so it cannot be paused.')).toBe('This scheduled transfer is cancelled, so it cannot be paused.');
  });

  it('words a schedule form’s failure while its code is known: the service’s sentence, else the code’s own', () => {
    const early = 'Transfers go at 08:00 Lagos time, so the first one can be on 2 Mar 2030 at the earliest';
    const said = sayScheduleFailure('ig', { code: 'VALIDATION_FAILED', message: early, errors: { first_date: [early] } });
    expect(said.message).toBe(said.errors?.first_date?.[0]);
    expect(said.message).toMatch(/^Nzipu ego na-aga n’elekere 08:00 oge Legọs/);
    expect(sayScheduleFailure('ig', { code: 'ACCOUNT_NOT_FOUND', message: 'A sentence no catalogue has.' }).message).toBe(t('ig', 'error.ACCOUNT_NOT_FOUND'));
    const english = { code: 'ACCOUNT_NOT_FOUND', message: 'A sentence no catalogue has.' };
    expect(sayScheduleFailure('en', english)).toBe(english);
  });
});
