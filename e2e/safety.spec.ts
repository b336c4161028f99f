import type { Browser, BrowserContext, TestInfo } from '@playwright/test';
import { expect, model, test as base } from './support/fixtures.ts';
import { appOrigin, newCustomer, onboardThroughApi, receiveTransfer, type OnboardedCustomer } from './support/customers.ts';
import { naira, signedInCustomer } from './support/funded.ts';
import { mailsAbout, waitForMailAbout } from './support/settings.ts';
import { AccountFreezePage } from './page-models/account-freeze-page.ts';
import { CasesPage, ReportProblemPage } from './page-models/cases-page.ts';
import { DashboardPage } from './page-models/dashboard-page.ts';
import { FreezePage } from './page-models/freeze-page.ts';
import { ReceiptPage } from './page-models/receipt-page.ts';
import { SendMoneyPage } from './page-models/send-money-page.ts';
import { SettingsPage } from './page-models/settings-page.ts';

/**
 * Customer safety: freezing the account (signed in with the password, or signed out
 * from /freeze with an emailed code), unfreezing it, and cases opened from a receipt. The pages
 * are plain forms, so both projects take the same path; each journey runs in both.
 */

/** Another browser (a phone, a laptop) of its own, with its own cookies. */
async function otherBrowser(browser: Browser, testInfo: TestInfo, js: boolean): Promise<BrowserContext> {
  const { baseURL, viewport, locale, timezoneId } = testInfo.project.use;
  return browser.newContext({ baseURL, viewport, locale, timezoneId, javaScriptEnabled: js });
}

