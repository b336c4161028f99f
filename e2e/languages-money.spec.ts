import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, model, test as base } from './support/fixtures.ts';
import { callApi, gtBank } from './support/customers.ts';
import { naira, signedInCustomer } from './support/funded.ts';
import { LanguagePicker } from './page-models/language-picker.ts';
import { SendMoneyPage } from './page-models/send-money-page.ts';
import { ReceiptPage } from './page-models/receipt-page.ts';
import { nubanFor } from '../src/lib/nuban.ts';
import { inspectPdf } from '../src/server/testing/inspect-pdf.ts';

/**
 * Money in the customer's language, with JavaScript on and off: send money in Hausa
 * (/transfer, the details, the review step with the PIN, the receipt), and the PDF receipt in
 * Igbo, downloaded as a customer downloads it and read back as a PDF reader reads it.
 */
const test = base.extend<{ picker: LanguagePicker; send: SendMoneyPage; receipt: ReceiptPage }>({
  picker: model(LanguagePicker),
  send: model(SendMoneyPage),
  receipt: model(ReceiptPage),
});

/** The name the bank's name enquiry gives for an account at GTBank. */
async function enquiredName(page: Page, accountNumber: string): Promise<string> {
  return (await callApi<{ account_name: string }>(page.request, 'POST', '/v1/transfer/enquiry', { account_number: accountNumber, bank_code: gtBank.nipCode })).account_name;
}

/** Signs a funded customer in and chooses `language` in settings; the screens come back in it. */
async function customerReadingIn(page: Page, picker: LanguagePicker, language: string, tag: string) {
  const customer = await signedInCustomer(page, naira(50_000));
  await page.goto('/account/settings');
  await picker.ready();
  await picker.choose(language);
  expect(await picker.htmlLang()).toBe(tag);
  return customer;
}

