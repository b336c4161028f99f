import type { Locator } from '@playwright/test';
import { BasePage } from './base-page.ts';

/**
 * Scheduled transfers: the list at /transfers/scheduled (each schedule a card with its
 * next transfer, recent dates and the pause / resume (PIN) / cancel forms) and the two steps of
 * /transfers/scheduled/new (details, then the recipient's name, the schedule and the PIN). No
 * island: plain forms whether JavaScript runs or not.
 */
export class ScheduledTransfersPage extends BasePage {
  static readonly path = '/transfers/scheduled';

  readonly cards = this.page.getByTestId('schedule');
  readonly recipientName = this.page.getByTestId('recipient-name');
  readonly repeatSummary = this.page.getByTestId('schedule-repeat');

  card(recipientName: string): Locator {
    return this.cards.filter({ hasText: recipientName });
  }
  statusOf(card: Locator): Locator {
    return card.getByTestId('schedule-status');
  }
  nextOf(card: Locator): Locator {
    return card.getByTestId('schedule-next');
  }
  runStatesOf(card: Locator): Locator {
    return card.getByTestId('schedule-run-state');
  }

  /** From the list, "Schedule a transfer", then the details step (the first date and repeat as the page offers them unless given). */
  async schedule(details: { accountNumber: string; amount: string; narration?: string; repeat?: 'Once' | 'Every week' | RegExp; count?: string }): Promise<void> {
    await this.page.getByRole('link', { name: 'Schedule a transfer' }).click();
    await this.page.getByLabel('Account number').fill(details.accountNumber);
    await this.page.getByLabel('Amount (₦) each time').fill(details.amount);
    if (details.narration) await this.page.getByLabel('Description (optional)').fill(details.narration);
    if (details.repeat) await this.page.getByLabel(details.repeat).check();
    if (details.count) await this.page.getByLabel('Number of transfers (optional)').fill(details.count);
    await this.page.getByRole('button', { name: 'Continue' }).click();
  }

  async confirm(pin: string): Promise<void> {
    await this.page.getByLabel('Transaction PIN').fill(pin);
    await this.page.getByRole('button', { name: 'Schedule transfers' }).click();
  }

  async pause(card: Locator): Promise<void> {
    await card.getByRole('button', { name: 'Pause' }).click();
  }
  async cancel(card: Locator): Promise<void> {
    await card.getByRole('button', { name: 'Cancel this schedule' }).click();
  }
  async resume(card: Locator, pin: string): Promise<void> {
    await card.getByLabel('Transaction PIN to resume').fill(pin);
    await card.getByRole('button', { name: 'Resume' }).click();
  }
}
