import { expect, model, test as base } from './support/fixtures.ts';
import { receiveTransfer } from './support/customers.ts';
import { signedInCustomer } from './support/funded.ts';
import { waitForMailAbout } from './support/settings.ts';
import { ScriptMeter } from './support/script-meter.ts';
import { LanguagePicker } from './page-models/language-picker.ts';

/**
 * Languages, with JavaScript on and off: the picker on sign-in, registration and
 * settings (a form post either way), the first visit following Accept-Language, registration in
 * Hausa, a registration field error in Yoruba, and the alert email following the language chosen
 * in settings. No path carries a language.
 */
const test = base.extend<{ picker: LanguagePicker }>({ picker: model(LanguagePicker) });

test.describe('languages', () => {
  test('switch to Hausa on the sign-in screen, then open an account in Hausa', async ({ page, picker, customer }) => {
    await page.goto('/login');
    await picker.ready();
    expect(await picker.htmlLang()).toBe('en-NG');
    await picker.choose('Hausa');
    await expect(page).toHaveURL(/\/login$/);
    expect(await picker.htmlLang()).toBe('ha-NG');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Barka da dawowa');
    await expect(page.getByLabel('Adireshin imel')).toBeVisible();
    await expect(page.getByText('ba zai taɓa tambayar kalmar sirrinka')).toBeVisible();

    await page.getByRole('link', { name: 'Buɗe asusu' }).click();
    await picker.arrivedAt('/register');
    expect(await picker.htmlLang()).toBe('ha-NG');
    await expect(page.getByText('Mataki na 1 cikin 2: game da kai')).toBeVisible();
    await page.getByLabel('Suna', { exact: true }).fill(customer.firstName);
    await page.getByLabel('Sunan mahaifi').fill(customer.lastName);
    await page.getByLabel('Adireshin imel').fill(customer.email);
    await page.getByLabel('Lambar waya').fill(customer.phone);
    await page.getByRole('button', { name: 'Ci gaba' }).click();
    await picker.ready();
    await expect(page.getByText('Mataki na 2 cikin 2: kare asusunka')).toBeVisible();
    await page.getByLabel('Kalmar sirri', { exact: true }).fill(customer.password);
    await page.getByLabel('Tabbatar da kalmar sirri').fill(customer.password);
    await page.getByLabel(/Na amince da/).check();
    await page.getByRole('button', { name: 'Buɗe asusuna' }).click();
    await picker.arrivedAt('/account/verify');
    expect(await picker.htmlLang()).toBe('ha-NG');
  });

  test('a registration field error appears in Yoruba', async ({ page, picker }) => {
    await page.goto('/register');
    await picker.ready();
    await picker.choose('Yorùbá');
    expect(await picker.htmlLang()).toBe('yo-NG');
    await page.getByLabel('Àdírẹ́sì ímeèlì').fill('not-an-email');
    await page.getByRole('button', { name: 'Tẹ̀síwájú' }).click();
    await picker.ready();
    await expect(page.getByText('Tẹ orúkọ àkọ́kọ́ rẹ')).toBeVisible();
    await expect(page.getByText('Tẹ àdírẹ́sì ímeèlì tó tọ́, bíi name@example.com')).toBeVisible();
    await expect(page.getByText('Enter your first name')).toHaveCount(0);
  });

  test('the first visit follows Accept-Language; a choice made later wins', async ({ browser, js }, testInfo) => {
    const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, javaScriptEnabled: js, locale: 'ig-NG' });
    const page = await context.newPage();
    const picker = new LanguagePicker(page, js);
    await page.goto('/login');
    await picker.ready();
    expect(await picker.htmlLang()).toBe('ig-NG');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nnọọ ọzọ');
    await picker.choose('English');
    expect(await picker.htmlLang()).toBe('en-NG');
    await page.goto('/register');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Open an account');
    await context.close();
  });

  test('switching to Pidgin in settings changes the next alert email', async ({ page, picker }) => {
    const customer = await signedInCustomer(page, 0);
    await receiveTransfer(page.request, customer.accountNumber, 1_500_00, 'BAKARE TUNDE');
    const before = await waitForMailAbout(customer.email, /credit alert: NGN1,500\.00/);
    expect(before.text).toContain(`Hello ${customer.firstName},`);

    await page.goto('/account/settings');
    await picker.ready();
    await picker.choose('Naijá (Pidgin)');
    expect(await picker.htmlLang()).toBe('pcm-NG');
    await expect(page.getByRole('link', { name: 'Light bill', includeHidden: true })).toBeAttached();
    await expect(page.getByRole('button', { name: 'Change language' })).toBeVisible();

    await receiveTransfer(page.request, customer.accountNumber, 2_750_00, 'BAKARE TUNDE');
    const after = await waitForMailAbout(customer.email, /credit alert: NGN2,750\.00/);
    expect(after.text).toContain(`Hello ${customer.firstName},`);
    expect(after.text).toContain('don enter your account');
    expect(after.text).toContain('Your balance now: ₦4,250.00');
  });

  test('page weight holds with Hausa chosen', async ({ page, picker, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, 'measures the script a browser runs');
    await page.goto('/login');
    await picker.choose('Hausa');
    const meter = await ScriptMeter.attach(page);
    await meter.visit('/login', '/register');
    await signedInCustomer(page, 0);
    await meter.visit('/dashboard', '/transfer/send', '/account/settings');
    for (const result of meter.results) {
      expect.soft(result.filesBeforeInteraction, `${result.page} loads no script file before its form is touched`).toBe(0);
      expect.soft(result.gzipBytes, `${result.page} within 75 kB of gzip JavaScript once hydrated`).toBeLessThanOrEqual(75 * 1024);
      expect.soft(result.inlineScriptBytes, `${result.page} inline script within 7 kB`).toBeLessThanOrEqual(7 * 1024);
    }
  });
});
