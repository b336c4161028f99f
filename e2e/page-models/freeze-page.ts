import type { Locator } from '@playwright/test';
import { BasePage } from './base-page.ts';

/** /freeze: freeze an account without signing in, with a code emailed to its registered address. */
export class FreezePage extends BasePage {
  static readonly path = '/freeze';

  readonly identifier = this.page.getByLabel('Account number or email address');
  readonly code = this.page.getByLabel('Freeze code');
  readonly askButton = this.page.getByRole('button', { name: 'Email me a code' });
  readonly freezeButton = this.page.getByRole('button', { name: 'Freeze the account' });
  readonly newCodeButton = this.page.getByRole('button', { name: 'Send a new code' });
  readonly frozen: Locator = this.page.getByTestId('frozen');

  /** Asks for a code for this account number or email; the page answers with the code step. */
  async askFor(identifier: string): Promise<void> {
    await this.identifier.fill(identifier);
    await this.askButton.click();
    await this.ready();
  }

  async enterCode(code: string): Promise<void> {
    await this.code.fill(code);
    await this.freezeButton.click();
    await this.ready();
  }
}
