import { expect } from '@playwright/test';
import { BasePage } from './base-page.ts';

/**
 * /bills/cable. With JavaScript: one screen (the card is verified at 10 digits, then the
 * provider's packages appear with the current one first, and the PIN). Without: "Verify
 * smartcard" posts the card and the page answers with its confirm step (owner, current package,
 * packages, PIN), whose "Pay" posts the purchase.
 */
export class CablePage extends BasePage {
  static readonly path = '/bills/cable';

  readonly provider = this.page.getByLabel('TV provider');
  readonly smartcardNumber = this.page.getByLabel('Smartcard or IUC number');
  readonly packages = this.page.getByRole('group', { name: 'Package' }).getByRole('radio');
  readonly pin = this.page.getByLabel('Transaction PIN');
  readonly verifyButton = this.page.getByRole('button', { name: 'Verify smartcard' });
  readonly payButton = this.page.getByRole('button', { name: /^Pay/ });
  readonly customerName = this.page.getByTestId('customer-name');
  readonly currentPackage = this.page.getByTestId('current-package');
  readonly cardProblem = this.page.getByTestId('verification-error').or(this.fieldError('smartcard_number'));

  async verifyCard(provider: string, smartcardNumber: string): Promise<void> {
    await this.provider.selectOption({ label: provider });
    await this.smartcardNumber.fill(smartcardNumber);
    if (!this.js) {
      await this.verifyButton.click();
      await this.ready();
      return;
    }
    await expect(this.customerName.or(this.cardProblem)).toBeVisible();
  }

  async pay(pin: string): Promise<void> {
    await this.pin.fill(pin);
    await this.payButton.click();
  }
}
