import type { Locator } from '@playwright/test';
import { BasePage } from './base-page.ts';

export class VerifyEmailPage extends BasePage {
  static readonly path = '/account/verify';

  get code(): Locator {
    return this.page.getByLabel('Verification code');
  }
  get verifyButton(): Locator {
    return this.page.getByRole('button', { name: 'Verify my email' });
  }
  get resendButton(): Locator {
    return this.page.getByRole('button', { name: 'send a new code' });
  }

  async enterCode(code: string): Promise<void> {
    await this.code.fill(code);
    await this.verifyButton.click();
  }

  async resend(): Promise<void> {
    await this.resendButton.click();
    if (!this.js) await this.ready();
  }
}
