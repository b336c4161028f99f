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

export function setSessionCookie(cookies: AstroCookies, url: URL, token: string, maxAgeSeconds: number): void {
  cookies.set(sessionCookieName(url), token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: url.protocol === 'https:',
    path: '/',
    maxAge: maxAgeSeconds,
  });
}

export function clearSessionCookie(cookies: AstroCookies, url: URL): void {
  cookies.delete(sessionCookieName(url), { path: '/', httpOnly: true, sameSite: 'lax', secure: url.protocol === 'https:' });
}
