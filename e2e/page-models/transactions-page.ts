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

  /** The filter card: folded (a <details>) until a filter is set, so the first screen shows transactions. */
  readonly filters = this.page.getByTestId('filters');
  readonly search = this.page.getByLabel('Search', { exact: true });
  readonly moreFilters = this.page.locator('summary', { hasText: 'More filters' });
  readonly direction = this.page.getByLabel('Money in or out');
  readonly category = this.page.getByLabel('Category', { exact: true });
  readonly fromDate = this.page.getByLabel('From date');
  readonly toDate = this.page.getByLabel('To date');
  readonly showButton = this.page.getByRole('button', { name: 'Show transactions' });
  readonly clearLink = this.page.getByRole('link', { name: 'Clear filters' });

  /** Every row on this page, newest first. */
  readonly rows = this.page.getByRole('list', { name: 'Transactions' }).getByRole('listitem');
  row(text: string | RegExp): Locator {
    return this.rows.filter({ hasText: text });
  }
  /** The row's link to its receipt. */
  receiptLink(text: string | RegExp): Locator {
    return this.row(text).getByRole('link');
  }
  readonly emptyState = this.page.getByTestId('history-empty');
  readonly range = this.page.getByTestId('history-range');
  readonly pages = this.page.getByRole('navigation', { name: 'Pages' });
  readonly pageStatus = this.pages.getByText(/^Page \d+ of \d+$/);
  readonly nextLink = this.pages.getByRole('link', { name: 'Next page' });
  readonly previousLink = this.pages.getByRole('link', { name: 'Previous page' });

  // The statement form.
  readonly requestStatementLink = this.page.getByRole('link', { name: 'Request a statement' });
  readonly startDate = this.page.getByLabel('First day');
  readonly endDate = this.page.getByLabel('Last day');
  format(format: 'pdf' | 'csv'): Locator {
    return this.page.getByRole('radio', { name: new RegExp(`^${format.toUpperCase()}\\b`) });
  }
  readonly emailStatementButton = this.page.getByRole('button', { name: 'Email my statement' });

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

  async openFilters(): Promise<void> {
    if (!(await this.filters.evaluate((details) => (details as HTMLDetailsElement).open))) await this.filters.locator('summary').first().click();
    await expect(this.search).toBeVisible();
  }

  async openMoreFilters(): Promise<void> {
    await this.openFilters();
    const open = await this.moreFilters.evaluate((summary) => (summary.parentElement as HTMLDetailsElement).open);
    if (!open) await this.moreFilters.click();
    await expect(this.direction).toBeVisible();
  }

  /** Sets the given filters (others as they are) and submits the form; waits for the new page. */
  async filter(filter: HistoryFilter): Promise<void> {
    await this.openFilters();
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
