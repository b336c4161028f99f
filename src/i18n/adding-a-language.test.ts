import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isLocale, locales } from './locales.ts';
import { cataloguesOf, translator } from './translate.ts';
import { en, type Catalogue } from './messages/en.ts';
import { formatLagosDate } from '../lib/lagos-time.ts';

/**
 * docs/adding-a-language.md at work: a sixth language is its catalogue, `messages/<code>.ts`
 * (found by its name), and one line in locales.ts. Here Twi ('tw', a made-up sixth for the
 * bank) is registered the way the app finds the five, with a catalogue that has a few keys.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const found = import.meta.glob<Record<string, Catalogue>>('./messages/*.ts', { eager: true });
const twi: Catalogue = { 'login.title': 'Kɔ mu', 'login.reason.idle': 'Wɔde wo firii mu wɔ simma {minutes} akyi.' };

describe('a sixth language', () => {
  const withTwi = cataloguesOf([...locales, 'tw'], { ...found, './messages/tw.ts': { tw: twi } });
  const say = translator(withTwi);

  it('is found by its file and code, next to the five', () => {
    expect(Object.keys(withTwi)).toEqual([...locales, 'tw']);
    expect(withTwi.tw).toBe(twi);
    expect(withTwi.en).toBe(en);
  });

  it('says what it has in its own words, with its values, and English for every key it leaves out', () => {
    expect(say('tw', 'login.title')).toBe('Kɔ mu');
    expect(say('tw', 'login.reason.idle', { minutes: 15 })).toBe('Wɔde wo firii mu wɔ simma 15 akyi.');
    expect(say('tw', 'login.submit')).toBe(en['login.submit']);
    expect(say('tw', 'chrome.safety', { bank: 'Demo Bank' })).toBe(en['chrome.safety'].replace('{bank}', 'Demo Bank'));
  });

  it('is refused at start when locales.ts names it and its catalogue is missing', () => {
    expect(() => cataloguesOf([...locales, 'tw'], found)).toThrow(/tw .*src\/i18n\/messages\/tw\.ts/);
  });

  it('is one line of locales.ts: a line per language in its table, and nothing else lists the codes', () => {
    const source = fs.readFileSync(path.join(root, 'src/i18n/locales.ts'), 'utf8');
    const table = /const languages = \{\n([\s\S]*?)\n\}/.exec(source)?.[1]?.split('\n') ?? [];
    expect(table.map((line) => /^ {2}(\w+): \{ name: '[^']+', tag: '[\w-]+' \},$/.exec(line)?.[1])).toEqual([...locales]);
    expect(isLocale('tw')).toBe(false);
    // The database does not list them either (the CHECK went, 2026-12-02T0600_language_any_code).
    expect(fs.readFileSync(path.join(root, 'src/server/db/schema.ts'), 'utf8')).not.toMatch(/'pcm'/);
  });

  it('writes dates with English month names until month-names.ts has its own', () => {
    expect(formatLagosDate('2026-11-21', 'tw' as never)).toBe('21 Nov 2026');
  });

  it('is what docs/adding-a-language.md says, step by step', () => {
    const doc = fs.readFileSync(path.join(root, 'docs/adding-a-language.md'), 'utf8');
    for (const named of ['src/i18n/messages/', 'src/i18n/locales.ts', 'src/i18n/month-names.ts', 'adding-a-language.test.ts']) expect(doc, named).toContain(named);
    for (const file of ['src/i18n/locales.ts', 'src/i18n/month-names.ts', 'src/i18n/messages/en.ts']) expect(fs.existsSync(path.join(root, file)), file).toBe(true);
  });
});
