import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { testCaddyfile } from './e2e/support/caddy.ts';

/**
 * End-to-end tests against the built server (`astro build`, then `node dist/server/entry.mjs`),
 * in two projects: `js-on` and `js-off`. Every journey must work without JavaScript, since
 * every form posts to its page and every redirect happens on the server.
 *
 * The server gets a fresh DATA_DIR (SQLite database + outbox of .eml files). Tests read mail
 * and adjust times through the same directory, found in process.env.E2E_DATA_DIR. The config
 * is evaluated in the main process and again in every worker; workers inherit the main
 * process's environment, so the directory is created once and reused.
 */

const port = Number(process.env.E2E_PORT ?? 4399);
const baseURL = `http://127.0.0.1:${port}`;

function dataDirForThisRun(variable = 'E2E_DATA_DIR'): string {
  const existing = process.env[variable];
  if (existing) return existing;
  const created = fs.mkdtempSync(path.join(os.tmpdir(), 'bank-e2e-'));
  process.env[variable] = created;
  // Only the process that made it removes it (workers see E2E_DATA_DIR already set).
  // E2E_KEEP_DATA=1 keeps the database and outbox for a look after a failure.
  if (!process.env.E2E_KEEP_DATA) {
    process.on('exit', () => fs.rmSync(created, { recursive: true, force: true }));
  }
  return created;
}
const dataDir = dataDirForThisRun();

/**
 * Device binding (decision 026) and the ₦20,000 cap on money in and out (decision 025) are on by
 * default; the suite's servers, and the ones specs start themselves from this environment (crash,
 * lifecycle, workers, page cache), run with both off: their journeys sign in from fresh browsers
 * (each would confirm a code first) and fund fresh accounts with more than the cap lets in.
 * e2e/devices.spec.ts, e2e/new-browser-cap.spec.ts and e2e/identity-journey.spec.ts start
 * servers with them on.
 */
process.env.DEVICE_BINDING ??= 'off';
process.env.NEW_DEVICE_CAP_NAIRA ??= '0';

/**
 * The proxy projects (`proxy-js-on`, `proxy-js-off`, e2e/proxy.spec.ts): Caddy terminates TLS
 * with its internal CA on https://localhost:<proxyPort> in front of a second app server (its own
 * DATA_DIR, PUBLIC_ORIGIN and TRUST_PROXY=127.0.0.1) on 127.0.0.1:<proxyAppPort>. Ports are free
 * ones picked once by the main process and handed to the workers like E2E_DATA_DIR.
 */
function freePortOnce(variable: string): number {
  process.env[variable] ??= execSync(`node -e "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })"`, { encoding: 'utf8' }).trim();
  return Number(process.env[variable]);
}
const proxyAppPort = freePortOnce('E2E_PROXY_APP_PORT');
const proxyPort = freePortOnce('E2E_PROXY_PORT');
const proxyOrigin = `https://localhost:${proxyPort}`;
const proxyDataDir = dataDirForThisRun('E2E_PROXY_DATA_DIR');
const caddyfile = path.join(proxyDataDir, 'Caddyfile');
if (!fs.existsSync(caddyfile)) fs.writeFileSync(caddyfile, testCaddyfile({ proxyPort, appPort: proxyAppPort }));

function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  try {
    const found = execSync('command -v chromium', { encoding: 'utf8', shell: '/bin/sh', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    if (found) return found;
  } catch {
    // not on PATH: fall through
  }
  return '/usr/bin/chromium';
}

const chromium = {
  ...devices['Desktop Chrome'],
  // Mobile-first: the design size. Tests that need another width set their own.
  viewport: { width: 360, height: 640 },
  launchOptions: {
    executablePath: chromiumPath(),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  },
};

/**
 * Specs that drive the app as outsiders do, once each rather than once per JavaScript setting:
 * a client that submits the pages' own forms with nothing but cookies, lynx, NetSurf, the W3C
 * Nu checker and the served-CSS check. Their project gives them a Chromium with JavaScript off
 * where they want a page at all.
 */
const outsiders = /(text-browsers|form-tokens|netsurf|served-css|no-css-reading)\.spec\.ts$/;

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  // Two cores: one for the server (argon2id hashing is the heavy part), one for the browser.
  workers: 2,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    actionTimeout: 10_000,
    navigationTimeout: 15_000,
    locale: 'en-NG',
    timezoneId: 'Africa/Lagos',
  },
  projects: [
    { name: 'js-on', testIgnore: [/proxy\.spec\.ts/, outsiders], use: { ...chromium, javaScriptEnabled: true } },
    { name: 'js-off', testIgnore: [/proxy\.spec\.ts/, outsiders], use: { ...chromium, javaScriptEnabled: false } },
    { name: 'outsiders', testMatch: outsiders, use: { ...chromium, javaScriptEnabled: false } },
    { name: 'proxy-js-on', testMatch: /proxy\.spec\.ts/, use: { ...chromium, baseURL: proxyOrigin, ignoreHTTPSErrors: true, javaScriptEnabled: true } },
    { name: 'proxy-js-off', testMatch: /proxy\.spec\.ts/, use: { ...chromium, baseURL: proxyOrigin, ignoreHTTPSErrors: true, javaScriptEnabled: false } },
  ],
  webServer: [{
    command: 'npx astro build && node scripts/serve.mjs',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Every test browser comes from 127.0.0.1; the default of 10 a quarter-hour is tested in
      // password-reset.test.ts, and the e2e runs (with retries) stay clear of it here.
      PASSWORD_RESET_REQUESTS_PER_IP: '100',
      // The same for registrations (default 10 an hour): the suite opens a few hundred accounts
      // from 127.0.0.1. The limit itself is tested in registration-service.test.ts.
      REGISTRATIONS_PER_IP: '100000',
      // The new-browser cap is off here: journeys open accounts and move more than
      // ₦20,000 at once. e2e/new-browser-cap.spec.ts runs its own server with the cap on.
      NEW_DEVICE_CAP_NAIRA: '0',
      DEVICE_BINDING: 'off',
    },
  },
  {
    // The same build, behind Caddy: the app trusts Caddy (127.0.0.1) for X-Forwarded-For/-Proto.
    command: 'node scripts/serve.mjs',
    url: `http://127.0.0.1:${proxyAppPort}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      HOST: '127.0.0.1',
      PORT: String(proxyAppPort),
      DATA_DIR: proxyDataDir,
      LOG_LEVEL: 'warn',
      PUBLIC_ORIGIN: proxyOrigin,
      TRUST_PROXY: '127.0.0.1',
      // Low, so proxy.spec.ts reaches it: each forwarded client address has its own count.
      PASSWORD_RESET_REQUESTS_PER_IP: '3',
      REGISTRATIONS_PER_IP: '100000',
      NEW_DEVICE_CAP_NAIRA: '0',
      DEVICE_BINDING: 'off',
    },
  },
  {
    command: `caddy run --config ${caddyfile} --adapter caddyfile`,
    url: `${proxyOrigin}/api/health`,
    ignoreHTTPSErrors: true,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    // Caddy keeps its internal CA and certificates here, not in the user's home.
    env: { XDG_DATA_HOME: path.join(proxyDataDir, 'caddy'), XDG_CONFIG_HOME: path.join(proxyDataDir, 'caddy') },
  }],
});
