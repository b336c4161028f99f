// npm run lighthouse — Lighthouse (mobile, simulated throttling) on every page of the built app,
// and the JavaScript each page costs before and after its forms are touched. A report, not a
// test: it prints one table (the figures kept in docs/page-weight.md).
//
// It starts the built server (dist/, so `npm run build` first: `npm run lighthouse` does) on a
// free port with a fresh embedded database holding the demo customer, signs in as that customer
// for the signed-in pages, and drives Debian's Chromium (`command -v chromium`, or CHROMIUM_PATH).
// The sign-in's cookies (session and device) go into the browser's own cookie jar, as a customer's
// browser holds them (Lighthouse's storage reset leaves cookies alone). Sent only as an extra
// `Cookie` header, the session was lost as soon as a page set a cookie of its own (/dashboard, the
// first signed-in page, sets `lang`): Chromium then sends the jar's Cookie header in its place, so
// every later page, and the dashboard's own refresh, landed on /login. A page whose final
// address is not the one asked for prints an error row.
// Options: --runs N (median of N runs per page, default 1), --only /path[,/path…].
import { execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
};
const runs = Math.max(1, Number(option('runs') ?? 1));
const demo = { email: 'demo@harmattan.bank.example', password: 'harmattan-demo-2026' };

/** Every screen, and whether it needs the customer signed in. */
const pages = [
  ['/login', false],
  ['/register', false],
  ['/password/forgot', false],
  ['/dashboard', true],
  ['/transfer', true],
  ['/transfer/send', true],
  ['/beneficairies', true],
  ['/artime', true],
  ['/data/purchase', true],
  ['/bills/electricity', true],
  ['/bills/cable', true],
  ['/transactions', true],
  ['/account/settings', true],
  ['/kyc-verification', true],
].filter(([address]) => !option('only') || option('only').split(',').includes(address));

function chromiumPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  try {
    return execSync('command -v chromium', { encoding: 'utf8', shell: '/bin/sh' }).trim();
  } catch {
    return '/usr/bin/chromium';
  }
}

function freePort() {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function startServer() {
  if (!fs.existsSync(path.join(root, 'dist/server/entry.mjs'))) throw new Error('no build in dist/: run npm run build first');
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bank-lighthouse-'));
  // The server runs from a copy of the build: another build into dist/ (an e2e run starting
  // meanwhile) would otherwise take away the chunks it loads as pages are first asked for.
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'bank-lighthouse-build-'));
  for (const part of ['dist', 'scripts', 'package.json']) fs.cpSync(path.join(root, part), path.join(copy, part), { recursive: true });
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(copy, 'node_modules'));
  const child = spawn(process.execPath, [path.join(copy, 'scripts/serve.mjs')], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, SEED_DEMO: 'true', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries += 1) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (tries > 300 || child.exitCode !== null) throw new Error('the server did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    origin,
    stop: () => {
      child.kill('SIGTERM');
      for (const dir of [dataDir, copy]) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function signIn(origin) {
  const response = await fetch(`${origin}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', origin },
    body: JSON.stringify(demo),
  });
  const pairs = response.headers.getSetCookie().map((line) => line.split(';')[0]);
  if (!response.ok || !pairs.some((pair) => pair.startsWith('session='))) throw new Error(`could not sign in as the demo customer (${response.status})`);
  const { hostname } = new URL(origin);
  return pairs.map((pair) => {
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1), domain: hostname, path: '/', httpOnly: true, sameSite: 'Lax' };
  });
}

/** Where a page ended up, without its query and fragment. */
const landedOn = (address) => {
  try {
    const url = new URL(address);
    return url.origin + url.pathname;
  } catch {
    return String(address);
  }
};

/** JavaScript of one page as a browser gets it: files before anything is touched, then once each island's first field has had focus. */
async function scriptWeight(browser, url) {
  const page = await browser.newPage();
  await page.setCacheEnabled(false);
  const scripts = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.buffer().then((body) => zlib.gzipSync(body, { level: 9 }).byteLength).catch(() => 0));
  });
  await page.goto(url, { waitUntil: 'networkidle0' });
  const finalUrl = page.url();
  const before = scripts.length;
  const islands = await page.$$('astro-island');
  for (const island of islands) {
    const field = await island.$('input:not([type=hidden]), select, textarea, button');
    if (field) await field.focus();
  }
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0, { timeout: 20_000 }).catch(() => undefined);
  await page.waitForNetworkIdle({ idleTime: 500 }).catch(() => undefined);
  const gzip = (await Promise.all(scripts)).reduce((sum, bytes) => sum + bytes, 0);
  await page.close();
  return { before, files: scripts.length, gzip, finalUrl };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const server = await startServer();
const chrome = await chromeLauncher.launch({ chromePath: chromiumPath(), chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
const rows = [];
try {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const signedInCookies = await signIn(server.origin);
  for (const [address, signedIn] of pages) {
    const url = server.origin + address;
    // Signed-out pages are measured with no cookie at all; signed-in ones with the jar holding the sign-in.
    await browser.deleteCookie(...(await browser.cookies()));
    if (signedIn) await browser.setCookie(...signedInCookies);
    const weight = await scriptWeight(browser, url);
    const results = [];
    // A run Lighthouse could not trace (NO_NAVSTART now and then, under load) is run again, twice at most.
    for (let run = 0, retries = 0; run < runs; run += 1) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      if (result.lhr.runtimeError && retries < 2) {
        retries += 1;
        run -= 1;
        continue;
      }
      results.push(result.lhr);
    }
    const wrong = [weight.finalUrl, ...results.map((lhr) => lhr.finalDisplayedUrl)].map(landedOn).filter((landed) => landed !== url);
    if (wrong.length > 0 || results.some((lhr) => lhr.runtimeError)) {
      const why = wrong.length > 0 ? `ended on ${wrong[0].replace(server.origin, '')}, not ${address}` : results.find((lhr) => lhr.runtimeError).runtimeError.code;
      rows.push([address, `ERROR: ${why}`, ...Array(8).fill('–')]);
      process.stderr.write(`ERROR ${address}: ${why}\n`);
      continue;
    }
    const score = (category) => median(results.map((lhr) => Math.round((lhr.categories[category]?.score ?? 0) * 100)));
    const metric = (audit) => median(results.map((lhr) => lhr.audits[audit]?.numericValue ?? Number.NaN));
    rows.push([
      address,
      `${weight.before}`,
      `${(weight.gzip / 1024).toFixed(1)} KB (${weight.files})`,
      String(score('performance')),
      `${Math.round(metric('total-blocking-time'))} ms`,
      `${(metric('largest-contentful-paint') / 1000).toFixed(2)} s`,
      metric('cumulative-layout-shift').toFixed(3),
      String(score('accessibility')),
      String(score('best-practices')),
      String(score('seo')),
    ]);
    process.stderr.write(`measured ${address}\n`);
  }
  await browser.disconnect();
} finally {
  chrome.kill();
  server.stop();
}

const header = ['page', 'JS files at load', 'JS gzip once hydrated (files)', 'perf', 'TBT', 'LCP', 'CLS', 'a11y', 'best practices', 'SEO'];
console.log(`Lighthouse ${runs > 1 ? `(median of ${runs} runs) ` : ''}mobile, simulated throttling; JavaScript as served, gzip -9 per file:\n`);
console.log(`| ${header.join(' | ')} |`);
console.log(`|${header.map(() => '---').join('|')}|`);
for (const row of rows) console.log(`| ${row.join(' | ')} |`);
