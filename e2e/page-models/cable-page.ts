import { BasePage } from './base-page.ts';

/**
 * /bills/cable. "Verify smartcard" posts the card and the page answers with its confirm step
 * (owner, current package, packages with the current one first, PIN), whose "Pay" posts the
 * purchase, with JavaScript or without.
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
  readonly cardProblem = this.fieldError('smartcard_number');

  async verifyCard(provider: string, smartcardNumber: string): Promise<void> {
    await this.provider.selectOption({ label: provider });
    await this.smartcardNumber.fill(smartcardNumber);
    await this.postWith(this.verifyButton);
  }

  async pay(pin: string): Promise<void> {
    await this.pin.fill(pin);
    await this.payButton.click();
  }
}
