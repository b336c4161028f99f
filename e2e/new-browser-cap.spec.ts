import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, TestInfo } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { callApi, newCustomer, onboardThroughApi, receiveTransfer } from './support/customers.ts';
import { naira } from './support/funded.ts';
import { ageAccountOpening } from './support/bank-db.ts';
import { decodeQuotedPrintable, mailsTo, rawMail, smsTo, waitUntil } from './support/outbox.ts';
import { LoginPage } from './page-models/login-page.ts';
import { DashboardPage } from './page-models/dashboard-page.ts';
import { SendMoneyPage } from './page-models/send-money-page.ts';
import { ReceiptPage } from './page-models/receipt-page.ts';
import { freePort } from './support/free-port.ts';

/**
 * The new-browser cap (docs/decisions/005-new-browser-cap-and-own-limits.md) end to end. The suite's server runs with the cap off (most
 * journeys open an account and move more than ₦20,000 at once), so this spec starts the same
 * build (`node scripts/serve.mjs`) on a fresh DATA_DIR with NEW_DEVICE_CAP_NAIRA=20000, and points
 * the outbox and database helpers at it while it runs.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const HOST = '127.0.0.1';
let server: ChildProcess | null = null;
let dataDir = '';
let origin = '';
const saved = { dataDir: process.env.E2E_DATA_DIR, origin: process.env.E2E_ORIGIN };
const output: string[] = [];

test.beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bank-cap-'));
  const port = await freePort(HOST);
  origin = `http://${HOST}:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env, HOST, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED_DEMO: 'false', REGISTRATIONS_PER_IP: '100000', NEW_DEVICE_CAP_NAIRA: '20000', NEW_DEVICE_CAP_HOURS: '24' };
  delete env.DATABASE_URL;
  server = spawn(process.execPath, [path.join(root, 'scripts', 'serve.mjs')], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const stream of [server.stdout!, server.stderr!]) stream.on('data', (chunk: Buffer) => output.push(...chunk.toString().split('\n').filter(Boolean)));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the capped server exited:\n${output.join('\n')}`);
    const healthy = await fetch(`${origin}/api/health`).then((answer) => answer.ok, () => false);
    if (healthy) break;
    if (Date.now() > deadline) throw new Error(`the capped server never answered:\n${output.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  // The outbox, database and API helpers read these: this server's, while this file runs.
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_ORIGIN = origin;
});

test.afterAll(async () => {
  process.env.E2E_DATA_DIR = saved.dataDir;
  if (saved.origin === undefined) delete process.env.E2E_ORIGIN;
  else process.env.E2E_ORIGIN = saved.origin;
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function browserOf(browser: Browser, testInfo: TestInfo, js: boolean): Promise<BrowserContext> {
  const { viewport, locale, timezoneId } = testInfo.project.use;
  return browser.newContext({ baseURL: origin, viewport, locale, timezoneId, javaScriptEnabled: js });
}

const mailTexts = (email: string) => mailsTo(email).map((file) => decodeQuotedPrintable(rawMail(file)));
const e164 = (typed: string) => `+234${typed.replace(/\s/g, '').slice(1)}`;
const newSignInMails = (email: string) => mailTexts(email).filter((text) => text.includes('New sign-in on'));

test('a sign-in from a fresh browser is emailed and caps what leaves the account at ₦20,000 until the time the dashboard gives', async ({ browser, js, playwright }, testInfo) => {
  test.setTimeout(120_000);
  // The customer's own phone: it opens the account, so it is a known browser from the start.
  const phone = await browserOf(browser, testInfo, js);
  const me = await onboardThroughApi(phone.request, newCustomer());
  const recipientContext = await playwright.request.newContext({ baseURL: origin });
  const recipient = await onboardThroughApi(recipientContext, newCustomer());
  await recipientContext.dispose();

  await test.step('a new account is capped for its first day, money in counted apart from money out: ₦15,000 arrives, ₦6,000 more is refused whole and the customer is told', async () => {
    await receiveTransfer(phone.request, me.accountNumber, naira(15_000), 'BAKARE TUNDE');
    const refused = await phone.request.fetch('/api/sandbox/inbound-transfer', {
      method: 'POST',
      headers: { accept: 'application/json', origin },
      data: { account_number: me.accountNumber, amount: naira(6_000), sender_name: 'CHIOMA OKAFOR', sender_bank_code: '000013' },
    });
    expect(refused.status()).toBe(422);
    expect(await refused.json()).toMatchObject({ success: false, code: 'CREDIT_NOT_PERMITTED' });
    const limits = await callApi<{ new_browser_cap: { limit: number; reason: string } | null; new_browser_cap_in: { used: number; left: number } | null }>(phone.request, 'GET', '/v1/limits');
    expect(limits.new_browser_cap).toMatchObject({ limit: naira(20_000), reason: 'new_account' });
    expect(limits.new_browser_cap_in).toMatchObject({ used: naira(15_000), left: naira(5_000) });
    const phonePage = await phone.newPage();
    await phonePage.goto('/dashboard');
    await expect(phonePage.getByTestId('new-browser-cap')).toContainText('Your account is new');
    await phonePage.goto('/account/settings#limits');
    await expect(phonePage.getByTestId('new-browser-cap-in')).toContainText('Money in: until');
    await expect(phonePage.getByTestId('new-browser-cap-in')).toContainText('₦5,000.00 is left');
    await phonePage.close();
    const mail = await waitUntil(() => mailTexts(me.email).find((text) => text.includes('was refused')), 15_000, () => `no "payment refused" mail to ${me.email}`);
    expect(mail).toContain('A payment of ₦6,000.00 from CHIOMA OKAFOR');
    const sms = await waitUntil(() => smsTo(e164(me.phone)).find((text) => text.includes('refused')), 15_000, () => `no "payment refused" SMS to ${me.phone}`);
    expect(sms).toContain('NGN6,000.00 from CHIOMA OKAFOR');
    expect(sms.length).toBeLessThanOrEqual(160);
  });

  // A day later (moved in the database): the opening window is over, and money arrives again.
  expect(ageAccountOpening(me.email, 25)).toBe(1);
  expect(newSignInMails(me.email)).toHaveLength(0);
  await receiveTransfer(phone.request, me.accountNumber, naira(100_000), 'BAKARE TUNDE');

  await test.step('the known browser signs in again: nothing new, no mail, no cap', async () => {
    await callApi(phone.request, 'POST', '/v1/auth/login', { email: me.email, password: me.password });
    expect((await callApi<{ new_browser_cap: unknown }>(phone.request, 'GET', '/v1/limits')).new_browser_cap).toBeNull();
    expect(newSignInMails(me.email)).toHaveLength(0);
  });

  const laptop = await browserOf(browser, testInfo, js);
  const page = await laptop.newPage();
  await test.step('a fresh browser signs in: the dashboard says so and until when, and the email arrives', async () => {
    const login = new LoginPage(page, js);
    await login.goto();
    await login.signIn(me.email, me.password);
    const dashboard = new DashboardPage(page, js);
    await dashboard.arrivedAt('/dashboard');
    await expect(page.getByTestId('new-browser-cap')).toContainText('You signed in from a new browser: for your safety, until');
    await expect(page.getByTestId('new-browser-cap')).toContainText('at most ₦20,000.00 in total can leave your account');
    const mail = await waitUntil(() => newSignInMails(me.email)[0], 10_000, () => `no "new sign-in" mail to ${me.email}`);
    expect(mail).toContain(`If this wasn't you, freeze your account now: ${origin}/freeze`);
    const device = (await laptop.cookies()).find((cookie) => cookie.name === 'device');
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(device!.expires * 1000 - Date.now()).toBeGreaterThan(300 * 24 * 3_600_000);
  });

  await test.step('₦25,000 is over the cap; ₦15,000 goes; then even the known phone may move only ₦5,000 more', async () => {
    const send = new SendMoneyPage(page, js);
    await send.start('?to=local', { accountNumber: recipient.accountNumber, amount: '25,000' });
    await send.confirm(me.pin);
    await expect(page.getByText(/over the new-browser limit/).first()).toBeVisible();
    await send.start('?to=local', { accountNumber: recipient.accountNumber, amount: '15,000' });
    await send.confirm(me.pin);
    await new ReceiptPage(page, js).arrivedAt(ReceiptPage.path);

    const fromPhone = await phone.request.fetch(`/api/v1/transfer/local/${me.accountNumber}`, {
      method: 'POST',
      headers: { origin, 'idempotency-key': `cap-${Date.now()}-${js}` },
      data: { account_number: recipient.accountNumber, amount: naira(5_001), pin: me.pin },
    });
    expect(fromPhone.status()).toBe(422);
    expect(await fromPhone.json()).toMatchObject({ code: 'LIMIT_EXCEEDED', message: expect.stringContaining('new-browser limit') });
  });

  await test.step("a transfer inside the bank past the recipient's cap on money in is refused whole, the sender told only that it cannot land yet", async () => {
    // The recipient opened today and has received ₦15,000: a payer with no cap of their own sends ₦6,000 from the page.
    const payerContext = await browserOf(browser, testInfo, js);
    const payer = await onboardThroughApi(payerContext.request, newCustomer());
    expect(ageAccountOpening(payer.email, 25)).toBe(1);
    await receiveTransfer(payerContext.request, payer.accountNumber, naira(50_000), 'BAKARE TUNDE');
    const payerPage = await payerContext.newPage();
    const send = new SendMoneyPage(payerPage, js);
    await send.start('?to=local', { accountNumber: recipient.accountNumber, amount: '6,000' });
    await send.confirm(payer.pin);
    await expect(payerPage.getByText(/The recipient cannot receive this much yet/).first()).toBeVisible();
    const limits = await callApi<{ new_browser_cap: unknown }>(payerContext.request, 'GET', '/v1/limits');
    expect(limits.new_browser_cap).toBeNull();
    await payerContext.close();
  });

  await test.step('a forged device cookie counts as a new browser', async () => {
    const forger = await browserOf(browser, testInfo, js);
    const real = (await laptop.cookies()).find((cookie) => cookie.name === 'device')!.value;
    await forger.addCookies([{ name: 'device', value: `${real.split('.')[0]}.${'A'.repeat(43)}`, url: origin }]);
    await callApi(forger.request, 'POST', '/v1/auth/login', { email: me.email, password: me.password });
    await waitUntil(() => (newSignInMails(me.email).length === 2 ? true : undefined), 10_000, () => `expected a second "new sign-in" mail to ${me.email}`);
    await forger.close();
  });

  await laptop.close();
  await phone.close();
});
