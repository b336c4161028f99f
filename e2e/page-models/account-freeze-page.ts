import type { Locator } from '@playwright/test';
import { BasePage } from './base-page.ts';

/** /account/freeze: "Freeze my account" with the password while signed in; unfreeze with password, PIN and security answer. */
export class AccountFreezePage extends BasePage {
  static readonly path = '/account/freeze';

  readonly frozenState: Locator = this.page.getByTestId('freeze-state');
  readonly freezeButton = this.page.getByRole('button', { name: 'Freeze my account' });
  readonly unfreezeButton = this.page.getByRole('button', { name: 'Unfreeze my account' });

  async freeze(password: string): Promise<void> {
    await this.page.getByLabel('Your password').fill(password);
    await this.freezeButton.click();
    await this.ready();
  }

  async unfreeze(fields: { password: string; pin: string; answer: string; question: string }): Promise<void> {
    await this.page.getByLabel('Password', { exact: true }).fill(fields.password);
    await this.page.getByLabel('Transaction PIN').fill(fields.pin);
    await this.page.getByLabel(fields.question).fill(fields.answer);
    await this.unfreezeButton.click();
    await this.ready();
  }

  /** Waits for the page's redirect to ?done=frozen or ?done=unfrozen. */
  async done(what: 'frozen' | 'unfrozen'): Promise<void> {
    await this.page.waitForURL((url) => url.pathname === AccountFreezePage.path && url.searchParams.get('done') === what);
    await this.ready();
  }
}
