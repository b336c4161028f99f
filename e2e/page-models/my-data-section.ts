import type { Download, Locator } from '@playwright/test';
import { BasePage } from './base-page.ts';

/** "Download my data" on /account/settings: two plain links, each answering with a file. */
export class MyDataSection extends BasePage {
  static readonly path = '/account/settings';

  get section(): Locator {
    return this.page.locator('section#my-data');
  }
  link(format: 'json' | 'csv'): Locator {
    return this.section.getByTestId(`download-data-${format}`);
  }

  /** Clicks the link and returns the downloaded file's name and text. */
  async download(format: 'json' | 'csv'): Promise<{ name: string; text: string; download: Download }> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.link(format).click()]);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return { name: download.suggestedFilename(), text: Buffer.concat(chunks).toString('utf8'), download };
  }
}
