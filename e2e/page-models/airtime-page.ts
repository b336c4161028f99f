import type { Locator } from '@playwright/test';
import { MobilePurchasePage } from './mobile-purchase-page.ts';

export type AirtimeDetails = {
  /** As listed: MTN, Airtel, Glo, 9mobile. */
  network?: string;
  /** As a customer types it; leave out to keep the prefilled number. */
  phone?: string;
  /** As typed ("1,000"), or a quick amount's label ("₦500") to press that button instead. */
  amount?: string;
};

/**
 * /artime. A quick amount fills the field (in place with JavaScript, by a round trip without);
 * "Continue" posts the details and the page answers with the review step (what will be bought,
 * the fee, the total, the PIN), whose "Pay ₦…" posts the purchase.
 */
export class AirtimePage extends MobilePurchasePage {
  static readonly path = '/artime';

  readonly amount = this.page.getByLabel('Amount (₦)');
  quickAmount(label: string): Locator {
    return this.page.getByRole('group', { name: 'Quick amounts' }).getByRole('button', { name: label, exact: true });
  }
  readonly changeDetailsButton = this.page.getByRole('button', { name: 'Change details' });

  async fill(details: AirtimeDetails): Promise<void> {
    if (details.network) await this.network(details.network).check();
    if (details.phone !== undefined) await this.phone.fill(details.phone);
    if (details.amount?.startsWith('₦')) {
      await this.quickAmount(details.amount).click();
      // Without JavaScript the button is a round trip to the page.
      if (!this.js) await this.ready();
    } else if (details.amount !== undefined) {
      await this.amount.fill(details.amount);
    }
  }

  /** Opens the screen, fills the details and moves past them (to the PIN). */
  async start(details: AirtimeDetails): Promise<void> {
    await this.goto();
    await this.fill(details);
    await this.proceed();
  }
}
