import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { defaultLocale, isLocale, localeFromAcceptLanguage, locales, type Locale } from '../../i18n/locales.ts';
import { chosenEncoding } from './compression.ts';
import { forwardedClient, type TrustProxy } from './forwarded.ts';

/**
 * The guest page cache (issue 16): render once, serve many. `/login` and the other public pages
 * below are the same for every guest who asks in one language, over one protocol, in one
 * encoding, so the complete answer (status, headers, body bytes, compressed as that request's
 * Accept-Encoding chose) is kept in memory after the first render and written straight to the
 * socket afterwards, without Astro, React, the CSP hashing or the middleware.
 *
 * It lives in scripts/serve.mjs, inside the access log, the admission gate and the stop's
 * refusal, so those still apply to every hit; what the middleware adds (security headers,
 * cache-control, compression, the CSP Astro computes) is part of the recorded answer. Putting it
 * in the middleware before `next()` would still pay Astro's request and response conversions,
 * cookies and routing on every hit, which cost about as much as a small render.
 *
 * Two independent decisions must agree before an answer is kept:
 * 1. serve.mjs, on the raw request (`keyOf`): a GET or HEAD of one of `cachedGuestPages`, no
 *    query string at all, no Authorization header of any kind, no cookie whose name mentions
 *    "session" (the session cookie, with or without `__Host-`, valid or not: a dead one gets a
 *    Set-Cookie that clears it; a registration waiting for its code holds the same cookie), and a
 *    `lang` cookie that is absent, or present once as a plain token.
 * 2. the middleware, after the render (`vouch`): the same key from what it resolved itself
 *    (language, public protocol, encoding), no credential and no customer or registration, a 200
 *    and no Set-Cookie. serve.mjs also refuses an answer whose headers carry Set-Cookie.
 * A request that fails either is rendered as always and never kept; only the first serves
 * answers, so a request that fails it never sees a kept answer either.
 *
 * The key is method × path × resolved language × encoding × public protocol (http/https: HSTS
 * and the cookie names differ), never the raw Accept-Language, cookie or Host, so a flood of odd
 * values maps onto the same few keys: at most 5 pages × 5 languages × 4 (br, gzip, none, HEAD)
 * × 2 protocols = 200 entries, and nothing is ever evicted or added beyond that. What these pages
 * show depends only on the build, the configuration and the key, all fixed while the process
 * runs, so an entry never goes stale.
 *
 * Framing may differ from a fresh render: a kept GET is always sent with Content-Length, where a
 * fresh one is chunked when it is compressed on the way out (Astro itself renders pages whole,
 * with a length: astro.config.mjs); every other header and every body byte is the same.
 */
export const cachedGuestPages: readonly string[] = ['/login', '/register', '/password/forgot', '/terms', '/privacy'];

const keyEncodings = ['br', 'gzip', 'identity'] as const;
const protocols = ['http:', 'https:'] as const;
type Method = 'GET' | 'HEAD';
type KeyEncoding = (typeof keyEncodings)[number] | 'head';
type Protocol = (typeof protocols)[number];

/** The most entries there can be: every page in every language, encoding (or HEAD) and protocol. */
export const maxEntries = cachedGuestPages.length * locales.length * (keyEncodings.length + 1) * protocols.length;
/** An answer bigger than this is served but never kept (these pages are 8 to 40 kB). */
const maxEntryBytes = 512 * 1024;

export type PageKeyParts = { method: Method; path: string; locale: Locale; acceptEncoding: string | null; protocol: Protocol };

/** The one way a key is written, for serve.mjs and the middleware alike. HEAD is never compressed (compression.ts), so its encoding is not part of it. */
export function pageCacheKey(parts: PageKeyParts): string {
  const encoding: KeyEncoding = parts.method === 'HEAD' ? 'head' : (chosenEncoding(parts.acceptEncoding) ?? 'identity');
  return `${parts.method} ${parts.protocol} ${parts.path} ${parts.locale} ${encoding}`;
}

