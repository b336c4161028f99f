import { expect, type Locator } from '@playwright/test';
import { BasePage } from './base-page.ts';

/**
 * /bills/electricity. With JavaScript: one screen (the meter types follow the DisCo, the meter
 * is verified as its number is completed, then the amount and the PIN appear). Without: choosing
 * the DisCo posts ("Continue"), "Verify meter" posts the meter and the page answers with its
 * confirm step (owner, address, amount, PIN), whose "Pay" posts the purchase.
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
  /** "Pay" (confirm step) or "Pay ₦5,000.00" (the island, once the amount is valid). */
  readonly payButton = this.page.getByRole('button', { name: /^Pay/ });
  /** The meter's owner: under the meter number (JavaScript) or on the confirm step. */
  readonly customerName = this.page.getByTestId('customer-name');
  readonly customerAddress = this.page.getByTestId('customer-address');
  /** Why the meter could not be verified: under the number (JavaScript) or as the field's error (the page). */
  readonly meterProblem = this.page.getByTestId('verification-error').or(this.fieldError('meter_number'));

  /** Chooses the DisCo; without JavaScript that is a post that brings back its meter types. */
  async chooseDisco(label: string): Promise<void> {
    await this.disco.selectOption({ label });
    if (!this.js) {
      await this.continueButton.click();
      await this.ready();
    }
  }

  /**
   * Enters the meter and has it verified: without JavaScript by posting it (the answer is the
   * confirm step, or the details again with a message); with it, by waiting for the lookup.
   */
  async verifyMeter(type: 'Prepaid' | 'Postpaid', meterNumber: string): Promise<void> {
    await this.meterType(type).check();
    await this.meterNumber.fill(meterNumber);
    if (!this.js) {
      await this.verifyButton.click();
      await this.ready();
      return;
    }
    await expect(this.customerName.or(this.meterProblem)).toBeVisible();
  }

  async pay(amount: string, pin: string): Promise<void> {
    await this.amount.fill(amount);
    await this.pin.fill(pin);
    await this.payButton.click();
  }
}
