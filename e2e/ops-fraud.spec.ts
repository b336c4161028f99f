import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { addStaffFromCommandLine, enrol, signIn } from './support/ops-staff.ts';
import { callApi, gtBank } from './support/customers.ts';
import { fundedCustomer, naira, signedInCustomer } from './support/funded.ts';
import { nubanFor } from '../src/lib/nuban.ts';

/** A fraud officer made on the command line, enrolled and signed in on `page` (plain forms: no JavaScript needed). */
async function fraudOfficer(page: Page, baseURL: string): Promise<void> {
  const email = `fraud-${randomBytes(4).toString('hex')}@bank.ng`;
  const secret = await enrol(page, await addStaffFromCommandLine(baseURL, 'fraud', email, 'Femi Fraud'));
  await signIn(page, email, secret);
}

/** Three senders at other banks credit ₦40,000 each, then the customer sends ₦10,000 out: the mule pattern. */
async function mulePattern(page: Page, baseURL: string) {
  const mule = await signedInCustomer(page, 0);
  for (const from of ['0690000031', '0690000032', '0690000033']) {
    await callApi(page.request, 'POST', '/sandbox/inbound-transfer', { account_number: mule.accountNumber, amount: naira(40_000), sender_name: `SENDER ${from}`, sender_bank_code: gtBank.nipCode, sender_account_number: from });
  }
  const payee = await fundedCustomer(baseURL, 0);
  await callApi(page.request, 'POST', `/v1/transfer/local/${mule.accountNumber}`, { account_number: payee.accountNumber, amount: naira(10_000), narration: 'Sharing', pin: mule.pin }, { 'idempotency-key': `fraud-e2e-${randomBytes(6).toString('hex')}` });
  return mule;
}

/** The queue, reloaded until the worker has judged the transfer and the account's mule flag is there. */
async function flagInQueue(officer: Page, accountNumber: string) {
  const row = officer.getByRole('row').filter({ hasText: accountNumber }).filter({ hasText: 'Mule pattern' });
  await expect(async () => {
    await officer.goto('/ops/fraud');
    await expect(row).toHaveCount(1, { timeout: 500 });
  }).toPass({ timeout: 20_000 });
  await expect(row).toContainText('₦10,000.00');
  await expect(row).toContainText('3 credits from 3 different accounts (0690000031, 0690000032, 0690000033) totalling ₦120,000.00');
  await expect(row).toContainText(/\d{1,2} \w{3} \d{4}, \d{2}:\d{2}/);
  return row;
}

