import { expect, type Locator, type Page } from '@playwright/test';

/**
 * What every screen shares. `js` says whether the browser runs scripts: with it, a screen is
 * ready once its islands have hydrated (Astro drops the island's `ssr` attribute), so a click
 * takes the island's path rather than the plain form post.
 */
export class BasePage {
  readonly page: Page;
  readonly js: boolean;

  constructor(page: Page, js: boolean) {
    this.page = page;
    this.js = js;
  }

  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }

  /** The form's summary message (role="alert"). */
  get alert(): Locator {
    return this.page.getByRole('alert');
  }

  get notice(): Locator {
    return this.page.locator('.alert-info');
  }

  /** The message beside a field: <span class="field-error" id="<field>-error">. */
  fieldError(field: string): Locator {
    return this.page.locator(`#${field}-error`);
  }

  async ready(): Promise<void> {
    await this.page.waitForLoadState('domcontentloaded');
    if (this.js) await expect(this.page.locator('astro-island[ssr]')).toHaveCount(0);
  }

  /** Waits for the browser to arrive at `path` (by a form post's redirect or the island's navigation). */
  async arrivedAt(path: string): Promise<void> {
    await this.page.waitForURL((url) => url.pathname === path);
    await this.ready();
  }
}
