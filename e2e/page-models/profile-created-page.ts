import type { Locator, Page } from '@playwright/test';
import { BasePage } from './base-page.ts';

export class ProfileCreatedPage extends BasePage {
  static readonly path = '/profile/created';

  constructor(page: Page, js: boolean) {
    super(page, js);
  }

  get accountNumber(): Locator {
    return this.page.getByTestId('account-number');
  }
  get setPinLink(): Locator {
    return this.page.getByRole('link', { name: 'Set my transaction PIN' });
  }
}
