import type { Browser, BrowserContext, TestInfo } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { callApi, newCustomer, onboardThroughApi } from './support/customers.ts';
import { mailsTo, waitForCode } from './support/outbox.ts';
import { LoginPage } from './page-models/login-page.ts';
import { startOwnServer, type OwnServer } from './support/own-server.ts';

/**
 * The sandbox's outbox page (src/server/http/dev-outbox.ts): on the embedded sandbox, to a
 * loopback client straight to the loopback server, it lists the latest mails and texts with
 * their codes; through anything that looks like a proxy it does not exist. Both projects (js-on
 * and js-off) run it: it is a plain server-rendered page.
 */
test.describe('the sandbox outbox page', () => {
  test('lists the newest mails first, codes visible; a proxied request finds nothing', async ({ page }) => {
    const customer = newCustomer();
    await callApi(page.request, 'POST', '/v1/auth/register', {
      first_name: customer.firstName,
      last_name: customer.lastName,
      email: customer.email,
      phone_number: customer.phone,
      password: customer.password,
      password_confirmation: customer.password,
      terms: true,
    });
    const code = await waitForCode(customer.email);

    const answer = await page.goto('/dev/outbox');
    expect(answer?.status()).toBe(200);
    await expect(page.locator('main')).toContainText('Sandbox outbox');
    // Other workers write to the same outbox: this customer's mail is found by its address.
    const mails = page.locator('ol').first().locator('li');
    await expect(mails.filter({ hasText: customer.email }).first()).toContainText(code);
    const times = await mails.locator('time').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('datetime') ?? ''));
    expect(times).toEqual([...times].sort().reverse());

    const proxied = await page.request.get('/dev/outbox', { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(proxied.status()).toBe(404);
    expect(await proxied.text()).not.toContain(code);
  });
});

/**
 * One bound device (docs/decisions/026-one-bound-device.md) with DEVICE_BINDING=on. The suite's
 * server runs with it off (every shared sign-in helper would otherwise have to confirm a code), so
 * this describe starts the same build on a fresh DATA_DIR with the setting on (startOwnServer),
 * which points the outbox helpers at it meanwhile.
 */
test.describe('one bound device (DEVICE_BINDING=on)', () => {
  let server: OwnServer;
  let origin = '';
  test.beforeAll(async () => {
    server = await startOwnServer('devices', { NEW_DEVICE_CAP_NAIRA: '0', DEVICE_BINDING: 'on' });
    origin = server.origin;
  });
  test.afterAll(async () => server?.stop());

  function browserOf(browser: Browser, testInfo: TestInfo, js: boolean): Promise<BrowserContext> {
    const { viewport, locale, timezoneId } = testInfo.project.use;
    return browser.newContext({ baseURL: origin, viewport, locale, timezoneId, javaScriptEnabled: js });
  }

  test('a sign-in from a second browser asks for the code; confirming it binds that browser and signs the first out', async ({ browser, js }, testInfo) => {
    test.setTimeout(120_000);
    // The phone opens the account: its browser is the bound device from the start.
    const phone = await browserOf(browser, testInfo, js);
    const me = await onboardThroughApi(phone.request, newCustomer());
    const phonePage = await phone.newPage();
    await phonePage.goto('/dashboard');
    await expect(phonePage).toHaveURL(/\/dashboard$/);

    const laptop = await browserOf(browser, testInfo, js);
    const page = await laptop.newPage();
    const mailsBefore = mailsTo(me.email).length;
    await test.step('the second browser signs in and lands on the code page, which every other page leads to', async () => {
      const login = new LoginPage(page, js);
      await login.goto();
      await login.signIn(me.email, me.password);
      await expect(page).toHaveURL(/\/login\/device$/);
      await expect(page.getByRole('heading', { name: 'Confirm this device' })).toBeVisible();
      await page.goto('/dashboard');
      await expect(page).toHaveURL(/\/login\/device$/);
      const refused = await page.request.get('/api/v1/profile');
      expect(refused.status()).toBe(403);
      expect(await refused.json()).toMatchObject({ code: 'DEVICE_NOT_CONFIRMED' });
      await expect(page.getByRole('link', { name: /outbox/ })).toHaveAttribute('href', '/dev/outbox');
    });

    await test.step('a wrong code is refused; the code from the outbox binds the browser', async () => {
      const code = await waitForCode(me.email, { count: mailsBefore + 1 });
      await page.getByLabel('Code').fill(code === '000000' ? '111111' : '000000');
      await page.getByRole('button', { name: 'Confirm' }).click();
      await expect(page).toHaveURL(/\/login\/device$/);
      await expect(page.locator('#device-code-error')).toBeVisible();
      await page.getByLabel('Code').fill(code);
      await page.getByRole('button', { name: 'Confirm' }).click();
      // A Tier 2 customer moving off the phone they opened the account on gives a new selfie before money moves.
      await expect(page).toHaveURL(/\/kyc-verification$/);
      await expect(page.getByTestId('selfie-form')).toBeVisible();
      await page.goto('/dashboard');
      await expect(page).toHaveURL(/\/dashboard$/);
    });

    await test.step('the first browser is signed out', async () => {
      await phonePage.goto('/dashboard');
      await expect(phonePage).toHaveURL(/\/login/);
      expect((await phone.request.get('/api/v1/profile')).status()).toBe(401);
    });
    await phone.close();
    await laptop.close();
  });
});
