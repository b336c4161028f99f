import type { Locator, Page, Response } from '@playwright/test';
import { BasePage } from './base-page.ts';

export type AirtimeDetails = {
  /** As listed: MTN, Airtel, Glo, 9mobile. */
  network?: string;
  /** As a customer types it; leave out to keep the prefilled number. */
  phone?: string;
  /** As typed ("1,000"), or a quick amount's label ("₦500") to press that button instead. */
  amount?: string;
};

/**
 * /artime. With JavaScript: one screen (the summary and the PIN appear once the details are
 * complete; quick amounts fill the field in place). Without: a quick amount is a round trip that
 * fills the amount in, "Continue" posts the details, and the page answers with the confirm step
 * (what will be bought, the PIN), whose "Pay ₦…" posts the purchase.
 */
export class AirtimePage extends BasePage {
  static readonly path = '/artime';

  constructor(page: Page, js: boolean) {
    super(page, js);
  }

  network(name: string): Locator {
    return this.page.getByRole('radio', { name, exact: true });
  }
  get phone(): Locator {
    return this.page.getByLabel('Phone number');
  }
  get amount(): Locator {
    return this.page.getByLabel('Amount (₦)');
  }
  quickAmount(label: string): Locator {
    return this.page.getByRole('group', { name: 'Quick amounts' }).getByRole('button', { name: label, exact: true });
  }
  get pin(): Locator {
    return this.page.getByLabel('Transaction PIN');
  }
  get continueButton(): Locator {
    return this.page.getByRole('button', { name: 'Continue', exact: true });
  }
  /** "Pay ₦500.00". */
  get payButton(): Locator {
    return this.page.getByRole('button', { name: /^Pay ₦/ });
  }
  get changeDetailsButton(): Locator {
    return this.page.getByRole('button', { name: 'Change details' });
  }
  get total(): Locator {
    return this.page.getByTestId('total');
  }

  async goto(query = ''): Promise<Response | null> {
    const response = await this.page.goto(`${AirtimePage.path}${query}`);
    await this.ready();
    return response;
  }

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
