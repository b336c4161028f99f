import type { Locator } from '@playwright/test';
import { BasePage } from './base-page.ts';

/**
 * What the airtime and data screens share: the network radios, the phone number, and the way to
 * pay. With JavaScript or without, "Continue" posts the details (the island checks them first)
 * and the review step (network, number, amount, fee, total) asks for the PIN, whose "Pay ₦…"
 * posts the purchase.
 */
export class MobilePurchasePage extends BasePage {
  network(name: string): Locator {
    return this.page.getByRole('radio', { name, exact: true });
  }
  readonly phone = this.page.getByLabel('Phone number');
  readonly pin = this.page.getByLabel('Transaction PIN');
  readonly continueButton = this.page.getByRole('button', { name: 'Continue', exact: true });
  /** "Pay ₦500.00". */
  readonly payButton = this.page.getByRole('button', { name: /^Pay ₦/ });
  readonly amountRow = this.page.getByTestId('amount');
  readonly fee = this.page.getByTestId('fee');
  readonly total = this.page.getByTestId('total');

  /** Moves past the details: posts them (the page answers with the review step, or the details again with messages). */
  async proceed(): Promise<void> {
    await this.postWith(this.continueButton);
  }

  /** Types the PIN and pays. */
  async confirm(pin: string): Promise<void> {
    await this.pin.fill(pin);
    await this.payButton.click();
  }
}
