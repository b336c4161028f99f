import type { Locator } from '@playwright/test';
import { BasePage } from './base-page.ts';

/** /requests: the customer's payment requests with their status, each open one with "Cancel". */
export class RequestsPage extends BasePage {
  static readonly path = '/requests';

  readonly requests: Locator = this.page.getByTestId('request');

  request(reference: string): Locator {
    return this.page.locator(`[data-testid="request"][data-reference="${reference}"]`);
  }

  status(reference: string): Locator {
    return this.request(reference).getByTestId('request-status');
  }

  async cancel(reference: string): Promise<void> {
    await this.request(reference).getByRole('button', { name: 'Cancel' }).click();
    await this.arrivedAt(RequestsPage.path);
  }
}

/** /requests/new: "Request money" (a plain form), then its link, the WhatsApp share link and the text to copy. */
export class NewRequestPage extends BasePage {
  static readonly path = '/requests/new';

  readonly amount = this.page.getByLabel('Amount in naira (optional)');
  readonly note = this.page.getByLabel('What is it for? (optional)');
  readonly days = this.page.getByLabel('The link works for');
  readonly createButton = this.page.getByRole('button', { name: 'Create the link' });
  readonly created: Locator = this.page.getByTestId('request-created');
  readonly link: Locator = this.page.getByTestId('request-link');
  readonly reference: Locator = this.page.getByTestId('request-reference');
  readonly whatsApp: Locator = this.page.getByTestId('whatsapp-share');
  readonly shareText: Locator = this.page.getByTestId('share-text');

  /** Fills and posts the form; returns the new request's link path (/pay/…) and reference. */
  async create(fields: { amount?: string; note?: string; days?: string }): Promise<{ path: string; reference: string }> {
    if (fields.amount !== undefined) await this.amount.fill(fields.amount);
    if (fields.note !== undefined) await this.note.fill(fields.note);
    if (fields.days !== undefined) await this.days.selectOption(fields.days);
    await this.createButton.click();
    await this.created.waitFor();
    const link = new URL(((await this.link.textContent()) ?? '').trim());
    return { path: link.pathname, reference: ((await this.reference.textContent()) ?? '').trim() };
  }
}

/** /pay/{code}: the public payment link, signed out or in. */
export class PayLinkPage extends BasePage {
  readonly name: Locator = this.page.getByTestId('pay-name');
  readonly amount: Locator = this.page.getByTestId('pay-amount');
  readonly left: Locator = this.page.getByTestId('pay-left');
  readonly account: Locator = this.page.getByTestId('pay-account');
  readonly reference: Locator = this.page.getByTestId('pay-reference');
  readonly status: Locator = this.page.getByTestId('pay-status');
  readonly problem: Locator = this.page.getByTestId('pay-problem');
  readonly payNow: Locator = this.page.getByTestId('pay-now');

  async open(path: string): Promise<number> {
    const response = await this.page.goto(path);
    await this.ready();
    return response?.status() ?? 0;
  }
}
