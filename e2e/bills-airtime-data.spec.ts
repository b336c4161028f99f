import type { Page } from '@playwright/test';
import { expect, model, test as base } from './support/fixtures.ts';
import { appOrigin } from './support/customers.ts';
import { naira, signedInCustomer } from './support/funded.ts';
import { expectNoSideways } from './support/layout.ts';
import { expectPendingThenSettled, expectReversed } from './support/receipts.ts';
import { AirtimePage } from './page-models/airtime-page.ts';
import { DataPage } from './page-models/data-page.ts';
import { ReceiptPage } from './page-models/receipt-page.ts';
import { TransactionsPage } from './page-models/transactions-page.ts';
import { TransferPage } from './page-models/transfer-page.ts';

/**
 * Airtime and mobile data, in both projects: with JavaScript the islands buy on one screen
 * through the API; without, the pages' own steps (details → confirm → receipt) do it with form
 * posts, and choosing a quick amount or a network is a round trip. Customers are onboarded
 * through the API and funded by the sandbox's inbound transfer, so each test starts signed in
 * with a known balance. The sandbox biller fails 08099999992 and leaves 08099999993 pending
 * until a status query says it was delivered.
 */

/** "0803 123 4567" (as the customer registered it) → "08031234567" (as the forms show it). */
const localNumber = (phone: string) => phone.replace(/\s/g, '');

async function expectBalance(page: Page, js: boolean, balance: string): Promise<void> {
  const transfer = new TransferPage(page, js);
  await transfer.goto();
  await expect(transfer.balance).toHaveText(balance);
}

const test = base.extend<{ airtime: AirtimePage; data: DataPage; history: TransactionsPage; airtimeReceipt: ReceiptPage; dataReceipt: ReceiptPage }>({
  airtime: model(AirtimePage),
  data: model(DataPage),
  history: model(TransactionsPage),
  airtimeReceipt: async ({ page, js }, use) => use(new ReceiptPage(page, js, '/airtime/purchase/success')),
  dataReceipt: async ({ page, js }, use) => use(new ReceiptPage(page, js, '/data/purchase/success')),
});

