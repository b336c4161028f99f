import { expect, type Locator } from '@playwright/test';
import { BasePage } from './base-page.ts';

export type HistoryFilter = { q?: string; type?: 'Both' | 'Money in' | 'Money out'; category?: string; from?: string; to?: string };

/**
 * /transactions: the filter form (a GET form, so every result is a link), the list of
 * transactions (each row a link to its receipt), the pages, and at ?statement=1 the form that
 * emails a statement.
 */
export class TransactionsPage extends BasePage {
  static readonly path = '/transactions';

  get search(): Locator {
    return this.page.getByLabel('Search', { exact: true });
  }
  get moreFilters(): Locator {
    return this.page.locator('summary', { hasText: 'More filters' });
  }
  get direction(): Locator {
    return this.page.getByLabel('Money in or out');
  }
  get category(): Locator {
    return this.page.getByLabel('Category', { exact: true });
  }
  get fromDate(): Locator {
    return this.page.getByLabel('From date');
  }
  get toDate(): Locator {
    return this.page.getByLabel('To date');
  }
  get showButton(): Locator {
    return this.page.getByRole('button', { name: 'Show transactions' });
  }
  get clearLink(): Locator {
    return this.page.getByRole('link', { name: 'Clear filters' });
  }

  /** Every row on this page, newest first. */
  get rows(): Locator {
    return this.page.getByRole('list', { name: 'Transactions' }).getByRole('listitem');
  }
  row(text: string | RegExp): Locator {
    return this.rows.filter({ hasText: text });
  }
  /** The row's link to its receipt. */
  receiptLink(text: string | RegExp): Locator {
    return this.row(text).getByRole('link');
  }
  get emptyState(): Locator {
    return this.page.getByTestId('history-empty');
  }
  get range(): Locator {
    return this.page.getByTestId('history-range');
  }
  get pages(): Locator {
    return this.page.getByRole('navigation', { name: 'Pages' });
  }
  get pageStatus(): Locator {
    return this.pages.getByText(/^Page \d+ of \d+$/);
  }
  get nextLink(): Locator {
    return this.pages.getByRole('link', { name: 'Next page' });
  }
  get previousLink(): Locator {
    return this.pages.getByRole('link', { name: 'Previous page' });
  }

  // The statement form.
  get requestStatementLink(): Locator {
    return this.page.getByRole('link', { name: 'Request a statement' });
  }
  get startDate(): Locator {
    return this.page.getByLabel('First day');
  }
  get endDate(): Locator {
    return this.page.getByLabel('Last day');
  }
  format(format: 'pdf' | 'csv'): Locator {
    return this.page.getByRole('radio', { name: new RegExp(`^${format.toUpperCase()}\\b`) });
  }
  get emailStatementButton(): Locator {
    return this.page.getByRole('button', { name: 'Email my statement' });
  }

  /**
   * Runs `action` (a click that loads another page of /transactions) and waits for the new
   * document: the path stays the same, so waiting for the URL alone would not do.
   */
  async navigate(action: () => Promise<unknown>): Promise<void> {
    const navigated = this.page.waitForEvent('framenavigated', (frame) => frame === this.page.mainFrame());
    await action();
    await navigated;
    await this.ready();
  }

  async openMoreFilters(): Promise<void> {
    const open = await this.moreFilters.evaluate((summary) => (summary.parentElement as HTMLDetailsElement).open);
    if (!open) await this.moreFilters.click();
    await expect(this.direction).toBeVisible();
  }

  /** Sets the given filters (others as they are) and submits the form; waits for the new page. */
  async filter(filter: HistoryFilter): Promise<void> {
    if (filter.q !== undefined) await this.search.fill(filter.q);
    if (filter.type !== undefined || filter.category !== undefined || filter.from !== undefined || filter.to !== undefined) {
      await this.openMoreFilters();
      if (filter.type !== undefined) await this.direction.selectOption({ label: filter.type });
      if (filter.category !== undefined) await this.category.selectOption({ label: filter.category });
      if (filter.from !== undefined) await this.fromDate.fill(filter.from);
      if (filter.to !== undefined) await this.toDate.fill(filter.to);
    }
    await this.navigate(() => this.showButton.click());
  }

  async requestStatement(statement: { format: 'pdf' | 'csv'; start?: string; end?: string }): Promise<void> {
    if (statement.start !== undefined) await this.startDate.fill(statement.start);
    if (statement.end !== undefined) await this.endDate.fill(statement.end);
    await this.format(statement.format).check();
    await this.navigate(() => this.emailStatementButton.click());
  }
}
