import { expect, test } from './support/fixtures.ts';
import { appOrigin, onboardThroughApi, receiveTransfer } from './support/customers.ts';
import { MyDataSection } from './page-models/my-data-section.ts';
import { LegalPage } from './page-models/legal-page.ts';
import { RegisterPage } from './page-models/register-page.ts';

/**
 * "Download my data" in settings (JSON of everything, CSV of the transactions), the
 * same through GET /v1/profile/export, and the /terms and /privacy pages linked wherever they are
 * accepted or mentioned. Every journey runs with JavaScript on and off.
 */

test('a customer downloads their data as JSON and their transactions as CSV from settings', async ({ page, js }) => {
  const me = await onboardThroughApi(page.request);
  const credit = await receiveTransfer(page.request, me.accountNumber, 420_000, 'FOLAKE ADEBANJO');
  const myData = new MyDataSection(page, js);
  await myData.goto();
  await expect(myData.section.getByRole('heading', { level: 2 })).toHaveText('Download my data');

  await test.step('JSON: the profile, the account and the transaction', async () => {
    const { name, text } = await myData.download('json');
    expect(name).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(text) as { profile: { email: string }; accounts: Array<{ account_number: string; transactions: Array<{ reference: string; counterparty: { name: string } | null; amount: number }> }> };
    expect(data.profile.email).toBe(me.email);
    expect(data.accounts.map((account) => account.account_number)).toEqual([me.accountNumber]);
    expect(data.accounts[0]!.transactions).toEqual([expect.objectContaining({ reference: credit.reference, amount: 420_000, counterparty: expect.objectContaining({ name: 'FOLAKE ADEBANJO' }) })]);
    expect(text).not.toMatch(/hash|password|"pin"|token/i);
  });

  await test.step('CSV: the header and the transaction', async () => {
    const { name, text } = await myData.download('csv');
    expect(name).toMatch(/^my-transactions-\d{4}-\d{2}-\d{2}\.csv$/);
    const records = text.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(records[0]).toBe('Date,Account number,Reference,Type,Category,Status,Amount,Fee,Balance after,Narration,Counterparty name,Counterparty account,Counterparty bank');
    expect(records).toHaveLength(2);
    expect(records[1]).toContain(`,${me.accountNumber},${credit.reference},Credit,`);
    expect(records[1]).toContain(',4200.00,');
    expect(records[1]).toContain(',FOLAKE ADEBANJO,');
  });
});

test('GET /v1/profile/export answers with the file for the caller only, and the envelope for errors', async ({ page, playwright }) => {
  const me = await onboardThroughApi(page.request);
  await receiveTransfer(page.request, me.accountNumber, 150_000, 'AMINA BELLO');
  const csv = await page.request.get('/api/v1/profile/export?format=csv');
  expect(csv.status()).toBe(200);
  expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
  expect(csv.headers()['content-disposition']).toMatch(/^attachment; filename="my-transactions-\d{4}-\d{2}-\d{2}\.csv"$/);
  expect(csv.headers()['cache-control']).toBe('private, no-store');
  expect(await csv.text()).toContain(',AMINA BELLO,');

  const json = await page.request.get('/api/v1/profile/export');
  expect(json.status()).toBe(200);
  expect(json.headers()['content-disposition']).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/);
  expect(((await json.json()) as { profile: { email: string } }).profile.email).toBe(me.email);

  const wrong = await page.request.get('/api/v1/profile/export?format=xml');
  expect(wrong.status()).toBe(422);
  expect(await wrong.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED', errors: { format: [expect.any(String)] } });

  // Signed out: refused, and the page link sends to sign-in.
  const stranger = await playwright.request.newContext({ baseURL: appOrigin() });
  try {
    expect((await stranger.get('/api/v1/profile/export?format=json')).status()).toBe(401);
    const link = await stranger.get('/account/my-data?format=json', { maxRedirects: 0 });
    expect(link.status()).toBe(302);
    expect(link.headers()['location']).toBe('/login');
  } finally {
    await stranger.dispose();
  }
});

test('/terms and /privacy are public, linked from registration and from every footer', async ({ page, js, customer }) => {
  const legal = new LegalPage(page, js);

  await test.step('signed out: both pages, with the demonstration notice', async () => {
    for (const [path, heading] of [['/terms', 'Terms and conditions'], ['/privacy', 'Privacy notice']] as const) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(legal.heading).toHaveText(heading);
      await expect(legal.sandboxNotice).toContainText('This is a demonstration bank.');
    }
    for (const id of ['controller', 'data', 'purposes', 'sharing', 'retention', 'rights', 'contact']) await expect(legal.section(id)).toBeVisible();
    await expect(page.getByText('at least 5 years after the relationship ends')).toBeVisible();
    await expect(page.getByText(/Complain to the Nigeria Data Protection Commission/)).toBeVisible();
  });

  await test.step('registration links the words it asks the customer to accept', async () => {
    const register = new RegisterPage(page, js);
    await register.goto();
    await register.fillDetails(customer);
    await register.continue();
    const label = page.locator('label', { has: register.terms });
    await expect(label.getByRole('link', { name: 'terms and conditions' })).toHaveAttribute('href', '/terms');
    await expect(label.getByRole('link', { name: 'privacy notice' })).toHaveAttribute('href', '/privacy');
    await legal.footerLink('Privacy notice').click();
    await page.waitForURL('**/privacy');
    await expect(legal.heading).toHaveText('Privacy notice');
  });

  await test.step('signed in: the pages open in the app, and every footer links them', async () => {
    await onboardThroughApi(page.request);
    await page.goto('/dashboard');
    await legal.footerLink('Terms and conditions').click();
    await page.waitForURL('**/terms');
    await expect(legal.heading).toHaveText('Terms and conditions');
    // Sign-out sits in the account menu and the side menu, both closed until opened: present, not shown.
    await expect(page.getByRole('button', { name: 'Sign out', includeHidden: true }).first()).toBeAttached();
    const box = await legal.footerLink('Privacy notice').boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
  });
});
