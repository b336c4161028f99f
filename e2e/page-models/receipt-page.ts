import type { Locator, Page, Response } from '@playwright/test';
import { BasePage } from './base-page.ts';

/** The receipt pages' addresses: any one transaction's, and each purchase's own (what was bought above the same receipt). */
export type ReceiptPath = '/transfer/success' | '/airtime/purchase/success' | '/data/purchase/success' | '/bills/electricity/success' | '/bills/cable/success';

/** /transfer/success?reference=… (the receipt of any one transaction) and each purchase's success page. */
export class ReceiptPage extends BasePage {
  static readonly path = '/transfer/success';
  private readonly receiptPath: ReceiptPath;

  constructor(page: Page, js: boolean, path: ReceiptPath = '/transfer/success') {
    super(page, js);
    this.receiptPath = path;
  }

  /** This receipt's address (a purchase's own success page, or any transaction's). */
  override get path(): ReceiptPath {
    return this.receiptPath;
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

  /** A purchase detail of the receipt ("Phone number", "Plan"). */
  detail(label: string): Locator {
    return this.page.locator('article dl > div').filter({ has: this.page.locator('dt', { hasText: label }) }).locator('dd');
  }
  /** Electricity: the prepaid token, its units, or a postpaid receipt number. */
  get token(): Locator {
    return this.page.getByTestId('token');
  }
  get units(): Locator {
    return this.page.getByTestId('units');
  }
  get receiptNumber(): Locator {
    return this.page.getByTestId('receipt-number');
  }
  get copyTokenButton(): Locator {
    return this.page.getByRole('button', { name: 'Copy token' });
  }
  /** Cable TV: the package paid for. */
  get package(): Locator {
    return this.page.getByTestId('package');
  }

  override async goto(reference: string): Promise<Response | null> {
    return super.goto(`?reference=${encodeURIComponent(reference)}`);
  }

  /** "Check status" on a pending receipt: asks again and waits for the receipt it answers with. */
  async checkStatus(): Promise<void> {
    await this.checkStatusButton.click();
    await this.arrivedAt(this.path);
  }

  /** Waits for the receipt (the page's 303, or the island's navigation) and returns its reference. */
  async arrived(): Promise<string> {
    await this.arrivedAt(this.path);
    return ((await this.reference.textContent()) ?? '').trim();
  }
}
