import { randomBytes } from 'node:crypto';
import http, { type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { locales, type Locale } from '../../i18n/locales.ts';
import { parseConfig } from '../config.ts';
import { createFormTokens } from '../core/auth/form-tokens.ts';
import { compressPageSync } from './compression.ts';
import { parseTrustProxy, type TrustProxy } from './forwarded.ts';
import { guestCookieName, guestSetCookie } from './form-tokens.ts';
import { cachedGuestPages, carriesCredential, createPageCache, formTokenPlaceholder, guestLanguage, maxEntries, pageCacheKey, pageCacheSlotOf, recordAnswer, templateRender, vouch } from './page-cache.ts';

/**
 * The guest page cache on a real node:http server, with a stand-in for Astro and the middleware
 * that answers as they do: the guest id from the pre-session cookie or a new one set on the
 * answer, a page with the form token in a hidden field and in an island's props, compressed for
 * Accept-Encoding, written with writeHead and a header object (in a Headers object's order), the
 * body in chunks; asked for a template, it renders the placeholder, names its key in the slot and
 * fills the token in for its own answer, and records the answer it returns, with the cookies the
 * request set, in the slot (`recordAnswer`), as the middleware does. The built app's answers, fresh beside cached, are
 * compared in e2e/page-cache.spec.ts.
 */

const tokens = createFormTokens([randomBytes(32)]);
const tokenPattern = /[A-Za-z0-9_-]{86}/g;

/** `vouch`: what the stand-in middleware does (default: decide from status; `refuse`: never vouch; `differ`: name another key). */
type Rendered = { status?: number; headers?: OutgoingHttpHeaders; body?: string; vouch?: 'refuse' | 'differ'; endAfterMs?: number };

function page(locale: Locale, token: string, path: string): string {
  const island = `<astro-island props="{&quot;formToken&quot;:[0,&quot;${token}&quot;]}"></astro-island>`;
  return `<!doctype html><html lang="${locale}"><body>${'<p>Sign in</p>'.repeat(80)}<form method="post" action="${path}"><input type="hidden" name="_csrf" value="${token}"></form>${island}<form method="post" action="/language"><input type="hidden" name="back" value="${path}"><input type="hidden" name="_csrf" value="${token}"></form></body></html>`;
}

function headerOf(request: IncomingMessage, name: string): string | null {
  const value = request.headers[name];
  return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
}

/** The pre-session cookie's value as Astro reads it (the first of that name). */
function guestCookieOf(request: IncomingMessage, url: URL): string | undefined {
  const name = guestCookieName(url);
  for (const pair of (headerOf(request, 'cookie') ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return undefined;
}

/** A stand-in for Astro + the middleware. */
function fakeAstro(request: IncomingMessage, response: ServerResponse, locals: object | undefined, renders: string[], answer: (request: IncomingMessage) => Rendered) {
  renders.push(`${request.method} ${request.url}`);
  const rendered = answer(request);
  const method = request.method ?? 'GET';
  const url = new URL(request.url ?? '/', 'http://bank.test');
  const locale = guestLanguage(request.headers) ?? 'en';
  const guest = !carriesCredential(request.headers);
  const slot = locals ? pageCacheSlotOf(locals) : null;
  const forTemplate = templateRender({ slot, method, url, guest });
  // guestIdFor: the cookie's id, else a new one set on the answer.
  let id = tokens.readGuestId(guestCookieOf(request, url));
  const cookies: string[] = [];
  if (!id) {
    id = tokens.newGuestId();
    cookies.push(guestSetCookie(url, id));
  }
  const template = rendered.body ?? page(locale, forTemplate ? formTokenPlaceholder : tokens.issue({ kind: 'guest', id }), url.pathname);
  const status = rendered.status ?? 200;
  if (forTemplate && slot && rendered.vouch !== 'refuse') {
    slot.key = rendered.vouch === 'differ' ? 'GET http: /login yo' : vouch({ method, url, locale, guest, response: new Response(null, { status }) });
    slot.template = template;
  }
  const filled = Buffer.from(forTemplate ? template.replaceAll(formTokenPlaceholder, tokens.issue({ kind: 'guest', id })) : template);
  const sent = method === 'HEAD' ? { encoding: null, body: filled } : compressPageSync(headerOf(request, 'accept-encoding'), filled);
  const extra = rendered.headers ?? {};
  const extraCookies = extra['set-cookie'] === undefined ? [] : ([] as string[]).concat(extra['set-cookie'] as string | string[]);
  const headers: OutgoingHttpHeaders = {
    'cache-control': 'no-store',
    ...(method === 'HEAD' ? { 'content-length': filled.byteLength } : {}),
    ...(sent.encoding ? { 'content-encoding': sent.encoding } : {}),
    'content-security-policy': "default-src 'self'; script-src 'self' 'sha256-abc='",
    'content-type': 'text/html; charset=utf-8',
    ...(cookies.length + extraCookies.length > 0 ? { 'set-cookie': [...cookies, ...extraCookies] } : {}),
    vary: 'accept-encoding',
    'x-frame-options': 'DENY',
    ...Object.fromEntries(Object.entries(extra).filter(([name]) => name !== 'set-cookie')),
  };
  if (forTemplate && slot?.key) {
    // The middleware's answer: its own headers (a Set-Cookie a page wrote into them included) and the cookies Astro adds after it.
    const answerHeaders = new Headers();
    for (const [name, value] of Object.entries(headers)) {
      if (name === 'set-cookie') for (const cookie of extraCookies) answerHeaders.append(name, cookie);
      else answerHeaders.set(name, String(value));
    }
    recordAnswer(slot, new Response(null, { status, headers: answerHeaders }), cookies);
  }
  response.writeHead(status, headers);
  if (method === 'HEAD') return response.end();
  // Astro streams: one chunk now, the rest on a later turn.
  response.write(sent.body.subarray(0, 100));
  setTimeout(() => response.end(sent.body.subarray(100)), rendered.endAfterMs ?? 0);
}

type Served = { status: number; headers: Record<string, string | string[] | undefined>; names: string[]; body: Buffer; text: string };
const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function start(options: { trustProxy?: TrustProxy; publicOrigin?: string | null; answer?: (request: IncomingMessage) => Rendered; cache?: boolean } = {}) {
  const cache = createPageCache({ publicOrigin: options.publicOrigin ?? null, trustProxy: options.trustProxy ?? { kind: 'none' }, formTokens: tokens });
  const renders: string[] = [];
  const answer = options.answer ?? (() => ({}));
  const server = http.createServer((request, response) => {
    response.setHeader('x-request-id', `id-${renders.length}-${Math.random()}`);
    if (options.cache === false) return fakeAstro(request, response, undefined, renders, answer);
    return cache.handle(request, response, (locals) => fakeAstro(request, response, locals, renders, answer));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const ask = (path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Served> =>
    new Promise((resolve, reject) => {
      const request = http.request({ host: '127.0.0.1', port, path, method, headers, agent: false }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          const encoding = response.headers['content-encoding'];
          const plain = encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;
          const names = response.rawHeaders.filter((_, index) => index % 2 === 0).map((name) => name.toLowerCase());
          resolve({ status: response.statusCode ?? 0, headers: response.headers, names, body, text: plain.toString('utf8') });
        });
      });
      request.on('error', reject);
      request.end();
    });
  return { cache, renders, ask };
}

/** What must match between a cached answer and a fresh one: all but the exchange's own headers, the new cookie's value and the token. */
function lasting(served: Served) {
  const headers = Object.fromEntries(
    Object.entries(served.headers)
      .filter(([name]) => !['date', 'x-request-id', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'].includes(name))
      .map(([name, value]) => [name, name === 'set-cookie' ? (value as string[]).map((cookie) => cookie.replace(/=[^;]*/, '=ID')) : value]),
  );
  const order = served.names.filter((name) => !['date', 'x-request-id', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'].includes(name));
  return { status: served.status, headers, order, body: normalised(served.text) };
}

const normalised = (text: string) => text.replace(tokenPattern, 'TOKEN');
const tokensIn = (text: string) => [...new Set(text.match(tokenPattern) ?? [])];
/** The one token a page carries (every place on one page has the same). */
function tokenOf(served: Served): string {
  const found = tokensIn(served.text);
  expect(found).toHaveLength(1);
  return found[0]!;
}
/** The guest id a Set-Cookie on the answer sets, if any. */
function cookieSet(served: Served): string | null {
  const cookies = served.headers['set-cookie'];
  const guest = ([] as string[]).concat(cookies ?? []).find((cookie) => cookie.startsWith('csrf='));
  return guest ? /^csrf=([^;]*)/.exec(guest)![1]! : null;
}

describe('guest page cache: templates', () => {
  it('renders a guest page once, then fills it in from memory, with a fresh token for each answer', async () => {
    const { cache, renders, ask } = await start();
    const guestId = tokens.newGuestId();
    const other = tokens.newGuestId();
    const miss = await ask('/login', { cookie: `csrf=${guestId}` });
    const first = await ask('/login', { cookie: `csrf=${guestId}` });
    const second = await ask('/login', { cookie: `lang=en; csrf=${other}` });
    expect(renders).toEqual(['GET /login']);
    expect(cache.stats().entries).toBe(1);
    for (const served of [miss, first, second]) {
      expect(served.status).toBe(200);
      expect(served.text).not.toContain(formTokenPlaceholder);
      expect(served.headers['set-cookie']).toBeUndefined();
    }
    // Two hits, two tokens; each for its own browser's cookie only.
    expect(tokenOf(first)).not.toBe(tokenOf(second));
    expect(tokenOf(first)).not.toBe(tokenOf(miss));
    expect(tokens.verify(tokenOf(miss), [{ kind: 'guest', id: guestId }])).toBe(true);
    expect(tokens.verify(tokenOf(first), [{ kind: 'guest', id: guestId }])).toBe(true);
    expect(tokens.verify(tokenOf(first), [{ kind: 'guest', id: other }])).toBe(false);
    expect(tokens.verify(tokenOf(second), [{ kind: 'guest', id: other }])).toBe(true);
    expect(tokens.verify(tokenOf(second), [{ kind: 'guest', id: guestId }])).toBe(false);
    // The template is kept uncompressed, and one per key whatever the encoding.
    expect(cache.stats().bytes).toBe(Buffer.byteLength(normalised(first.text).replace(/TOKEN/g, formTokenPlaceholder)));
  });

  it('sets a new pre-session cookie on a hit for a browser that has none (or an odd one), and its token verifies for it', async () => {
    const { renders, ask } = await start();
    await ask('/login');
    for (const cookie of [undefined, 'csrf=not-one-of-ours', 'csrf=', 'theme=dark']) {
      const served = await ask('/login', cookie === undefined ? {} : { cookie });
      const id = cookieSet(served);
      expect(id).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(served.headers['set-cookie']).toEqual([guestSetCookie(new URL('http://bank.test/'), id!)]);
      expect(served.headers['set-cookie']![0]).toMatch(/^csrf=[A-Za-z0-9_-]{32}; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax$/);
      expect(tokens.verify(tokenOf(served), [{ kind: 'guest', id: id! }])).toBe(true);
    }
    expect(renders).toHaveLength(1);
  });

  it('answers as a fresh render does, but for the token: headers, their order, the body; with a Content-Length', async () => {
    const { renders, ask } = await start();
    const uncached = await start({ cache: false });
    for (const path of ['/login', '/terms']) {
      for (const [encoding, method] of [['br', 'GET'], ['gzip, deflate', 'GET'], ['identity', 'GET'], ['', 'GET'], ['br', 'HEAD']] as const) {
        const headers = { 'accept-encoding': encoding, cookie: 'lang=ha' };
        const fresh = await uncached.ask(path, headers, method);
        const miss = await ask(path, headers, method);
        const hit = await ask(path, headers, method);
        expect(lasting(miss)).toEqual(lasting(fresh));
        expect(lasting(hit)).toEqual(lasting(fresh));
        expect(hit.headers['cache-control']).toBe('no-store');
        expect(hit.headers.vary).toBe('accept-encoding');
        if (method === 'HEAD') {
          expect(hit.body.byteLength).toBe(0);
          expect(hit.headers['content-length']).toBe(fresh.headers['content-length']);
        } else {
          expect(hit.headers['content-length']).toBe(String(hit.body.byteLength));
          expect(hit.headers['content-encoding']).toBe(encoding.startsWith('br') ? 'br' : encoding.startsWith('gzip') ? 'gzip' : undefined);
          expect(hit.text).toContain('<input type="hidden" name="back" value="' + path + '">');
          expect(tokens.verify(tokenOf(hit), [{ kind: 'guest', id: cookieSet(hit)! }])).toBe(true);
        }
      }
    }
    // One template per page and method: the encoding is no part of the key.
    expect(renders).toEqual(['GET /login', 'HEAD /login', 'GET /terms', 'HEAD /terms']);
  });

  it('keeps each page, language and HEAD apart', async () => {
    const { cache, renders, ask } = await start();
    for (const path of cachedGuestPages) {
      for (const locale of locales) {
        for (const method of ['GET', 'HEAD']) {
          const headers = { cookie: `lang=${locale}`, 'accept-encoding': 'br' };
          const fresh = await ask(path, headers, method);
          const kept = await ask(path, headers, method);
          expect(lasting(kept)).toEqual(lasting(fresh));
          if (method === 'GET') expect(kept.text).toContain(`<html lang="${locale}">`);
          else expect(kept.body.byteLength).toBe(0);
        }
      }
    }
    expect(renders).toHaveLength(cachedGuestPages.length * locales.length * 2);
    expect(cache.stats().entries).toBe(cachedGuestPages.length * locales.length * 2);
  });

  it('keys on the language the request resolves to, from the lang cookie or Accept-Language', async () => {
    const { renders, ask } = await start();
    expect((await ask('/login', { 'accept-language': 'ha-NG,en;q=0.8' })).text).toContain('lang="ha"');
    expect((await ask('/login', { cookie: 'lang=ha' })).text).toContain('lang="ha"');
    expect((await ask('/login', { 'accept-language': 'fr-FR, ha;q=0.4' })).text).toContain('lang="ha"');
    // The cookie's choice wins over the browser's languages, as in language.ts.
    expect((await ask('/login', { cookie: 'lang=yo', 'accept-language': 'ha' })).text).toContain('lang="yo"');
    expect(renders).toEqual(['GET /login', 'GET /login']);
  });

  it.each([
    ['a session cookie', { cookie: 'session=abc' }],
    ['an expired or forged session cookie beside the language', { cookie: 'lang=ha; session=expired-token' }],
    ['the https session cookie', { cookie: '__Host-session=abc' }],
    ['a session cookie with odd spacing', { cookie: 'lang=en;   session =x' }],
    ['a Bearer token', { authorization: 'Bearer abc' }],
    ['any Authorization header', { authorization: 'Basic dXNlcjpwYXNz' }],
    ['an empty Authorization header', { authorization: '' }],
    ['two lang cookies', { cookie: 'lang=ha; lang=yo' }],
    ['an escaped lang cookie', { cookie: 'lang=%68%61' }],
    ['a quoted lang cookie', { cookie: 'lang="ha"' }],
    ['two pre-session cookies', { cookie: `csrf=${'a'.repeat(32)}; csrf=${'b'.repeat(32)}` }],
    ['a quoted pre-session cookie', { cookie: `csrf="${'a'.repeat(32)}"` }],
  ])('never answers from, nor keeps for, a request with %s', async (_name, headers) => {
    const { cache, renders, ask } = await start();
    await ask('/login');
    const served = await ask('/login', headers);
    await ask('/login', headers);
    expect(renders).toEqual(['GET /login', 'GET /login', 'GET /login']);
    expect(cache.stats().entries).toBe(1);
    expect(served.text).not.toContain(formTokenPlaceholder);
  });

  it.each([
    ['a query string', '/login?reason=idle'],
    ['an empty query string', '/login?'],
    ['a next path', '/login?next=/pay/abc'],
    ['a trailing slash', '/login/'],
    ['another spelling of the path', '/./login'],
    ['a page not on the list', '/dashboard'],
    ['the API', '/api/v1/profile'],
  ])('never caches %s', async (_name, path) => {
    const { cache, renders, ask } = await start();
    await ask(path);
    const served = await ask(path);
    expect(renders).toHaveLength(2);
    expect(cache.stats().entries).toBe(0);
    expect(served.text).not.toContain(formTokenPlaceholder);
  });

  it('never caches a method other than GET or HEAD', async () => {
    const { cache, renders, ask } = await start();
    for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH']) {
      await ask('/login', {}, method);
      await ask('/login', {}, method);
    }
    expect(renders).toHaveLength(10);
    expect(cache.stats().entries).toBe(0);
  });

  it.each([
    ['a Set-Cookie beside the pre-session cookie', { headers: { 'set-cookie': 'session=deleted; Max-Age=0' } }],
    ['a Set-Cookie the page itself set', { headers: { 'set-cookie': ['lang=ha', 'lang_saved=x'] } }],
    ['a redirect', { status: 302, headers: { location: '/dashboard' } }],
    ['an error', { status: 500 }],
    ['a 404', { status: 404 }],
    ['the middleware not vouching for it', { vouch: 'refuse' as const }],
    ['the middleware naming another key', { vouch: 'differ' as const }],
  ])('never keeps an answer with %s', async (_name, rendered) => {
    const { cache, renders, ask } = await start({ answer: () => rendered });
    await ask('/login');
    await ask('/login');
    expect(renders).toHaveLength(2);
    expect(cache.stats().entries).toBe(0);
  });

  it('a guest asking after a signed-in request still gets the guest answer, and the signed-in one still renders', async () => {
    const { renders, ask } = await start({ answer: (request) => (request.headers.cookie?.includes('session') ? { status: 302, headers: { location: '/dashboard' } } : {}) });
    expect((await ask('/login')).status).toBe(200);
    expect((await ask('/login', { cookie: 'session=live' })).status).toBe(302);
    expect((await ask('/login')).status).toBe(200);
    expect((await ask('/login', { cookie: 'session=live' })).status).toBe(302);
    expect(renders).toHaveLength(3);
  });

  it('stays bounded under a flood of odd Accept-Language, cookie, encoding and Host values', async () => {
    const { cache, renders, ask } = await start();
    const odd = ['', '*', 'xx', 'ha;q=0', 'en;q=abc', 'yo-NG;q=0.9,ig;q=0.95', 'pcm', 'HA', 'ig-ng', 'zz,,,;;;', 'a'.repeat(600)];
    for (let i = 0; i < 300; i += 1) {
      await ask('/login', {
        'accept-language': `${odd[i % odd.length]},q${i};q=0.${i % 10}`,
        cookie: `lang=${['xx', '', 'ha', 'en-GB', `v${i}`][i % 5]}; device=${i}; theme=${i}; csrf=${i}`,
        host: `host-${i}.example`,
        'accept-encoding': ['gzip', 'br', 'identity', `x-${i}`][i % 4]!,
      });
    }
    // Keys are made of the resolved language only here: five at most.
    expect(cache.stats().entries).toBeLessThanOrEqual(locales.length);
    expect(renders.length).toBe(cache.stats().entries);
  });

  it('does not keep an answer the client went away from before it was complete', async () => {
    const { cache, renders, ask } = await start({ answer: () => ({ endAfterMs: 300 }) });
    const { port } = servers[0]!.address() as AddressInfo;
    await new Promise<void>((resolve) => {
      const request = http.request({ host: '127.0.0.1', port, path: '/login', agent: false }, (response) => {
        response.once('data', () => {
          request.destroy();
          resolve();
        });
      });
      request.on('error', () => resolve());
      request.end();
    });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(cache.stats().entries).toBe(0);
    await ask('/login');
    expect(renders).toHaveLength(2);
    expect(cache.stats().entries).toBe(1);
  });

  it('serves but never keeps a page over 512 kB', async () => {
    const body = `<p>${'x'.repeat(600 * 1024)}`;
    const { cache, renders, ask } = await start({ answer: () => ({ body }) });
    expect((await ask('/login')).text).toBe(body);
    expect((await ask('/login')).text).toBe(body);
    expect(renders).toHaveLength(2);
    expect(cache.stats().entries).toBe(0);
  });
});

describe('guest page cache: keys', () => {
  const request = (url: string, headers: Record<string, string> = {}, method = 'GET', remoteAddress = '127.0.0.1') =>
    ({ method, url, headers, socket: { remoteAddress } }) as unknown as IncomingMessage;
  const make = (publicOrigin: string | null, trustProxy: TrustProxy) => createPageCache({ publicOrigin, trustProxy, formTokens: tokens });

  it('writes method, public protocol, path and resolved language, never the encoding', () => {
    const cache = make(null, { kind: 'none' });
    expect(cache.keyOf(request('/login', { 'accept-encoding': 'gzip, deflate, br' }))).toBe('GET http: /login en');
    expect(cache.keyOf(request('/login', { 'accept-encoding': 'identity' }))).toBe('GET http: /login en');
    expect(cache.keyOf(request('/terms', { 'accept-language': 'ig', 'accept-encoding': 'gzip' }))).toBe('GET http: /terms ig');
    expect(cache.keyOf(request('/privacy', { cookie: 'lang=pcm' }, 'HEAD'))).toBe('HEAD http: /privacy pcm');
  });

  it('takes the protocol from PUBLIC_ORIGIN, or from a trusted proxy only, and reads the cookie named for it', () => {
    expect(make('https://bank.example', { kind: 'none' }).keyOf(request('/login'))).toBe('GET https: /login en');
    // Over https the pre-session cookie is __Host-csrf; a plain `csrf` is no concern of it.
    expect(make('https://bank.example', { kind: 'none' }).keyOf(request('/login', { cookie: '__Host-csrf=a; __Host-csrf=b' }))).toBeNull();
    expect(make('https://bank.example', { kind: 'none' }).keyOf(request('/login', { cookie: 'csrf=a; csrf=b' }))).toBe('GET https: /login en');
    const trust = parseTrustProxy('10.0.0.0/8') as TrustProxy;
    const behindProxy = make(null, trust);
    expect(behindProxy.keyOf(request('/login', { 'x-forwarded-proto': 'https' }, 'GET', '10.1.2.3'))).toBe('GET https: /login en');
    expect(behindProxy.keyOf(request('/login', { 'x-forwarded-proto': 'https' }, 'GET', '192.0.2.7'))).toBe('GET http: /login en');
    expect(make(null, { kind: 'none' }).keyOf(request('/login', { 'x-forwarded-proto': 'https' }))).toBe('GET http: /login en');
  });

  it('every key of a flood of odd values is one of the few there can be', () => {
    const cache = make(null, { kind: 'peer' });
    const keys = new Set<string>();
    for (let i = 0; i < 5000; i += 1) {
      const noise = Math.random().toString(36).slice(2);
      const key = cache.keyOf(
        request(
          cachedGuestPages[i % cachedGuestPages.length]!,
          { 'accept-language': `${noise};q=0.${i % 10}, ${locales[i % 5]}-${noise}`, cookie: i % 3 === 0 ? `lang=${noise}` : `lang=${locales[i % 5]}`, 'accept-encoding': `${noise}, ${['br', 'gzip', ''][i % 3]}`, 'x-forwarded-proto': i % 2 ? 'https' : noise },
          i % 7 === 0 ? 'HEAD' : 'GET',
        ),
      );
      if (key) keys.add(key);
    }
    expect(keys.size).toBeLessThanOrEqual(maxEntries);
    expect(maxEntries).toBe(100);
    for (const key of keys) expect(key).toMatch(/^(GET|HEAD) https?: \/(login|register|password\/forgot|terms|privacy) (en|pcm|ha|yo|ig)$/);
  });

  it('counts anything that may be a credential', () => {
    expect(carriesCredential({})).toBe(false);
    expect(carriesCredential({ cookie: 'lang=ha; lang_saved=abc; device=xyz; csrf=abc' })).toBe(false);
    expect(carriesCredential({ cookie: 'SESSION=1' })).toBe(true);
    expect(carriesCredential({ authorization: 'Bearer x' })).toBe(true);
  });

  it('the middleware renders a template only when asked, for a guest GET or HEAD of a listed page with no query', () => {
    const slot = { wanted: true as const, key: null, template: null, answer: null };
    const base = { slot, method: 'GET', url: new URL('http://bank.test/login'), guest: true };
    expect(templateRender(base)).toBe(true);
    expect(templateRender({ ...base, method: 'HEAD' })).toBe(true);
    expect(templateRender({ ...base, slot: null })).toBe(false);
    expect(templateRender({ ...base, guest: false })).toBe(false);
    expect(templateRender({ ...base, method: 'POST' })).toBe(false);
    expect(templateRender({ ...base, url: new URL('http://bank.test/login?reason=idle') })).toBe(false);
    expect(templateRender({ ...base, url: new URL('http://bank.test/dashboard') })).toBe(false);
  });

  it('the middleware vouches only for a guest 200 on a listed page with no query', () => {
    const url = new URL('http://bank.test/login');
    const ok = new Response('x', { status: 200 });
    const base = { method: 'GET', url, locale: 'ha' as Locale, guest: true, response: ok };
    expect(vouch(base)).toBe(pageCacheKey({ method: 'GET', path: '/login', locale: 'ha', protocol: 'http:' }));
    expect(vouch({ ...base, guest: false })).toBeNull();
    expect(vouch({ ...base, method: 'POST' })).toBeNull();
    expect(vouch({ ...base, url: new URL('http://bank.test/login?reason=idle') })).toBeNull();
    expect(vouch({ ...base, url: new URL('http://bank.test/dashboard') })).toBeNull();
    expect(vouch({ ...base, response: new Response('x', { status: 302 }) })).toBeNull();
    expect(vouch({ ...base, response: new Response('x', { status: 200, headers: { 'set-cookie': 'session=deleted' } }) })).toBeNull();
  });

  it('the placeholder is shaped like a token, so a page is as long with it as with a token', () => {
    expect(formTokenPlaceholder).toMatch(/^[A-Za-z0-9_-]{86}$/);
    expect(formTokenPlaceholder).toHaveLength(tokens.issue({ kind: 'guest', id: tokens.newGuestId() }).length);
    expect(tokens.verify(formTokenPlaceholder, [{ kind: 'guest', id: tokens.newGuestId() }])).toBe(false);
  });
});

describe('GUEST_PAGE_CACHE', () => {
  it('is on unless set to false; anything else stops the start naming it', () => {
    expect(parseConfig({}).guestPageCache).toBe(true);
    expect(parseConfig({ GUEST_PAGE_CACHE: 'false' }).guestPageCache).toBe(false);
    expect(() => parseConfig({ GUEST_PAGE_CACHE: 'off' })).toThrow(/GUEST_PAGE_CACHE/);
  });
});

describe('the pre-session cookie, as the cache sets it', () => {
  it('is written as Astro writes it from the same options: HttpOnly, SameSite=Lax, Path=/, a month, Secure and __Host- over https', () => {
    expect(guestSetCookie(new URL('http://bank.test/'), 'abc')).toBe('csrf=abc; Max-Age=2592000; Path=/; HttpOnly; SameSite=Lax');
    expect(guestSetCookie(new URL('https://bank.test/'), 'abc')).toBe('__Host-csrf=abc; Max-Age=2592000; Path=/; HttpOnly; Secure; SameSite=Lax');
  });
});
