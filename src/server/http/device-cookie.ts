import type { AstroCookies } from 'astro';
import { ownCookieOptions } from './session-cookie.ts';
import { publicUrlOf } from './client.ts';
import { requestMeta } from './api.ts';

/**
 * The browser's device cookie (core/customer-limits/device-cookies.ts): signed by the
 * server, HttpOnly, SameSite=Lax, Secure with the __Host- prefix over https, kept about a year.
 * It is read and renewed at every sign-in and at the account's opening; it is no credential (a
 * session is), only what tells a browser the customer has used from one they have not.
 */
const deviceCookieMaxAgeSeconds = 365 * 24 * 3600;

export function deviceCookieName(url: URL): string {
  return url.protocol === 'https:' ? '__Host-device' : 'device';
}

function setDeviceCookie(cookies: AstroCookies, url: URL, value: string): void {
  cookies.set(deviceCookieName(url), value, { ...ownCookieOptions(url), maxAge: deviceCookieMaxAgeSeconds });
}

type SignInContext = Parameters<typeof publicUrlOf>[0] & Parameters<typeof requestMeta>[0] & { cookies: AstroCookies };

/**
 * After a successful sign-in (the page's form or the API): a browser this customer has not used
 * (no valid device cookie, or one they never signed in with) opens the new-browser cap and gets
 * the "new sign-in" email; either way the browser holds a valid device cookie afterwards.
 */
export async function recogniseSignIn(context: SignInContext, userId: string): Promise<void> {
  const url = publicUrlOf(context);
  const { ip, userAgent } = requestMeta(context);
  const recognised = await context.locals.app.limits.recogniseSignIn(userId, {
    deviceCookie: context.cookies.get(deviceCookieName(url))?.value,
    origin: url.origin,
    ip,
    userAgent,
  });
  setDeviceCookie(context.cookies, url, recognised.deviceCookie);
}

/** After the account opens (the right email code): this browser is the customer's first known one, and their bound device (decision 026). */
export async function recogniseAccountOpening(context: SignInContext, userId: string): Promise<void> {
  const url = publicUrlOf(context);
  const recognised = await context.locals.app.limits.recogniseAccountOpening(userId, context.cookies.get(deviceCookieName(url))?.value);
  await context.locals.app.deviceBinding.bindAtOpening(userId, recognised.deviceId);
  setDeviceCookie(context.cookies, url, recognised.deviceCookie);
}
