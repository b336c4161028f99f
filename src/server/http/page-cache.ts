import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { locales, type Locale } from '../../i18n/locales.ts';
import type { FormTokens } from '../core/auth/form-tokens.ts';
import { compressPageSync } from './compression.ts';
import { forwardedClient, type TrustProxy } from './forwarded.ts';
import { guestCookieName, guestSetCookie } from './form-tokens.ts';
import { browserLanguage } from './language.ts';

/**
 * The guest page cache: render once, fill in many. `/login` and the other public pages below are
 * the same for every guest who asks in one language over one protocol, except for the form token
 * (docs/decisions/001-form-tokens.md), which is bound to that browser's pre-session cookie and
 * masked afresh for every answer. So what is kept is a template: the page's HTML, uncompressed,
 * rendered with `formTokenPlaceholder` wherever a token goes, with its status and headers. A hit
 * reads the guest id from the pre-session cookie (or makes one and sets the cookie, as the
 * middleware would), issues a fresh token for it, puts it in place of the placeholder, compresses
 * the page for that request's Accept-Encoding as the middleware would, and writes it, without
 * Astro, React, the CSP hashing or the middleware.
 *
 * The Node server (src/server/node/main.ts) answers through it, inside the access log, the
 * admission gate and the stop's refusal, so those still apply to every hit; what the middleware adds (security headers,
 * cache-control, the CSP Astro computes) is in the kept headers. Putting it in the middleware
 * before `next()` would still pay Astro's request and response conversions, cookies and routing
 * on every hit, which cost about as much as a small render.
 *
 * Two independent decisions must agree before a template is kept:
 * 1. the cache, on the raw request (`keyOf`): a GET or HEAD of one of `cachedGuestPages`, no
 *    query string at all, no Authorization header of any kind, no cookie whose name mentions
 *    "session" (the session cookie, with or without `__Host-`, valid or not: a dead one gets a
 *    Set-Cookie that clears it; a registration waiting for its code holds the same cookie), a
 *    `lang` cookie that is absent or present once as a plain token, and the same for the
 *    pre-session cookie (so both halves read the same guest id from it). Its language is
 *    language.ts's `browserLanguage`, the rule the middleware's `resolveLanguage` follows for a guest.
 * 2. the middleware, which renders the page for the template only when the cache's slot asks and
 *    the request is a guest's (`templateRender`), then after the render (`vouch`): the same key
 *    from what it resolved itself (language, public protocol), no credential and no customer or
 *    registration, a 200. It answers the request itself from the template, with a real token, and
 *    hands the cache, through the slot, the template and the answer it returns: its status and
 *    headers, with the Set-Cookie of every cookie the request set (`recordAnswer`).
 * The cache then keeps it only when that answer went out whole (the response's 'finish'), was a
 * 200 and its only Set-Cookie, if any, is the pre-session cookie (a page that sets another
 * cookie is never kept). A request that fails the first is rendered as always and never kept;
 * only the first serves hits.
 *
 * The key is method × public protocol (http/https: HSTS and the cookie names differ) × path ×
 * resolved language, never the raw Accept-Language, cookie or Host, so a flood of odd values maps
 * onto the same few keys: at most 5 pages × 5 languages × 2 methods × 2 protocols = 100
 * templates, and nothing is ever evicted or added beyond that. What these pages show depends
 * only on the build, the configuration and the key, all fixed while the process runs, so a
 * template never goes stale. The encoding is no part of the key: the template is compressed for
 * each answer.
 *
 * Framing may differ from a fresh render: a hit is always sent with Content-Length, where a fresh
 * page is chunked when it is compressed on the way out; every other header is the same, and the
 * body is the same but for the token and an island's `uid`: Astro names an island by a hash of
 * its HTML and props, so a fresh render's uid follows its token, where a hit keeps the template's
 * (a hash of the placeholder, the same for every guest; it only has to be unique on the page).
 */
