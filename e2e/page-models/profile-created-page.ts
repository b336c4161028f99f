import type { Locator } from '@playwright/test';
import { BasePage } from './base-page.ts';

export class ProfileCreatedPage extends BasePage {
  static readonly path = '/profile/created';

  get accountNumber(): Locator {
    return this.page.getByTestId('account-number');
  }
  get setPinLink(): Locator {
    return this.page.getByRole('link', { name: 'Set my transaction PIN' });
  }
}
