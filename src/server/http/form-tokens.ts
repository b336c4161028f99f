import type { AstroCookies } from 'astro';
import type { FormBinding, FormTokens } from '../core/auth/form-tokens.ts';
import { readRequestBody } from './body.ts';
import { ownCookieOptions } from './session-cookie.ts';

/**
 * CSRF for the pages (docs/decisions/001-form-tokens.md): every state-changing request to a page
 * carries the synchronizer token its form was rendered with, in the field `_csrf`. The browsers
 * cheap phones run (KaiOS's Gecko 48, Opera Mini, lynx, w3m, NetSurf, Dillo) send no Origin
 * header, and lynx no Referer from a page with a query string, so neither header can be
 * required; a present Origin (or Sec-Fetch-Site) that says another site is still refused, since a
 * browser that sends one tells the truth. /api keeps its own rule (security-headers.ts).
 */
export const formTokenField = '_csrf';

const safeMethods = ['GET', 'HEAD', 'OPTIONS'];

export const isSafeMethod = (method: string) => safeMethods.includes(method.toUpperCase());

/** The guest's pre-session cookie: what a guest form's token is bound to until there is a session. Over https it carries the __Host- prefix. */
export function guestCookieName(url: URL): string {
  return url.protocol === 'https:' ? '__Host-csrf' : 'csrf';
}

/** A month: a guest who leaves /login open overnight can still sign in. It is no credential. */
const guestCookieMaxAgeSeconds = 30 * 24 * 3600;

/** How the pre-session cookie is set: the app's own cookie options, for a month. */
export function guestCookieOptions(url: URL) {
  return { ...ownCookieOptions(url), maxAge: guestCookieMaxAgeSeconds };
}

/**
 * The Set-Cookie header that sets a new pre-session cookie, written as Astro's `cookies.set`
 * writes it from `guestCookieOptions` (attribute order and spelling of the `cookie` package), for
 * the guest page cache, which answers without Astro. A guest id is base64url, so it needs no
 * encoding.
 */
const sameSiteSpelling = { lax: 'Lax', strict: 'Strict', none: 'None' } as const;

export function guestSetCookie(url: URL, id: string): string {
  const options = guestCookieOptions(url);
  let header = `${guestCookieName(url)}=${id}; Max-Age=${options.maxAge}; Path=${options.path}`;
  if (options.httpOnly) header += '; HttpOnly';
  if (options.secure) header += '; Secure';
  header += `; SameSite=${sameSiteSpelling[options.sameSite]}`;
  return header;
}

/** True when the browser says this request comes from another site. */
export function fromAnotherSite(request: Request, url: URL): boolean {
  const origin = request.headers.get('origin');
  if (origin !== null) return origin !== url.origin;
  const site = request.headers.get('sec-fetch-site');
  return site !== null && site !== 'same-origin' && site !== 'none';
}

/** The token a page's form post carries, read from a copy so the page can still read the original. */
export async function postedFormToken(request: Request, cap?: number): Promise<unknown> {
  if (!request.body) return undefined;
  const body = await readRequestBody(request.clone(), cap);
  return body.ok ? body.value.fields[formTokenField] : undefined;
}

type Holder = { sessionId: string | null; registrationId: string | null; guestId: string | null };

/** The guest forms a browser may still send from a tab opened before it signed in. */
const guestFormsAfterSignIn = ['/login', '/language'];

/**
 * The bindings a posted token to `path` may match, the one a form is rendered with first: the
 * session's, else the registration's, else the pre-session cookie's. Once the browser holds a
 * session or a registration, a guest-bound token counts only for the sign-in and language forms
 * (a tab opened before signing in): every signed-in page renders the session's token, so nothing
 * that acts for the customer can be sent with a token bound to a cookie alone.
 */
export function acceptedBindings(holder: Holder, path: string | null = null): FormBinding[] {
  const bindings: FormBinding[] = [];
  if (holder.sessionId) bindings.push({ kind: 'session', id: holder.sessionId });
  if (holder.registrationId) bindings.push({ kind: 'registration', id: holder.registrationId });
  const signedIn = bindings.length > 0;
  if (holder.guestId && (!signedIn || (path !== null && guestFormsAfterSignIn.includes(path)))) bindings.push({ kind: 'guest', id: holder.guestId });
  return bindings;
}

/** What a form rendered for this browser is bound to. */
export function primaryBinding(holder: Holder): FormBinding | null {
  return acceptedBindings(holder)[0] ?? null;
}

/** The guest id from this browser's pre-session cookie, or a new one set on the answer when it has none. */
export function guestIdFor(tokens: FormTokens, cookies: AstroCookies, url: URL, make: boolean): string | null {
  const name = guestCookieName(url);
  const existing = tokens.readGuestId(cookies.get(name)?.value);
  if (existing || !make) return existing;
  const created = tokens.newGuestId();
  cookies.set(name, created, guestCookieOptions(url));
  return created;
}