export const cachedGuestPages: readonly string[] = ['/login', '/register', '/password/forgot', '/terms', '/privacy'];

/**
 * What a template render's `locals.formToken()` gives instead of a token: as long as a real token
 * (so the page's length is the same either way) and of the same alphabet (base64url), so no
 * escaping in an attribute or an island's serialised props can change it.
 */
export const formTokenPlaceholder = 'pageCacheFormTokenPlaceholder'.padEnd(86, '0');

const protocols = ['http:', 'https:'] as const;
type Method = 'GET' | 'HEAD';
type Protocol = (typeof protocols)[number];

/** The most templates there can be: every page in every language, for GET and HEAD, over each protocol. */
export const maxEntries = cachedGuestPages.length * locales.length * 2 * protocols.length;
/** A page bigger than this is served but never kept (these pages are 8 to 40 kB). */
const maxEntryBytes = 512 * 1024;

export type PageKeyParts = { method: Method; path: string; locale: Locale; protocol: Protocol };

/** The one way a key is written, for the cache and the middleware alike. */
export function pageCacheKey(parts: PageKeyParts): string {
  return `${parts.method} ${parts.protocol} ${parts.path} ${parts.locale}`;
}

/** The one cookie `name`'s value when it is a plain token; null when there is none; undefined when it is there but odd (twice, quoted, escaped). */
function plainCookie(header: string | undefined, name: string): string | null | undefined {
  if (!header) return null;
  let found: string | null = null;
  for (const pair of header.split(';')) {
    const at = pair.indexOf('=');
    if (at < 0) continue;
    if (pair.slice(0, at).trim() !== name) continue;
    const value = pair.slice(at + 1).trim();
    if (found !== null || !/^[A-Za-z0-9_-]*$/.test(value)) return undefined;
    found = value;
  }
  return found;
}

function headerText(value: string | string[] | undefined): string | null {
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(', ') : value;
}

/** The language the middleware resolves for a guest's page (language.ts `browserLanguage`), or undefined when the `lang` cookie is odd. */
export function guestLanguage(headers: IncomingHttpHeaders): Locale | undefined {
  const chosen = plainCookie(headerText(headers.cookie) ?? undefined, 'lang');
  if (chosen === undefined) return undefined;
  return browserLanguage(chosen, headerText(headers['accept-language']));
}

/** True when the request carries anything that may be a credential: an Authorization header, or a cookie with "session" in its name. */
export function carriesCredential(headers: IncomingHttpHeaders): boolean {
  if (headers.authorization !== undefined) return true;
  const cookie = headerText(headers.cookie);
  return cookie !== null && /session/i.test(cookie);
}

const urlOf = (protocol: Protocol) => new URL(`${protocol}//page-cache.invalid/`);

/**
 * Where the middleware and the cache meet, handed in through Astro's locals. The cache sets
 * `wanted` (this request may fill a template); the middleware sets `key` and `template` when it
 * vouches for what it rendered, and `answer` (`recordAnswer`) once it has made the answer.
 */
const slotKey = Symbol.for('harmattan-bank.page-cache-slot');
/** The answer as the middleware returns it to Astro: its status, and its headers with one Set-Cookie for each cookie the request set. */
export type RecordedAnswer = { status: number; headers: Headers };
export type PageCacheSlot = { wanted: true; key: string | null; template: string | null; answer: RecordedAnswer | null };

export function pageCacheSlotOf(locals: object): PageCacheSlot | null {
  const slot = (locals as Record<symbol, unknown>)[slotKey];
  return slot && typeof slot === 'object' ? (slot as PageCacheSlot) : null;
}

/**
 * The middleware's first half, before the render: true when this render is to be the template
 * (its `formToken()` then gives the placeholder). `guest` means no credential of any kind was
 * presented and no customer or registration was found.
 */
