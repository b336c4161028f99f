import type { AstroCookies } from 'astro';

/**
 * Over https the cookie carries the __Host- prefix (Secure, Path=/, no Domain). Plain http is
 * for local development and the sandbox only, where browsers refuse Secure cookies.
 */
export function sessionCookieName(url: URL): string {
  return url.protocol === 'https:' ? '__Host-session' : 'session';
}

export function readSessionToken(cookies: AstroCookies, url: URL, authorization: string | null): { token: string; via: 'bearer' | 'cookie' } | null {
  const bearer = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (bearer) return { token: bearer, via: 'bearer' };
  const cookie = cookies.get(sessionCookieName(url))?.value;
  return cookie ? { token: cookie, via: 'cookie' } : null;
}

/** How this app's own cookies (the session, a password reset's flow) are set and deleted: script-proof, same-site, secure over HTTPS, for every path. */
export function ownCookieOptions(url: URL) {
  return { httpOnly: true, sameSite: 'lax', secure: url.protocol === 'https:', path: '/' } as const;
}

export function setSessionCookie(cookies: AstroCookies, url: URL, token: string, maxAgeSeconds: number): void {
  cookies.set(sessionCookieName(url), token, { ...ownCookieOptions(url), maxAge: maxAgeSeconds });
}

export function clearSessionCookie(cookies: AstroCookies, url: URL): void {
  cookies.delete(sessionCookieName(url), ownCookieOptions(url));
}
