/**
 * The languages of the bank (docs/decisions/004-five-languages.md). No routes carry a language: it is chosen by the
 * `lang` cookie (a choice made in this browser), then the customer's profile, then the browser's
 * Accept-Language, then English (src/server/http/language.ts). This file has no catalogue in it,
 * so an island may import it for nothing but the names.
 */
/**
 * Every language, one line each: its code (the catalogue `src/i18n/messages/<code>.ts` is found
 * by it), its name in its own words as the picker offers it (never translated), and the BCP 47
 * tag of `<html lang>` and of Intl, as written in Nigeria. Adding a language is a catalogue and a
 * line here (docs/adding-a-language.md); the database takes any code (the app checks it with
 * isLocale).
 */
const languages = {
  en: { name: 'English', tag: 'en-NG' },
  pcm: { name: 'Naijá (Pidgin)', tag: 'pcm-NG' },
  ha: { name: 'Hausa', tag: 'ha-NG' },
  yo: { name: 'Yorùbá', tag: 'yo-NG' },
  ig: { name: 'Igbo', tag: 'ig-NG' },
} as const satisfies Record<string, { name: string; tag: string }>;

export type Locale = keyof typeof languages;
export const locales = Object.keys(languages) as unknown as readonly [Locale, ...Locale[]];
export const defaultLocale: Locale = 'en';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && Object.hasOwn(languages, value);
}

/** Each language in its own words, as the picker offers it (never translated). */
export const localeNames = Object.fromEntries(locales.map((code) => [code, languages[code].name])) as Record<Locale, string>;

/** The BCP 47 tag of `<html lang>` and of Intl: each language as written in Nigeria. */
export const localeTags = Object.fromEntries(locales.map((code) => [code, languages[code].tag])) as Record<Locale, string>;

/**
 * The first of the bank's languages an Accept-Language header names, by its q-values (a tag's region does
 * not matter: `ha-NE` is Hausa; `en-GB` is English), or null when it names none of them.
 */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale | null {
  if (!header) return null;
  const ranked = header
    .slice(0, 512)
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { language: tag.trim().toLowerCase().split('-')[0] ?? '', q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0 && Number.isFinite(entry.q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.map((entry) => entry.language).find(isLocale) ?? null;
}

/** A profile's stored language as one the bank has (English when unset or unknown): what its emails are written in. */
export function profileLocale(value: unknown): Locale {
  return isLocale(value) ? value : defaultLocale;
}
