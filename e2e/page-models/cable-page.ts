import { BasePage } from './base-page.ts';

/**
 * /bills/cable. "Verify smartcard" posts the card and the page answers with its choose step
 * (owner, current package, packages with the current one first), whose "Continue" answers with
 * the review (card, owner, package, fee, total) and the PIN, whose "Pay ₦…" posts the purchase,
 * with JavaScript or without.
 */
export class CablePage extends BasePage {
  static readonly path = '/bills/cable';

  readonly provider = this.page.getByLabel('TV provider');
  readonly smartcardNumber = this.page.getByLabel('Smartcard or IUC number');
  readonly packages = this.page.getByRole('group', { name: 'Package' }).getByRole('radio');
  readonly pin = this.page.getByLabel('Transaction PIN');
  readonly verifyButton = this.page.getByRole('button', { name: 'Verify smartcard' });
  readonly continueButton = this.page.getByRole('button', { name: 'Continue', exact: true });
  readonly payButton = this.page.getByRole('button', { name: /^Pay/ });
  /** The review's lines. */
  readonly cardRow = this.page.getByTestId('confirm-card');
  readonly packageRow = this.page.getByTestId('confirm-package');
  readonly amountRow = this.page.getByTestId('amount');
  readonly fee = this.page.getByTestId('fee');
  readonly total = this.page.getByTestId('total');
  readonly customerName = this.page.getByTestId('customer-name');
  readonly currentPackage = this.page.getByTestId('current-package');
  readonly cardProblem = this.fieldError('smartcard_number');

  async verifyCard(provider: string, smartcardNumber: string): Promise<void> {
    await this.provider.selectOption({ label: provider });
    await this.smartcardNumber.fill(smartcardNumber);
    await this.postWith(this.verifyButton);
  }

  /** Posts the package chosen on the choose step (the answer is the review). */
  async choosePackage(): Promise<void> {
    await this.postWith(this.continueButton);
  }

  /** Goes on with the package chosen, then types the PIN on the review and pays. */
  async pay(pin: string): Promise<void> {
    await this.choosePackage();
    await this.pin.fill(pin);
    await this.payButton.click();
  }
}
