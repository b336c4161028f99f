import { BasePage } from './base-page.ts';

export class ResetCodePage extends BasePage {
  static readonly path = '/password/reset/token';

  /** "We sent a 6-digit code to a•••e@example.com if it has an account…" */
  readonly sentTo = this.page.getByText('We sent a 6-digit code to');
  readonly code = this.page.getByLabel('Reset code');
  readonly continueButton = this.page.getByRole('button', { name: 'Continue' });
  readonly resendButton = this.page.getByRole('button', { name: 'Send a new code' });
  readonly differentEmailLink = this.page.getByRole('link', { name: 'Use a different email address' });

  async enterCode(code: string): Promise<void> {
    await this.code.fill(code);
    await this.continueButton.click();
  }

  /** Submits a code expected to be refused; returns the page's status (a full page post either way). */
  async enterCodeForStatus(code: string): Promise<number> {
    const answer = this.page.waitForResponse((response) => new URL(response.url()).pathname === ResetCodePage.path && response.request().method() === 'POST');
    await this.enterCode(code);
    const status = (await answer).status();
    await this.ready();
    return status;
  }

  async resend(): Promise<void> {
    const answer = this.page.waitForResponse((response) => new URL(response.url()).pathname === ResetCodePage.path && response.request().method() === 'POST');
    await this.resendButton.click();
    await answer;
    await this.ready();
  }
}
