import type { Locator, Page, Response } from '@playwright/test';
import { BasePage } from './base-page.ts';

/** /transfer/success?reference=…: the receipt of any one transaction. */
export class ReceiptPage extends BasePage {
  static readonly path = '/transfer/success';

  constructor(page: Page, js: boolean) {
    super(page, js);
  }

  get status(): Locator {
    return this.page.getByTestId('receipt-status');
  }
  get explanation(): Locator {
    return this.page.getByTestId('receipt-explanation');
  }
  get amount(): Locator {
    return this.page.getByTestId('receipt-amount');
  }
  get transferFee(): Locator {
    return this.page.getByTestId('transfer-fee');
  }
  get stampDuty(): Locator {
    return this.page.getByTestId('stamp-duty');
  }
  get total(): Locator {
    return this.page.getByTestId('receipt-total');
  }
  get reference(): Locator {
    return this.page.getByTestId('receipt-reference');
  }
  get narration(): Locator {
    return this.page.getByTestId('receipt-narration');
  }
  get sessionId(): Locator {
    return this.page.getByTestId('receipt-session-id');
  }
  get recipient(): Locator {
    return this.page.getByTestId('receipt-recipient');
  }
  get sender(): Locator {
    return this.page.getByTestId('receipt-sender');
  }
  get downloadPdfLink(): Locator {
    return this.page.getByRole('link', { name: 'Download PDF' });
  }
  get checkStatusButton(): Locator {
    return this.page.getByRole('button', { name: 'Check status' });
  }

  async goto(reference: string): Promise<Response | null> {
    const response = await this.page.goto(`${ReceiptPage.path}?reference=${encodeURIComponent(reference)}`);
    await this.ready();
    return response;
  }

  /** Waits for the receipt (after a transfer: the page's 303, or the island's navigation) and returns its reference. */
  async arrived(): Promise<string> {
    await this.arrivedAt(ReceiptPage.path);
    return ((await this.reference.textContent()) ?? '').trim();
  }
}
