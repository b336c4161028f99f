import type { Locator } from '@playwright/test';
import { BasePage } from './base-page.ts';

/**
 * /bills/electricity. Choosing the DisCo brings its meter types (at once with JavaScript, by a
 * post without); "Verify meter" posts the meter and the page answers with its choose step
 * (owner, address, the amount), whose "Continue" answers with the review (meter, owner, DisCo,
 * amount, fee, total) and the PIN, whose "Pay ₦…" posts the purchase, with JavaScript or without.
 */
export class ElectricityPage extends BasePage {
  static readonly path = '/bills/electricity';

  readonly disco = this.page.getByLabel('Distribution company (DisCo)');
  meterType(label: 'Prepaid' | 'Postpaid'): Locator {
    return this.page.getByRole('radio', { name: label });
  }
  readonly meterNumber = this.page.getByLabel('Meter number');
  readonly amount = this.page.getByLabel('Amount', { exact: true });
  readonly pin = this.page.getByLabel('Transaction PIN');
  readonly continueButton = this.page.getByRole('button', { name: 'Continue' });
  readonly verifyButton = this.page.getByRole('button', { name: 'Verify meter' });
  /** "Pay ₦5,000.00" on the review. */
  readonly payButton = this.page.getByRole('button', { name: /^Pay/ });
  readonly changeAmountButton = this.page.getByRole('button', { name: 'Change amount' });
  /** The review's lines. */
  readonly meterRow = this.page.getByTestId('confirm-meter');
  readonly discoRow = this.page.getByTestId('confirm-disco');
  readonly amountRow = this.page.getByTestId('amount');
  readonly fee = this.page.getByTestId('fee');
  readonly total = this.page.getByTestId('total');
  /** The meter's owner, on the confirm step. */
  readonly customerName = this.page.getByTestId('customer-name');
  readonly customerAddress = this.page.getByTestId('customer-address');
  /** Why the meter could not be verified: the field's error. */
  readonly meterProblem = this.fieldError('meter_number');

  /** Chooses the DisCo; without JavaScript that is a post that brings back its meter types. */
  async chooseDisco(label: string): Promise<void> {
    await this.disco.selectOption({ label });
    if (!this.js) {
      await this.continueButton.click();
      await this.ready();
    }
  }

  /** Enters the meter and has it verified by posting it (the answer is the confirm step, or the details again with a message). */
  async verifyMeter(type: 'Prepaid' | 'Postpaid', meterNumber: string): Promise<void> {
    await this.meterType(type).check();
    await this.meterNumber.fill(meterNumber);
    await this.postWith(this.verifyButton);
  }

  /** Types the amount on the choose step and posts it (the answer is the review, or the amount again with a message). */
  async chooseAmount(amount: string): Promise<void> {
    await this.amount.fill(amount);
    await this.postWith(this.continueButton);
  }

  /** Chooses the amount, then types the PIN on the review and pays. */
  async pay(amount: string, pin: string): Promise<void> {
    await this.chooseAmount(amount);
    await this.pin.fill(pin);
    await this.payButton.click();
  }
}