/** The freeze code in the newest "code to freeze" mail to `email`. */
async function freezeCode(email: string, count = 1): Promise<string> {
  await expect.poll(() => mailsAbout(email, /code to freeze/).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(count);
  const code = mailsAbout(email, /code to freeze/).at(-1)!.text.match(/Your code is (\d{6})/)?.[1];
  if (!code) throw new Error(`no freeze code in the mail to ${email}`);
  return code;
}

const test = base.extend<{ freeze: FreezePage; accountFreeze: AccountFreezePage; dashboard: DashboardPage; send: SendMoneyPage; receipt: ReceiptPage; cases: CasesPage; reportProblem: ReportProblemPage }>({
  freeze: model(FreezePage),
  accountFreeze: model(AccountFreezePage),
  dashboard: model(DashboardPage),
  send: model(SendMoneyPage),
  receipt: model(ReceiptPage),
  cases: model(CasesPage),
  reportProblem: model(ReportProblemPage),
});

test.describe('freeze my account', () => {
  test('signed in, from settings: other devices signed out, a transfer refused, an inbound credit lands; unfreezing needs a code sent to the phone and the PIN', async ({
    page,
    js,
    browser,
    accountFreeze,
    dashboard,
    send,
  }, testInfo) => {
    const me = await signedInCustomer(page, naira(10_000));
    const theirs = await otherBrowser(browser, testInfo, js);
    const phone = await otherBrowser(browser, testInfo, js);
    try {
      const recipient = await onboardThroughApi(theirs.request, newCustomer());
      const phoneCustomer = await phone.request.post('/api/v1/auth/login', { data: { email: me.email, password: me.password }, headers: { origin: appOrigin() } });
      expect(phoneCustomer.status()).toBe(200);

      const settings = new SettingsPage(page, js);
      await settings.goto();
      await page.locator('section#freeze').getByRole('link', { name: 'Freeze my account' }).click();
      await accountFreeze.arrivedAt(AccountFreezePage.path);

      // A wrong password freezes nothing.
      await accountFreeze.freeze('not-my-password-at-all');
      await expect(accountFreeze.fieldError('password')).toHaveText('That is not your current password.');
      await expect(accountFreeze.frozenState).toHaveCount(0);

      await accountFreeze.freeze(me.password);
      await accountFreeze.done('frozen');
      await expect(accountFreeze.notice).toContainText('Your account is frozen');
      await expect(accountFreeze.notice).toContainText('We signed out 1 other device');
      await expect(accountFreeze.frozenState).toBeVisible();
      const mail = await waitForMailAbout(me.email, /your account is frozen/);
      expect(mail.text).toContain('Unfreeze my account');
      // The phone's session is over.
      expect((await phone.request.get('/api/v1/profile', { headers: { origin: appOrigin() } })).status()).toBe(401);

      await dashboard.goto();
      await expect(page.getByTestId('frozen-banner')).toBeVisible();

      await send.start('?to=local', { accountNumber: recipient.accountNumber, amount: '1,000' });
      await send.confirm(me.pin);
      await expect(page.getByRole('alert')).toContainText('Your account is frozen');

      await receiveTransfer(page.request, me.accountNumber, naira(2_500), 'BAKARE TUNDE');
      await dashboard.goto();
      await expect(dashboard.balance).toHaveText('₦12,500.00');

      // Unfreeze with a code sent to the phone and the PIN: a wrong PIN is refused and changes nothing; both right unfreeze.
      await accountFreeze.goto();
      const code = await accountFreeze.sendCode(me);
      await accountFreeze.unfreeze({ code, pin: '9090' });
      await expect(accountFreeze.fieldError('pin')).toContainText('Wrong PIN');
      await expect(accountFreeze.frozenState).toBeVisible();
      await accountFreeze.unfreeze({ code, pin: me.pin });
      await accountFreeze.done('unfrozen');
      await expect(accountFreeze.notice).toHaveText('Your account is unfrozen. Transfers and payments work again.');
      await waitForMailAbout(me.email, /your account is unfrozen/);
      await dashboard.goto();
      await expect(page.getByTestId('frozen-banner')).toHaveCount(0);
    } finally {
      await theirs.close();
      await phone.close();
    }
  });

  test('from /freeze on a borrowed phone, with the mailed code: the owner\'s sessions end; an unknown account gets the same answer', async ({ page, js, browser, freeze }, testInfo) => {
    const own = await otherBrowser(browser, testInfo, js);
    try {
      const owner: OnboardedCustomer = await onboardThroughApi(own.request, newCustomer());
      await receiveTransfer(own.request, owner.accountNumber, naira(3_000), 'BAKARE TUNDE');

      // An account number nobody holds: the same page, the same words.
      await freeze.goto();
      await freeze.askFor('0000000019');
      const unknownAnswer = await page.locator('main').innerText();
      await freeze.goto();
      await freeze.askFor(owner.accountNumber);
      expect(await page.locator('main').innerText()).toBe(unknownAnswer);
      await expect(freeze.notice).toContainText('If we hold an account with those details');

      const code = await freezeCode(owner.email);
      const wrong = code === '000000' ? '111111' : '000000';
      await freeze.enterCode(wrong);
      await expect(freeze.fieldError('code')).toContainText('4 tries left');
      await freeze.enterCode(code);
      await expect(freeze.frozen).toContainText('The account is frozen');
      await waitForMailAbout(owner.email, /your account is frozen/);

      // The owner's own browser was signed out; signing in again shows the account frozen.
      expect((await own.request.get('/api/v1/profile', { headers: { origin: appOrigin() } })).status()).toBe(401);
      const ownPage = await own.newPage();
      await ownPage.goto('/dashboard');
      expect(new URL(ownPage.url()).pathname).toBe('/login');
      expect(
        (await own.request.post('/api/v1/auth/login', { data: { email: owner.email, password: owner.password }, headers: { origin: appOrigin() } })).status(),
      ).toBe(200);
      await ownPage.goto('/dashboard');
      await expect(ownPage.getByTestId('frozen-banner')).toBeVisible();
    } finally {
      await own.close();
    }
  });
});

test.describe('report a transaction', () => {
  test('a case opened from a receipt is acknowledged by email and listed with its status', async ({ page, receipt, reportProblem, cases }) => {
    const me = await signedInCustomer(page, 0);
    const arrived = await receiveTransfer(page.request, me.accountNumber, naira(1_500), 'ADEBAYO OKAFOR');

    await receipt.goto(arrived.reference);
    await page.getByRole('link', { name: 'Report a problem' }).click();
    await reportProblem.arrivedAt(ReportProblemPage.path);
    await expect(reportProblem.reference).toHaveText(arrived.reference);

    // Nothing chosen: said so, nothing opened.
    await reportProblem.report({ description: 'I was told it would be two thousand naira.' });
    await expect(reportProblem.fieldError('kind')).toBeVisible();

    await reportProblem.report({ kind: 'The amount is wrong', description: 'I was told it would be two thousand naira.' });
    await cases.arrivedAt(CasesPage.path);
    await expect(cases.opened).toContainText(/HB-CASE-\d{4}-\d{6}/);
    const number = (await cases.opened.locator('strong').innerText()).trim();
    const listed = cases.caseNumbered(number);
    await expect(listed.getByTestId('case-status')).toHaveText('Open');
    await expect(listed).toContainText(arrived.reference);
    const mail = await waitForMailAbout(me.email, new RegExp(`we received your report \\(${number}\\)`));
    expect(mail.text).toContain(arrived.reference);
  });

  test('reporting fraud freezes the account in the same step', async ({ page, receipt, reportProblem, cases, dashboard }) => {
    const me = await signedInCustomer(page, naira(2_000));
    const [latest] = await page.request
      .get(`/api/v1/transaction/history/${me.accountNumber}`, { headers: { origin: appOrigin() } })
      .then(async (response) => ((await response.json()) as { data: { data: { reference: string }[] } }).data.data);

    await receipt.goto(latest!.reference);
    await page.getByRole('link', { name: 'Report a problem' }).click();
    await reportProblem.arrivedAt(ReportProblemPage.path);
    await reportProblem.report({ kind: 'I did not make this (fraud)', description: 'I do not know this sender at all.', freezeWith: me.password });
    await cases.arrivedAt(CasesPage.path);
    await expect(cases.opened).toContainText('Your account is frozen');
    await dashboard.goto();
    await expect(page.getByTestId('frozen-banner')).toBeVisible();
  });
});
