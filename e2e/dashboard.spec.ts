import { expect, onboard, test } from './support/fixtures.ts';
import { demoCustomer } from './support/customers.ts';
import { proveIdentity } from './support/identity.ts';

test.describe('dashboard', () => {
  test('the demo customer sees this month, a six-month chart and the latest transactions', async ({ page, screens }) => {
    const { login, dashboard } = screens;
    await page.goto('/login');
    await login.signIn(demoCustomer.email, demoCustomer.password);
    await dashboard.arrivedAt('/dashboard');

    await expect(dashboard.balance).toHaveText(/^₦[\d,]+\.\d{2}$/);
    await expect(dashboard.monthIn).toHaveText(/^₦[\d,]+\.\d{2}$/);
    await expect(dashboard.monthOut).toHaveText(/^₦[\d,]+\.\d{2}$/);
    // Drawn on the server: a picture of six months, named by its heading and a summary; its table
    // says each month's money in and out (the bars' numbers, which the picture carries no text of).
    await expect(dashboard.chart).toBeVisible();
    await expect(dashboard.chart).toHaveAccessibleName(/^Money in and out, last 6 months Money in and money out per month from \w{3} \d{4} to \w{3} \d{4}\./);
    await expect(dashboard.chartMonths).toHaveCount(6);
    for (const row of await dashboard.chartMonths.all()) await expect(row).toHaveText(/^\w+ \d{4}\s*₦[\d,]+\.\d{2}\s*₦[\d,]+\.\d{2}$/);
    await expect(dashboard.latest).toHaveCount(5);

    // Each row opens its receipt.
    const first = dashboard.latest.first().getByRole('link');
    await expect(first).toHaveAttribute('href', /^\/transfer\/success\?reference=[A-Z0-9]+$/);
  });

  test('a new customer with no money yet is told how to receive some', async ({ page, screens, customer }) => {
    
    await onboard(screens, customer, 'done');
    await screens.dashboard.arrivedAt('/dashboard');
    await expect(screens.dashboard.balance).toHaveText('₦0.00');
    await expect(page.getByText('No transactions yet.')).toBeVisible();
    // What to do first (fund the account, share its details) instead of an empty chart.
    await expect(screens.dashboard.gettingStarted).toContainText('Fund your account');
    await expect(screens.dashboard.chart).toHaveCount(0);
  });

  test('with JavaScript on, the balance refreshes when the customer comes back to the tab', async ({ page, screens, customer, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, 'a JavaScript improvement');
    
    await onboard(screens, customer, 'done');
    await screens.dashboard.arrivedAt('/dashboard');
    // Money needs a verified identity (the KYC journey is e2e/kyc.spec.ts): given straight.
    proveIdentity(customer.email);
    const accountNumber = (await screens.dashboard.accountNumber.textContent())!.trim();
    // The page's request context carries the session cookie, so it says where it comes from.
    const credited = await page.request.post('/api/sandbox/inbound-transfer', {
      headers: { origin: new URL(page.url()).origin },
      data: { account_number: accountNumber, amount: 1_250_000, sender_name: 'CHIOMA EZE', sender_bank_code: '000013' },
    });
    expect(credited.status()).toBe(201);
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect(screens.dashboard.balance).toHaveText('₦12,500.00');
    await expect(screens.dashboard.monthIn).toHaveText('₦12,500.00');
  });
});
