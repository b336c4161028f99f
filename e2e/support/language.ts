import type { Page } from '@playwright/test';
import { test } from './fixtures.ts';

/**
 * Chooses the browser's language as the picker does: its `lang` cookie, for the origin of the page
 * (or the project's base address before the first page). A signed-in page then writes it on the
 * profile, so emails and alerts follow it too.
 */
export async function speak(page: Page, language: string): Promise<void> {
  const origin = page.url() === 'about:blank' ? test.info().project.use.baseURL! : new URL(page.url()).origin;
  await page.context().addCookies([{ name: 'lang', value: language, url: origin }]);
}
