import fs from 'node:fs';
import path from 'node:path';
import { expect, onboard, test } from './support/fixtures.ts';
import { waitForCode } from './support/outbox.ts';
import { ScriptMeter } from './support/script-meter.ts';

/**
 * JavaScript budget per page (docs/decisions/003-page-weight-budget.md): nothing before the page is touched, since islands
 * hydrate on the first interaction with their form (src/client/interaction.ts); at most 75 kB
 * gzip of script files once every island on the page has hydrated, all files counted (React and
 * react-dom alone are about 68 kB of it). Inline scripts (Astro's island loader, the idle-timeout
 * warning, the dashboard's balance refresh) are budgeted apart, and pages without a form keep
 * theirs to 2 kB. Every page's HTML goes out compressed, with Vary and charset=utf-8.
 */
const scriptGzipBudgetBytes = 75 * 1024;
const inlineScriptBudgetBytes = 2 * 1024;
// Astro's island loader and the directive (about 4.8 kB) are inlined where there is an island,
// with the idle warning on signed-in screens: a budget of their own.
const islandPageInlineBudgetBytes = 7 * 1024;
const pagesWithoutIslands = ['/profile/created', '/404 (guest)', '/dashboard', '/transfer', '/transactions', '/404 (signed in)'];

test.describe('page weight', () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'measures the script a browser runs');

  test('no JavaScript before a form is touched, at most 75 kB gzip after; HTML compressed', async ({ page, screens, customer }, testInfo) => {
    const meter = await ScriptMeter.attach(page);
    const { verify, address, pin, securityQuestion } = screens;

    await meter.visit('/login', '/register', ['/404 (guest)', '/no-such-page'], '/password/forgot');

    await onboard(screens, customer, 'registered');
    await meter.visit('/account/verify');

    await verify.openAccount(await waitForCode(customer.email));
    await meter.visit('/address/update');

    await address.ready();
    await address.fill(customer);
    await address.save();
    await address.arrivedAt('/profile/created');
    await meter.visit('/profile/created', '/pin/set');

    await pin.ready();
    await pin.setPin(customer.pin);
    await pin.arrivedAt('/security/question');
    await meter.visit('/security/question');

    await securityQuestion.ready();
    await securityQuestion.choose(customer.securityQuestion, customer.securityAnswer);
    await securityQuestion.arrivedAt('/dashboard');
    await meter.visit(
      '/dashboard',
      '/transfer',
      ['/transfer/send', '/transfer/send?to=bank'],
      '/beneficairies',
      '/artime',
      '/data/purchase',
      '/bills/electricity',
      '/bills/cable',
      '/transactions',
      '/account/settings',
      '/kyc-verification',
      ['/404 (signed in)', '/no-such-page'],
    );

    const table = meter.table();
    console.log(`\nJavaScript loaded per page (js-on, no cache), before and after its forms are touched:\n${table}\n`);
    await testInfo.attach('js-bytes.txt', { body: table, contentType: 'text/plain' });
    for (const result of meter.results) {
      testInfo.annotations.push({ type: 'js-bytes', description: `${result.page}: ${result.gzipBytes} bytes gzip in ${result.scriptFiles} files once hydrated, ${result.filesBeforeInteraction} before (+${result.inlineScriptBytes} inline)` });
    }
    const file = path.join(testInfo.project.outputDir, 'js-bytes.json');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify({ measuredAt: new Date().toISOString(), budgetGzipBytes: scriptGzipBudgetBytes, pages: meter.results }, null, 2) + '\n');

    for (const result of meter.results) {
      expect.soft(result.filesBeforeInteraction, `${result.page} loads no script file before its form is touched`).toBe(0);
      expect.soft(result.gzipBytes, `${result.page} within ${scriptGzipBudgetBytes} bytes of gzip JavaScript once hydrated`).toBeLessThanOrEqual(scriptGzipBudgetBytes);
      expect.soft(result.html.encoding, `${result.page} HTML compressed`).toMatch(/^(br|gzip)$/);
      expect.soft(result.html.vary ?? '', `${result.page} varies by Accept-Encoding`).toMatch(/accept-encoding/i);
      expect.soft(result.html.contentType ?? '', `${result.page} says its charset`).toMatch(/^text\/html;\s*charset=utf-8$/i);
      if (pagesWithoutIslands.includes(result.page)) {
        expect.soft(result.islands, `${result.page} has no island`).toBe(0);
        expect.soft(result.scriptFiles, `${result.page} loads no script file at all`).toBe(0);
        expect.soft(result.inlineScriptBytes, `${result.page} inline script within ${inlineScriptBudgetBytes} bytes`).toBeLessThanOrEqual(inlineScriptBudgetBytes);
      } else {
        expect.soft(result.islands, `${result.page} has its form's island`).toBeGreaterThan(0);
        expect.soft(result.scriptFiles, `${result.page} loads its island once touched`).toBeGreaterThan(0);
        expect.soft(result.inlineScriptBytes, `${result.page} inline script within ${islandPageInlineBudgetBytes} bytes`).toBeLessThanOrEqual(islandPageInlineBudgetBytes);
      }
    }
  });
});

test.describe('before the island hydrates', () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'without JavaScript every form is a plain post anyway');

  test('a form sent before its island has hydrated is a plain form post, and works', async ({ page, screens, customer }) => {
    await onboard(screens, customer, 'done');
    await page.context().clearCookies();
    // A slow connection: the island's JavaScript arrives seconds after the customer has typed and sent.
    await page.route('**/_astro/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      await route.continue().catch(() => undefined);
    });
    await page.goto('/login');
    await screens.login.fill(customer.email, customer.password);
    await expect(page.locator('astro-island[ssr]'), 'the form is still the server-rendered one').toHaveCount(1);
    const post = page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname === '/login' && request.resourceType() === 'document');
    await screens.login.submit.click();
    expect((await post).postData()).toContain(`email=${encodeURIComponent(customer.email)}`);
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await expect(screens.dashboard.balance).toHaveText('₦0.00');
  });
});
