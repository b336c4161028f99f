// Section 3: bytes of JavaScript each page loads (transitive static imports, raw and gzip), for
// guest pages, the demo customer's pages and a new customer's onboarding steps.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { HOST, root } from '../lib/options.mjs';
import { request, sessionCookieFrom } from '../lib/http.mjs';
import { scanHtml, importsOf } from '../lib/html.mjs';
import { kb, table } from '../lib/format.mjs';
import { signIn } from './login.mjs';

function createJsFetcher(port) {
  const cache = new Map();
  return (href) => {
    if (!cache.has(href)) {
      const url = new URL(href);
      cache.set(
        href,
        request({ port, pathname: url.pathname + url.search, timeoutMs: 10_000 }).then((res) => ({
          status: res.status,
          contentType: res.headers['content-type'] ?? '',
          body: res.body,
          raw: res.body.length,
          gzip: zlib.gzipSync(res.body).length,
        })),
      );
    }
    return cache.get(href);
  };
}

/** Follows redirects by hand (up to 5), sending and updating the session cookie. */
async function fetchPage(port, pathname, cookie) {
  let current = pathname;
  let jar = cookie;
  const hops = [];
  for (let i = 0; i <= 5; i += 1) {
    const res = await request({ port, pathname: current, headers: { accept: 'text/html', ...(jar ? { cookie: `session=${jar}` } : {}) } });
    const setCookie = sessionCookieFrom(res.headers);
    if (setCookie !== null) jar = setCookie || null;
    if (res.status >= 300 && res.status < 400 && res.headers.location) {
      hops.push({ from: current, status: res.status, to: res.headers.location });
      const next = new URL(res.headers.location, `http://${HOST}:${port}${current}`);
      if (next.host !== `${HOST}:${port}`) throw new Error(`redirect off loopback: ${res.headers.location}`);
      current = next.pathname + next.search;
      continue;
    }
    return { status: res.status, finalPath: current, hops, html: res.body.toString('utf8'), contentType: res.headers['content-type'] ?? '', cookie: jar };
  }
  throw new Error(`too many redirects from ${pathname}`);
}

async function measurePageJs(port, pathname, cookie, fetchJs) {
  const page = await fetchPage(port, pathname, cookie);
  const pageUrl = `http://${HOST}:${port}${page.finalPath}`;
  const result = {
    path: pathname,
    signed_in: Boolean(cookie),
    status: page.status,
    final_path: page.finalPath,
    redirects: page.hops,
    html_bytes: Buffer.byteLength(page.html),
    html_gzip: zlib.gzipSync(Buffer.from(page.html)).length,
    entry_scripts: [],
    files: [],
    js_raw: 0,
    js_gzip: 0,
    inline_scripts: 0,
    inline_raw: 0,
    inline_gzip: 0,
    lazy_imports: [],
    lazy_raw: 0,
    lazy_gzip: 0,
    missing: [],
  };
  if (page.status !== 200 || !/html/i.test(page.contentType)) return result;

  const found = scanHtml(page.html);
  const roots = new Set();
  for (const src of [...found.scripts, ...found.islands, ...found.preloads]) {
    try {
      const url = new URL(src, pageUrl);
      if (url.host === `${HOST}:${port}`) roots.add(url.href);
    } catch {
      // Not a URL: not a script of ours.
    }
  }
  const lazy = new Set();
  for (const script of found.inline) {
    result.inline_scripts += 1;
    const bytes = Buffer.from(script.code);
    result.inline_raw += bytes.length;
    result.inline_gzip += zlib.gzipSync(bytes).length;
    const { staticImports, dynamicImports } = importsOf(script.code, pageUrl);
    staticImports.forEach((url) => roots.add(url));
    dynamicImports.forEach((url) => lazy.add(url));
  }
  result.entry_scripts = [...roots].map((href) => new URL(href).pathname);

  // Breadth-first over static imports.
  const seen = new Set();
  const queue = [...roots];
  while (queue.length > 0) {
    const href = queue.shift();
    if (seen.has(href)) continue;
    seen.add(href);
    const file = await fetchJs(href);
    if (file.status !== 200) {
      result.missing.push({ url: new URL(href).pathname, status: file.status });
      continue;
    }
    result.files.push({ url: new URL(href).pathname, raw: file.raw, gzip: file.gzip });
    result.js_raw += file.raw;
    result.js_gzip += file.gzip;
    const { staticImports, dynamicImports } = importsOf(file.body.toString('utf8'), href);
    for (const url of staticImports) if (!seen.has(url)) queue.push(url);
    dynamicImports.forEach((url) => lazy.add(url));
  }
  for (const href of lazy) {
    if (seen.has(href)) continue;
    const file = await fetchJs(href);
    if (file.status !== 200) continue;
    result.lazy_imports.push({ url: new URL(href).pathname, raw: file.raw, gzip: file.gzip });
    result.lazy_raw += file.raw;
    result.lazy_gzip += file.gzip;
  }
  result.zero_js = result.files.length === 0 && result.inline_scripts === 0;
  return result;
}

