import type { Locator, Page, Response } from '@playwright/test';
import { ReceiptPage } from './receipt-page.ts';

/** /airtime/purchase/success and /data/purchase/success: the receipt of a purchase (the same receipt as /transfer/success). */
export class PurchaseReceiptPage extends ReceiptPage {
  readonly path: string;

  constructor(page: Page, js: boolean, path: '/airtime/purchase/success' | '/data/purchase/success') {
    super(page, js);
    this.path = path;
  }

  /** A purchase detail of the receipt ("Phone number", "Plan"). */
  detail(label: string): Locator {
    return this.page.locator('article dl > div').filter({ has: this.page.locator('dt', { hasText: label }) }).locator('dd');
  }

  override async goto(reference: string): Promise<Response | null> {
    const response = await this.page.goto(`${this.path}?reference=${encodeURIComponent(reference)}`);
    await this.ready();
    return response;
  }

  /** Waits for the receipt (the page's 303, or the island's navigation) and returns its reference. */
  override async arrived(): Promise<string> {
    await this.arrivedAt(this.path);
    return ((await this.reference.textContent()) ?? '').trim();
  }
}
