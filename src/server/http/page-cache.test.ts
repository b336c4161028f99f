import http, { type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { locales, type Locale } from '../../i18n/locales.ts';
import { parseConfig } from '../config.ts';
import { parseTrustProxy, type TrustProxy } from './forwarded.ts';
import { cachedGuestPages, carriesCredential, createPageCache, guestLanguage, maxEntries, pageCacheKey, pageCacheSlotOf, vouch } from './page-cache.ts';

/**
 * The guest page cache (issue 16) on a real node:http server, with a stand-in for Astro that
 * answers like the adapter does (writeHead with a header object, the body in chunks) and, like
 * the middleware, names its key in the slot it was handed. Every rule of the cache is here; the
 * built app's answers, fresh beside kept, are compared byte for byte in e2e/page-cache.spec.ts.
 */

/** `vouch`: what the stand-in middleware does (default: decide from status and Set-Cookie; `blind`: vouch without seeing the Set-Cookie a page adds after it). */
type Rendered = { status?: number; headers?: OutgoingHttpHeaders; chunks?: string[]; vouch?: 'blind' | 'refuse' | 'differ'; endAfterMs?: number };

function page(locale: Locale, encoding: string): string {
  return `<!doctype html><html lang="${locale}"><body>${'<p>Sign in</p>'.repeat(50)}<!-- ${encoding} --></body></html>`;
}

/** A stand-in for Astro + the middleware: the answer for this request, and the key the middleware would name. */
function fakeAstro(request: IncomingMessage, response: ServerResponse, locals: object | undefined, renders: string[], answer: (request: IncomingMessage) => Rendered) {
  renders.push(`${request.method} ${request.url}`);
  const rendered = answer(request);
  const locale = guestLanguage(request.headers) ?? 'en';
  const encoding = request.method === 'HEAD' ? 'head' : String(request.headers['accept-encoding'] ?? 'identity');
  const slot = locals ? pageCacheSlotOf(locals) : null;
  if (slot && rendered.vouch !== 'refuse') {
    const url = new URL(request.url ?? '/', 'http://bank.test');
    slot.key =
      rendered.vouch === 'differ'
        ? 'GET http: /login yo identity'
        : vouch({ method: request.method ?? 'GET', url, locale, acceptEncoding: headerOf(request, 'accept-encoding'), guest: true, response: new Response(null, { status: rendered.status ?? 200, headers: rendered.headers?.['set-cookie'] && rendered.vouch !== 'blind' ? { 'set-cookie': String(rendered.headers['set-cookie']) } : {} }) });
  }
  response.writeHead(rendered.status ?? 200, {
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'self'; script-src 'self' 'sha256-abc='",
    'content-type': 'text/html; charset=utf-8',
    vary: 'accept-encoding',
    'x-frame-options': 'DENY',
    ...rendered.headers,
  });
  const chunks = rendered.chunks ?? [page(locale, encoding).slice(0, 100), page(locale, encoding).slice(100)];
  // Astro streams: one chunk now, the rest on a later turn.
  response.write(chunks[0]);
  setTimeout(() => {
    for (const chunk of chunks.slice(1)) response.write(chunk);
    response.end();
  }, rendered.endAfterMs ?? 0);
}

function headerOf(request: IncomingMessage, name: string): string | null {
  const value = request.headers[name];
  return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
}

type Served = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };
const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function start(options: { trustProxy?: TrustProxy; publicOrigin?: string | null; answer?: (request: IncomingMessage) => Rendered } = {}) {
  const cache = createPageCache({ publicOrigin: options.publicOrigin ?? null, trustProxy: options.trustProxy ?? { kind: 'none' } });
  const renders: string[] = [];
  const answer = options.answer ?? (() => ({}));
  const server = http.createServer((request, response) => {
    response.setHeader('x-request-id', `id-${renders.length}-${Math.random()}`);
    cache.handle(request, response, (locals) => fakeAstro(request, response, locals, renders, answer));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const ask = (path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Served> =>
    new Promise((resolve, reject) => {
      const request = http.request({ host: '127.0.0.1', port, path, method, headers, agent: false }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      });
      request.on('error', reject);
      request.end();
    });
  return { cache, renders, ask };
}

/** What must match between a kept answer and a fresh one: all but the exchange's own headers. */
function lasting(served: Served) {
  const headers = Object.fromEntries(Object.entries(served.headers).filter(([name]) => !['date', 'x-request-id', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'].includes(name)));
  return { status: served.status, headers, body: served.body.toString('utf8') };
}

describe('guest page cache: serving', () => {
  it('renders a guest page once, then answers it from memory, the same headers and bytes', async () => {
    const { cache, renders, ask } = await start();
    const fresh = await ask('/login');
    const kept = await ask('/login');
    const again = await ask('/login');
    expect(renders).toEqual(['GET /login']);
    expect(lasting(kept)).toEqual(lasting(fresh));
    expect(lasting(again)).toEqual(lasting(fresh));
    expect(fresh.headers['transfer-encoding']).toBe('chunked');
    expect(kept.headers['content-length']).toBe(String(fresh.body.byteLength));
    // The request id is the exchange's own, set before the answer came from the cache.
    expect(kept.headers['x-request-id']).not.toBe(fresh.headers['x-request-id']);
    expect(cache.stats()).toEqual({ entries: 1, bytes: fresh.body.byteLength });
  });

  it('keeps each page, language, encoding and HEAD apart', async () => {
    const { renders, ask } = await start();
    for (const path of cachedGuestPages) {
      for (const locale of locales) {
        for (const [encoding, method] of [['br', 'GET'], ['gzip', 'GET'], ['identity', 'GET'], ['br', 'HEAD']] as const) {
          const headers = { cookie: `lang=${locale}`, 'accept-encoding': encoding };
          const fresh = await ask(path, headers, method);
          const kept = await ask(path, headers, method);
          expect(lasting(kept)).toEqual(lasting(fresh));
          if (method === 'GET') expect(kept.body.toString()).toContain(`<html lang="${locale}">`);
          else expect(kept.body.byteLength).toBe(0);
        }
      }
    }
    expect(renders).toHaveLength(cachedGuestPages.length * locales.length * 4);
  });

  it('keys on the language the request resolves to, from the lang cookie or Accept-Language', async () => {
    const { renders, ask } = await start();
    const hausa = await ask('/login', { 'accept-language': 'ha-NG,en;q=0.8' });
    expect(hausa.body.toString()).toContain('lang="ha"');
    expect((await ask('/login', { cookie: 'lang=ha' })).body.toString()).toContain('lang="ha"');
    expect((await ask('/login', { 'accept-language': 'fr-FR, ha;q=0.4' })).body.toString()).toContain('lang="ha"');
    // The cookie's choice wins over the browser's languages, as in language.ts.
    expect((await ask('/login', { cookie: 'lang=yo', 'accept-language': 'ha' })).body.toString()).toContain('lang="yo"');
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
  ])('never answers from, nor keeps for, a request with %s', async (_name, headers) => {
    const { cache, renders, ask } = await start();
    await ask('/login');
    await ask('/login', headers);
    await ask('/login', headers);
    expect(renders).toEqual(['GET /login', 'GET /login', 'GET /login']);
    expect(cache.stats().entries).toBe(1);
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
    await ask(path);
    expect(renders).toHaveLength(2);
    expect(cache.stats().entries).toBe(0);
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
    ['a Set-Cookie on the answer', { headers: { 'set-cookie': 'session=deleted; Max-Age=0' } }],
    ['a Set-Cookie the page itself set (not seen by the middleware)', { headers: { 'set-cookie': ['lang=ha', 'lang_saved=x'] }, vouch: 'blind' as const }],
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

  it('stays bounded under a flood of odd Accept-Language, cookie and Host values', async () => {
    const { cache, renders, ask } = await start();
    const odd = ['', '*', 'xx', 'ha;q=0', 'en;q=abc', 'yo-NG;q=0.9,ig;q=0.95', 'pcm', 'HA', 'ig-ng', 'zz,,,;;;', 'a'.repeat(600)];
    for (let i = 0; i < 300; i += 1) {
      await ask('/login', {
        'accept-language': `${odd[i % odd.length]},q${i};q=0.${i % 10}`,
        cookie: `lang=${['xx', '', 'ha', 'en-GB', `v${i}`][i % 5]}; device=${i}; theme=${i}`,
        host: `host-${i}.example`,
        'accept-encoding': ['gzip', 'br', 'identity', `x-${i}`][i % 4]!,
      });
    }
    // Keys are made of the resolved language and encoding only: five languages × three encodings at most.
    expect(cache.stats().entries).toBeLessThanOrEqual(locales.length * 3);
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

  it('serves but never keeps an answer over 512 kB', async () => {
    const { cache, renders, ask } = await start({ answer: () => ({ chunks: ['<p>', 'x'.repeat(600 * 1024)] }) });
    expect((await ask('/login')).body.byteLength).toBe(600 * 1024 + 3);
    expect((await ask('/login')).body.byteLength).toBe(600 * 1024 + 3);
    expect(renders).toHaveLength(2);
    expect(cache.stats().entries).toBe(0);
  });
});

describe('guest page cache: keys', () => {
  const request = (url: string, headers: Record<string, string> = {}, method = 'GET', remoteAddress = '127.0.0.1') =>
    ({ method, url, headers, socket: { remoteAddress } }) as unknown as IncomingMessage;

  it('writes method, public protocol, path, resolved language and encoding', () => {
    const cache = createPageCache({ publicOrigin: null, trustProxy: { kind: 'none' } });
    expect(cache.keyOf(request('/login', { 'accept-encoding': 'gzip, deflate, br' }))).toBe('GET http: /login en br');
    expect(cache.keyOf(request('/terms', { 'accept-language': 'ig', 'accept-encoding': 'gzip' }))).toBe('GET http: /terms ig gzip');
    expect(cache.keyOf(request('/privacy', { cookie: 'lang=pcm' }, 'HEAD'))).toBe('HEAD http: /privacy pcm head');
    expect(cache.keyOf(request('/register', { 'accept-encoding': 'br;q=0, gzip;q=0' }))).toBe('GET http: /register en identity');
  });

  it('takes the protocol from PUBLIC_ORIGIN, or from a trusted proxy only', () => {
    expect(createPageCache({ publicOrigin: 'https://bank.example', trustProxy: { kind: 'none' } }).keyOf(request('/login'))).toBe('GET https: /login en identity');
    const trust = parseTrustProxy('10.0.0.0/8') as TrustProxy;
    const behindProxy = createPageCache({ publicOrigin: null, trustProxy: trust });
    expect(behindProxy.keyOf(request('/login', { 'x-forwarded-proto': 'https' }, 'GET', '10.1.2.3'))).toBe('GET https: /login en identity');
    expect(behindProxy.keyOf(request('/login', { 'x-forwarded-proto': 'https' }, 'GET', '192.0.2.7'))).toBe('GET http: /login en identity');
    expect(createPageCache({ publicOrigin: null, trustProxy: { kind: 'none' } }).keyOf(request('/login', { 'x-forwarded-proto': 'https' }))).toBe('GET http: /login en identity');
  });

  it('every key of a flood of odd values is one of the few there can be', () => {
    const cache = createPageCache({ publicOrigin: null, trustProxy: { kind: 'peer' } });
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
    expect(maxEntries).toBe(200);
    for (const key of keys) expect(key).toMatch(/^(GET|HEAD) https?: \/(login|register|password\/forgot|terms|privacy) (en|pcm|ha|yo|ig) (br|gzip|identity|head)$/);
  });

  it('counts anything that may be a credential', () => {
    expect(carriesCredential({})).toBe(false);
    expect(carriesCredential({ cookie: 'lang=ha; lang_saved=abc; device=xyz' })).toBe(false);
    expect(carriesCredential({ cookie: 'SESSION=1' })).toBe(true);
    expect(carriesCredential({ authorization: 'Bearer x' })).toBe(true);
  });

  it('the middleware vouches only for a guest 200 without Set-Cookie on a listed page with no query', () => {
    const url = new URL('http://bank.test/login');
    const ok = new Response('x', { status: 200 });
    const base = { method: 'GET', url, locale: 'ha' as Locale, acceptEncoding: 'br', guest: true, response: ok };
    expect(vouch(base)).toBe(pageCacheKey({ method: 'GET', path: '/login', locale: 'ha', acceptEncoding: 'br', protocol: 'http:' }));
    expect(vouch({ ...base, guest: false })).toBeNull();
    expect(vouch({ ...base, method: 'POST' })).toBeNull();
    expect(vouch({ ...base, url: new URL('http://bank.test/login?reason=idle') })).toBeNull();
    expect(vouch({ ...base, url: new URL('http://bank.test/dashboard') })).toBeNull();
    expect(vouch({ ...base, response: new Response('x', { status: 302 }) })).toBeNull();
    expect(vouch({ ...base, response: new Response('x', { status: 200, headers: { 'set-cookie': 'session=deleted' } }) })).toBeNull();
  });
});

describe('GUEST_PAGE_CACHE', () => {
  it('is on unless set to false; anything else stops the start naming it', () => {
    expect(parseConfig({}).guestPageCache).toBe(true);
    expect(parseConfig({ GUEST_PAGE_CACHE: 'false' }).guestPageCache).toBe(false);
    expect(() => parseConfig({ GUEST_PAGE_CACHE: 'off' })).toThrow(/GUEST_PAGE_CACHE/);
  });
});
