import type { Browser, BrowserContext, Page, TestInfo } from '@playwright/test';
import { expect, model, test as base } from './support/fixtures.ts';
import { callApi, gtBank, newCustomer, onboardThroughApi, type OnboardedCustomer } from './support/customers.ts';
import { proveIdentity } from './support/identity.ts';
import { naira, signedInCustomer } from './support/funded.ts';
import { expectNoSideways } from './support/layout.ts';
import { expectPendingThenSettled, expectReversed } from './support/receipts.ts';
import { ReceiptPage } from './page-models/receipt-page.ts';
import { SendMoneyPage } from './page-models/send-money-page.ts';
import { TransferPage } from './page-models/transfer-page.ts';
import { DashboardPage } from './page-models/dashboard-page.ts';
import { nubanFor } from '../src/lib/nuban.ts';

/**
 * Sending money, in both projects: with JavaScript the island does it on one screen through
 * the API; without, the page's own steps (details → confirm → receipt) do it with form posts.
 * Customers are onboarded through the API and funded by the sandbox's inbound transfer, so each
 * test starts signed in on a fresh account with a known balance.
 */

/** A second customer of this bank in a browser of their own (to look at their side afterwards). */
async function otherCustomer(browser: Browser, testInfo: TestInfo, js: boolean): Promise<{ context: BrowserContext; customer: OnboardedCustomer }> {
  const { baseURL, viewport, locale, timezoneId } = testInfo.project.use;
  const context = await browser.newContext({ baseURL, viewport, locale, timezoneId, javaScriptEnabled: js });
  const customer = await onboardThroughApi(context.request, newCustomer());
  // A recipient may be credited only with an identity (docs/decisions/025-no-money-without-identity-and-the-cap-both-ways.md).
  proveIdentity(customer.email);
  return { context, customer };
}

/** The account name the bank's name enquiry gives: what the screens must show. */
async function enquiredName(page: Page, accountNumber: string, bankCode: string): Promise<string> {
  const found = await callApi<{ account_name: string }>(page.request, 'POST', '/v1/transfer/enquiry', { account_number: accountNumber, bank_code: bankCode });
  return found.account_name;
}

/** This bank's NIP code, as the bank list gives it (the first entry, is_self). */
async function thisBankCode(page: Page): Promise<string> {
  const banks = await callApi<{ code: string; is_self: boolean }[]>(page.request, 'GET', '/v1/general/banks');
  return banks.find((bank) => bank.is_self)!.code;
}

const test = base.extend<{ transfer: TransferPage; send: SendMoneyPage; receipt: ReceiptPage; recipient: OnboardedCustomer }>({
  transfer: model(TransferPage),
  send: model(SendMoneyPage),
  receipt: model(ReceiptPage),
  /** Another customer of this bank, to send to (their own browser closed: only their account is needed). */
  recipient: async ({ browser, js }, use, testInfo) => {
    const { context, customer } = await otherCustomer(browser, testInfo, js);
    await context.close();
    await use(customer);
  },
});

