import { expect, type Locator } from '@playwright/test';
import { BasePage } from './base-page.ts';
import { ageCodes } from '../support/bank-db.ts';
import { e164, waitForSecurityCode } from '../support/settings.ts';
import { smsTo } from '../support/outbox.ts';

/**
 * /account/freeze: "Freeze my account" with the password while signed in; unfreeze with a
 * security code (from the page's own "Send me a code" form, by SMS and email) and the PIN.
 */
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

  /** "Send me a code" (to ?done=code); returns the code texted to `customer.phone`. */
  async sendCode(customer: { email: string; phone: string }): Promise<string> {
    ageCodes(customer.email);
    const before = smsTo(e164(customer.phone)).length;
    await this.page.getByTestId('unfreeze-send-code').click();
    await this.page.waitForURL((url) => url.pathname === AccountFreezePage.path && url.searchParams.get('done') === 'code');
    await this.ready();
    await expect(this.notice).toContainText('We have sent a 6-digit code to your phone by SMS and to your email.');
    return waitForSecurityCode(customer.phone, before);
  }

  async unfreeze(fields: { code: string; pin: string }): Promise<void> {
    await this.page.getByLabel('Code we sent to your phone and email').fill(fields.code);
    await this.page.getByLabel('Transaction PIN').fill(fields.pin);
    await this.unfreezeButton.click();
    await this.ready();
  }

  /** Waits for the page's redirect to ?done=frozen or ?done=unfrozen. */
  async done(what: 'frozen' | 'unfrozen'): Promise<void> {
    await this.page.waitForURL((url) => url.pathname === AccountFreezePage.path && url.searchParams.get('done') === what);
    await this.ready();
  }
}
