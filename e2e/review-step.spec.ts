import type { Locator, Page } from '@playwright/test';
import { expect, model, test as base } from './support/fixtures.ts';
import { callApi, gtBank } from './support/customers.ts';
import { naira, signedInCustomer } from './support/funded.ts';
import { AirtimePage } from './page-models/airtime-page.ts';
import { CablePage } from './page-models/cable-page.ts';
import { ElectricityPage } from './page-models/electricity-page.ts';
import { SendMoneyPage } from './page-models/send-money-page.ts';
import { TransferPage } from './page-models/transfer-page.ts';
import { nubanFor } from '../src/lib/nuban.ts';
import { formatNaira } from '../src/lib/money.ts';

/**
 * The review step (docs/decisions/016-review-before-the-pin.md): before the PIN of every money movement, with JavaScript and without, one
 * review says how much, to whom and where, the fee and the total; nothing has moved until the
 * PIN is sent from it.
 */
const test = base.extend<{ send: SendMoneyPage; transfer: TransferPage; airtime: AirtimePage; electricity: ElectricityPage; cable: CablePage }>({
  send: model(SendMoneyPage),
  transfer: model(TransferPage),
  airtime: model(AirtimePage),
  electricity: model(ElectricityPage),
  cable: model(CablePage),
});

async function balanceOf(page: Page): Promise<number> {
  const profile = await callApi<{ accounts: { balance: number }[] }>(page.request, 'GET', '/v1/profile');
  return profile.accounts[0]!.balance;
}

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

test('electricity: the meter, its owner from the DisCo, the DisCo, the amount, no fee and the total come before the PIN', async ({ page, electricity }) => {
  await signedInCustomer(page, naira(20_000));
  const owner = await callApi<{ customer_name: string }>(page.request, 'POST', '/v1/bills/meter-verify/ikeja-electric', { meter_number: '45012345678', meter_type: 'prepaid' });

  await electricity.goto();
  await electricity.chooseDisco('Ikeja Electric (IKEDC)');
  await electricity.verifyMeter('Prepaid', '45012345678');
  // The amount is chosen first, on a screen with no PIN.
  await expect(electricity.customerName).toHaveText(owner.customer_name);
  await expect(electricity.pin).toHaveCount(0);
  await electricity.chooseAmount('7,500');

  await expect(electricity.heading).toHaveText('Confirm electricity purchase');
  await expect(electricity.meterRow).toHaveText('45012345678 · Prepaid');
  await expect(electricity.customerName).toHaveText(owner.customer_name);
  await expect(electricity.discoRow).toHaveText('Ikeja Electric');
  await expect(electricity.amountRow).toHaveText('₦7,500.00');
  await expect(electricity.fee).toHaveText('₦0.00');
  await expect(electricity.total).toHaveText('₦7,500.00');
  await expect(electricity.payButton).toHaveText('Pay ₦7,500.00');
  await expectAbove(electricity.total, electricity.pin);
  expect(await balanceOf(page)).toBe(naira(20_000));

  // "Change amount" goes back to the amount, kept as typed.
  await electricity.postWith(electricity.changeAmountButton);
  await expect(electricity.amount).toHaveValue(/^7,?500$/);
  await expect(electricity.pin).toHaveCount(0);
});

test('cable TV: the card, its owner from the provider, the package, no fee and the total come before the PIN', async ({ page, cable }) => {
  await signedInCustomer(page, naira(100_000));
  const card = await callApi<{ customer_name: string; current_package: { name: string; amount: number } }>(page.request, 'POST', '/v1/bills/cable-verify/dstv', { smartcard_number: '7023456789' });
  const price = formatNaira(card.current_package.amount);

  await cable.goto();
  await cable.verifyCard('DStv', '7023456789');
  await expect(cable.customerName).toHaveText(card.customer_name);
  await expect(cable.pin).toHaveCount(0);
  await cable.choosePackage();

  await expect(cable.heading).toHaveText('Confirm cable TV payment');
  await expect(cable.cardRow).toHaveText('7023456789 · DStv');
  await expect(cable.customerName).toHaveText(card.customer_name);
  await expect(cable.packageRow).toHaveText(card.current_package.name);
  await expect(cable.amountRow).toHaveText(price);
  await expect(cable.fee).toHaveText('₦0.00');
  await expect(cable.total).toHaveText(price);
  await expect(cable.payButton).toHaveText(`Pay ${price}`);
  await expectAbove(cable.total, cable.pin);
  expect(await balanceOf(page)).toBe(naira(100_000));
});
