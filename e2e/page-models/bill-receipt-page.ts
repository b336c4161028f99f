import type { Locator, Page } from '@playwright/test';
import { ReceiptPage } from './receipt-page.ts';

/**
 * /bills/electricity/success and /bills/cable/success: what was bought (the token and units,
 * the receipt number, the package) above the same receipt as /transfer/success.
 */
export class BillReceiptPage extends ReceiptPage {
  static readonly electricityPath = '/bills/electricity/success';
  static readonly cablePath = '/bills/cable/success';

  constructor(page: Page, js: boolean) {
    super(page, js);
  }

  get token(): Locator {
    return this.page.getByTestId('token');
  }
  get units(): Locator {
    return this.page.getByTestId('units');
  }
  get receiptNumber(): Locator {
    return this.page.getByTestId('receipt-number');
  }
  get package(): Locator {
    return this.page.getByTestId('package');
  }
  get copyTokenButton(): Locator {
    return this.page.getByRole('button', { name: 'Copy token' });
  }

  /** Waits for the receipt at `path` (the page's 303 or the island's navigation) and returns its reference. */
  async arrivedOn(path: string): Promise<string> {
    await this.arrivedAt(path);
    return ((await this.reference.textContent()) ?? '').trim();
  }
}
