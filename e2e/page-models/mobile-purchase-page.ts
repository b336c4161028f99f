import type { Locator } from '@playwright/test';
import { BasePage } from './base-page.ts';

/**
 * What the airtime and data screens share: the network radios, the phone number, and the way to
 * pay. With JavaScript the PIN appears on the same screen once the details are complete; without
 * it, "Continue" posts the details and the confirm step asks for the PIN, whose "Pay ₦…" posts
 * the purchase.
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
  readonly total = this.page.getByTestId('total');

  /** Moves past the details: without JavaScript, posts them; with it, the PIN is already on screen. */
  async proceed(): Promise<void> {
    if (this.js) return;
    await this.continueButton.click();
    await this.page.waitForLoadState('domcontentloaded');
  }

  /** Types the PIN and pays. */
  async confirm(pin: string): Promise<void> {
    await this.pin.fill(pin);
    await this.payButton.click();
  }
}
