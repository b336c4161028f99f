import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { localeFromAcceptLanguage, locales } from './locales.ts';
import { catalogues, say, sayErrors, sayRefusal, t } from './translate.ts';
import type { Said } from './said.ts';
import { serverEn } from './messages/server/en.ts';
import { en, type MessageKey } from './messages/en.ts';
import { fieldsEn } from './messages/fields/en.ts';
import { registerCheck } from '../lib/checks/register.ts';
import { loginCheck } from '../lib/checks/login.ts';
import { registerSchema } from '../lib/schemas.ts';
import { parseValues } from '../server/http/api.ts';
import { statusForCode } from '../server/http/respond.ts';
import { balanceProblem } from '../lib/payment-rules.ts';
import { moneyWords } from '../server/http/money-words.ts';
import { kobo } from '../lib/money.ts';
import { said } from './said.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const keys = Object.keys(en) as MessageKey[];
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

/** Every source file outside the catalogue itself (src/i18n/messages and this test). */
function sourceText(): string {
  const texts: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(ts|tsx|astro)$/.test(entry.name) && !full.includes(`${path.sep}i18n${path.sep}messages${path.sep}`) && !entry.name.endsWith('.test.ts')) texts.push(fs.readFileSync(full, 'utf8'));
    }
  };
  walk(path.join(root, 'src'));
  return texts.join('\n');
}

describe('the message catalogue', () => {
  it('has every key in Hausa, Yoruba and Igbo (but the words English keeps for every language, messages/fields/en.ts, and the server’s sentences only English has so far, messages/server/en.ts); no language has a key English has not', () => {
    const englishOnly = new Set([...Object.keys(fieldsEn), ...Object.keys(serverEn)]);
    for (const locale of ['ha', 'yo', 'ig'] as const) expect(Object.keys(catalogues[locale]).sort(), locale).toEqual(keys.filter((key) => !englishOnly.has(key)).sort());
    for (const locale of locales) expect(Object.keys(catalogues[locale]).filter((key) => !Object.hasOwn(en, key)), locale).toEqual([]);
  });

  it('has the same placeholders in every language, for each key it has', () => {
    for (const locale of locales) {
      for (const key of keys) {
        const word = catalogues[locale][key];
        if (word !== undefined) expect(placeholders(word), `${locale} ${key}`).toEqual(placeholders(en[key]));
      }
    }
  });

  it('has no empty message', () => {
    for (const locale of locales) for (const key of keys) expect(catalogues[locale][key]?.trim(), `${locale} ${key}`).not.toBe('');
  });

  it('says a key a language leaves out in English', () => {
    for (const locale of locales) for (const key of keys) expect(t(locale, key), `${locale} ${key}`).toBe(catalogues[locale][key] ?? en[key]);
  });

  it('has no unused key: each is named in the code (a sentence by its key: nothing finds one by its English words) or is an error code’s', () => {
    const source = sourceText();
    const unused = keys.filter((key) => {
      // An error code's sentence: the code is in the status table, or the code names the key (INTERNAL_ERROR in respond.ts).
      if (key.startsWith('error.')) return !(key.slice('error.'.length) in statusForCode) && !source.includes(`'${key}'`);
      return !source.includes(`'${key}'`);
    });
    expect(unused).toEqual([]);
  });

  it('says each English sentence under one said.* key only (a sentence is written once, whoever says it)', () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const key of keys.filter((name) => name.startsWith('said.'))) {
      const first = seen.get(en[key]);
      if (first) twice.push(`${first} = ${key}`);
      else seen.set(en[key], key);
    }
    expect(twice).toEqual([]);
  });

  it('has a message for every error code', () => {
    for (const code of Object.keys(statusForCode)) expect(keys, code).toContain(`error.${code}`);
  });

  it('writes Hausa, Yoruba and Igbo with their own letters', () => {
    const all = (locale: 'ha' | 'yo' | 'ig') => Object.values(catalogues[locale]).join(' ');
    for (const letter of ['ɓ', 'ɗ', 'ƙ']) expect(all('ha')).toContain(letter);
    for (const letter of ['ẹ', 'ọ', 'ṣ']) expect(all('yo')).toContain(letter);
    for (const letter of ['ị', 'ọ', 'ụ']) expect(all('ig')).toContain(letter);
  });

  it('keeps the SMS words in plain letters (one GSM part holds 160 of them)', () => {
    for (const locale of locales) for (const key of keys.filter((name) => name.startsWith('alert.sms.'))) expect(t(locale, key), `${locale} ${key}`).toMatch(/^[\x20-\x7e]+$/);
  });
});