test.describe('airtime', () => {
  test('for your own number with a quick amount: receipt, balance and history', async ({ page, js, airtime, airtimeReceipt: receipt, history }) => {
    const customer = await signedInCustomer(page, naira(5_000));
    const ownNumber = localNumber(customer.phone);

    await airtime.goto();
    await expect(airtime.heading).toHaveText('Buy airtime');
    await expect(airtime.phone).toHaveValue(ownNumber);
    await airtime.fill({ network: 'MTN', amount: '₦500' });
    await expect(airtime.amount).toHaveValue('500');
    await expect(airtime.network('MTN')).toBeChecked(); // kept through the round trip without JavaScript
    await airtime.proceed();
    await expect(airtime.heading).toHaveText('Confirm airtime');
    await expect(page.getByTestId('confirm-network')).toHaveText('MTN');
    await expect(page.getByTestId('confirm-phone')).toHaveText(ownNumber);
    await expect(airtime.total).toHaveText('₦500.00');
    await expect(airtime.payButton).toHaveText('Pay ₦500.00');
    await airtime.confirm(customer.pin);

    const reference = await receipt.arrived();
    expect(reference).toMatch(/^AIR/);
    await expect(receipt.heading).toHaveText('Airtime bought');
    await expect(receipt.status).toHaveText('Successful');
    await expect(receipt.amount).toHaveText('₦500.00');
    await expect(receipt.total).toHaveText('₦500.00');
    await expect(receipt.detail('Phone number')).toHaveText(ownNumber);
    await expect(receipt.explanation).toHaveCount(0);
    await expect(receipt.downloadPdfLink).toHaveAttribute('href', `/transfer/receipt.pdf?reference=${reference}`);

    await expectBalance(page, js, '₦4,500.00');
    await history.goto();
    const row = history.row(`MTN airtime ${ownNumber}`);
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('−₦500.00');
    await expect(row).toContainText('Airtime');
    await expect(row.getByTestId('status')).toHaveCount(0); // successful: no badge
  });

  test('one purchase, one key: a double submit buys once', async ({ page, js, airtime }) => {
    const customer = await signedInCustomer(page, naira(5_000));

    await airtime.start({ network: '9mobile', amount: '250' });
    // The review step's form (the same with JavaScript or without), posted twice as a double tap would: the second answer is the first one's receipt.
    const fields = await page.locator('form[action="/artime"] input[type="hidden"]').evaluateAll((inputs) =>
      Object.fromEntries(inputs.map((input) => [(input as HTMLInputElement).name, (input as HTMLInputElement).value])),
    );
    expect(fields.idempotency_key).toMatch(/^[A-Za-z0-9-]{8,64}$/);
    const post = () => page.request.post('/artime', { form: { ...fields, pin: customer.pin }, headers: { origin: appOrigin() }, maxRedirects: 0 });
    const first = await post();
    const second = await post();
    expect(first.status()).toBe(303);
    expect(second.status()).toBe(303);
    expect(first.headers()['location']).toMatch(/^\/airtime\/purchase\/success\?reference=AIR/);
    expect(second.headers()['location']).toBe(first.headers()['location']);
    await expectBalance(page, js, '₦4,750.00');
  });

  test('a wrong phone number or an amount out of range is refused beside the field, and no money moves', async ({ page, js, airtime, history }) => {
    const customer = await signedInCustomer(page, naira(5_000));

    await airtime.goto();
    await airtime.fill({ network: 'Glo', phone: '0803 123', amount: '20' });
    await airtime.continueButton.click();
    await expect(airtime.fieldError('phone_number')).toHaveText('Enter a Nigerian mobile number, like 0803 123 4567');
    await expect(airtime.fieldError('amount')).toHaveText('Airtime is from ₦50.00 to ₦50,000.00');
    await expect(airtime.pin).toHaveCount(0);
    // What was typed is kept, and the network stays chosen.
    await expect(airtime.phone).toHaveValue('0803 123');
    await expect(airtime.amount).toHaveValue('20');
    await expect(airtime.network('Glo')).toBeChecked();

    await airtime.fill({ phone: localNumber(customer.phone), amount: '60,000' });
    await airtime.continueButton.click();
    await expect(airtime.fieldError('phone_number')).toHaveCount(0);
    await expect(airtime.fieldError('amount')).toHaveText('Airtime is from ₦50.00 to ₦50,000.00');

    await airtime.fill({ amount: '100.50' });
    await airtime.continueButton.click();
    await expect(airtime.fieldError('amount')).toHaveText('Airtime is sold in whole naira (no kobo)');

    await airtime.fill({ amount: '6,000' });
    if (!js) await airtime.continueButton.click();
    await expect(airtime.fieldError('amount')).toHaveText('Your balance of ₦5,000.00 is not enough for ₦6,000.00.');
    await expect(airtime.pin).toHaveCount(0);

    await expectBalance(page, js, '₦5,000.00');
    await history.goto();
    await expect(history.rows).toHaveCount(1); // the deposit only
  });

  test('the network fails: the receipt says the money came back, and the history shows the reversal', async ({ page, js, airtime, airtimeReceipt: receipt, history }) => {
    const customer = await signedInCustomer(page, naira(5_000));

    await airtime.start({ network: 'MTN', phone: '0809 999 9992', amount: '1,000' });
    await airtime.confirm(customer.pin);

    const reference = await expectReversed(receipt, { heading: 'Purchase reversed', explanation: ['MTN could not complete this purchase', '₦1,000.00 was returned to your account'] });
    await expect(receipt.detail('Phone number')).toHaveText('08099999992');

    await expectBalance(page, js, '₦5,000.00');
    await history.goto();
    const purchase = history.rows.filter({ has: page.locator(`[data-reference="${reference}"]`) });
    await expect(purchase).toContainText('MTN airtime 08099999992');
    await expect(purchase).toContainText('−₦1,000.00');
    await expect(purchase.getByTestId('status')).toHaveText('Reversed');
    // The money came back as a credit of its own, linked to its receipt like every row.
    const reversal = history.row('Reversal: ₦1,000.00 MTN airtime failed');
    await expect(reversal).toHaveCount(1);
    await expect(reversal).toContainText('+₦1,000.00');
    await expect(reversal).toContainText('Reversal');
  });

  test('no answer from the network: pending, then “Check status” settles it', async ({ page, js, airtime, airtimeReceipt: receipt }) => {
    const customer = await signedInCustomer(page, naira(5_000));

    await airtime.start({ network: 'Airtel', phone: '08099999993', amount: '₦200' });
    await airtime.confirm(customer.pin);

    await expectPendingThenSettled(receipt, { pending: 'Purchase pending', explanation: 'We are confirming with Airtel', settled: 'Airtime bought' });
    await expectBalance(page, js, '₦4,800.00');
  });
});