export function templateRender(args: { slot: PageCacheSlot | null; method: string; url: URL; guest: boolean }): boolean {
  const { slot, method, url } = args;
  if (!slot?.wanted || !args.guest || (method !== 'GET' && method !== 'HEAD')) return false;
  if (url.search !== '' || !cachedGuestPages.includes(url.pathname)) return false;
  return url.protocol === 'http:' || url.protocol === 'https:';
}

/**
 * The middleware's second half, after the render: the key for this rendered answer when it may
 * be kept, else null. `url` is the public URL (PUBLIC_ORIGIN or a trusted proxy's protocol).
 */
export function vouch(args: { method: string; url: URL; locale: Locale; guest: boolean; response: Response }): string | null {
  const { method, url, response } = args;
  if (!args.guest || (method !== 'GET' && method !== 'HEAD')) return null;
  if (url.search !== '' || !cachedGuestPages.includes(url.pathname)) return null;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (response.status !== 200 || response.headers.has('set-cookie') || response.headers.has('content-encoding')) return null;
  return pageCacheKey({ method, path: url.pathname, locale: args.locale, protocol: url.protocol });
}

/**
 * The middleware's last word on a template render: the answer it returns, with the Set-Cookie
 * values Astro adds from `cookies` after the middleware (`cookies.headers()`), so the cache keeps
 * exactly the headers that go out, without watching how they are written.
 */
export function recordAnswer(slot: PageCacheSlot, answer: Response, setCookies: Iterable<string>): void {
  const headers = new Headers(answer.headers);
  for (const cookie of setCookies) headers.append('set-cookie', cookie);
  slot.answer = { status: answer.status, headers };
}

type Entry = { headers: OutgoingHttpHeaders; template: string; bytes: number };

/** Headers that belong to one exchange or one encoding, never to the kept template. */
const perExchange = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'connection', 'keep-alive', 'date', 'x-request-id', 'set-cookie']);

export type PageCache = {
  /** The cache's half: the key of a request that may be answered from it, else null. */
  keyOf(request: IncomingMessage): string | null;
  /** Answers from the cache when it can; else calls `render` with the locals to hand Astro, keeping the template when both halves agree. */
  handle(request: IncomingMessage, response: ServerResponse, render: (locals: object | undefined) => unknown): unknown;
  /** Templates and their bytes, for tests and the debug log. */
  stats(): { entries: number; bytes: number };
};

