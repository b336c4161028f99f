import type { Locator } from '@playwright/test';
import { BasePage } from './base-page.ts';

/**
 * /bills/electricity. Choosing the DisCo brings its meter types (at once with JavaScript, by a
 * post without); "Verify meter" posts the meter and the page answers with its confirm step
 * (owner, address, amount, PIN), whose "Pay" posts the purchase, with JavaScript or without.
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
  /** "Pay" on the confirm step. */
  readonly payButton = this.page.getByRole('button', { name: /^Pay/ });
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

  async pay(amount: string, pin: string): Promise<void> {
    await this.amount.fill(amount);
    await this.pin.fill(pin);
    await this.payButton.click();
  }
}
