import { BasePage } from './base-page.ts';

export class VerifyEmailPage extends BasePage {
  static readonly path = '/account/verify';

  readonly code = this.page.getByLabel('Verification code');
  readonly verifyButton = this.page.getByRole('button', { name: 'Verify my email' });
  readonly resendButton = this.page.getByRole('button', { name: 'send a new code' });

  async enterCode(code: string): Promise<void> {
    await this.code.fill(code);
    await this.verifyButton.click();
  }

  /** Enters the right code: the account opens, and the address step follows. */
  async openAccount(code: string): Promise<void> {
    await this.ready();
    await this.enterCode(code);
    await this.arrivedAt('/address/update');
  }

  async resend(): Promise<void> {
    await this.resendButton.click();
    if (!this.js) await this.ready();
  }
}
