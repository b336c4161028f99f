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

  readonly status = this.page.getByTestId('receipt-status');
  readonly explanation = this.page.getByTestId('receipt-explanation');
  readonly amount = this.page.getByTestId('receipt-amount');
  readonly transferFee = this.page.getByTestId('transfer-fee');
  readonly stampDuty = this.page.getByTestId('stamp-duty');
  readonly total = this.page.getByTestId('receipt-total');
  readonly reference = this.page.getByTestId('receipt-reference');
  readonly narration = this.page.getByTestId('receipt-narration');
  readonly sessionId = this.page.getByTestId('receipt-session-id');
  readonly recipient = this.page.getByTestId('receipt-recipient');
  readonly sender = this.page.getByTestId('receipt-sender');
  readonly downloadPdfLink = this.page.getByRole('link', { name: 'Download PDF' });
  readonly checkStatusButton = this.page.getByRole('button', { name: 'Check status' });

  /** A purchase detail of the receipt ("Phone number", "Plan"). */
  detail(label: string): Locator {
    return this.page.locator('article dl > div').filter({ has: this.page.locator('dt', { hasText: label }) }).locator('dd');
  }
  /** Electricity: the prepaid token, its units, or a postpaid receipt number. */
  readonly token = this.page.getByTestId('token');
  readonly units = this.page.getByTestId('units');
  readonly receiptNumber = this.page.getByTestId('receipt-number');
  readonly copyTokenButton = this.page.getByRole('button', { name: 'Copy token' });
  /** Cable TV: the package paid for. */
  readonly package = this.page.getByTestId('package');

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
