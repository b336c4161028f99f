import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

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

function dataDirForThisRun(): string {
  const existing = process.env.E2E_DATA_DIR;
  if (existing) return existing;
  const created = fs.mkdtempSync(path.join(os.tmpdir(), 'bank-e2e-'));
  process.env.E2E_DATA_DIR = created;
  // Only the process that made it removes it (workers see E2E_DATA_DIR already set).
  // E2E_KEEP_DATA=1 keeps the database and outbox for a look after a failure.
  if (!process.env.E2E_KEEP_DATA) {
    process.on('exit', () => fs.rmSync(created, { recursive: true, force: true }));
  }
  return created;
}
const dataDir = dataDirForThisRun();

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
    { name: 'js-on', use: { ...chromium, javaScriptEnabled: true } },
    { name: 'js-off', use: { ...chromium, javaScriptEnabled: false } },
  ],
  webServer: {
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
    },
  },
});
