import { expect, test } from './support/fixtures.ts';
import { naira, signedInCustomer } from './support/funded.ts';
import { ScriptMeter } from './support/script-meter.ts';
import { speak } from './support/language.ts';

/**
 * The page-weight budget holds with a language other than English chosen: islands
 * receive their words in the page's HTML, so their script is the same in every language, and
 * the inline scripts (the idle warning's words, the dashboard's copy button) stay within their
 * budgets in the language with the longest words. The budgets are page-weight.spec.ts's.
 */
const scriptGzipBudgetBytes = 75 * 1024;
const inlineScriptBudgetBytes = 2 * 1024;
const islandPageInlineBudgetBytes = 7 * 1024;
const pagesWithoutIslands = ['/dashboard', '/transfer', '/transactions'];

test.describe('page weight in other languages', () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'measures the script a browser runs');

  for (const language of ['ha', 'yo'] as const) {
    test(`in ${language}: no JavaScript before a form is touched, at most 75 kB gzip after`, async ({ page }) => {
      await signedInCustomer(page, naira(1_000));
      await speak(page, language);
      const meter = await ScriptMeter.attach(page);
      await meter.visit(
        '/dashboard',
        '/transfer',
        '/transfer/send',
        '/beneficairies',
        '/artime',
        '/data/purchase',
        '/bills/electricity',
        '/bills/cable',
        '/transactions',
        '/account/settings',
        '/requests/new',
        '/transfers/scheduled/new',
      );
      await expect(page.locator('html')).toHaveAttribute('lang', `${language}-NG`);
      console.log(`\nJavaScript loaded per page in ${language}:\n${meter.table()}\n`);
      for (const result of meter.results) {
        expect.soft(result.filesBeforeInteraction, `${result.page} loads no script file before its form is touched`).toBe(0);
        expect.soft(result.gzipBytes, `${result.page} within ${scriptGzipBudgetBytes} bytes of gzip JavaScript once hydrated`).toBeLessThanOrEqual(scriptGzipBudgetBytes);
        if (pagesWithoutIslands.includes(result.page)) {
          expect.soft(result.scriptFiles, `${result.page} loads no script file at all`).toBe(0);
          expect.soft(result.inlineScriptBytes, `${result.page} inline script within ${inlineScriptBudgetBytes} bytes`).toBeLessThanOrEqual(inlineScriptBudgetBytes);
        } else {
          expect.soft(result.inlineScriptBytes, `${result.page} inline script within ${islandPageInlineBudgetBytes} bytes`).toBeLessThanOrEqual(islandPageInlineBudgetBytes);
        }
      }
    });
  }
});
