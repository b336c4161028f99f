import { expect, type Locator } from '@playwright/test';
import { BasePage } from './base-page.ts';

/**
 * Settings → Limits (section#limits on /account/settings): the limits in force, the own daily
 * limit form and the instant-transfers switch. Both forms post to /account/limits, which goes
 * back to the settings page when a change is made and shows the section with its messages when not.
 */
export class LimitsPage extends BasePage {
  static readonly path = '/account/settings';

  readonly section = this.page.locator('section#limits');
  readonly ownLimit = this.section.getByTestId('own-daily-limit');
  readonly instantPayments = this.section.getByTestId('instant-payments');
  readonly pendingRaise = this.section.getByTestId('pending-raise');
  readonly newBrowserCap = this.section.getByTestId('new-browser-cap');
  readonly limitNotice = this.section.getByTestId('limits-notice');
  readonly instantNotice = this.section.getByTestId('instant-notice');
  readonly sectionAlert = this.section.getByRole('alert');
  readonly limit = this.section.getByLabel('New daily limit (₦)');
  readonly limitPassword = this.section.getByLabel('Password (only to raise it)');
  readonly limitPin = this.section.getByLabel('Transaction PIN (only to raise it)');

  fieldErrorIn(id: string): Locator {
    return this.section.locator(`#${id}-error`);
  }

  /** Types a new daily limit in naira (and the password and PIN for a raise) and saves. */
  async setDailyLimit(naira: string, proof?: { password: string; pin: string }): Promise<void> {
    await this.limit.fill(naira);
    if (proof) {
      await this.limitPassword.fill(proof.password);
      await this.limitPin.fill(proof.pin);
    }
    await this.section.getByRole('button', { name: 'Save daily limit' }).click();
    await this.page.waitForLoadState('domcontentloaded');
  }

  async turnOffInstantPayments(): Promise<void> {
    await this.section.getByRole('button', { name: 'Turn off instant transfers' }).click();
    await expect(this.instantNotice).toHaveText('Instant transfers to other banks are off. Transfers within the bank still work.');
  }

  async turnOnInstantPayments(password: string, pin: string): Promise<void> {
    await this.section.getByLabel('Password', { exact: true }).fill(password);
    await this.section.getByLabel('Transaction PIN', { exact: true }).fill(pin);
    await this.section.getByRole('button', { name: 'Turn on instant transfers' }).click();
    await this.page.waitForLoadState('domcontentloaded');
  }
}