test.describe('the fraud queue', () => {
  test('a mule pattern is flagged; a fraud officer sees it in the queue and freezes the account with a reason', async ({ page, browser, baseURL }) => {
    const mule = await mulePattern(page, baseURL!);
    const officer = await (await browser.newContext({ baseURL: baseURL! })).newPage();
    await fraudOfficer(officer, baseURL!);
    await officer.getByRole('link', { name: 'Fraud queue' }).click();
    const row = await flagInQueue(officer, mule.accountNumber);
    await expect(row).toContainText(`${mule.firstName} ${mule.lastName}`);
    await row.getByRole('link', { name: 'Mule pattern' }).click();
    await expect(officer.getByRole('heading', { level: 1 })).toHaveText('Flag: Mule pattern');
    await officer.getByRole('button', { name: 'Freeze the account' }).click();
    // The browser's own check, without JavaScript too: a reason is required.
    await expect(officer.getByRole('heading', { level: 1 })).toHaveText('Flag: Mule pattern');
    await officer.getByLabel(/Reason/).fill('Three strangers paid in and it went straight out');
    await officer.getByRole('button', { name: 'Freeze the account' }).click();
    await expect(officer.getByRole('status')).toHaveText(`${mule.firstName} ${mule.lastName}'s account is frozen; the flag is closed.`);
    await expect(officer.locator('#flag-status')).toContainText('rejected');
    // The customer's money may no longer leave.
    const refused = await page.request.post(`/api/v1/transfer/local/${mule.accountNumber}`, {
      headers: { origin: new URL(baseURL!).origin, 'idempotency-key': `fraud-e2e-${randomBytes(6).toString('hex')}` },
      data: { account_number: '0000000000', amount: naira(100), narration: '', pin: mule.pin },
    });
    expect([401, 423]).toContain(refused.status());
    await officer.goto('/ops/fraud');
    await expect(officer.getByRole('row').filter({ hasText: mule.accountNumber })).toHaveCount(0);
  });

  test('a fraud officer dismisses a mule flag that is not fraud, with a reason', async ({ page, browser, baseURL }) => {
    const mule = await mulePattern(page, baseURL!);
    const officer = await (await browser.newContext({ baseURL: baseURL! })).newPage();
    await fraudOfficer(officer, baseURL!);
    const row = await flagInQueue(officer, mule.accountNumber);
    await row.getByRole('link', { name: 'Mule pattern' }).click();
    await officer.getByLabel(/Reason/).fill('Family contributions for a wedding, confirmed by phone');
    await officer.getByRole('button', { name: 'Dismiss: not fraud' }).click();
    await expect(officer.getByRole('status')).toHaveText('The flag is dismissed.');
    await expect(officer.locator('#flag-status')).toContainText('dismissed');
    await expect(officer.locator('#flag-status')).toContainText('Family contributions for a wedding, confirmed by phone');
  });

  test('after a mule pattern a transfer to another bank is held before it is sent; the customer sees it held, a fraud officer releases it and it is sent', async ({ page, browser, baseURL }) => {
    const mule = await signedInCustomer(page, 0);
    for (const from of ['0690000041', '0690000042', '0690000043']) {
      await callApi(page.request, 'POST', '/sandbox/inbound-transfer', { account_number: mule.accountNumber, amount: naira(40_000), sender_name: `SENDER ${from}`, sender_bank_code: gtBank.nipCode, sender_account_number: from });
    }
    const answer = await page.request.post(`/api/v1/transfer/bank/${mule.accountNumber}`, {
      headers: { accept: 'application/json', origin: new URL(baseURL!).origin, 'idempotency-key': `fraud-e2e-${randomBytes(6).toString('hex')}` },
      data: { account_number: nubanFor('123456780', gtBank), bank_code: gtBank.nipCode, amount: naira(10_000), narration: 'Rent', pin: mule.pin },
    });
    expect(answer.status()).toBe(202);
    const held = ((await answer.json()) as { data: { status: string; reference: string } }).data;
    expect(held.status).toBe('held');
    await page.goto(`/transfer/success?reference=${encodeURIComponent(held.reference)}`);
    await expect(page.getByTestId('receipt-status')).toHaveText('Held for a security check');
    await expect(page.getByRole('button', { name: 'Cancel this transfer' })).toBeVisible();
    await page.goto('/transactions');
    await expect(page.locator(`[data-reference="${held.reference}"]`).getByTestId('status')).toHaveText('Held for a security check');

    const officer = await (await browser.newContext({ baseURL: baseURL! })).newPage();
    await fraudOfficer(officer, baseURL!);
    await officer.goto('/ops/fraud');
    const row = officer.getByRole('row').filter({ hasText: mule.accountNumber }).filter({ hasText: 'Mule pattern' });
    await expect(row).toContainText('held: transfer not sent');
    await row.getByRole('link', { name: 'Mule pattern' }).click();
    await officer.getByLabel(/Reason/).fill('Customer confirmed the rent payment by phone');
    await officer.getByRole('button', { name: 'Release: send it' }).click();
    await expect(officer.getByRole('status')).toHaveText('Released and sent: the switch says successful.');
    await expect(officer.locator('#flag-status')).toContainText('released');

    await page.goto(`/transfer/success?reference=${encodeURIComponent(held.reference)}`);
    await expect(page.getByTestId('receipt-status')).toHaveText('Successful');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Transfer sent');
    await expect(page.getByRole('button', { name: 'Cancel this transfer' })).toHaveCount(0);
  });

  test('the customer cancels a held transfer from its receipt and has all of the money back', async ({ page }) => {
    const mule = await signedInCustomer(page, 0);
    for (const from of ['0690000051', '0690000052', '0690000053']) {
      await callApi(page.request, 'POST', '/sandbox/inbound-transfer', { account_number: mule.accountNumber, amount: naira(40_000), sender_name: `SENDER ${from}`, sender_bank_code: gtBank.nipCode, sender_account_number: from });
    }
    const held = await callApi<{ status: string; reference: string }>(page.request, 'POST', `/v1/transfer/bank/${mule.accountNumber}`, { account_number: nubanFor('123456780', gtBank), bank_code: gtBank.nipCode, amount: naira(10_000), narration: 'Rent', pin: mule.pin }, { 'idempotency-key': `fraud-e2e-${randomBytes(6).toString('hex')}` });
    expect(held.status).toBe('held');
    await page.goto(`/transfer/success?reference=${encodeURIComponent(held.reference)}`);
    await page.getByRole('button', { name: 'Cancel this transfer' }).click();
    await expect(page.getByRole('status')).toHaveText('The transfer is cancelled: all of the money is back in your account.');
    await expect(page.getByTestId('receipt-status')).toHaveText('Reversed');
    const balanceNow = async () => (await callApi<{ accounts: { balance: number }[] }>(page.request, 'GET', '/v1/profile')).accounts[0]!.balance;
    expect(await balanceNow()).toBe(naira(120_000));
  });
});
