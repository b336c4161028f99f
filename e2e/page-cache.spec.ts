import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { locales } from '../src/i18n/locales.ts';
import { demoCustomer } from './support/customers.ts';
import { freePort } from './support/free-port.ts';
import { collectLines } from './support/child-lines.ts';
import { FormClient } from './support/form-client.ts';

/**
 * The guest page cache (src/server/http/page-cache.ts) in the built server: two servers from the
 * e2e build, one with the cache (the default) and one with GUEST_PAGE_CACHE=false. Every cached
 * page, in each of the five languages, each encoding and HEAD, answered from the cache is the
 * same status, headers (all but Date, the request id, the framing and the new pre-session
 * cookie's value) and page as a fresh render but for the form token, which is fresh on every
 * answer and bound to that browser's pre-session cookie; a cached page's forms work; a credential
 * of any kind, a query string or a POST is never answered from it. HTTP only, processes rather
 * than pages: the js-off project runs it.
 */
test.describe('guest page cache', () => {
  test.describe.configure({ mode: 'serial' });
  test.beforeEach(({}, testInfo) => test.skip(testInfo.project.name !== 'js-off', 'processes, not pages: one run (js-off) is enough'));

  const root = path.resolve(import.meta.dirname, '..');
  const pages = ['/login', '/register', '/password/forgot', '/terms', '/privacy'];
  type Server = { port: number; child: ChildProcess; lines: string[]; dir: string };
  const servers: Server[] = [];
  let cached: Server;
  let fresh: Server;

  async function startServer(settings: Record<string, string>): Promise<Server> {
    const port = await freePort();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bank-page-cache-'));
    // Device binding off, as on the suite's servers: these sign-ins come from fresh clients.
    const env = { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dir, REGISTRATIONS_PER_IP: '1000', NEW_DEVICE_CAP_NAIRA: '0', DEVICE_BINDING: 'off', ...settings };
    const child = spawn(process.execPath, ['scripts/serve.mjs'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const lines = collectLines(child);
    const server = { port, child, lines, dir };
    servers.push(server);
    await expect.poll(async () => (await fetch(`http://127.0.0.1:${port}/api/health/ready`).catch(() => null))?.status ?? 0, { timeout: 30_000 }).toBe(200);
    return server;
  }

  test.beforeAll(async () => {
    [cached, fresh] = await Promise.all([startServer({ LOG_LEVEL: 'debug' }), startServer({ LOG_LEVEL: 'warn', GUEST_PAGE_CACHE: 'false' })]);
  });
  test.afterAll(async () => {
    for (const server of servers) {
      const exited = new Promise((resolve) => server.child.once('exit', resolve));
      server.child.kill('SIGTERM');
      await exited;
      fs.rmSync(server.dir, { recursive: true, force: true });
    }
  });

  type Answer = { status: number; headers: string[]; raw: Record<string, string | string[] | undefined>; body: Buffer; text: string };
  const framing = ['date', 'x-request-id', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'];
  /** One exchange: headers in the order sent (the new pre-session cookie's value left out), the body as sent and decompressed. */
  function ask(server: Server, pathName: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const request = http.request({ host: '127.0.0.1', port: server.port, path: pathName, method, headers, agent: false }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const lasting: string[] = [];
          for (let i = 0; i < response.rawHeaders.length; i += 2) {
            const name = response.rawHeaders[i]!.toLowerCase();
            const value = response.rawHeaders[i + 1]!;
            if (!framing.includes(name)) lasting.push(`${name}: ${name === 'set-cookie' ? value.replace(/^(csrf|__Host-csrf)=[A-Za-z0-9_-]{32};/, '$1=ID;') : value}`);
          }
          const body = Buffer.concat(chunks);
          const encoding = response.headers['content-encoding'];
          const text = (encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body).toString('utf8');
          resolve({ status: response.statusCode ?? 0, headers: lasting, raw: response.headers, body, text });
        });
      });
      request.on('error', reject);
      request.end();
    });
  }

  const tokenPattern = /[A-Za-z0-9_-]{86}/g;
  const stored = () => cached.lines.filter((line) => line.includes('"page_cache.stored"')).map((line) => JSON.parse(line).key as string);
  const tokensOf = (answer: Answer) => [...new Set(answer.text.match(tokenPattern) ?? [])];
  const guestIdOf = (answer: Answer) => /(?:^|, )csrf=([A-Za-z0-9_-]{32});/.exec(String(answer.raw['set-cookie'] ?? ''))?.[1] ?? null;
  /**
   * The page with every token made one word, and every island's uid too: Astro names an island by
   * a hash of its HTML and props, the token among them, so a fresh render's uid changes with its
   * token while a cached page keeps its template's (a name, unique on the page either way).
   */
  const normalised = (text: string) => text.replace(tokenPattern, 'TOKEN').replace(/<astro-island uid="[^"]*"/g, '<astro-island uid="UID"');
  /** The same answer but for the token: status, headers in their order, and the page. */
  const same = (answer: Answer, expected: Answer) => {
    expect(answer.status).toBe(expected.status);
    expect(answer.headers).toEqual(expected.headers);
    expect(normalised(answer.text)).toBe(normalised(expected.text));
  };

  test('every page, language, encoding and HEAD from the cache is a fresh render but for its own token', async () => {
    test.setTimeout(180_000);
    const seen = new Set<string>();
    for (const pathName of pages) {
      for (const locale of locales) {
        for (const encoding of [null, 'gzip, deflate', 'gzip, deflate, br, zstd']) {
          for (const method of ['GET', 'HEAD']) {
            // No pre-session cookie: each answer sets a new one, as a fresh render does.
            const headers = { ...(encoding ? { 'accept-encoding': encoding } : {}), cookie: `lang=${locale}; device=abc` };
            const rendered = await ask(fresh, pathName, headers, method);
            expect(rendered.status, `${method} ${pathName} ${locale}`).toBe(200);
            const first = await ask(cached, pathName, headers, method);
            // The second and third come from the cache, also for a browser that names its language
            // only in Accept-Language, and for another Host (nothing on these pages depends on it).
            const second = await ask(cached, pathName, { ...headers, cookie: 'device=xyz', 'accept-language': `${locale}-NG,en;q=0.5` }, method);
            const third = await ask(cached, pathName, { ...headers, host: 'elsewhere.example:8443' }, method);
            for (const answer of [first, second, third]) {
              same(answer, rendered);
              expect(guestIdOf(answer), 'a new pre-session cookie').not.toBeNull();
            }
            if (method === 'HEAD') {
              expect(second.body.byteLength).toBe(0);
              // The page's length, but for the island uid's (a hash, whose spelling varies in length).
              expect(Math.abs(Number(second.raw['content-length']) - Number(rendered.raw['content-length']))).toBeLessThanOrEqual(8);
              expect(second.raw['content-length']).toBe(first.raw['content-length']);
              continue;
            }
            expect(second.raw['content-length']).toBe(String(second.body.byteLength));
            if (encoding === null) expect(rendered.text).toContain(`<html lang="${locale}-NG"`);
            expect(first.text).not.toContain('pageCacheFormTokenPlaceholder');
            // Each answer its own token, never one seen before.
            for (const answer of [rendered, first, second, third]) {
              const found = tokensOf(answer);
              expect(found.length, `${pathName} carries a token`).toBe(1);
              expect(seen.has(found[0]!)).toBe(false);
              seen.add(found[0]!);
            }
          }
        }
      }
    }
    // One template kept per page × language × (GET, HEAD); each key once.
    const keys = stored();
    expect(keys).toHaveLength(pages.length * locales.length * 2);
    expect(new Set(keys).size).toBe(keys.length);
    // Every answer, hits included, has its access log line.
    const logged = () => cached.lines.filter((line) => line.includes('"http.request"') && pages.some((page) => line.includes(`"path":"${page}"`))).length;
    await expect.poll(logged).toBe(pages.length * locales.length * 3 * 2 * 3);
  });

  test('a cached page keeps a browser\'s pre-session cookie, and its token signs in with that cookie only', async () => {
    const origin = `http://127.0.0.1:${cached.port}`;
    const browser = new FormClient(origin);
    const firstVisit = await browser.get('/login');
    const guestId = browser.cookies.get('csrf');
    expect(guestId).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const login = await browser.get('/login');
    // The same browser keeps its cookie (no new Set-Cookie) and gets a new token each time.
    expect(login.headers.get('set-cookie')).toBeNull();
    expect(browser.cookies.get('csrf')).toBe(guestId);
    expect(browser.fieldsOf(login, '/login')._csrf).not.toBe(browser.fieldsOf(firstVisit, '/login')._csrf);
    // The language picker posts back to /login, with a token that works.
    const picker = browser.fieldsOf(login, '/language');
    expect(picker.back).toBe('/login');
    const inHausa = await browser.submit(login, { action: '/language', fields: { language: 'ha' } });
    expect(inHausa.url.pathname).toBe('/login');
    expect(inHausa.html).toContain('<html lang="ha-NG"');
    // Another browser's token from a cached page goes with its own cookie only.
    const other = new FormClient(origin);
    const othersToken = other.fieldsOf(await other.get('/login'), '/login')._csrf!;
    const refused = await browser.post('/login', { email: demoCustomer.email, password: demoCustomer.password, _csrf: othersToken });
    expect(refused.status).toBe(403);
    const home = await browser.submit(await browser.get('/login'), { action: '/login', fields: { email: demoCustomer.email, password: demoCustomer.password } });
    expect(home.url.pathname).toBe('/dashboard');
  });

  test('a flood of odd languages, cookies and hosts adds no entry', async () => {
    const before = stored().length;
    for (let i = 0; i < 200; i += 1) {
      const answer = await ask(cached, pages[i % pages.length]!, {
        'accept-language': [`x-${i}`, '*', `ha;q=0.${i % 9}`, 'zz,,;;', `yo-${i}`][i % 5]!,
        cookie: `lang=${['', 'xx', `v${i}`, 'ig'][i % 4]}; theme=${i}; csrf=${i}`,
        host: `h${i}.example`,
        'accept-encoding': ['gzip', 'br', `x-${i}`, 'identity;q=0'][i % 4]!,
      });
      expect(answer.status).toBe(200);
    }
    expect(stored()).toHaveLength(before);
  });

  test('a credential of any kind, valid or not, is never answered from the cache nor kept', async () => {
    const before = stored().length;
    // A session cookie the server does not know: the fresh render clears it, every time.
    for (const cookie of ['session=not-a-session', 'lang=ha; session=expired-token']) {
      for (let i = 0; i < 2; i += 1) {
        const answer = await ask(cached, '/login', { cookie });
        expect(answer.status).toBe(200);
        expect(String(answer.raw['set-cookie'])).toMatch(/^session=deleted;/);
      }
    }
    const invalidBearer = await ask(cached, '/login', { authorization: 'Bearer not-a-token' });
    expect(invalidBearer.status).toBe(200);

    // A signed-in customer, by Bearer token or by the cookie, is sent on from /login and sees
    // the signed-in /terms and /privacy (another layout), never the guests' kept page.
    const login = await fetch(`http://127.0.0.1:${cached.port}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify({ email: demoCustomer.email, password: demoCustomer.password }) });
    expect(login.status).toBe(200);
    const { token } = ((await login.json()) as { data: { token: string } }).data;
    const guestTerms = await ask(cached, '/terms');
    for (const credential of [{ authorization: `Bearer ${token}` }, { cookie: `session=${token}` }] as Record<string, string>[]) {
      const toDashboard = await ask(cached, '/login', credential);
      expect(toDashboard.status).toBe(302);
      expect(toDashboard.raw.location).toBe('/dashboard');
      const terms = await ask(cached, '/terms', credential);
      expect(terms.status).toBe(200);
      expect(normalised(terms.text)).not.toBe(normalised(guestTerms.text));
      expect(terms.text).toContain('action="/logout"');
      const privacy = await ask(cached, '/privacy', credential);
      expect(privacy.text).toContain('/account/settings#my-data');
    }

    // A registration waiting for its emailed code holds the same cookie: it is led to /account/verify.
    const register = await fetch(`http://127.0.0.1:${cached.port}/api/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ first_name: 'Ngozi', last_name: 'Cache', email: `page.cache.${Date.now()}@example.com`, phone_number: `0803${String(Date.now()).slice(-7)}`, password: 'Plantain-harbour-91-Jos', password_confirmation: 'Plantain-harbour-91-Jos', terms: true }),
    });
    expect(register.status).toBe(201);
    const pending = ((await register.json()) as { data: { token: string } }).data.token;
    const toVerify = await ask(cached, '/login', { cookie: `session=${pending}` });
    expect(toVerify.status).toBe(302);
    expect(toVerify.raw.location).toBe('/account/verify');

    expect(stored()).toHaveLength(before);
  });

  test('a query string, another method or another spelling of the path is rendered each time', async () => {
    const before = stored().length;
    const idle = await ask(cached, '/login?reason=idle');
    expect(idle.text).toContain('15 minutes');
    const next = await ask(cached, '/login?next=%2Fpay%2Fabc');
    expect(next.text).toContain('value="/pay/abc"');
    const forgot = await ask(cached, '/password/forgot?reason=expired');
    expect(normalised(forgot.text)).not.toBe(normalised((await ask(cached, '/password/forgot')).text));
    // A form post without a token is refused as always (403), and a post is never kept.
    expect((await ask(cached, '/login', { 'content-type': 'application/x-www-form-urlencoded' }, 'POST')).status).toBe(403);
    expect((await ask(cached, '/login', { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' }, 'POST')).status).toBe(403);
    await ask(cached, '/login/');
    for (const answer of [idle, next, forgot]) expect(answer.text).not.toContain('pageCacheFormTokenPlaceholder');
    expect(stored()).toHaveLength(before);
  });
});
