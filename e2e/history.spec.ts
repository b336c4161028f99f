import { TransactionsPage } from './page-models/transactions-page.ts';
import { randomUUID } from 'node:crypto';
import { callApi, gtBank, onboardThroughApi, receiveTransfer } from './support/customers.ts';
import { mailsTo, rawMail, waitUntil } from './support/outbox.ts';
import { expect, test } from './support/fixtures.ts';
import { lagosDate } from '../src/lib/lagos-time.ts';
import { formatNaira } from '../src/lib/money.ts';
import { nubanFor } from '../src/lib/nuban.ts';

/** A date `days` after today in Lagos (negative for the past), as a date input takes it. */
function lagosDay(days: number): string {
  return lagosDate(new Date(Date.now() + days * 86_400_000));
}

/** The mails to `email` that contain `text`, raw with their headers unfolded, oldest first. */
function mailsWith(email: string, text: string): string[] {
  return mailsTo(email)
    .map((file) => rawMail(file).replace(/\r?\n[ \t]+/g, ' '))
    .filter((mail) => mail.includes(text));
}

/** Statements are built and mailed in the background: waits (up to 15 s) for the one with this file. */
async function waitForMailWith(email: string, text: string, timeoutMs = 15_000): Promise<string> {
  return waitUntil(() => mailsWith(email, text).at(-1), timeoutMs, () => `Waited ${timeoutMs} ms for a mail to ${email} containing ${text}.`);
}

/** The decoded body of the MIME part whose Content-Type starts with `type`. */
function attachment(mail: string, type: string): { headers: string; body: Buffer } {
  const boundary = mail.match(/boundary="?([^";\s]+)"?/)?.[1];
  if (!boundary) throw new Error('The mail has no parts');
  for (const part of mail.split(`--${boundary}`)) {
    const [headers = '', ...rest] = part.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
    if (!new RegExp(`^content-type: ${type.replace('/', '\\/')}`, 'im').test(headers)) continue;
    const body = rest.join('\n\n');
    return { headers, body: /content-transfer-encoding: base64/i.test(headers) ? Buffer.from(body.replace(/\s+/g, ''), 'base64') : Buffer.from(body) };
  }
  throw new Error(`No ${type} part in the mail`);
}

test('the history lists money in newest first, searches and filters it, and opens receipts', async ({ page, js, customer }) => {
  const me = await onboardThroughApi(page.request, customer);
  await receiveTransfer(page.request, me.accountNumber, 150_000, 'ADAEZE OKONKWO');
  const newest = await receiveTransfer(page.request, me.accountNumber, 275_050, 'MUSA GARBA BELLO');
  const history = new TransactionsPage(page, js);

  await test.step('newest first, signed and in naira, with the sender', async () => {
    await history.goto();
    await expect(history.heading).toHaveText('Transactions');
    await expect(history.rows).toHaveCount(2);
    await expect(history.rows.nth(0)).toContainText('MUSA GARBA BELLO');
    await expect(history.rows.nth(0)).toContainText('+₦2,750.50');
    await expect(history.rows.nth(0)).toContainText('Transfer');
    await expect(history.rows.nth(1)).toContainText('ADAEZE OKONKWO');
    await expect(history.rows.nth(1)).toContainText('+₦1,500.00');
    await expect(history.range).toHaveText('Showing 1–2 of 2, newest first');
    // One page only: no page links.
    await expect(history.pages).toHaveCount(0);
  });

  await test.step('searching by the sender’s name finds their row only', async () => {
    await history.filter({ q: 'adaeze' });
    expect(new URL(page.url()).searchParams.get('q')).toBe('adaeze');
    await expect(history.rows).toHaveCount(1);
    await expect(history.rows.nth(0)).toContainText('ADAEZE OKONKWO');
    await expect(history.search).toHaveValue('adaeze');
  });

  await test.step('money in lists both; money out finds nothing and says the filters hide it', async () => {
    await history.filter({ q: '', type: 'Money in' });
    await expect(history.rows).toHaveCount(2);
    await history.filter({ type: 'Money out' });
    expect(new URL(page.url()).searchParams.get('type')).toBe('debit');
    await expect(history.rows).toHaveCount(0);
    await expect(history.emptyState).toContainText('No transactions match these filters.');
    await expect(history.direction).toHaveValue('debit');
    await history.navigate(() => history.clearLink.click());
    expect(new URL(page.url()).search).toBe('');
    await expect(history.rows).toHaveCount(2);
  });

  await test.step('a category and a date range that include the credits still list them', async () => {
    await history.filter({ category: 'Transfer', from: lagosDay(-1), to: lagosDay(0) });
    await expect(history.rows).toHaveCount(2);
    await history.filter({ category: 'Airtime' });
    await expect(history.emptyState).toContainText('No transactions match these filters.');
  });

  await test.step('a row opens its receipt', async () => {
    await history.goto();
    await history.receiptLink('MUSA GARBA BELLO').click();
    await page.waitForURL((url) => url.pathname === '/transfer/success');
    expect(new URL(page.url()).searchParams.get('reference')).toBe(newest.reference);
  });
});