test.describe('money in the customer’s language', () => {
  test('send money in Hausa: the choices, the details, the PIN and the receipt', async ({ page, picker, send, receipt }) => {
    const customer = await customerReadingIn(page, picker, 'Hausa', 'ha-NG');
    const accountNumber = nubanFor('123456789', gtBank);
    const name = await enquiredName(page, accountNumber);

    await page.goto('/transfer');
    await send.ready();
    await expect(page.getByRole('heading', { name: 'Kuɗin da ake iya amfani da su' })).toBeVisible();
    await expect(page.getByText('Babu mai karɓa da ka ajiye tukuna.')).toBeVisible();
    await expect(page.getByText('Available balance')).toHaveCount(0);
    await page.getByRole('link', { name: 'Zuwa wani banki' }).click();
    await send.arrivedAt(SendMoneyPage.path);
    expect(await picker.htmlLang()).toBe('ha-NG');

    await page.getByLabel('Banki', { exact: true }).selectOption({ label: gtBank.name });
    await page.getByLabel('Lambar asusu').fill(accountNumber);
    await expect(page.getByText('Za a tabbatar da sunan a bankin a shafi na gaba, kafin ka aika.')).toBeVisible();
    await page.getByLabel('Adadi', { exact: true }).fill('12,000');
    await page.getByLabel('Bayani (ba dole ba)').fill('Kuɗin makaranta');
    await send.postWith(page.getByRole('button', { name: 'Ci gaba' }));

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tabbatar da tura kuɗi');
    await expect(send.recipientName).toHaveText(name);
    await expect(send.total).toHaveText('₦12,075.00');
    await page.getByLabel('PIN na ma’amala').fill(customer.pin);
    await page.getByRole('button', { name: 'Aika ₦12,075.00' }).click();

    await receipt.arrived();
    expect(await picker.htmlLang()).toBe('ha-NG');
    await expect(receipt.heading).toHaveText('An tura kuɗi');
    await expect(receipt.status).toHaveText('An yi nasara');
    await expect(receipt.amount).toHaveText('₦12,000.00');
    await expect(receipt.total).toHaveText('₦12,075.00');
    await expect(page.getByText('Tura kuɗi · Kuɗi ya fita')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Mai karɓa' })).toBeVisible();
    await expect(receipt.recipient).toContainText(name);
    await expect(receipt.narration).toHaveText('Kuɗin makaranta');
    await expect(page.getByRole('link', { name: 'Sauke PDF' })).toBeVisible();
    await expect(page.getByText('Transfer sent')).toHaveCount(0);

    // The dashboard in Hausa: greeting, the month, the chart, the latest transactions with their category.
    await page.getByRole('link', { name: 'Koma babban shafina' }).click();
    await receipt.arrivedAt('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(new RegExp(`^Barka da (safiya|rana|yamma), ${customer.firstName}$`));
    await expect(page.getByRole('heading', { name: 'Wannan watan' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Kuɗin da suka shigo da suka fita, watanni 6 na ƙarshe' })).toBeVisible();
    await expect(page.getByTestId('month-out')).toHaveText('₦12,075.00');
    await expect(page.getByTestId('latest-transactions')).toContainText('Tura kuɗi ·');
    await expect(page.getByRole('navigation', { name: 'Ayyuka masu sauri' }).getByRole('link', { name: 'Aika kuɗi' })).toBeVisible();
    await expect(page.getByText('Latest transactions')).toHaveCount(0);
  });

  test('the PDF receipt in Igbo contains its text exactly', async ({ page, picker, send, receipt }) => {
    const customer = await customerReadingIn(page, picker, 'Igbo', 'ig-NG');
    const accountNumber = nubanFor('123456789', gtBank);
    const name = await enquiredName(page, accountNumber);

    await send.goto('?to=bank');
    await page.getByLabel('Ụlọ akụ', { exact: true }).selectOption({ label: gtBank.name });
    await page.getByLabel('Nọmba akaụntụ').fill(accountNumber);
    await page.getByLabel('Ego ole', { exact: true }).fill('12,000');
    await page.getByLabel('Nkọwa (ọ bụghị iwu)').fill('Ụgwọ ụlọ akwụkwọ');
    await send.postWith(page.getByRole('button', { name: 'Gaa n’ihu' }));
    await page.getByLabel('PIN azụmahịa').fill(customer.pin);
    await page.getByRole('button', { name: 'Zipu ₦12,075.00' }).click();
    const reference = await receipt.arrived();
    await expect(receipt.heading).toHaveText('E zipuru ego');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Budata PDF' }).click()]);
    expect(download.suggestedFilename()).toBe(`receipt-${reference}.pdf`);
    const pdf = inspectPdf(await readFile(await download.path()));
    expect(pdf.pageCount).toBe(1);
    const strings = pdf.pages[0]!.strings;
    const bank = strings[0]!;
    const date = strings[strings.indexOf('Ụbọchị') + 1]!;
    expect(date).toMatch(/^\d{1,2} \S+ 2\d{3}, \d{2}:\d{2} WAT$/);
    const sessionId = strings[strings.indexOf('Session ID') + 1]!;
    expect(sessionId).toMatch(/^\d{30}$/);
    // The customer's own account name, as the bank holds it.
    const ownName = strings[strings.indexOf('Onye zitere') + 2]!;
    expect(ownName.toUpperCase()).toContain(customer.firstName.toUpperCase());
    const footer = `${bank} mepụtara rịsịtị a site n’ihe ndekọ ya banyere azụmahịa a. Maka ajụjụ, kwuo nọmba ntụaka ${reference}.`;
    const body = strings.length - (strings.at(-1) === footer ? 1 : 2);
    // The footer, on one line or wrapped onto two.
    expect(strings.slice(body).join(' ')).toBe(footer);
    expect(strings.slice(0, body)).toEqual([
      bank,
      'Rịsịtị azụmahịa',
      '₦12,000.00',
      'Nzipu ego · Ego pụrụ · Ọ gara nke ọma',
      'Azụmahịa',
      'Nọmba ntụaka',
      reference,
      'Ụbọchị',
      date,
      'Ụdị',
      'Nzipu ego (ego pụrụ)',
      'Ọnọdụ',
      'Ọ gara nke ọma',
      'Nkọwa',
      'Ụgwọ ụlọ akwụkwọ',
      'Session ID',
      sessionId,
      'Ego ole na ụgwọ ọrụ',
      'Ego ole',
      '₦12,000.00',
      'Ụgwọ nzipu',
      '₦25.00',
      'Ụgwọ stampụ',
      '₦50.00',
      'Ngụkọta e wepụrụ',
      '₦12,075.00',
      'Onye zitere',
      'Aha akaụntụ',
      ownName,
      'Nọmba akaụntụ',
      customer.accountNumber,
      'Ụlọ akụ',
      bank,
      'Onye nnata',
      'Aha akaụntụ',
      name,
      'Nọmba akaụntụ',
      accountNumber,
      'Ụlọ akụ',
      gtBank.name,
    ]);
  });
});