/** Static routes under src/pages (read only), excluding the API and dynamic segments. */
function discoverPageRoutes() {
  const pagesDir = path.join(root, 'src', 'pages');
  const routes = new Set();
  const walk = (dir, prefix) => {
    let entries;
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entryItem of entries) {
      if (entryItem.name.startsWith('_') || entryItem.name.startsWith('.')) continue;
      if (entryItem.isDirectory()) {
        if (prefix === '' && entryItem.name === 'api') continue;
        if (entryItem.name.includes('[')) continue;
        walk(path.join(dir, entryItem.name), `${prefix}/${entryItem.name}`);
      } else if (/\.(astro|md|mdx|html)$/.test(entryItem.name)) {
        const name = entryItem.name.replace(/\.(astro|md|mdx|html)$/, '');
        if (name.includes('[') || name === '404' || name === '500') continue;
        routes.add(name === 'index' ? prefix || '/' : `${prefix}/${name}`);
      }
    }
  };
  walk(pagesDir, '');
  return [...routes].sort();
}

// The guard's route lists (src/server/http/guard.ts), copied so pages that land later are covered.
const guestRoutes = ['/', '/login', '/register', '/password/forgot', '/password/reset/token', '/password/reset'];
const signedInRoutes = [
  '/account/verify', '/address/update', '/profile/created', '/pin/set', '/security/question', '/account/settings', '/dashboard',
  '/transfer', '/transfer/send', '/transfer/success', '/beneficairies', '/transactions', '/kyc-verification', '/artime',
  '/airtime/purchase/success', '/data/purchase', '/data/purchase/success', '/bills/electricity', '/bills/electricity/success',
  '/bills/cable', '/bills/cable/success',
];

/** POST JSON to the API as a browser would: same-origin Origin header, the session cookie. */
async function apiPost(port, pathname, body, cookie) {
  const res = await request({
    port,
    method: 'POST',
    pathname,
    headers: { 'content-type': 'application/json', origin: `http://${HOST}:${port}`, accept: 'application/json', ...(cookie ? { cookie: `session=${cookie}` } : {}) },
    body: JSON.stringify(body),
    timeoutMs: 30_000,
  });
  if (res.status < 200 || res.status >= 300) throw new Error(`POST ${pathname} → HTTP ${res.status}: ${res.body.toString().slice(0, 300)}`);
  return { res, cookie: sessionCookieFrom(res.headers) || cookie };
}

/** The newest verification code mailed to `email`, read from DATA_DIR/outbox (*.eml). */
function latestCodeFor(dataDir, email) {
  const outbox = path.join(dataDir, 'outbox');
  const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.endsWith('.eml')).sort().reverse() : [];
  for (const file of files) {
    const text = fs.readFileSync(path.join(outbox, file), 'utf8');
    if (!text.toLowerCase().includes(email.toLowerCase())) continue;
    const match = /^Subject:\s*(\d{6}) is your/im.exec(text);
    if (match) return match[1];
  }
  return null;
}

/**
 * A fresh customer walked through onboarding over the API, measuring each step's page while it
 * is the pending one (the guard sends a fully onboarded customer away from them).
 */