describe('what the checks and services say, in every language', () => {
  const bad = [
    {},
    { first_name: ' ', last_name: 'x'.repeat(51), email: 'nope', phone_number: '12', password: 'short', password_confirmation: '', terms: false },
    { first_name: 'B0la', last_name: 'A\tde', email: `${'a'.repeat(250)}@example.com`, phone_number: '', password: 'x'.repeat(129), password_confirmation: 'y', terms: false },
    { first_name: 'Bola', last_name: 'Ade', email: 'bola@example.com', phone_number: '08031234567', password: 'long enough words', password_confirmation: 'other words here', terms: true },
  ];

  it('has every message the registration and sign-in checks give, in every language', () => {
    const messages: Said[] = [];
    for (const values of bad) {
      for (const list of Object.values(registerCheck(values))) messages.push(...list);
      for (const list of Object.values(loginCheck(values))) messages.push(...list);
    }
    expect(new Set(messages.map((message) => message.key)).size).toBeGreaterThan(10);
    for (const message of messages) {
      expect(en[message.key], message.key).toBeTruthy();
      // Hausa, Yoruba and Igbo have their own words for each (Pidgin may say a short one as English does).
      for (const locale of ['ha', 'yo', 'ig'] as const) expect(catalogues[locale][message.key], `${locale}: ${message.key}`).toBeTruthy();
      for (const locale of ['ha', 'yo', 'ig'] as const) expect(say(locale, message), `${locale}: ${message.key}`).not.toBe(say('en', message));
    }
    expect(say('en', { key: 'said.password.min', params: { min: 8 } })).toBe('Use at least 8 characters');
  });

  it('words a server-side failure in Yoruba, field by field', () => {
    const failure = parseValues(bad[1], registerSchema);
    expect(failure.ok).toBe(false);
    if (failure.ok) return;
    expect(failure.code).toBe('VALIDATION_FAILED');
    const errors = sayErrors('yo', failure.errors ?? {});
    expect(errors.first_name).toEqual(['Tẹ orúkọ àkọ́kọ́ rẹ']);
    expect(errors.email).toEqual(['Tẹ àdírẹ́sì ímeèlì tó tọ́, bíi name@example.com']);
  });

  it('carries the figures of a money sentence into Hausa', () => {
    const problem = balanceProblem(500_000, 1_000_000, 1_075)!;
    expect(problem).toEqual({ key: 'said.money.insufficientCharges', params: { balance: { kobo: 500_000 }, total: { kobo: 1_001_075 } } });
    const english = say('en', problem);
    expect(english).toBe('Your balance of ₦5,000.00 is not enough for ₦10,010.75 (amount and charges).');
    expect(say('ha', problem)).toBe('Kuɗin da ke asusunka, ₦5,000.00, ba su isa ₦10,010.75 ba (adadi tare da caji).');
    const funds = moneyWords.insufficientFunds({ balanceKobo: kobo(500_000), totalKobo: kobo(1_001_075), what: 'amount and charges' });
    expect(say('en', funds)).toBe(english);
    expect(sayRefusal('ha', { code: 'INSUFFICIENT_FUNDS', message: funds })).toBe('Kuɗin da ke asusunka, ₦5,000.00, ba su isa ₦10,010.75 ba (adadi tare da caji).');
    const limit = moneyWords.dailyLimit({ limitKobo: kobo(5_000_000), usedKobo: kobo(4_000_000), leftKobo: kobo(1_000_000), tier: 1, verb: 'send' });
    expect(sayRefusal('pcm', { code: 'LIMIT_EXCEEDED', message: limit.message })).toBe('E pass your daily limit of ₦50,000.00 for Tier 1. You fit still send ₦10,000.00 today; raise your tier to send more.');
    expect(sayErrors('pcm', { amount: [limit.field] })).toEqual({ amount: ['No pass ₦10,000.00 again today'] });
  });

  it('falls back to the code’s own message for a sentence not in the catalogue yet, and leaves English alone', () => {
    const failure = { code: 'RATE_LIMITED', message: said('said.sandbox.noEndpoint') };
    expect(sayRefusal('ig', failure)).toBe(t('ig', 'error.RATE_LIMITED'));
    expect(sayRefusal('en', failure)).toBe('No such endpoint.');
  });
});

describe('the first visit’s language', () => {
  it.each([
    ['ha-NG,ha;q=0.9,en;q=0.8', 'ha'],
    ['en-GB,en;q=0.9', 'en'],
    ['fr-FR,yo;q=0.5', 'yo'],
    ['de;q=0.9,ig;q=0.95', 'ig'],
    ['pcm', 'pcm'],
    ['fr,de', null],
    ['yo;q=0', null],
    ['', null],
    [null, null],
  ])('%s → %s', (header, expected) => {
    expect(localeFromAcceptLanguage(header)).toBe(expected);
  });
});
