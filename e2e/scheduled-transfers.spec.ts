import { expect, model, test as base } from './support/fixtures.ts';
import { newCustomer, onboardThroughApi, type OnboardedCustomer } from './support/customers.ts';
import { proveIdentity } from './support/identity.ts';
import { naira, signedInCustomer } from './support/funded.ts';
import { makeScheduleDue } from './support/bank-db.ts';
import { ScheduledTransfersPage } from './page-models/scheduled-transfers-page.ts';
import { ReceiptPage } from './page-models/receipt-page.ts';

/**
 * Scheduled transfers, with JavaScript on and off (plain forms either way): a monthly
 * transfer scheduled with the PIN runs when its date comes. The test does not wait for 08:00:
 * it moves the schedule's next run into the past in the database and makes the server's daily
 * sweep due, and the server's own job worker makes the transfer.
 */
const test = base.extend<{ scheduled: ScheduledTransfersPage; receipt: ReceiptPage; recipient: OnboardedCustomer }>({
  scheduled: model(ScheduledTransfersPage),
  receipt: model(ReceiptPage),
  recipient: async ({ playwright, baseURL }, use) => {
    const other = await playwright.request.newContext({ baseURL });
    const recipient = await onboardThroughApi(other, newCustomer());
    proveIdentity(recipient.email);
    await use(recipient);
    await other.dispose();
  },
});

test('schedule a monthly transfer with the PIN and see it run when its date comes; pause, resume with the PIN, cancel', async ({ page, scheduled, receipt, recipient }) => {
  const me = await signedInCustomer(page, naira(20_000));

  await test.step('reached from Send money, refused without the right PIN', async () => {
    await page.goto('/transfer');
    await page.getByRole('link', { name: 'Scheduled transfers' }).click();
    await expect(page).toHaveURL(/\/transfers\/scheduled$/);
    await expect(page.getByTestId('no-schedules')).toBeVisible();
    await scheduled.schedule({ accountNumber: recipient.accountNumber, amount: '2,500', narration: 'Pocket money', count: '3' });
    await expect(scheduled.recipientName).not.toBeEmpty();
    await expect(scheduled.repeatSummary).toContainText('Every month on the');
    await expect(page.getByTestId('total')).toHaveText('₦2,500.00');
    await scheduled.confirm('0000');
    await expect(page.locator('#pin-error')).toContainText(/PIN/);
    await expect(scheduled.recipientName).not.toBeEmpty();
  });

  await test.step('confirmed with the PIN, it is listed with its next transfer', async () => {
    await scheduled.confirm(me.pin);
    await expect(page).toHaveURL(/\/transfers\/scheduled\?made=sch_/);
    await expect(scheduled.notice).toContainText('Scheduled: ₦2,500.00 to');
    const card = scheduled.cards.first();
    await expect(scheduled.statusOf(card)).toHaveText('Active');
    await expect(scheduled.nextOf(card)).toContainText('08:00');
    await expect(scheduled.runStatesOf(card)).toHaveCount(0);
  });

  await test.step('when its date comes, the server runs it once: ₦2,500 leaves, with a receipt', async () => {
    const id = (await scheduled.cards.first().getAttribute('data-schedule-id'))!;
    makeScheduleDue(id);
    await expect(async () => {
      await page.reload();
      await expect(scheduled.runStatesOf(scheduled.cards.first())).toHaveText(['Sent'], { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await expect(scheduled.statusOf(scheduled.cards.first())).toHaveText('Active');
    await scheduled.cards.first().getByText('Recent transfers').click();
    await scheduled.cards.first().getByRole('link', { name: 'Sent' }).click();
    await expect(receipt.amount).toHaveText('₦2,500.00');
    await expect(receipt.status).toContainText(/success/i);
    await page.goto('/transfer');
    await expect(page.getByTestId('balance')).toHaveText('₦17,500.00');
  });

  await test.step('pause needs no PIN, resume does, cancel needs none', async () => {
    await scheduled.goto();
    const card = scheduled.cards.first();
    await scheduled.pause(card);
    await expect(scheduled.notice).toContainText('Paused');
    await expect(scheduled.statusOf(card)).toHaveText('Paused');
    await scheduled.resume(card, '0000');
    await expect(card.locator('.field-error')).toContainText(/PIN/);
    await expect(scheduled.statusOf(card)).toHaveText('Paused');
    await scheduled.resume(card, me.pin);
    await expect(scheduled.notice).toContainText('Resumed');
    await expect(scheduled.statusOf(card)).toHaveText('Active');
    await scheduled.cancel(card);
    await expect(scheduled.statusOf(card)).toHaveText('Cancelled');
    await expect(card.getByRole('button')).toHaveCount(0);
  });
});