async function benchOnboardingJs(port, fetchJs, dataDir) {
  const pages = [];
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
  const email = `bench.${suffix}@example.com`;
  const phone = `080${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const password = 'quiet harbour lantern ferry 4729';
  let cookie;
  const measure = async (...paths) => {
    for (const pathname of paths) pages.push({ ...(await measurePageJs(port, pathname, cookie, fetchJs)), onboarding_user: true });
  };
  try {
    // register's token is the session cookie from here on; the account opens with the emailed code.
    ({ cookie } = await apiPost(port, '/api/v1/auth/register', {
      first_name: 'Bench', last_name: 'Runner', email, phone_number: phone, password, password_confirmation: password, terms: true,
    }));
    await measure('/account/verify');
    let code = latestCodeFor(dataDir, email);
    // The code is mailed just after the answer.
    for (let tries = 0; !code && tries < 50; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      code = latestCodeFor(dataDir, email);
    }
    if (!code) throw new Error('no verification code found in DATA_DIR/outbox');
    ({ cookie } = await apiPost(port, '/api/v1/onboarding/verify-otp', { otp: code }, cookie));
    await measure('/address/update');
    ({ cookie } = await apiPost(port, '/api/v1/onboarding/address', { address: '1 Marina Road', city: 'Lagos Island', state: 'Lagos', lga: 'Lagos Island' }, cookie));
    await measure('/profile/created', '/pin/set');
    ({ cookie } = await apiPost(port, '/api/v1/onboarding/set-pin', { pin: '4827', pin_confirmation: '4827' }, cookie));
    await measure('/security/question');
    ({ cookie } = await apiPost(port, '/api/v1/onboarding/set-security-question', { security_question_id: 2, answer: 'Kaduna' }, cookie));
    return { pages, error: null };
  } catch (error) {
    return { pages, error: error.message };
  }
}

export async function benchJs(port, dataDir) {
  const fetchJs = createJsFetcher(port);
  const guestHeadline = ['/login', '/register'];
  const signedInHeadline = ['/dashboard'];
  const discovered = discoverPageRoutes();
  const guestSet = new Set(guestRoutes);
  const allGuest = [...new Set([...guestHeadline, ...guestRoutes, ...discovered.filter((r) => guestSet.has(r) || !signedInRoutes.includes(r))])];
  const allSignedIn = [...new Set([...signedInHeadline, ...signedInRoutes, ...discovered.filter((r) => signedInRoutes.includes(r))])];

  const pages = [];
  for (const pathname of allGuest) pages.push(await measurePageJs(port, pathname, null, fetchJs));

  let signInError = null;
  try {
    const agent = new http.Agent({ keepAlive: false });
    const { cookie } = await signIn(port, agent);
    agent.destroy();
    for (const pathname of allSignedIn) pages.push(await measurePageJs(port, pathname, cookie, fetchJs));
  } catch (error) {
    signInError = error.message;
  }
  const onboarding = await benchOnboardingJs(port, fetchJs, dataDir);
  pages.push(...onboarding.pages);
  return { pages, headline: [...guestHeadline, ...signedInHeadline], discovered_routes: discovered, sign_in_error: signInError, onboarding_error: onboarding.error };
}

export function reportJs(results, say) {
  say('\n== 3. JavaScript loaded per page (transitive static imports) ==');
  const js = results.javascript;
  if (js) {
    const headlineRows = [];
    for (const p of js.pages.filter((page) => js.headline.includes(page.path))) {
      headlineRows.push([
        p.path,
        p.signed_in ? 'yes' : 'no',
        p.status === 200 ? (p.final_path === p.path ? '200' : `200 via ${p.final_path}`) : String(p.status),
        p.files.length,
        kb(p.js_raw),
        kb(p.js_gzip),
        p.inline_scripts ? `${p.inline_scripts} / ${kb(p.inline_raw)}` : '0',
        p.lazy_imports.length ? `${p.lazy_imports.length} / ${kb(p.lazy_gzip)} gz` : '0',
        kb(p.html_bytes),
      ]);
    }
    say(table(['page', 'signed in', 'status', 'JS files', 'JS raw', 'JS gzip', 'inline (n / raw)', 'lazy (n / gzip)', 'HTML raw'], headlineRows));
    for (const p of js.pages.filter((page) => js.headline.includes(page.path) && page.files.length > 0)) {
      say(`  ${p.path}: ${p.files.map((f) => `${f.url} ${kb(f.raw)} (${kb(f.gzip)} gz)`).join(', ')}`);
      if (p.missing.length) say(`    missing: ${p.missing.map((m) => `${m.url} → ${m.status}`).join(', ')}`);
    }

    const present = js.pages.filter((p) => p.status === 200);
    const who = (p) => (p.onboarding_user ? 'new customer' : p.signed_in ? 'demo' : 'no');
    const measuredByNewCustomer = new Set(present.filter((p) => p.onboarding_user && p.final_path === p.path).map((p) => p.path));
    const others = present.filter((p) => !js.headline.includes(p.path) && !(p.signed_in && !p.onboarding_user && measuredByNewCustomer.has(p.path)));
    if (others.length) {
      say('\nother pages found:');
      say(
        table(
          ['page', 'signed in', 'status', 'JS files', 'JS raw', 'JS gzip', 'inline'],
          others.map((p) => [p.path, who(p), p.final_path === p.path ? '200' : `200 via ${p.final_path}`, p.files.length, kb(p.js_raw), kb(p.js_gzip), p.inline_scripts]),
        ),
      );
    }
    const zero = present.filter((p) => p.zero_js && p.final_path === p.path).map((p) => p.path + (p.signed_in ? ' (signed in)' : ''));
    const inlineOnly = present.filter((p) => p.files.length === 0 && p.inline_scripts > 0 && p.final_path === p.path).map((p) => p.path);
    say(`\npages with zero JS: ${zero.length ? zero.join(', ') : 'none'}`);
    if (inlineOnly.length) say(`pages with inline JS only (no JS files): ${inlineOnly.join(', ')}`);
    const absent = js.pages.filter((p) => p.status === 404).map((p) => p.path);
    if (absent.length) say(`routes answering 404 (not built yet?): ${absent.join(', ')}`);
    const odd = js.pages.filter((p) => p.status !== 200 && p.status !== 404).map((p) => `${p.path} → ${p.status}`);
    if (odd.length) say(`routes with other statuses: ${odd.join(', ')}`);
    if (js.sign_in_error) say(`signed-in pages not measured: ${js.sign_in_error}`);
    if (js.onboarding_error) say(`onboarding journey stopped: ${js.onboarding_error}`);
  } else say('not measured');
}