test.describe('mobile data', () => {
  test('a plan for another number: the plans follow the network, then receipt, balance and history', async ({ page, js, data, dataReceipt: receipt, history }) => {
    const customer = await signedInCustomer(page, naira(5_000));

    await data.goto();
    await expect(data.heading).toHaveText('Buy data');
    await expect(data.phone).toHaveValue(localNumber(customer.phone));
    await expect(data.plans).toHaveCount(0);

    await data.chooseNetwork('Glo');
    await expect(data.plan('750MB Daily')).toBeVisible();
    await expect(data.plan('7GB Monthly')).toHaveCount(0); // an MTN plan
    await data.chooseNetwork('MTN');
    await expect(data.plan('750MB Daily')).toHaveCount(0);
    await data.plan('7GB Monthly').check();
    await data.phone.fill('0803 555 0101');
    await data.proceed();
    await expect(data.heading).toHaveText('Confirm data');
    await expect(data.confirmedPlan).toHaveText('7GB Monthly (7GB for 30 days)');
    await expect(data.total).toHaveText('₦3,500.00');
    await data.confirm(customer.pin);

    const reference = await receipt.arrived();
    expect(reference).toMatch(/^DAT/);
    await expect(receipt.heading).toHaveText('Data bought');
    await expect(receipt.status).toHaveText('Successful');
    await expect(receipt.amount).toHaveText('₦3,500.00');
    await expect(receipt.detail('Phone number')).toHaveText('08035550101');
    await expect(receipt.detail('Plan')).toContainText('7GB');

    await expectBalance(page, js, '₦1,500.00');
    await history.goto();
    const row = history.row('MTN data 7GB 08035550101');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('−₦3,500.00');
    await expect(row).toContainText('Mobile data');
  });

  test('no plan or a wrong number is refused beside the field; a plan above the balance is refused before the PIN', async ({ page, js, data }) => {
    await signedInCustomer(page, naira(1_000));

    await data.goto('?network=airtel');
    await expect(data.network('Airtel')).toBeChecked();
    await data.phone.fill('12345');
    await data.continueButton.click();
    await expect(data.fieldError('plan_id')).toHaveText('Choose a data plan');
    await expect(data.fieldError('phone_number')).toHaveText('Enter a Nigerian mobile number, like 0803 123 4567');
    await expect(data.pin).toHaveCount(0);

    await data.plan('3.5GB Weekly').check();
    await data.phone.fill('0803 555 0101');
    if (!js) await data.continueButton.click();
    await expect(data.fieldError('plan_id')).toHaveText('Your balance of ₦1,000.00 is not enough for ₦1,500.00.');
    await expect(data.pin).toHaveCount(0);
    await expectBalance(page, js, '₦1,000.00');
  });
});

test.describe('on the narrowest phones', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('the airtime and data screens fit 320 px, messages and plans included', async ({ page, airtime, data }) => {
    await signedInCustomer(page, naira(50_000));

    await airtime.goto();
    await airtime.fill({ network: '9mobile', phone: '0803', amount: '1,23' });
    await airtime.continueButton.click();
    await expect(airtime.fieldError('amount')).toBeVisible();
    await expectNoSideways(page, '/artime with messages');
    await data.goto('?network=mtn');
    await expect(data.plan('75GB Monthly')).toBeVisible();
    await expectNoSideways(page, '/data/purchase with MTN plans');
  });
});
