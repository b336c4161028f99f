import type { Locator, Page, Response } from '@playwright/test';
import { BasePage } from './base-page.ts';

export class ForgotPasswordPage extends BasePage {
  static readonly path = '/password/forgot';

  constructor(page: Page, js: boolean) {
    super(page, js);
  }

  get email(): Locator {
    return this.page.getByLabel('Email address');
  }
  get submit(): Locator {
    return this.page.getByRole('button', { name: 'Send me a code' });
  }

  async goto(): Promise<Response | null> {
    const response = await this.page.goto(ForgotPasswordPage.path);
    await this.ready();
    return response;
  }

  async requestCode(email: string): Promise<void> {
    await this.email.fill(email);
    await this.submit.click();
  }
}
