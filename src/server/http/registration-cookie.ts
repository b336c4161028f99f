import type { AstroCookies } from 'astro';
import { registrationPolicy } from '../core/auth/registration-service.ts';

/**
 * Between "Open my account" and the right email code, the browser holds the registration token
 * in this httpOnly cookie (no session yet: nothing is opened before the code). Over https it
 * carries the __Host- prefix, like the session cookie.
 */
export function registrationCookieName(url: URL): string {
  return url.protocol === 'https:' ? '__Host-registration' : 'registration';
}

export function readRegistrationToken(cookies: AstroCookies, url: URL): string | null {
  const value = cookies.get(registrationCookieName(url))?.value;
  return value && /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : null;
}

export function setRegistrationCookie(cookies: AstroCookies, url: URL, token: string): void {
  cookies.set(registrationCookieName(url), token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: url.protocol === 'https:',
    path: '/',
    maxAge: registrationPolicy.lifetimeMs / 1000,
  });
}

export function clearRegistrationCookie(cookies: AstroCookies, url: URL): void {
  cookies.delete(registrationCookieName(url), { path: '/', httpOnly: true, sameSite: 'lax', secure: url.protocol === 'https:' });
}
