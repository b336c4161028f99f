import type { Page, Response } from '@playwright/test';

export type PageWeight = {
  page: string;
  /** Decoded bytes of every script resource the browser fetched for the page. */
  scriptBytes: number;
  /** Bytes on the wire for those (the same when the server does not compress). */
  transferBytes: number;
  scriptFiles: number;
  /** Bytes of script written into the HTML itself (Astro's island loader). */
  inlineScriptBytes: number;
};

/**
 * Counts the JavaScript a page loads: every response of resource type "script" between the
 * start of a navigation and network idle. The HTTP cache is switched off so that each page is
 * weighed as on a first visit, not discounted by the page before it.
 */
export class ScriptMeter {
  readonly results: PageWeight[] = [];
  private readonly page: Page;
  private current: PageWeight | null = null;
  private pending: Promise<void>[] = [];

  private constructor(page: Page) {
    this.page = page;
    page.on('response', (response) => this.onResponse(response));
  }

  static async attach(page: Page): Promise<ScriptMeter> {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    return new ScriptMeter(page);
  }

  private onResponse(response: Response): void {
    const entry = this.current;
    if (!entry || response.request().resourceType() !== 'script') return;
    entry.scriptFiles += 1;
    this.pending.push(
      (async () => {
        const body = await response.body();
        entry.scriptBytes += body.byteLength;
        const sizes = await response.request().sizes();
        entry.transferBytes += sizes.responseBodySize;
      })(),
    );
  }

  /** Opens each address in turn and records what it cost, under its label (the address itself where none is given). */
  async visit(...pages: (string | [label: string, address: string])[]): Promise<void> {
    for (const entry of pages) {
      const [label, address] = typeof entry === 'string' ? [entry, entry] : entry;
      await this.measure(label, () => this.page.goto(address));
    }
  }

  /** Runs `navigate` (which should load the page) and records what it cost under `label`. */
  async measure(label: string, navigate: () => Promise<unknown>): Promise<PageWeight> {
    const entry: PageWeight = { page: label, scriptBytes: 0, transferBytes: 0, scriptFiles: 0, inlineScriptBytes: 0 };
    this.current = entry;
    this.pending = [];
    try {
      await navigate();
      await this.page.waitForLoadState('networkidle');
      await Promise.all(this.pending);
      entry.inlineScriptBytes = await this.page.evaluate(() =>
        [...document.scripts].filter((script) => !script.src).reduce((sum, script) => sum + new TextEncoder().encode(script.textContent ?? '').byteLength, 0),
      );
    } finally {
      this.current = null;
    }
    this.results.push(entry);
    return entry;
  }

  table(): string {
    const rows = [['page', 'script bytes', 'on the wire', 'files', 'inline bytes']];
    for (const result of this.results) {
      rows.push([result.page, String(result.scriptBytes), String(result.transferBytes), String(result.scriptFiles), String(result.inlineScriptBytes)]);
    }
    const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
    return rows.map((row) => row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ')).join('\n');
  }
}
