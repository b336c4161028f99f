import { randomBytes } from 'node:crypto';
import { expect, model, test as base } from './support/fixtures.ts';
import { gtBank } from './support/customers.ts';
import { naira, signedInCustomer } from './support/funded.ts';
import { withDb } from './support/bank-db.ts';
import { signedInMember } from './support/ops-staff.ts';
import { ReceiptPage } from './page-models/receipt-page.ts';
import { SendMoneyPage } from './page-models/send-money-page.ts';
import { TransferPage } from './page-models/transfer-page.ts';
import { TransactionsPage } from './page-models/transactions-page.ts';
import { nubanFor } from '../src/lib/nuban.ts';

/**
 * Four eyes (decision 031), through the back office's own pages: a support agent proposes the
 * reversal of a customer's stuck transfer to another bank, a supervisor approves it, and the
 * customer's balance and history show the money back, once. The settlement queue lists it while
 * it is stuck past 24 hours and hands over to the proposal form.
 */
const test = base.extend<{ send: SendMoneyPage; receipt: ReceiptPage; transfer: TransferPage; history: TransactionsPage }>({
  send: model(SendMoneyPage),
  receipt: model(ReceiptPage),
  transfer: model(TransferPage),
  history: model(TransactionsPage),
});

test('a stuck interbank transfer: support proposes the reversal, the supervisor approves, the customer has the money back', async ({ browser, baseURL, js, page, send, receipt, transfer, history }) => {
  const sender = await signedInCustomer(page, naira(20_000));
  // The sandbox switch takes this serial's transfer and then says "in progress" for ever.
  await send.start('?to=bank', { bank: gtBank.name, accountNumber: nubanFor('999999996', gtBank), amount: '1,000' });
  await expect(send.recipientName).toBeVisible();
  await send.confirm(sender.pin);
  const reference = await receipt.arrived();
  await expect(receipt.status).toHaveText('Pending');
  await transfer.goto();
  await expect(transfer.balance).toHaveText('₦18,990.00');

  const tag = randomBytes(4).toString('hex');
  const who = (role: string, name: string) => ({ baseURL: baseURL!, javaScriptEnabled: js, role, email: `${role}-${tag}@bank.ng`, name });

  // Sent 30 hours ago: the settlement queue lists it and links to the proposal form.
  withDb((db) => db.prepare('UPDATE interbank_transfers SET created_at = ? WHERE reference = ?').run(new Date(Date.now() - 30 * 3_600_000).toISOString(), reference));
  const settlement = await signedInMember(browser, who('settlement', 'Sade Settlement'));
  await settlement.getByRole('link', { name: 'Settlement queue' }).click();
  await expect(settlement.getByRole('cell', { name: reference, exact: true })).toBeVisible();
  await settlement.getByRole('button', { name: `Re-query ${reference}` }).click();
  await expect(settlement.getByRole('status')).toContainText(`Asked about ${reference}: still without a definite answer`);
  await expect(settlement.getByRole('link', { name: `Propose manual reversal of ${reference}` })).toHaveAttribute('href', `/ops/proposals/new?kind=reversal&reference=${reference}`);

  // The support agent comes to the form from the reference, as the customer view links to it.
  const agent = await signedInMember(browser, who('support', 'Sola Support'));
  await agent.goto(`/ops/proposals/new?kind=reversal&reference=${reference}`);
  const preview = agent.locator('#preview');
  await expect(preview).toContainText('₦1,000.00');
  await expect(preview).toContainText('₦10.00');
  await expect(preview).toContainText('₦1,010.00');
  await agent.getByLabel(/^Reason/).fill('Customer called: the money never arrived, switch still says in progress.');
  await agent.getByRole('button', { name: 'Propose' }).click();
  await expect(agent.getByRole('status')).toContainText('Proposed.');
  await agent.goto('/ops/proposals');
  await expect(agent.getByRole('heading', { name: `Reversal of ${reference}` })).toBeVisible();
  await expect(agent.getByText('Pending: waiting for another member to decide.')).toBeVisible();
  await expect(agent.getByRole('button', { name: 'Approve' })).toHaveCount(0);

  const supervisor = await signedInMember(browser, who('supervisor', 'Sam Supervisor'));
  await supervisor.getByRole('link', { name: 'Proposals (four eyes)' }).click();
  const card = supervisor.getByRole('region', { name: `Reversal of ${reference}` });
  await expect(card).toContainText('Sola Support (support)');
  await expect(card).toContainText('₦1,010.00');
  await card.getByLabel('Note (optional)').fill('Checked with NIBSS: no credit at GTBank.');
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(supervisor.getByRole('status')).toContainText(`Approved. Reversed ${reference}: ₦1,010.00`);
  await expect(supervisor.getByText('No proposal is waiting.')).toBeVisible();

  // The customer: the money back once, the transfer reversed, the reversal in the history.
  await transfer.goto();
  await expect(transfer.balance).toHaveText('₦20,000.00');
  await receipt.goto(reference);
  await expect(receipt.status).toHaveText('Reversed');
  await history.goto();
  await expect(history.row(/reversal/i)).toHaveCount(1);
  await expect(history.row(/reversal/i)).toContainText('₦1,010.00');

  // The audit log has every step, with the customer.
  const steps = withDb((db) => db.prepare("SELECT action FROM staff_audit WHERE action LIKE 'proposal.%' OR action LIKE 'settlement.%' ORDER BY seq").all().map((row) => (row as { action: string }).action));
  expect(steps).toEqual(expect.arrayContaining(['settlement.queue_read', 'settlement.requery', 'proposal.preview', 'proposal.propose', 'proposal.approve']));
});
