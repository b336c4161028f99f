import { expect, type Locator, type Page, type Response } from '@playwright/test';

/**
 * What every screen shares. `js` says whether the browser runs scripts: with it, a screen is
 * ready once its islands have hydrated (Astro drops the island's `ssr` attribute), so a click
 * takes the island's path rather than the plain form post. Islands hydrate on the first
 * interaction with them (src/client/interaction.ts), so `ready` sends each one the event a
 * first tap or focus sends, without moving focus or typing anything; a test of what happens
 * before hydration opens the page without `ready` (e2e/page-weight.spec.ts).
 *
 * A model names its screen's address once, as `static readonly path` (specs read it without a
 * model, e.g. `arrivedAt(PinPage.path)`); `path` and `goto` here use it.
 */
export class BasePage {
  readonly page: Page;
  readonly js: boolean;

  constructor(page: Page, js: boolean) {
    this.page = page;
    this.js = js;
  }

  /** This screen's address: the model's `static readonly path`. */
  get path(): string {
    const { path } = this.constructor as { path?: unknown };
    if (typeof path !== 'string') throw new Error(`${this.constructor.name} has no address of its own (no static path)`);
    return path;
  }

  /** Opens the screen (`query`: a search string such as '?to=local', or '') and waits until it is ready. */
  async goto(query = ''): Promise<Response | null> {
    const response = await this.page.goto(this.path + query);
    await this.ready();
    return response;
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

  /** The message beside a field: <div class="field-error" id="<field>-error">. */
  fieldError(field: string): Locator {
    return this.page.locator(`#${field}-error`);
  }

  async ready(): Promise<void> {
    await this.page.waitForLoadState('domcontentloaded');
    if (this.js) await this.hydrate();
  }

  /** Starts every island still waiting for an interaction and waits until all have hydrated. */
  async hydrate(): Promise<void> {
    const waiting = this.page.locator('astro-island[ssr]');
    await expect(async () => {
      await this.page.evaluate(() => {
        for (const island of document.querySelectorAll('astro-island[ssr]')) island.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
      });
      await expect(waiting).toHaveCount(0, { timeout: 2_000 });
    }).toPass();
  }

  /**
   * Presses a button that posts its form and waits for the answer. Without JavaScript that is
   * the next page. With it, the island either keeps the form (it cancelled the submit: its
   * messages are on screen) or lets the post go, and then this waits for the page that answers.
   */
  async postWith(button: Locator): Promise<void> {
    if (!this.js) {
      await button.click();
      await this.page.waitForLoadState('domcontentloaded');
      return;
    }
    type Marked = { posting?: boolean };
    // A listener on the document runs after React's (on the island's root), so it sees whether the island cancelled the submit.
    await this.page.evaluate(() => document.addEventListener('submit', (event) => ((window as Marked).posting = !event.defaultPrevented), { once: true }));
    await button.click();
    const posting = await this.page.evaluate(() => (window as Marked).posting === true).catch(() => true);
    if (!posting) return;
    await expect(async () => expect(await this.page.evaluate(() => 'posting' in window)).toBe(false)).toPass();
    await this.ready();
  }

  /** Waits for the browser to arrive at `path` (by a form post's redirect or the island's navigation). */
  async arrivedAt(path: string): Promise<void> {
    await this.page.waitForURL((url) => url.pathname === path);
    await this.ready();
  }
}