test('money out lists a transfer to another bank, signed and with its fee', async ({ page, js, customer }) => {
  const me = await onboardThroughApi(page.request, customer);
  await receiveTransfer(page.request, me.accountNumber, 2_000_000, 'OBINNA IBE');
  const sent = await callApi<{ reference: string; fee: number }>(
    page.request,
    'POST',
    `/v1/transfer/bank/${me.accountNumber}`,
    { account_number: nubanFor('123456780', gtBank), bank_code: gtBank.nipCode, amount: 500_000, pin: me.pin, narration: 'School fees' },
    { 'idempotency-key': `history-${randomUUID()}` },
  );
  const history = new TransactionsPage(page, js);
  await history.goto();
  await expect(history.rows).toHaveCount(2);
  await expect(history.rows.nth(0)).toContainText('School fees');

  await history.filter({ type: 'Money out' });
  await expect(history.rows).toHaveCount(1);
  await expect(history.rows.nth(0)).toContainText('−₦5,000.00');
  if (sent.fee > 0) await expect(history.rows.nth(0)).toContainText(`+ ${formatNaira(sent.fee)} fee`);
  await history.filter({ type: 'Money in' });
  await expect(history.rows).toHaveCount(1);
  await expect(history.rows.nth(0)).toContainText('OBINNA IBE');

  await history.filter({ type: 'Both', q: 'school' });
  await expect(history.rows).toHaveCount(1);
  await expect(history.receiptLink('School fees')).toHaveAttribute('href', `/transfer/success?reference=${encodeURIComponent(sent.reference)}`);
});

test('a new account says it has no transactions yet', async ({ page, js, customer }) => {
  await onboardThroughApi(page.request, customer);
  const history = new TransactionsPage(page, js);
  await history.goto();
  await expect(history.emptyState).toContainText('No transactions yet.');
  await expect(history.clearLink).toHaveCount(0);
});

test('more than 20 transactions are paged, and the page links keep the filters', async ({ page, js, customer }) => {
  const me = await onboardThroughApi(page.request, customer);
  // 23 credits, oldest first: "Sender 01" … "Sender 23".
  for (let index = 1; index <= 23; index += 1) {
    await receiveTransfer(page.request, me.accountNumber, 10_000 + index, `SENDER ${String(index).padStart(2, '0')}`);
  }
  const history = new TransactionsPage(page, js);

  await history.goto();
  await expect(history.rows).toHaveCount(20);
  await expect(history.pageStatus).toHaveText('Page 1 of 2');
  await expect(history.range).toHaveText('Showing 1–20 of 23, newest first');
  await expect(history.rows.first()).toContainText('SENDER 23');
  await expect(history.previousLink).toHaveCount(0);

  await history.navigate(() => history.nextLink.click());
  expect(new URL(page.url()).searchParams.get('page')).toBe('2');
  await expect(history.pageStatus).toHaveText('Page 2 of 2');
  await expect(history.rows).toHaveCount(3);
  await expect(history.rows.nth(0)).toContainText('SENDER 03');
  await expect(history.rows.nth(2)).toContainText('SENDER 01');
  await expect(history.nextLink).toHaveCount(0);

  await history.navigate(() => history.previousLink.click());
  expect(new URL(page.url()).search).toBe('');
  await expect(history.pageStatus).toHaveText('Page 1 of 2');

  await test.step('filters survive paging', async () => {
    await history.filter({ type: 'Money in' });
    await expect(history.pageStatus).toHaveText('Page 1 of 2');
    await history.navigate(() => history.nextLink.click());
    const params = new URL(page.url()).searchParams;
    expect(params.get('type')).toBe('credit');
    expect(params.get('page')).toBe('2');
    await expect(history.rows).toHaveCount(3);
    await expect(history.direction).toHaveValue('credit');
  });

  await test.step('a search narrows the pages down', async () => {
    // SENDER 20, 21, 22 and 23 ("SENDER 02" does not contain "sender 2").
    await history.goto('?q=sender+2');
    await expect(history.rows).toHaveCount(4);
    await expect(history.pages).toHaveCount(0);
  });

  await test.step('a page past the end goes to the last page', async () => {
    await history.goto('?type=credit&page=9');
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    await expect(history.pageStatus).toHaveText('Page 2 of 2');
  });
});

