import type { Locator } from '@playwright/test';
import { BasePage } from './base-page.ts';

/** /terms and /privacy: public pages, in the layout the reader is in. */
export class LegalPage extends BasePage {
  static readonly path = '/privacy';

  readonly sandboxNotice = this.page.getByTestId('sandbox-notice');
  section(id: string): Locator {
    return this.page.locator(`h2#${id}`);
  }
  /** The footer's links, on every page. */
  footerLink(name: 'Terms and conditions' | 'Privacy notice'): Locator {
    return this.page.locator('footer').getByRole('link', { name });
  }
}
