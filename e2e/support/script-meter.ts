import zlib from 'node:zlib';
import type { Page, Response } from '@playwright/test';

export type PageWeight = {
  page: string;
  /** Script files fetched before anyone touched the page: none on every page (islands wait for an interaction). */
  filesBeforeInteraction: number;
  /** Every script file fetched once each island's form has been focused (and so has hydrated). */
  scriptFiles: number;
  /** Their decoded bytes. */
  scriptBytes: number;
  /** The sum of each file gzipped (level 9, as scripts/precompress.mjs writes its .gz copies): the budget's measure. */
  gzipBytes: number;
  /** Bytes on the wire for those (brotli, as the server sends them to a browser that accepts it). */
  transferBytes: number;
  /** Bytes of script written into the HTML itself (Astro's island loader, the idle warning). */
  inlineScriptBytes: number;
  islands: number;
  /** The page's own answer: its Content-Encoding, Vary and Content-Type, decoded and wire sizes. */
  html: { encoding: string | null; vary: string | null; contentType: string | null; bytes: number; transferBytes: number };
};

/**
 * Weighs the JavaScript of a page in two moments: as loaded (nothing touched) and once every
 * island on it has hydrated, which happens on the first interaction with its form
 * (src/client/interaction.ts): the meter focuses the first field of each island, as a person
 * tapping into the form would. Every response of resource type "script" after the start of the
 * navigation is counted. The HTTP cache is switched off so that each page is weighed as on a
 * first visit, not discounted by the page before it.
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
        entry.gzipBytes += zlib.gzipSync(body, { level: 9 }).byteLength;
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

  /** Runs `navigate` (which should load the page), weighs it, then starts every island on it and weighs it again, under `label`. */
  async measure(label: string, navigate: () => Promise<Response | null | unknown>): Promise<PageWeight> {
    const entry: PageWeight = {
      page: label,
      filesBeforeInteraction: 0,
      scriptFiles: 0,
      scriptBytes: 0,
      gzipBytes: 0,
      transferBytes: 0,
      inlineScriptBytes: 0,
      islands: 0,
      html: { encoding: null, vary: null, contentType: null, bytes: 0, transferBytes: 0 },
    };
    this.current = entry;
    this.pending = [];
    try {
      const response = await navigate();
      if (response && typeof response === 'object' && 'headers' in response) {
        const document = response as Response;
        const headers = document.headers();
        const body = await document.body();
        const sizes = await document.request().sizes();
        entry.html = { encoding: headers['content-encoding'] ?? null, vary: headers['vary'] ?? null, contentType: headers['content-type'] ?? null, bytes: body.byteLength, transferBytes: sizes.responseBodySize };
      }
      await this.page.waitForLoadState('networkidle');
      await Promise.all(this.pending);
      entry.filesBeforeInteraction = entry.scriptFiles;
      entry.inlineScriptBytes = await this.page.evaluate(() =>
        [...document.scripts].filter((script) => !script.src).reduce((sum, script) => sum + new TextEncoder().encode(script.textContent ?? '').byteLength, 0),
      );
      const islands = this.page.locator('astro-island');
      entry.islands = await islands.count();
      for (let index = 0; index < entry.islands; index += 1) {
        const field = islands.nth(index).locator('input:visible, select:visible, textarea:visible, button:visible').first();
        if ((await field.count()) > 0) await field.focus();
      }
      await this.page.locator('astro-island[ssr]').first().waitFor({ state: 'detached', timeout: 15_000 }).catch(() => undefined);
      await this.page.waitForLoadState('networkidle');
      await Promise.all(this.pending);
    } finally {
      this.current = null;
    }
    this.results.push(entry);
    return entry;
  }

  table(): string {
    const rows = [['page', 'files before', 'files after', 'JS bytes', 'JS gzip', 'on the wire', 'inline bytes', 'HTML', 'HTML on the wire']];
    for (const result of this.results) {
      rows.push([
        result.page,
        String(result.filesBeforeInteraction),
        String(result.scriptFiles),
        String(result.scriptBytes),
        String(result.gzipBytes),
        String(result.transferBytes),
        String(result.inlineScriptBytes),
        String(result.html.bytes),
        `${result.html.transferBytes} (${result.html.encoding ?? 'identity'})`,
      ]);
    }
    const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
    return rows.map((row) => row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ')).join('\n');
  }
}
