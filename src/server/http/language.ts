import type { AstroCookies } from 'astro';
import { defaultLocale, isLocale, localeFromAcceptLanguage, type Locale } from '../../i18n/locales.ts';
import { ownCookieOptions } from './session-cookie.ts';

/**
 * Which language a request is answered in (docs/decisions/004-five-languages.md), in this order:
 * 1. `lang`: a choice made in this browser (the picker on sign-in, registration, settings);
 * 2. the signed-in customer's profile, when this browser has made no choice;
 * 3. the first of the five the browser's Accept-Language names;
 * 4. English.
 * A browser's choice is written to the profile the first time the customer is seen signed in
 * with it (`lang_saved` remembers for whom), so a guest who chose Hausa and then opened an
 * account gets Hausa emails; a later choice made signed in writes both at once.
 */
export const languageCookie = 'lang';
const savedForCookie = 'lang_saved';
const yearSeconds = 365 * 24 * 60 * 60;

function cookieOptions(url: URL) {
  return { ...ownCookieOptions(url), maxAge: yearSeconds };
}

/**
 * The language of a request with no profile to go by: this browser's `lang` choice when it is one
 * of the five, else the first of the five its Accept-Language names, else English. The one rule
 * for guests, for the middleware and for the guest page cache alike (page-cache.ts reads the
 * cookie off the raw request, before Astro runs, and hands it in here).
 */
export function browserLanguage(chosen: string | null | undefined, acceptLanguage: string | null): Locale {
  return (isLocale(chosen) ? chosen : null) ?? localeFromAcceptLanguage(acceptLanguage) ?? defaultLocale;
}

export function chosenLanguage(cookies: AstroCookies): Locale | null {
  const value = cookies.get(languageCookie)?.value;
  return isLocale(value) ? value : null;
}

export function chooseLanguage(cookies: AstroCookies, url: URL, language: Locale, savedFor: string | null): void {
  cookies.set(languageCookie, language, cookieOptions(url));
  if (savedFor) cookies.set(savedForCookie, savedFor, cookieOptions(url));
}

/**
 * The language an API call is answered in (its `message` and field messages; never its `code`
 * or field names): the signed-in customer's profile (read with the session, no statement more),
 * else this browser's `lang` choice, else Accept-Language, else English. A client of the API
 * (a phone app with a Bearer token) follows the profile the customer chose in settings.
 */
export function apiLanguage(args: { profile: Locale | null; chosen: Locale | null; acceptLanguage: string | null }): Locale {
  return args.profile ?? browserLanguage(args.chosen, args.acceptLanguage);
}

type LanguageStore = { of(userId: string): Promise<Locale>; set(userId: string, language: Locale): Promise<void> };

/**
 * The request's language, for the middleware. Only a signed-in page request may touch the
 * database, and only until this browser carries the customer's language (once per browser).
 */
export async function resolveLanguage(args: {
  cookies: AstroCookies;
  url: URL;
  acceptLanguage: string | null;
  userId: string | null;
  isPage: boolean;
  languages: LanguageStore;
  /** The signed-in customer's profile language, as the session's statement read it (API calls, and pages until the browser carries it). */
  profile?: Locale | null;
}): Promise<Locale> {
  const { cookies, url, userId, languages } = args;
  const chosen = chosenLanguage(cookies);
  if (!args.isPage) return apiLanguage({ profile: args.profile ?? null, chosen, acceptLanguage: args.acceptLanguage });
  if (userId && args.isPage && cookies.get(savedForCookie)?.value !== userId) {
    if (chosen) {
      await languages.set(userId, chosen);
      chooseLanguage(cookies, url, chosen, userId);
      return chosen;
    }
    // The session's statement read the profile's language with the customer (no statement more).
    const profile = args.profile ?? (await languages.of(userId));
    chooseLanguage(cookies, url, profile, userId);
    return profile;
  }
  return browserLanguage(chosen, args.acceptLanguage);
}
