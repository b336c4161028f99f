import type { Locator } from '@playwright/test';
import { BasePage } from './base-page.ts';

export class NewPasswordPage extends BasePage {
  static readonly path = '/password/reset';

  get password(): Locator {
    return this.page.getByLabel('New password', { exact: true });
  }
  get confirmation(): Locator {
    return this.page.getByLabel('Confirm new password');
  }
  get save(): Locator {
    return this.page.getByRole('button', { name: 'Save my new password' });
  }

  async choose(password: string, confirmation = password): Promise<void> {
    await this.password.fill(password);
    await this.confirmation.fill(confirmation);
    await this.save.click();
  }
}