export function createPageCache(options: { publicOrigin: string | null; trustProxy: TrustProxy; formTokens: FormTokens; log?: { debug(event: string, fields?: Record<string, unknown>): void } }): PageCache {
  const { formTokens } = options;
  const entries = new Map<string, Entry>();
  let bytes = 0;
  const fixedProtocol: Protocol | null = options.publicOrigin ? (new URL(options.publicOrigin).protocol as Protocol) : options.trustProxy.kind === 'none' ? 'http:' : null;

  /** The public protocol as client.ts's publicUrlOf decides it: PUBLIC_ORIGIN's, or https when a trusted proxy says so, else http (the Node server listens on plain http). */
  function protocolOf(request: IncomingMessage): Protocol {
    if (fixedProtocol) return fixedProtocol;
    const proto = headerText(request.headers['x-forwarded-proto']);
    const forwarded = new Headers(proto === null ? {} : { 'x-forwarded-proto': proto });
    return forwardedClient(request.socket.remoteAddress ?? null, forwarded, options.trustProxy).protocol === 'https' ? 'https:' : 'http:';
  }

  /** The request's key and public protocol, or null when it must be rendered. */
  function classify(request: IncomingMessage): { key: string; protocol: Protocol; method: Method } | null {
    const method = request.method;
    if (method !== 'GET' && method !== 'HEAD') return null;
    const path = request.url ?? '';
    // Exact paths only: no query string (not even a bare "?"), no other spelling of the path.
    if (!cachedGuestPages.includes(path)) return null;
    if (carriesCredential(request.headers)) return null;
    const locale = guestLanguage(request.headers);
    if (!locale) return null;
    const protocol = protocolOf(request);
    // A pre-session cookie sent twice or spelled oddly is left to Astro's own reading of it.
    if (plainCookie(headerText(request.headers.cookie) ?? undefined, guestCookieName(urlOf(protocol))) === undefined) return null;
    return { key: pageCacheKey({ method, path, locale, protocol }), protocol, method };
  }

  /** A Set-Cookie that went out with the template render is harmless only when it is the pre-session cookie's. */
  function onlyGuestCookie(cookies: string[], protocol: Protocol): boolean {
    const name = `${guestCookieName(urlOf(protocol))}=`;
    return cookies.every((cookie) => cookie.startsWith(name));
  }

  function store(key: string, protocol: Protocol, answer: RecordedAnswer, template: string) {
    if (answer.status !== 200 || entries.has(key) || entries.size >= maxEntries) return;
    if (!onlyGuestCookie(answer.headers.getSetCookie(), protocol)) return;
    const size = Buffer.byteLength(template);
    if (size > maxEntryBytes) return;
    const kept: OutgoingHttpHeaders = {};
    // A Headers object's names are lower case and come in order; a name sent twice is one value, as Astro writes it.
    for (const [name, value] of answer.headers) if (!perExchange.has(name)) kept[name] = value;
    kept['cache-control'] = 'no-store';
    entries.set(key, { headers: kept, template, bytes: size });
    bytes += size;
    options.log?.debug('page_cache.stored', { key, bytes: size, entries: entries.size });
  }

  function serve(request: IncomingMessage, response: ServerResponse, hit: Entry, protocol: Protocol, method: Method) {
    const url = urlOf(protocol);
    const headers: OutgoingHttpHeaders = { ...hit.headers };
    // The guest id as the middleware reads it (guestIdFor): the pre-session cookie when it is one this server could have made, else a new one, set on this answer.
    let id = formTokens.readGuestId(plainCookie(headerText(request.headers.cookie) ?? undefined, guestCookieName(url)));
    if (!id) {
      id = formTokens.newGuestId();
      headers['set-cookie'] = guestSetCookie(url, id);
    }
    const page = Buffer.from(hit.template.replaceAll(formTokenPlaceholder, formTokens.issue({ kind: 'guest', id })));
    // A HEAD is never compressed (compression.ts): the length of the page as it is.
    const sent = method === 'HEAD' ? { encoding: null, body: page } : compressPageSync(headerText(request.headers['accept-encoding']), page);
    if (sent.encoding) headers['content-encoding'] = sent.encoding;
    headers['content-length'] = sent.body.byteLength;
    // In the order a fresh answer has them (a Headers object's, by name).
    response.writeHead(200, Object.fromEntries(Object.entries(headers).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))));
    response.end(method === 'HEAD' ? undefined : sent.body);
  }

  function keyOf(request: IncomingMessage): string | null {
    return classify(request)?.key ?? null;
  }

  function handle(request: IncomingMessage, response: ServerResponse, render: (locals: object | undefined) => unknown): unknown {
    const found = classify(request);
    if (found === null) return render(undefined);
    const { key, protocol, method } = found;
    const hit = entries.get(key);
    if (hit) return serve(request, response, hit, protocol, method);
    // A miss: the middleware renders the template and answers this request from it; keep it only
    // if the middleware names the same key and the answer it recorded is what went out, a guest's 200.
    const slot: PageCacheSlot = { wanted: true, key: null, template: null, answer: null };
    // Only an answer that went out whole is kept: 'finish' does not come when the client went away first.
    response.once('finish', () => {
      const { answer, template } = slot;
      if (slot.key === key && template !== null && answer !== null && response.statusCode === answer.status) store(key, protocol, answer, template);
    });
    return render({ [slotKey]: slot });
  }

  return { keyOf, handle, stats: () => ({ entries: entries.size, bytes }) };
}
