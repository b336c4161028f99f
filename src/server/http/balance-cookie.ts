import type { AstroCookies } from 'astro';
import { z } from 'zod';
import { ownCookieOptions } from './session-cookie.ts';

/**
 * "Hide my balance" on the dashboard: a preference of this browser, kept by the server
 * in a cookie the dashboard's form sets, so it works without JavaScript and survives signing out
 * (a phone shown to someone else keeps the balance hidden). It holds no secret and grants nothing.
 */
const balanceCookieMaxAgeSeconds = 365 * 24 * 3600;

export function balanceCookieName(url: URL): string {
  return url.protocol === 'https:' ? '__Host-balance-hidden' : 'balance-hidden';
}

export function isBalanceHidden(cookies: AstroCookies, url: URL): boolean {
  return cookies.get(balanceCookieName(url))?.value === '1';
}

/** The dashboard form's post: hide=1 hides the balance, hide=0 shows it. */
export const balanceVisibilitySchema = z.object({
  intent: z.literal('balance-visibility'),
  hide: z.enum(['0', '1']),
});

export function setBalanceHidden(cookies: AstroCookies, url: URL, hidden: boolean): void {
  if (hidden) cookies.set(balanceCookieName(url), '1', { ...ownCookieOptions(url), maxAge: balanceCookieMaxAgeSeconds });
  else cookies.delete(balanceCookieName(url), ownCookieOptions(url));
}
