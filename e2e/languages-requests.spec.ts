import { expect, test } from './support/fixtures.ts';
import { callApi, gtBank } from './support/customers.ts';
import { naira, signedInCustomer } from './support/funded.ts';
import { nubanFor } from '../src/lib/nuban.ts';
import { speak } from './support/language.ts';

/**
 * Payment requests and scheduled transfers in the customer's language, with
 * JavaScript on and off (every screen here is a plain form): a request made in Igbo with a field
 * error first, its link opened by a stranger reading Hausa, and a transfer scheduled in Pidgin
 * with a field error first.
 */

test.describe('requests and scheduled transfers in the customer’s language', () => {
  test('a payment request in Igbo (a field error first), its link opened in Hausa', async ({ page, browser, js }, testInfo) => {
    const requester = await signedInCustomer(page, 0);
    const name = `${requester.firstName} ${requester.lastName}`.toUpperCase();
    await speak(page, 'ig');

    await page.goto('/requests/new');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ig-NG');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Rịọ ego');
    await page.getByLabel('Ego ole na naịra (ọ bụghị iwu)').fill('iri puku');
    await page.getByRole('button', { name: 'Mepụta njikọ ahụ' }).click();
    await expect(page.getByText('Tinye ego ole na naịra, dịka 2500 ma ọ bụ 2,500.50, ma ọ bụ hapụ ya efu', { exact: true })).toBeVisible();
    await expect(page.getByText('Enter the amount in naira', { exact: false })).toHaveCount(0);

    await page.getByLabel('Ego ole na naịra (ọ bụghị iwu)').fill('2,500');
    await page.getByLabel('Gịnị ka ọ bụ maka? (ọ bụghị iwu)').fill('Nri ehihie');
    await page.getByLabel('Njikọ ahụ ga-arụ ọrụ maka').selectOption({ label: 'ụbọchị 7' });
    await page.getByRole('button', { name: 'Mepụta njikọ ahụ' }).click();
    await expect(page.getByRole('heading', { name: 'Arịrịọ gị adịla njikere ikesa' })).toBeVisible();
    const reference = ((await page.getByTestId('request-reference').textContent()) ?? '').trim();
    const path = new URL(((await page.getByTestId('request-link').textContent()) ?? '').trim()).pathname;
    const text = await page.getByTestId('share-text').inputValue();
    expect(text).toContain(`${name} na-arịọ gị ka ị kwụọ ₦2,500.00 maka "Nri ehihie".`);
    expect(text).toContain(`tinye ${reference} na nkọwa.`);
    await expect(page.getByRole('link', { name: 'Kesaa na WhatsApp' })).toBeVisible();

    await page.getByRole('link', { name: 'Arịrịọ m' }).first().click();
    await expect(page.locator(`[data-reference="${reference}"]`).getByTestId('request-status')).toHaveText('Ọ mepere emepe');
    await expect(page.locator(`[data-reference="${reference}"]`)).toContainText(`Ntụaka ${reference} · n’ime ${requester.accountNumber}`);

    // A stranger reading Hausa opens the link.
    const stranger = await browser.newContext({ baseURL: testInfo.project.use.baseURL, javaScriptEnabled: js });
    await stranger.addCookies([{ name: 'lang', value: 'ha', url: testInfo.project.use.baseURL! }]);
    const payer = await stranger.newPage();
    const response = await payer.goto(path);
    expect(response?.status()).toBe(200);
    await expect(payer.locator('html')).toHaveAttribute('lang', 'ha-NG');
    await expect(payer.getByRole('heading', { level: 1 })).toHaveText(`Biya ${name}`);
    await expect(payer.getByRole('heading', { name: 'Biya daga kowane bankin Najeriya' })).toBeVisible();
    await expect(payer.getByText('A manhajar bankinka, tura ₦2,500.00 zuwa:')).toBeVisible();
    await expect(payer.getByText('Wanda ya nema')).toBeVisible();
    await expect(payer.getByTestId('pay-reference')).toHaveText(reference);
    await expect(payer.getByRole('link', { name: 'Biya yanzu' })).toBeVisible();
    await expect(payer.getByText('Pay from any Nigerian bank')).toHaveCount(0);

    // An unknown link, in Hausa too.
    await payer.goto('/pay/ABCDEFGHJKMN');
    await expect(payer.getByRole('heading', { level: 1 })).toHaveText('Ba a sami mahaɗin biyan kuɗi ba');
    await expect(payer.getByTestId('pay-problem')).toHaveText('Wannan mahaɗin biyan kuɗi ba daidai ba ne. Duba mahaɗin, ko ka nemi sabo daga wanda ya aiko shi.');
    await stranger.close();
  });

  test('a transfer scheduled in Pidgin (a field error first), with its notice and status', async ({ page }) => {
    const customer = await signedInCustomer(page, naira(50_000));
    const accountNumber = nubanFor('123456789', gtBank);
    const recipient = (await callApi<{ account_name: string }>(page.request, 'POST', '/v1/transfer/enquiry', { account_number: accountNumber, bank_code: gtBank.nipCode })).account_name;
    await speak(page, 'pcm');

    await page.goto('/transfers/scheduled');
    await expect(page.locator('html')).toHaveAttribute('lang', 'pcm-NG');
    await expect(page.getByTestId('no-schedules')).toHaveText(/^You never schedule any transfer\./);
    await page.getByRole('link', { name: 'Schedule transfer' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Schedule transfer');

    await page.getByLabel('Bank', { exact: true }).selectOption({ label: gtBank.name });
    await page.getByLabel('Account number').fill('12345');
    await page.getByLabel('Amount (₦) each time').fill('5,000');
    await page.getByLabel('Every week').check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.locator('#account_number-error')).toHaveText('Account number na 10 digits');

    await page.getByLabel('Account number').fill(accountNumber);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Confirm the transfer wey you schedule');
    await expect(page.getByTestId('recipient-name')).toHaveText(recipient);
    await expect(page.getByTestId('schedule-repeat')).toHaveText('Every week');
    await expect(page.getByText('Each transfer go go by 08:00 Lagos time for im day, and we no go ask for your PIN again.')).toBeVisible();
    await page.getByLabel('Transaction PIN').fill(customer.pin);
    await page.getByRole('button', { name: 'Schedule the transfers' }).click();

    await expect(page).toHaveURL(/\/transfers\/scheduled\?made=/);
    await expect(page.getByText(new RegExp(`^Schedule don set: ₦5,000\\.00 to ${recipient}, every week\\. The first one go go on .+ by 08:00\\.$`))).toBeVisible();
    await expect(page.getByTestId('schedule-status')).toHaveText('E dey run');
    await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel this schedule' })).toBeVisible();
    await expect(page.getByText('Scheduled:')).toHaveCount(0);
  });
});