/** The one `lang` cookie's value when it is a plain token; null when there is none; undefined when it is there but odd (twice, quoted, escaped). */
function langCookie(header: string | undefined): string | null | undefined {
  if (!header) return null;
  let found: string | null = null;
  for (const pair of header.split(';')) {
    const at = pair.indexOf('=');
    if (at < 0) continue;
    if (pair.slice(0, at).trim() !== 'lang') continue;
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

/** The language the middleware resolves for a guest's page (language.ts: `lang`, then Accept-Language, then English), or undefined when the cookie is odd. */
export function guestLanguage(headers: IncomingHttpHeaders): Locale | undefined {
  const chosen = langCookie(headerText(headers.cookie) ?? undefined);
  if (chosen === undefined) return undefined;
  return (isLocale(chosen) ? chosen : null) ?? localeFromAcceptLanguage(headerText(headers['accept-language'])) ?? defaultLocale;
}

/** True when the request carries anything that may be a credential: an Authorization header, or a cookie with "session" in its name. */
export function carriesCredential(headers: IncomingHttpHeaders): boolean {
  if (headers.authorization !== undefined) return true;
  const cookie = headerText(headers.cookie);
  return cookie !== null && /session/i.test(cookie);
}

/** Where the middleware writes its key; serve.mjs hands it in through Astro's locals. */
const slotKey = Symbol.for('harmattan-bank.page-cache-slot');
export type PageCacheSlot = { key: string | null };

export function pageCacheSlotOf(locals: object): PageCacheSlot | null {
  const slot = (locals as Record<symbol, unknown>)[slotKey];
  return slot && typeof slot === 'object' ? (slot as PageCacheSlot) : null;
}

/**
 * The middleware's half: the key for this rendered answer when it may be kept, else null.
 * `url` is the public URL (PUBLIC_ORIGIN or a trusted proxy's protocol); `guest` means no
 * credential of any kind was presented and no customer or registration was found.
 */
export function vouch(args: { method: string; url: URL; locale: Locale; acceptEncoding: string | null; guest: boolean; response: Response }): string | null {
  const { method, url, response } = args;
  if (!args.guest || (method !== 'GET' && method !== 'HEAD')) return null;
  if (url.search !== '' || !cachedGuestPages.includes(url.pathname)) return null;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (response.status !== 200 || response.headers.has('set-cookie')) return null;
  return pageCacheKey({ method, path: url.pathname, locale: args.locale, acceptEncoding: args.acceptEncoding, protocol: url.protocol });
}

type Entry = { headers: OutgoingHttpHeaders; body: Buffer | null };

/** Headers that belong to one exchange, never to the kept answer. */
const perExchange = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date', 'x-request-id']);

export type PageCache = {
  /** serve.mjs's half: the key of a request that may be answered from the cache, else null. */
  keyOf(request: IncomingMessage): string | null;
  /** Answers from the cache when it can (true); else calls `render` with the locals to hand Astro, keeping the answer when both halves agree. */
  handle(request: IncomingMessage, response: ServerResponse, render: (locals: object | undefined) => unknown): unknown;
  /** Entries and their bytes, for tests and the debug log. */
  stats(): { entries: number; bytes: number };
};

export function createPageCache(options: { publicOrigin: string | null; trustProxy: TrustProxy; log?: { debug(event: string, fields?: Record<string, unknown>): void } }): PageCache {
  const entries = new Map<string, Entry>();
  let bytes = 0;
  const fixedProtocol: Protocol | null = options.publicOrigin ? (new URL(options.publicOrigin).protocol as Protocol) : options.trustProxy.kind === 'none' ? 'http:' : null;

  /** The public protocol as client.ts's publicUrlOf decides it: PUBLIC_ORIGIN's, or https when a trusted proxy says so, else http (serve.mjs listens on plain http). */
  function protocolOf(request: IncomingMessage): Protocol {
    if (fixedProtocol) return fixedProtocol;
    const proto = headerText(request.headers['x-forwarded-proto']);
    const forwarded = new Headers(proto === null ? {} : { 'x-forwarded-proto': proto });
    return forwardedClient(request.socket.remoteAddress ?? null, forwarded, options.trustProxy).protocol === 'https' ? 'https:' : 'http:';
  }

  function keyOf(request: IncomingMessage): string | null {
    const method = request.method;
    if (method !== 'GET' && method !== 'HEAD') return null;
    const path = request.url ?? '';
    // Exact paths only: no query string (not even a bare "?"), no other spelling of the path.
    if (!cachedGuestPages.includes(path)) return null;
    if (carriesCredential(request.headers)) return null;
    const locale = guestLanguage(request.headers);
    if (!locale) return null;
    return pageCacheKey({ method, path, locale, acceptEncoding: headerText(request.headers['accept-encoding']), protocol: protocolOf(request) });
  }

  function store(key: string, status: number | null, headers: OutgoingHttpHeaders | null, chunks: Buffer[], head: boolean, response: ServerResponse) {
    if (status !== 200 || !headers || entries.has(key) || entries.size >= maxEntries) return;
    if (Object.keys(headers).some((name) => name.toLowerCase() === 'set-cookie') || response.hasHeader('set-cookie')) return;
    const body = head ? null : Buffer.concat(chunks);
    const size = body?.byteLength ?? 0;
    if (size > maxEntryBytes) return;
    const kept: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(headers)) if (value !== undefined && !perExchange.has(name.toLowerCase())) kept[name.toLowerCase()] = value;
    if (body) kept['content-length'] = body.byteLength;
    entries.set(key, { headers: kept, body });
    bytes += size;
    options.log?.debug('page_cache.stored', { key, bytes: size, entries: entries.size });
  }

  function handle(request: IncomingMessage, response: ServerResponse, render: (locals: object | undefined) => unknown): unknown {
    const key = keyOf(request);
    if (key === null) return render(undefined);
    const hit = entries.get(key);
    if (hit) {
      response.writeHead(200, hit.headers);
      response.end(hit.body ?? undefined);
      return undefined;
    }
    // A miss: render as always, recording what goes out; keep it only if the middleware names the same key.
    const slot: PageCacheSlot = { key: null };
    let status: number | null = null;
    let headers: OutgoingHttpHeaders | null = null;
    const chunks: Buffer[] = [];
    let size = 0;
    const toBuffer = (chunk: unknown, encoding?: unknown): Buffer | null => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function') return null;
      if (typeof chunk === 'string') return Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
      if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      return null;
    };
    const record = (chunk: unknown, encoding?: unknown) => {
      const buffer = toBuffer(chunk, encoding);
      if (!buffer || size > maxEntryBytes) return;
      // A copy: the renderer may reuse its buffers once written.
      chunks.push(Buffer.from(buffer));
      size += buffer.byteLength;
    };
    const writeHead = response.writeHead;
    const write = response.write;
    const end = response.end;
    response.writeHead = function (this: ServerResponse, code: number, ...rest: unknown[]) {
      status = code;
      const last = rest.at(-1);
      if (last && typeof last === 'object' && !Array.isArray(last)) headers = { ...(last as OutgoingHttpHeaders) };
      return (writeHead as (...args: unknown[]) => ServerResponse).call(this, code, ...rest);
    } as ServerResponse['writeHead'];
    response.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
      record(chunk, rest[0]);
      return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    } as ServerResponse['write'];
    response.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
      record(chunk, rest[0]);
      return (end as (...args: unknown[]) => ServerResponse).call(this, chunk, ...rest);
    } as ServerResponse['end'];
    // Only a complete answer is kept: 'finish' does not come when the client went away first.
    response.once('finish', () => {
      if (slot.key === key) store(key, status, headers, chunks, request.method === 'HEAD', response);
    });
    return render({ [slotKey]: slot });
  }

  return { keyOf, handle, stats: () => ({ entries: entries.size, bytes }) };
}
