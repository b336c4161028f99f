import { locales, type Locale } from './locales.ts';
import { formatLagosDate, formatLagosDateTime } from '../lib/lagos-time.ts';
import { en, type Catalogue, type MessageKey } from './messages/en.ts';
import type { Said, SaidErrors, SaidParams, SaidValue } from './said.ts';
import { createRequire } from 'node:module';
import { formatNaira } from '../lib/money.ts';

/**
 * The catalogue at work on the server: pages, layouts, emails and SMS say their words with `t`.
 * Islands never import this file: a page hands an island the few sentences it shows, already in
 * the customer's language (`wordsFor`), so an island's JavaScript carries no catalogue at all,
 * and its props only the messages it uses, in one language.
 */

/** Each language's catalogue module, `messages/<code>.ts`, by file (the area files under messages/ are theirs to import). */
const modules = globbed() ?? requiredOneByOne();

function globbed(): Record<string, Record<string, Catalogue>> | null {
  try {
    return import.meta.glob<Record<string, Catalogue>>('./messages/*.ts', { eager: true });
  } catch {
    // Not through Vite: plain Node running the sources (a test's child server process), where
    // import.meta.glob is not there.
    return null;
  }
}

/** The same files loaded one by one, for plain Node: each language's `messages/<code>.ts`. */
function requiredOneByOne(): Record<string, Record<string, Catalogue>> {
  const load = createRequire(import.meta.url);
  return Object.fromEntries(locales.map((code) => [`./messages/${code}.ts`, load(`./messages/${code}.ts`) as Record<string, Catalogue>]));
}

/**
 * The catalogues by language code: `messages/<code>.ts`'s export named after the code, for each
 * code of locales.ts (a language without one is a mistake caught here, at start).
 */
export function cataloguesOf(codes: readonly string[], found: Readonly<Record<string, Readonly<Record<string, Catalogue>>>>): Record<string, Catalogue> {
  return Object.fromEntries(
    codes.map((code) => {
      const catalogue = found[`./messages/${code}.ts`]?.[code];
      if (!catalogue) throw new Error(`The language ${code} (src/i18n/locales.ts) has no catalogue: src/i18n/messages/${code}.ts exporting \`${code}\``);
      return [code, catalogue];
    }),
  );
}

export const catalogues = cataloguesOf(locales, modules) as Record<Locale, Catalogue>;

/**
 * A message in a catalogue, else in English: a language may leave a key out (a new language
 * starts with a few; Pidgin leaves out what it says word for word as English does), and the
 * English is what the customer reads until it has its own.
 */
export function wordIn(catalogue: Catalogue, key: MessageKey): string {
  return catalogue[key] ?? en[key];
}

export type MessageParams = Record<string, string | number>;

/** `{name}` → its value; a placeholder without a value is left as written (a test keeps them all given). */
export function fill(template: string, params?: MessageParams): string {
  // Most messages have no placeholder, or are asked for without values: as written, without a
  // regular expression's pass over them (a /dashboard render says about a hundred).
  if (params === undefined || !template.includes('{')) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : whole));
}

/** `t` over a set of catalogues by code: what the bank's `t` is over its own (a test builds one with a language to come). */
export function translator(byCode: Readonly<Record<string, Catalogue>>): (code: string, key: MessageKey, params?: MessageParams) => string {
  return (code, key, params) => fill(wordIn(byCode[code] ?? en, key), params);
}

const inCatalogues = translator(catalogues);

export function t(locale: Locale, key: MessageKey, params?: MessageParams): string {
  return inCatalogues(locale, key, params);
}