test('a bad date range shows a message and every transaction instead', async ({ page, js, customer }) => {
  const me = await onboardThroughApi(page.request, customer);
  await receiveTransfer(page.request, me.accountNumber, 50_000, 'CHIAMAKA EZE');
  const history = new TransactionsPage(page, js);
  await history.goto();

  await history.filter({ from: lagosDay(0), to: lagosDay(-7) });
  await expect(history.alert).toHaveText('The end date is before the start date. Showing all your transactions instead.');
  await expect(history.fieldError('to')).toHaveText('The end date is before the start date');
  // What was typed stays, to be corrected; the list falls back to everything.
  await expect(history.fromDate).toHaveValue(lagosDay(0));
  await expect(history.toDate).toHaveValue(lagosDay(-7));
  await expect(history.rows).toHaveCount(1);

  const response = await history.goto('?from=2026-02-30&type=sideways&page=abc');
  expect(response?.status()).toBe(200);
  await expect(history.alert).toContainText('Showing all your transactions instead.');
  await expect(history.fieldError('from')).toHaveText('That date does not exist');
  await expect(history.fieldError('type')).toHaveText('Choose money in, money out or both');
  await expect(history.rows).toHaveCount(1);
});

test('a statement is requested as CSV and as PDF and arrives by email', async ({ page, js, customer }) => {
  const me = await onboardThroughApi(page.request, customer);
  const credit = await receiveTransfer(page.request, me.accountNumber, 420_000, 'FOLAKE ADEBANJO');
  const history = new TransactionsPage(page, js);
  const fileStem = `statement-${me.accountNumber}-`;

  await test.step('the form starts at the last three months to today', async () => {
    await history.goto();
    await history.navigate(() => history.requestStatementLink.click());
    expect(new URL(page.url()).searchParams.get('statement')).toBe('1');
    await expect(history.heading).toHaveText('Request a statement');
    await expect(history.endDate).toHaveValue(lagosDay(0));
    await expect(history.startDate).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
    await expect(history.format('pdf')).toBeChecked();
  });

  await test.step('refused with a message by the field: end before start, over 12 months, in the future', async () => {
    await history.requestStatement({ format: 'csv', start: lagosDay(-2), end: lagosDay(-5) });
    await expect(history.fieldError('end_date')).toHaveText('The last day is before the first day');
    await expect(history.startDate).toHaveValue(lagosDay(-2));
    await expect(history.format('csv')).toBeChecked();

    await history.requestStatement({ format: 'csv', start: lagosDay(-400), end: lagosDay(0) });
    await expect(history.fieldError('end_date')).toHaveText('A statement covers at most 12 months');

    await history.requestStatement({ format: 'csv', start: lagosDay(-3), end: lagosDay(2) });
    await expect(history.fieldError('end_date')).toHaveText('The last day cannot be in the future');
    expect(mailsWith(me.email, fileStem)).toHaveLength(0);
  });

  await test.step('CSV: confirmed on the page, then in the inbox with the file attached', async () => {
    await history.requestStatement({ format: 'csv', start: lagosDay(-30), end: lagosDay(0) });
    expect(new URL(page.url()).searchParams.get('statement')).toBe('sent');
    await expect(history.notice).toContainText(`Your statement is on its way to ${me.email}`);
    const file = `${fileStem}${lagosDay(-30)}-to-${lagosDay(0)}.csv`;
    const csv = attachment(await waitForMailWith(me.email, file), 'text/csv');
    expect(csv.headers).toContain(`filename=${file}`);
    expect(csv.body.toString('utf8')).toContain(credit.reference);
  });

  await test.step('PDF: the same, with a PDF attached', async () => {
    await history.navigate(() => history.requestStatementLink.click());
    await history.requestStatement({ format: 'pdf' });
    expect(new URL(page.url()).searchParams.get('statement')).toBe('sent');
    await expect(history.notice).toContainText(`Your statement is on its way to ${me.email}`);
    const pdf = attachment(await waitForMailWith(me.email, `-to-${lagosDay(0)}.pdf`), 'application/pdf');
    expect(pdf.headers).toMatch(new RegExp(`filename=${fileStem}\\d{4}-\\d{2}-\\d{2}-to-${lagosDay(0)}\\.pdf`));
    expect(pdf.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});

test.describe('on the narrowest phones', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('the history, its filters, its pages and the statement form fit 320 px', async ({ page, js, customer }) => {
    const me = await onboardThroughApi(page.request, customer);
    for (let index = 1; index <= 21; index += 1) {
      await receiveTransfer(page.request, me.accountNumber, 1_234_500 + index, `CHUKWUEMEKA ONYEKACHI NWACHUKWU ${index}`);
    }
    const history = new TransactionsPage(page, js);
    await history.goto('?type=credit&from=2026-01-01');
    await expect(history.pageStatus).toHaveText('Page 1 of 2');
    await expect(history.direction).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await history.goto('?statement=1');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });
});
