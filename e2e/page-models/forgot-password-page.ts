import { BasePage } from './base-page.ts';

export class ForgotPasswordPage extends BasePage {
  static readonly path = '/password/forgot';

  readonly email = this.page.getByLabel('Email address');
  readonly submit = this.page.getByRole('button', { name: 'Send me a code' });

  async requestCode(email: string): Promise<void> {
    await this.email.fill(email);
    await this.submit.click();
  }
}
