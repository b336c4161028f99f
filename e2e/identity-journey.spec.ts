import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, TestInfo } from '@playwright/test';
import { expect, screensFor, onboard, test } from './support/fixtures.ts';
import { newCustomer, onboardThroughApi, receiveTransfer } from './support/customers.ts';
import { decodeQuotedPrintable, e164, mailsTo, rawMail, smsTo, waitUntil } from './support/outbox.ts';
import { outboxDir } from './support/data-dir.ts';
import { ownNinOfThisTest, ownRecordBirthDate, selfies, sendLocalThroughApi } from './support/kyc.ts';
import { naira } from './support/funded.ts';
import { startOwnServer, type OwnServer } from './support/own-server.ts';
import { KycPage } from './page-models/kyc-page.ts';
import { SendMoneyPage } from './page-models/send-money-page.ts';
import { LoginPage } from './page-models/login-page.ts';

/**
 * The rules of identity and devices in one customer's life, as the bank runs by default: the
 * ₦20,000 window on money in and out, and one bound device. Both projects (JavaScript on and
 * off). The suite's server has both off (playwright.config.ts), so this describe starts the same
 * build with them on, on a database of its own.
 */
test.describe('identity, the cap both ways and one device (NEW_DEVICE_CAP_NAIRA=20000, DEVICE_BINDING=on)', () => {
  let server: OwnServer;
  test.beforeAll(async () => {
    server = await startOwnServer('identity-journey', { NEW_DEVICE_CAP_NAIRA: '20000', NEW_DEVICE_CAP_HOURS: '24', DEVICE_BINDING: 'on' });
  });
  test.afterAll(async () => server?.stop());

  function browserOf(browser: Browser, testInfo: TestInfo, js: boolean): Promise<BrowserContext> {
    const { viewport, locale, timezoneId } = testInfo.project.use;
    return browser.newContext({ baseURL: server.origin, viewport, locale, timezoneId, javaScriptEnabled: js });
  }

  const inbound = (context: BrowserContext, accountNumber: string, amountKobo: number) =>
    context.request.post('/api/sandbox/inbound-transfer', {
      data: { account_number: accountNumber, amount: amountKobo, sender_name: 'TUNDE BAKARE', sender_bank_code: '000013' },
      headers: { accept: 'application/json', origin: server.origin },
    });
  const decodedMails = (email: string) => mailsTo(email).map((file) => decodeQuotedPrintable(fs.readFileSync(path.join(outboxDir(), file), 'utf8')));

  test('a new customer verifies, receives up to the cap, is refused more, sends, and moves to a second browser', async ({ browser, js }, testInfo) => {
    test.setTimeout(180_000);
    const phone = await browserOf(browser, testInfo, js);
    const other = await browserOf(browser, testInfo, js);
    try {
      const page = await phone.newPage();
      const screens = screensFor(page, js);
      // Someone already at the bank, with an identity, to send to and to be sent from.
      const friend = await onboardThroughApi(other.request, newCustomer());
      const me = await onboard(screens, newCustomer());
      const accountNumber = ((await screens.dashboard.accountNumber.textContent()) ?? '').trim();
      expect(accountNumber).toMatch(/^\d{10}$/);

      await test.step('told to verify; nothing can come in or go out', async () => {
        await expect(page.getByTestId('identity-notice')).toBeVisible();
        await expect(page.getByTestId('identity-notice').getByRole('link')).toHaveAttribute('href', '/kyc-verification');
        const refusedIn = await inbound(phone, accountNumber, naira(1_000));
        expect(refusedIn.status()).toBe(422);
        expect(await refusedIn.json()).toMatchObject({ code: 'CREDIT_NOT_PERMITTED' });
        const fromFriend = await sendLocalThroughApi(other.request, friend.accountNumber, { account_number: accountNumber, amount: naira(1_000), pin: friend.pin });
        expect(fromFriend).toMatchObject({ status: 422, body: { code: 'RECIPIENT_CANNOT_RECEIVE' } });
        const out = await sendLocalThroughApi(page.request, accountNumber, { account_number: friend.accountNumber, amount: naira(100), pin: me.pin });
        expect(out).toMatchObject({ status: 423, body: { code: 'IDENTITY_REQUIRED' } });
        const send = new SendMoneyPage(page, js);
        await send.goto('?to=local');
        await expect(page.getByTestId('identity-notice')).toBeVisible();
      });

      await test.step('a NIN, a selfie that fails, and one that passes', async () => {
        const kyc = new KycPage(page, js);
        await kyc.goto();
        await kyc.verifyNin(ownNinOfThisTest(), ownRecordBirthDate);
        await page.waitForURL((url) => url.pathname === KycPage.path && url.searchParams.get('done') === 'nin');
        await kyc.ready();
        await kyc.sendSelfie(selfies.fail);
        await expect(kyc.selfieForm.getByRole('alert')).toContainText('did not match the photo on your identity record');
        await expect(kyc.noMoney).toBeVisible();
        await kyc.sendSelfie(selfies.pass);
        await page.waitForURL((url) => url.pathname === KycPage.path && url.searchParams.get('done') === 'liveness');
        await kyc.ready();
        await expect(kyc.noMoney).toHaveCount(0);
      });

      await test.step('₦15,000 arrives; ₦6,000 more is refused whole, and the customer is told by email and SMS', async () => {
        await receiveTransfer(phone.request, accountNumber, naira(15_000), 'TUNDE BAKARE');
        const mailsBefore = decodedMails(me.email).length;
        const refused = await inbound(phone, accountNumber, naira(6_000));
        expect(refused.status()).toBe(422);
        expect(await refused.json()).toMatchObject({ code: 'CREDIT_NOT_PERMITTED' });
        await screens.dashboard.goto();
        await expect(screens.dashboard.balance).toContainText('₦15,000.00');
        await expect.poll(() => decodedMails(me.email).slice(mailsBefore).some((text) => /refused/i.test(text) && text.includes('6,000')), { timeout: 15_000 }).toBe(true);
        await expect.poll(() => smsTo(e164(me.phone)).some((text) => /refused/i.test(text) && text.includes('6,000')), { timeout: 15_000 }).toBe(true);
      });

      await test.step('₦5,000 goes out through the send-money page', async () => {
        const send = new SendMoneyPage(page, js);
        await send.start('?to=local', { accountNumber: friend.accountNumber, amount: '5,000' });
        await send.confirm(me.pin);
        await page.waitForURL((url) => url.pathname !== SendMoneyPage.path);
        await screens.dashboard.goto();
        await expect(screens.dashboard.balance).toContainText('₦10,000.00');
      });

      await test.step('a second browser confirms the code; the first is signed out', async () => {
        const laptop = await browserOf(browser, testInfo, js);
        try {
          const second = await laptop.newPage();
          const mailsBefore = mailsTo(me.email).length;
          const login = new LoginPage(second, js);
          await login.goto();
          await login.signIn(me.email, me.password);
          await expect(second).toHaveURL(/\/login\/device$/);
          // The code's mail among those since the sign-in: a late alert mail may be the newest.
          const code = await waitUntil(() => mailsTo(me.email).slice(mailsBefore).map((file) => /letter-spacing:6px;font-family:monospace">(\d{6})</.exec(decodeQuotedPrintable(rawMail(file)))?.[1]).find(Boolean), 10_000, () => `no new-device code mailed to ${me.email}`);
          await second.getByLabel('Code').fill(code);
          await second.getByRole('button', { name: 'Confirm' }).click();
          // Tier 1 (a NIN): no new selfie is asked.
          await expect(second).toHaveURL(/\/dashboard$/);
          await page.goto('/dashboard');
          await expect(page).toHaveURL(/\/login/);
        } finally {
          await laptop.close();
        }
      });
    } finally {
      await phone.close();
      await other.close();
    }
  });
});