/** A wait in words in `locale`, by its unit, as the request counters round it (seconds under a minute, minutes under two hours, else hours). */
export function sayWait(locale: Locale, seconds: number): string {
  if (seconds < 60) return t(locale, seconds === 1 ? 'wait.second' : 'wait.seconds', { count: seconds });
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 120) return t(locale, minutes === 1 ? 'wait.minute' : 'wait.minutes', { count: minutes });
  return t(locale, 'wait.hours', { count: Math.ceil(minutes / 60) });
}

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st: English's ordinals (the other languages write the number). */
function englishOrdinal(value: number): string {
  const suffix = value % 10 === 1 && value % 100 !== 11 ? 'st' : value % 10 === 2 && value % 100 !== 12 ? 'nd' : value % 10 === 3 && value % 100 !== 13 ? 'rd' : 'th';
  return `${value}${suffix}`;
}

function sayValue(locale: Locale, value: SaidValue): string | number {
  if (typeof value !== 'object') return value;
  if ('kobo' in value) return formatNaira(value.kobo);
  if ('at' in value) return formatLagosDateTime(value.at, locale);
  if ('day' in value) return formatLagosDate(value.day, locale);
  if ('word' in value) return t(locale, value.word).toLowerCase();
  if ('phrase' in value) return say(locale, value.phrase).toLowerCase();
  if ('ordinal' in value) return locale === 'en' ? englishOrdinal(value.ordinal) : String(value.ordinal);
  return sayWait(locale, value.seconds);
}

/** The values of a message as `locale` writes them. */
export function sayParams(locale: Locale, params: SaidParams | undefined): MessageParams | undefined {
  if (params === undefined) return undefined;
  return Object.fromEntries(Object.entries(params).map(([name, value]) => [name, sayValue(locale, value)]));
}

/**
 * What a service, schema or check said (said.ts), in the customer's language: the one call the
 * edge makes. When the language has not got the sentence, `fallback` (a failure's `error.<CODE>`
 * sentence, as sayRefusal gives it) says it in that language, else the English does.
 */
export function say(locale: Locale, message: Said, fallback?: MessageKey): string {
  if (catalogues[locale][message.key] === undefined && fallback !== undefined && catalogues[locale][fallback] !== undefined) return t(locale, fallback);
  return t(locale, message.key, sayParams(locale, message.params));
}

/** The `error.<CODE>` sentence of a failure code, when the catalogue has one. */
function errorKeyOf(code: string): MessageKey | undefined {
  const key = `error.${code}`;
  return key in en ? (key as MessageKey) : undefined;
}

/**
 * A failure's sentence (core/result.ts) in `locale`: its own when the language has it, else the
 * code's own `error.<CODE>` sentence in that language, else the English.
 */
export function sayRefusal(locale: Locale, failure: { readonly code: string; readonly message: Said }): string {
  return say(locale, failure.message, errorKeyOf(failure.code));
}

/** Field messages (said.ts SaidErrors) in `locale`, by field. */
export function sayErrors(locale: Locale, errors: SaidErrors): Record<string, string[]> {
  return Object.fromEntries(Object.entries(errors).map(([field, messages]) => [field, messages.map((message) => say(locale, message))]));
}

/** A Said kept as JSON (a stored refusal), or null when the text is not one (an English sentence stored before). */
export function storedSaid(text: string): Said | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || typeof (value as { key?: unknown }).key !== 'string' || !Object.hasOwn(en, (value as { key: string }).key)) return null;
  const { key, params } = value as { key: MessageKey; params?: unknown };
  return typeof params === 'object' && params !== null ? { key, params: params as SaidParams } : { key };
}

/** The named messages in one language, for an island's `words` prop. */
export function wordsFor<K extends MessageKey>(locale: Locale, keys: readonly K[]): Record<K, string> {
  return Object.fromEntries(keys.map((key) => [key, wordIn(catalogues[locale], key)])) as Record<K, string>;
}

/** A template and the text around its placeholders: the first part `{a}` the second `{b}`…, for markup around the placeholders. */
export function splitAround(template: string): { parts: string[]; names: string[] } {
  const parts: string[] = [];
  const names: string[] = [];
  let last = 0;
  for (const match of template.matchAll(/\{(\w+)\}/g)) {
    parts.push(template.slice(last, match.index));
    names.push(match[1]!);
    last = match.index + match[0].length;
  }
  parts.push(template.slice(last));
  return { parts, names };
}
