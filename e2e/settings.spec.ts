import type { APIRequestContext, Browser, BrowserContext, TestInfo } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { appOrigin, callApi, newCustomer, onboardThroughApi, receiveTransfer, type OnboardedCustomer } from './support/customers.ts';
import { mailsAbout, secretsOf, waitForMailAbout } from './support/settings.ts';
import { SettingsPage } from './page-models/settings-page.ts';

/**
 * /account/settings: each change needs the current password (or PIN), is confirmed by email,
 * and a refused one changes nothing. Every journey runs with and without JavaScript.
 */

/** Another browser (another device) of the same bank, with its own cookies. */
async function otherBrowser(browser: Browser, testInfo: TestInfo, js: boolean): Promise<BrowserContext> {
  const { baseURL, viewport, locale, timezoneId } = testInfo.project.use;
  return browser.newContext({ baseURL, viewport, locale, timezoneId, javaScriptEnabled: js });
}

/** A transfer through the API with this PIN; returns the HTTP status. */
async function transfer(request: APIRequestContext, from: string, to: string, pin: string): Promise<number> {
  const response = await request.post(`/api/v1/transfer/local/${from}`, {
    data: { account_number: to, amount: 10_000, narration: 'Settings test', pin },
    headers: { 'idempotency-key': `settings-${Date.now()}-${Math.random().toString(36).slice(2)}`, origin: appOrigin() },
  });
  return response.status();
}

const ifNotYou = "If this wasn't you";

