import type { Locator } from '@playwright/test';
import { expect, model, test as base } from './support/fixtures.ts';
import { callApi, gtBank } from './support/customers.ts';
import { naira, signedInCustomer } from './support/funded.ts';
import { AirtimePage } from './page-models/airtime-page.ts';
import { SendMoneyPage } from './page-models/send-money-page.ts';
import { TransferPage } from './page-models/transfer-page.ts';
import { nubanFor } from '../src/lib/nuban.ts';

/**
 * Issue 15, item 3: before the PIN of every money movement, with JavaScript and without, one
 * review says how much, to whom and where, the fee and the total; nothing has moved until the
 * PIN is sent from it.
 */
const test = base.extend<{ send: SendMoneyPage; transfer: TransferPage; airtime: AirtimePage }>({
  send: model(SendMoneyPage),
  transfer: model(TransferPage),
  airtime: model(AirtimePage),
});

/** `first` is drawn above `then` (the summary above the PIN). */
async function expectAbove(first: Locator, then: Locator): Promise<void> {
  const [a, b] = [await first.boundingBox(), await then.boundingBox()];
  expect(a && b && a.y + a.height <= b.y).toBe(true);
}

test('a transfer: amount, the enquired name, the bank, the fee and the total come before the PIN', async ({ page, send, transfer }) => {
  await signedInCustomer(page, naira(50_000));
  const accountNumber = nubanFor('123456789', gtBank);
  const { account_name: name } = await callApi<{ account_name: string }>(page.request, 'POST', '/v1/transfer/enquiry', { account_number: accountNumber, bank_code: gtBank.nipCode });

  await send.start('?to=bank', { bank: gtBank.name, accountNumber, amount: '12,000' });
  await expect(send.heading).toHaveText('Confirm transfer');
  await expect(send.amountRow).toHaveText('₦12,000.00');
  await expect(send.recipientName).toHaveText(name);
  await expect(send.bankName).toHaveText(gtBank.name);
  await expect(send.transferFee).toHaveText('₦25.00');
  await expect(send.stampDuty).toHaveText('₦50.00');
  await expect(send.total).toHaveText('₦12,075.00');
  await expect(send.pin).toBeVisible();
  await expect(send.sendButton).toHaveText('Send ₦12,075.00');
  await expectAbove(send.total, send.pin);

  // Nothing has moved yet: the review only shows what the PIN will send.
  const elsewhere = new TransferPage(await page.context().newPage(), transfer.js);
  await elsewhere.goto();
  await expect(elsewhere.balance).toHaveText('₦50,000.00');
});

test('airtime: the amount, the number and network, no fee and the total come before the PIN', async ({ page, airtime }) => {
  await signedInCustomer(page, naira(5_000));

  await airtime.start({ network: 'Airtel', phone: '0803 555 0101', amount: '1,500' });
  await expect(airtime.heading).toHaveText('Confirm airtime');
  await expect(airtime.amountRow).toHaveText('₦1,500.00');
  await expect(page.getByTestId('confirm-phone')).toHaveText('08035550101');
  await expect(page.getByTestId('confirm-network')).toHaveText('Airtel');
  await expect(airtime.fee).toHaveText('₦0.00');
  await expect(airtime.total).toHaveText('₦1,500.00');
  await expect(airtime.payButton).toHaveText('Pay ₦1,500.00');
  await expectAbove(airtime.total, airtime.pin);
});
