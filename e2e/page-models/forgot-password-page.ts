import type { Locator } from '@playwright/test';
import { BasePage } from './base-page.ts';

export class ForgotPasswordPage extends BasePage {
  static readonly path = '/password/forgot';

  get email(): Locator {
    return this.page.getByLabel('Email address');
  }
  get submit(): Locator {
    return this.page.getByRole('button', { name: 'Send me a code' });
  }

  async requestCode(email: string): Promise<void> {
    await this.email.fill(email);
    await this.submit.click();
  }
}