test.describe('account settings', () => {
  let settings: SettingsPage;
  let me: OnboardedCustomer;

  test.beforeEach(async ({ page, js }) => {
    settings = new SettingsPage(page, js);
    me = await onboardThroughApi(page.request);
  });

  test('shows the customer\'s details, read-only', async () => {
    await settings.goto();
    await expect(settings.heading).toHaveText('Settings');
    await expect(settings.detail('full-name')).toHaveText(`${me.firstName} ${me.lastName}`);
    await expect(settings.detail('email')).toHaveText(me.email);
    await expect(settings.detail('phone')).toHaveText(me.phone);
    await expect(settings.detail('account-number')).toHaveText(me.accountNumber);
    // The helper gives a BVN, a NIN and a liveness pass (Tier 2); a new customer's Tier 0 is in e2e/kyc.spec.ts.
    await expect(settings.detail('tier')).toHaveText('Tier 2');
    await expect(settings.page.locator('#details').getByRole('link', { name: 'Raise my limits' })).toHaveAttribute('href', '/kyc-verification');
    await expect(settings.detail('address')).toContainText(me.address);
    await expect(settings.page.getByText('changed through customer care')).toBeVisible();
    await expect(settings.currentQuestion).toHaveText(me.securityQuestion);
    await expect(settings.pinLockedAlert).toHaveCount(0);

    // Nothing scrolls sideways on the narrowest common phones, messages included.
    await settings.page.setViewportSize({ width: 320, height: 640 });
    await settings.changePin('9090', '4826', '4862');
    await expect(settings.errorIn('pin', 'pin_confirmation')).toBeVisible();
    expect(await settings.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });

  test('changing the password signs the other device out, keeps this one, and mails', async ({ page, browser, js }, testInfo) => {
    const phone = await otherBrowser(browser, testInfo, js);
    try {
      await callApi(phone.request, 'POST', '/v1/auth/login', { email: me.email, password: me.password });
      const phonePage = await phone.newPage();
      await phonePage.goto('/dashboard');
      expect(new URL(phonePage.url()).pathname).toBe('/dashboard');

      // A wrong current password: said so, and nothing changes.
      const before = secretsOf(me.email).password_hash;
      const newPassword = `Groundnut-lantern-${Date.now().toString(36)}-Ilorin`;
      await settings.goto();
      await settings.changePassword('not-my-password-at-all', newPassword);
      await expect(settings.errorIn('password', 'current_password')).toHaveText('That is not your current password.');
      // The server never sends a password back (with script, the island simply keeps what was typed).
      if (!js) await expect(settings.section('password').getByLabel('Current password')).toHaveValue('');
      expect(secretsOf(me.email).password_hash).toBe(before);
      expect(mailsAbout(me.email, /password was changed/i)).toHaveLength(0);

      // With script the island calls the API; without, the form posts to the page.
      const answered = page.waitForResponse((response) => new URL(response.url()).pathname === (js ? '/api/v1/profile/password/update' : '/account/settings') && response.request().method() === 'POST');
      await settings.changePassword(me.password, newPassword);
      expect((await answered).status()).toBe(js ? 200 : 303);
      await settings.saved('password');
      await expect(settings.noticeIn('password')).toHaveText('Password changed. We signed out 1 other device.');

      // This browser stays signed in; the other one is signed out at its next step.
      await page.goto('/dashboard');
      expect(new URL(page.url()).pathname).toBe('/dashboard');
      await phonePage.goto('/dashboard');
      expect(new URL(phonePage.url()).pathname).toBe('/login');

      const mail = await waitForMailAbout(me.email, /your password was changed/i);
      expect(mail.text).toContain(ifNotYou);
      // The new password signs in (from the other device again), and there the API's other name
      // for the change works the same way: this browser is now the other device.
      await callApi(phone.request, 'POST', '/v1/auth/login', { email: me.email, password: newPassword });
      const third = `${newPassword}-again`;
      const changed = await callApi<{ signed_out_sessions: number }>(phone.request, 'POST', '/v1/profile/password/change', { current_password: newPassword, password: third, password_confirmation: third });
      expect(changed).toEqual({ signed_out_sessions: 1 });
      await page.goto('/dashboard');
      expect(new URL(page.url()).pathname).toBe('/login');
    } finally {
      await phone.close();
    }
  });

  test('changing the security question needs the password, and mails', async ({ js }) => {
    const before = secretsOf(me.email);
    await settings.goto();
    await settings.changeSecurityQuestion('wrong-password-here', 'What was the make of your first phone?', 'Nokia 3310');
    await expect(settings.errorIn('security_question', 'password')).toHaveText('That is not your current password.');
    // The question chosen is kept; the server does not send the answer or the password back.
    await expect(settings.section('security_question').getByLabel('New security question')).toHaveValue('4');
    if (!js) await expect(settings.section('security_question').getByLabel('Your answer')).toHaveValue('');
    expect(secretsOf(me.email).security_answer_hash).toBe(before.security_answer_hash);

    await settings.changeSecurityQuestion(me.password, 'What was the make of your first phone?', 'Nokia 3310');
    await settings.saved('security_question');
    await expect(settings.noticeIn('security_question')).toContainText('Your security question is changed');
    await expect(settings.currentQuestion).toHaveText('What was the make of your first phone?');
    expect(secretsOf(me.email).security_question_id).toBe(4);
    expect((await waitForMailAbout(me.email, /security question was changed/i)).text).toContain(ifNotYou);
  });

  test('changing the PIN with the current PIN, and mails', async () => {
    const before = secretsOf(me.email).transaction_pin_hash;
    await settings.goto();
    await settings.changePin('9090', '4826');
    await expect(settings.errorIn('pin', 'current_pin')).toContainText('Wrong PIN. 4 tries left');
    expect(secretsOf(me.email).transaction_pin_hash).toBe(before);

    await settings.changePin(me.pin, me.pin);
    await expect(settings.errorIn('pin', 'pin')).toHaveText('Choose a PIN different from your current one');

    await settings.changePin(me.pin, '4826');
    await settings.saved('pin');
    await expect(settings.noticeIn('pin')).toContainText('Your transaction PIN is changed');
    expect(secretsOf(me.email).transaction_pin_hash).not.toBe(before);
    expect((await waitForMailAbout(me.email, /transaction pin was changed/i)).text).toContain(ifNotYou);
  });

  test('a locked PIN is reset with the password and security answer, and the new PIN moves money', async ({ page, browser, js }, testInfo) => {
    const other = await otherBrowser(browser, testInfo, js);
    try {
      const friend = await onboardThroughApi(other.request, newCustomer());
      await receiveTransfer(page.request, me.accountNumber, 500_000, 'TUNDE BAKARE');

      // Five wrong PINs lock transfers.
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 5; attempt += 1) statuses.push(await transfer(page.request, me.accountNumber, friend.accountNumber, '9090'));
      expect(statuses).toEqual([422, 422, 422, 422, 423]);
      expect(await transfer(page.request, me.accountNumber, friend.accountNumber, me.pin)).toBe(423);

      await settings.goto();
      await expect(settings.pinLockedAlert).toContainText('Transfers and payments are locked');
      await expect(settings.pinLockedAlert.getByRole('link')).toHaveAttribute('href', '#pin-reset');

      // The current PIN cannot change a locked PIN; the message points to the reset.
      await settings.changePin(me.pin, '4826');
      await expect(settings.alertIn('pin')).toContainText('Forgot your PIN? Reset it with your password and security answer.');

      // A wrong answer, then two PINs that differ: said so, and nothing changes.
      const before = secretsOf(me.email);
      await settings.resetPin(me.password, me.securityQuestion, 'Ibadan', '4826');
      await expect(settings.errorIn('pin_reset', 'security_answer')).toHaveText('That is not the answer to your security question.');
      await settings.resetPin(me.password, me.securityQuestion, me.securityAnswer, '4826', '4862');
      await expect(settings.errorIn('pin_reset', 'pin_confirmation')).toHaveText('The two PINs do not match');
      expect(secretsOf(me.email)).toEqual(before);

      await settings.resetPin(me.password, me.securityQuestion, ` ${me.securityAnswer.toUpperCase()} `, '4826');
      await settings.saved('pin_reset');
      await expect(settings.noticeIn('pin_reset')).toContainText('transfers and payments are unlocked');
      await expect(settings.pinLockedAlert).toHaveCount(0);
      expect(secretsOf(me.email)).toMatchObject({ pin_failed_attempts: 0, pin_locked_until: null });
      expect((await waitForMailAbout(me.email, /transaction pin was reset/i)).text).toContain(ifNotYou);

      expect(await transfer(page.request, me.accountNumber, friend.accountNumber, '4826')).toBe(200);
    } finally {
      await other.close();
    }
  });
});