test.describe('transfers', () => {
  test('to another customer of this bank: receipt, and both balances move', async ({ page, js, browser, transfer, send, receipt }, testInfo) => {
    const sender = await signedInCustomer(page, naira(20_000));
    const { context: theirs, customer: recipient } = await otherCustomer(browser, testInfo, js);
    const recipientName = await enquiredName(page, recipient.accountNumber, await thisBankCode(page));

    await transfer.goto();
    await expect(transfer.balance).toHaveText('₦20,000.00');
    await transfer.toThisBankLink.click();
    await send.arrivedAt(SendMoneyPage.path);
    await expect(send.bank).toHaveCount(0); // this bank only: nothing to choose
    await send.fillDetails({ accountNumber: recipient.accountNumber, amount: '2,500', narration: 'Rent share' });
    await send.proceed();
    await expect(send.recipientName).toHaveText(recipientName);

    await test.step('“Change details” on the review goes back with the details kept', async () => {
      await expect(send.heading).toHaveText('Confirm transfer');
      await expect(send.total).toHaveText('₦2,500.00');
      await send.changeDetailsButton.click();
      await send.ready();
      await expect(send.accountNumber).toHaveValue(recipient.accountNumber);
      await expect(send.amount).toHaveValue('2,500');
      await expect(send.narration).toHaveValue('Rent share');
      await send.proceed();
      await expect(send.recipientName).toHaveText(recipientName);
    });
    await send.confirm(sender.pin);

    const reference = await receipt.arrived();
    await expect(receipt.heading).toHaveText('Transfer sent');
    await expect(receipt.status).toHaveText('Successful');
    await expect(receipt.amount).toHaveText('₦2,500.00');
    await expect(receipt.total).toHaveText('₦2,500.00');
    await expect(receipt.recipient).toContainText(recipientName);
    await expect(receipt.recipient).toContainText(recipient.accountNumber);
    await expect(receipt.narration).toHaveText('Rent share');

    await transfer.goto();
    await expect(transfer.balance).toHaveText('₦17,500.00');

    await test.step('the recipient sees the money and the same reference as “Money received”', async () => {
      const theirPage = await theirs.newPage();
      const theirDashboard = new DashboardPage(theirPage, js);
      await theirDashboard.goto();
      await expect(theirDashboard.balance).toHaveText('₦2,500.00');
      const theirReceipt = new ReceiptPage(theirPage, js);
      await theirReceipt.goto(reference);
      await expect(theirReceipt.heading).toHaveText('Money received');
      await expect(theirReceipt.total).toHaveText('₦2,500.00');
      await theirs.close();
    });
  });

  test('to another bank: the name from the enquiry, the fee and stamp duty, and the PDF', async ({ page, js, transfer, send, receipt }) => {
    const sender = await signedInCustomer(page, naira(50_000));
    const accountNumber = nubanFor('123456789', gtBank);
    const name = await enquiredName(page, accountNumber, gtBank.nipCode);
    expect(name).toMatch(/^[A-Z]+ [A-Z]+ [A-Z]+$/);

    await transfer.goto();
    await transfer.toAnotherBankLink.click();
    await send.arrivedAt(SendMoneyPage.path);
    await send.fillDetails({ bank: gtBank.name, accountNumber, amount: '12,000', narration: 'School fees' });
    await send.proceed();
    await expect(send.recipientName).toHaveText(name);
    // ₦25 from ₦5,001 to ₦50,000; ₦50 stamp duty from ₦10,000.
    await expect(send.transferFee).toHaveText('₦25.00');
    await expect(send.stampDuty).toHaveText('₦50.00');
    await expect(send.total).toHaveText('₦12,075.00');
    await expect(send.sendButton).toHaveText('Send ₦12,075.00');
    await send.confirm(sender.pin);

    const reference = await receipt.arrived();
    await expect(receipt.heading).toHaveText('Transfer sent');
    await expect(receipt.status).toHaveText('Successful');
    await expect(receipt.amount).toHaveText('₦12,000.00');
    await expect(receipt.transferFee).toHaveText('₦25.00');
    await expect(receipt.stampDuty).toHaveText('₦50.00');
    await expect(receipt.total).toHaveText('₦12,075.00');
    await expect(receipt.recipient).toContainText(name);
    await expect(receipt.recipient).toContainText(accountNumber);
    await expect(receipt.recipient).toContainText(gtBank.name);
    await expect(receipt.sessionId).toHaveText(/^\d{30}$/);

    // Printing: a button with JavaScript, a plain hint without; either way the print styles apply.
    await expect(page.getByRole('button', { name: 'Print receipt' })).toBeVisible({ visible: js });
    await expect(page.getByText('To print this receipt, use your browser’s menu')).toBeVisible({ visible: !js });

    await test.step('“Download PDF” answers with the receipt as a PDF file', async () => {
      const href = await receipt.downloadPdfLink.getAttribute('href');
      expect(href).toBe(`/transfer/receipt.pdf?reference=${reference}`);
      const response = await page.request.get(href!);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toBe('application/pdf');
      expect(response.headers()['content-disposition']).toBe(`attachment; filename="receipt-${reference}.pdf"`);
      expect((await response.body()).subarray(0, 5).toString()).toBe('%PDF-');
    });

    await transfer.goto();
    await expect(transfer.balance).toHaveText('₦37,925.00');
  });

  test('the other bank unavailable: the receipt says Reversed and the money is back', async ({ page, transfer, send, receipt }) => {
    const sender = await signedInCustomer(page, naira(20_000));
    // The sandbox switch answers 91 (beneficiary bank not available) for this serial.
    const accountNumber = nubanFor('999999992', gtBank);

    await send.start('?to=bank', { bank: gtBank.name, accountNumber, amount: '1,000' });
    await expect(send.recipientName).toBeVisible();
    await expect(send.transferFee).toHaveText('₦10.00');
    await send.confirm(sender.pin);

    await expectReversed(receipt, { heading: 'Transfer reversed', explanation: ['₦1,010.00, the amount and its charges, was returned to your account'] });

    await transfer.goto();
    await expect(transfer.balance).toHaveText('₦20,000.00');
  });

  test('the other bank slow to answer: pending, then “Check status” settles it', async ({ page, send, receipt }) => {
    const sender = await signedInCustomer(page, naira(20_000));
    // The sandbox switch times out on this serial; a status query then says it went through.
    const accountNumber = nubanFor('999999993', gtBank);

    await send.start('?to=bank', { bank: gtBank.name, accountNumber, amount: '2,000' });
    await expect(send.recipientName).toBeVisible();
    await send.confirm(sender.pin);

    await expectPendingThenSettled(receipt, { pending: 'Transfer pending', explanation: 'We are confirming with the other bank', settled: 'Transfer sent' });
  });

  test('a wrong PIN says how many tries are left and moves nothing; the right one then sends once', async ({ page, js, transfer, send, receipt, recipient }) => {
    const sender = await signedInCustomer(page, naira(20_000));

    // With JavaScript or without, every attempt at this one transfer is posted from the review under the same key.
    const keys: string[] = [];
    await send.start('?to=local', { accountNumber: recipient.accountNumber, amount: '1,000' });
    await expect(send.recipientName).toBeVisible();
    keys.push(await send.idempotencyKey.inputValue());
    await send.confirm('9135');
    await expect(send.fieldError('pin')).toContainText('Wrong PIN. 4 tries left');
    await expect(send.pin).toHaveValue(''); // never sent back to the page

    const elsewhere = await page.context().newPage();
    const check = new TransferPage(elsewhere, js);
    await check.goto();
    await expect(check.balance).toHaveText('₦20,000.00');
    await elsewhere.close();

    keys.push(await send.idempotencyKey.inputValue());
    await send.confirm(sender.pin);
    await receipt.arrived();
    await expect(receipt.status).toHaveText('Successful');
    await transfer.goto();
    await expect(transfer.balance).toHaveText('₦19,000.00');
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[A-Za-z0-9-]{8,64}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  test('an amount over the balance is refused before the PIN, with a clear message', async ({ page, send, recipient }) => {
    await signedInCustomer(page, naira(5_000));

    await send.start('?to=local', { accountNumber: recipient.accountNumber, amount: '6,000' });
    await expect(send.fieldError('amount')).toHaveText('Your balance of ₦5,000.00 is not enough for ₦6,000.00 (amount and charges).');
    await expect(send.pin).toHaveCount(0);
    await expect(send.sendButton).toHaveCount(0);
  });

  test('an account the other bank does not know is named so under the field; unknown receipts are not found', async ({ page, send, receipt }) => {
    await signedInCustomer(page, naira(5_000));
    // The sandbox switch answers 25 (unable to locate record) for this serial.
    const accountNumber = nubanFor('999999991', gtBank);

    await send.start('?to=bank', { bank: gtBank.name, accountNumber, amount: '1,000' });
    await expect(page.getByText(`${gtBank.name} has no account with that number.`)).toBeVisible();
    await expect(send.recipientName).toHaveCount(0);
    await expect(send.pin).toHaveCount(0);

    const response = await receipt.goto('TRF0000000000NOTMINE');
    expect(response?.status()).toBe(404);
    await expect(receipt.heading).toHaveText('Transaction not found');
    expect((await page.request.get('/transfer/receipt.pdf?reference=TRF0000000000NOTMINE')).status()).toBe(404);
  });

  test('save a beneficiary while sending, then send to it again from /transfer', async ({ page, transfer, send, receipt, recipient }) => {
    const sender = await signedInCustomer(page, naira(20_000));
    const recipientName = await enquiredName(page, recipient.accountNumber, await thisBankCode(page));

    await transfer.goto();
    await expect(transfer.beneficiaries).toHaveCount(0);
    await send.start('?to=local', { accountNumber: recipient.accountNumber, amount: '1,500', saveBeneficiary: true });
    await expect(send.recipientName).toHaveText(recipientName);
    await send.confirm(sender.pin);
    await receipt.arrived();
    await expect(receipt.status).toHaveText('Successful');

    await transfer.goto();
    await expect(transfer.beneficiaries).toHaveCount(1);
    await transfer.beneficiary(recipientName).click();
    await send.arrivedAt(SendMoneyPage.path);
    expect(new URL(page.url()).searchParams.get('beneficiary')).toMatch(/^ben_/);
    await expect(send.accountNumber).toHaveValue(recipient.accountNumber);
    await expect(send.recipientName).toHaveText(recipientName);
    await send.amount.fill('700');
    await send.proceed();
    await expect(send.recipientName).toHaveText(recipientName);
    await send.confirm(sender.pin);
    await receipt.arrived();
    await expect(receipt.status).toHaveText('Successful');
    await expect(receipt.recipient).toContainText(recipientName);

    await transfer.goto();
    await expect(transfer.balance).toHaveText('₦17,800.00');
  });
});

test.describe('on the narrowest phones', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('the transfer screens and the receipt fit 320 px', async ({ page, js, transfer, send, receipt }) => {
    const sender = await signedInCustomer(page, naira(20_000));
    await transfer.goto();
    await expectNoSideways(page, '/transfer');

    await send.start('?to=bank', { bank: 'Access Bank (Diamond)', accountNumber: '12345', amount: '1,23' });
    await expectNoSideways(page, '/transfer/send with messages');

    await send.goto('?to=bank');
    const accountNumber = nubanFor('123456789', gtBank);
    await send.fillDetails({ bank: gtBank.name, accountNumber, amount: '10,000', narration: 'Contribution for the Ogunleye-Adebayo family reunion, Abeokuta' });
    await send.proceed();
    await expect(send.recipientName).toBeVisible();
    await expectNoSideways(page, js ? '/transfer/send ready to send' : 'the confirm step');
    await send.confirm(sender.pin);
    await receipt.arrived();
    await expectNoSideways(page, 'the receipt');
  });
});
