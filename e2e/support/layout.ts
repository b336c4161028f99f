import { expect, type Page } from '@playwright/test';

/** The narrowest phones are 320 px wide: nothing on the screen may make it scroll sideways (a soft check, named by `label`). */
export async function expectNoSideways(page: Page, label: string): Promise<void> {
  const width = await page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth));
  expect.soft(width, `${label} scrolls sideways`).toBeLessThanOrEqual(320);
}
