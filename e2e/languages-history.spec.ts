import type { Page } from '@playwright/test';
import { expect, model, test as base } from './support/fixtures.ts';
import { gtBank, receiveTransfer } from './support/customers.ts';
import { naira, signedInCustomer } from './support/funded.ts';
import { mailsTo, rawMail, waitUntil } from './support/outbox.ts';
import { LanguagePicker } from './page-models/language-picker.ts';
import { nubanFor } from '../src/lib/nuban.ts';
import { lagosDate } from '../src/lib/lagos-time.ts';
import { inspectPdf } from '../src/server/testing/inspect-pdf.ts';

/**
 * History, beneficiaries, support and the legal texts in the customer's language,
 * JavaScript on and off: a beneficiary added in Yoruba after a field error, the transactions
 * and a statement in Hausa (the PDF read back exactly), a problem reported in Igbo, and the
 * privacy notice in Pidgin without signing in.
 */
const test = base.extend<{ picker: LanguagePicker }>({ picker: model(LanguagePicker) });

/** Signs a funded customer in and chooses `language` in settings; the screens come back in it. */
async function customerReadingIn(page: Page, picker: LanguagePicker, language: string, tag: string) {
  const customer = await signedInCustomer(page, naira(20_000));
  await page.goto('/account/settings');
  await picker.ready();
  await picker.choose(language);
  expect(await picker.htmlLang()).toBe(tag);
  return customer;
}

/** A date `days` after today in Lagos, as a date input takes it. */
const lagosDay = (days: number) => lagosDate(new Date(Date.now() + days * 86_400_000));

/** The decoded attachment of this type in a raw mail. */
function attachment(mail: string, type: string): Buffer {
  const boundary = mail.match(/boundary="?([^";\s]+)"?/)?.[1];
  if (!boundary) throw new Error('The mail has no parts');
  for (const part of mail.split(`--${boundary}`)) {
    const [headers = '', ...rest] = part.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
    if (!new RegExp(`^content-type: ${type.replace('/', '\\/')}`, 'im').test(headers)) continue;
    const body = rest.join('\n\n');
    return /content-transfer-encoding: base64/i.test(headers) ? Buffer.from(body.replace(/\s+/g, ''), 'base64') : Buffer.from(body);
  }
  throw new Error(`No ${type} part in the mail`);
}

test.describe('history, beneficiaries, support and the legal texts in the customer’s language', () => {
  test('a beneficiary added in Yoruba, after a field error, then deleted', async ({ page, picker }) => {
    await customerReadingIn(page, picker, 'Yorùbá', 'yo-NG');
    await page.goto('/beneficairies');
    await picker.ready();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Àwọn olùgbà owó');
    await expect(page.getByTestId('no-beneficiaries')).toHaveText(/^O kò tíì fi ẹnikẹ́ni pamọ́\./);
    await expect(page.getByRole('heading', { name: 'Fi olùgbà owó kún un' })).toBeVisible();

    // A short number: the field says so in Yoruba (the island's check, or the server's without JavaScript).
    await page.getByLabel('Báńkì', { exact: true }).selectOption({ label: gtBank.name });
    await page.getByLabel('Nọ́ńbà àkáǹtì').fill('12345');
    await page.getByRole('button', { name: 'Fi olùgbà owó kún un' }).click();
    await picker.ready();
    await expect(page.locator('#account_number-error')).toHaveText('Nọ́ńbà 10 ni nọ́ńbà àkáǹtì');
    await expect(page.getByText('An account number is 10 digits')).toHaveCount(0);

    // A wrong check digit: the bank's answer, with the bank's name in it, in Yoruba too.
    const accountNumber = nubanFor('123456789', gtBank);
    const badCheckDigit = accountNumber.slice(0, 9) + String((Number(accountNumber[9]) + 1) % 10);
    await page.getByLabel('Báńkì', { exact: true }).selectOption({ label: gtBank.name });
    await page.getByLabel('Nọ́ńbà àkáǹtì').fill(badCheckDigit);
    await page.getByRole('button', { name: 'Fi olùgbà owó kún un' }).click();
    await picker.ready();
    await expect(page.getByText(`Èyí kì í ṣe nọ́ńbà àkáǹtì ${gtBank.name} tó tọ́. Ṣàyẹ̀wò rẹ̀ kí o sì tún gbìyànjú.`).first()).toBeVisible();
    await expect(page.locator('#account_number-error')).toHaveText('Ṣàyẹ̀wò nọ́ńbà àkáǹtì náà');
    await expect(page.getByText(/not a valid/)).toHaveCount(0);

    await page.getByLabel('Báńkì', { exact: true }).selectOption({ label: gtBank.name });
    await page.getByLabel('Nọ́ńbà àkáǹtì').fill(accountNumber);
    await page.getByLabel('Orúkọ ìnagijẹ (kò pọn dandan)').fill('Onílé');
    await page.getByRole('button', { name: 'Fi olùgbà owó kún un' }).click();
    await page.waitForURL((url) => url.pathname === '/beneficairies' && url.searchParams.has('added'));
    await picker.ready();
    const row = page.getByTestId('beneficiary');
    await expect(row).toHaveCount(1);
    const name = (await row.locator('p').first().innerText()).trim();
    await expect(page.getByRole('status')).toHaveText(`A ti fi ${name} (${gtBank.name}) pamọ́. O lè fi owó ránṣẹ́ sí i báyìí ní ìṣẹ́jú kan.`);
    await expect(row.getByRole('link', { name: `Fi owó ránṣẹ́ sí ${name}` })).toBeVisible();

    await row.getByRole('link', { name: `Pa rẹ́ ${name}` }).click();
    const question = page.getByRole('heading', { name: `Ṣé kí a pa ${name} rẹ́?` });
    await expect(question).toBeVisible();
    await expect(page.getByText('O lè tún fi í kún un lẹ́yìn náà; àwọn owó tí o ti fi ránṣẹ́ tẹ́lẹ̀ kò ní yí padà.').first()).toBeVisible();
    await page.getByRole('button', { name: 'Bẹ́ẹ̀ ni, pa á rẹ́' }).filter({ visible: true }).click();
    await page.waitForURL((url) => url.searchParams.get('deleted') === '1');
    await expect(page.getByRole('status')).toHaveText('A ti pa ẹni náà rẹ́ kúrò nínú àkọsílẹ̀ rẹ.');
    await expect(page.getByTestId('beneficiary')).toHaveCount(0);
  });

  test('the transactions and a statement in Hausa, with the PDF read back exactly', async ({ page, picker }) => {
    const me = await customerReadingIn(page, picker, 'Hausa', 'ha-NG');
    await receiveTransfer(page.request, me.accountNumber, naira(1_500), 'ADAEZE OKONKWO');

    await page.goto('/transactions');
    expect(await picker.htmlLang()).toBe('ha-NG');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ma’amaloli');
    await expect(page.getByTestId('history-range')).toHaveText('Ana nuna 1–2 cikin 2, sababbi a farko');
    const newest = page.getByTestId('transaction').first();
    await expect(newest).toContainText('ADAEZE OKONKWO');
    await expect(newest).toContainText('+₦1,500.00');
    await expect(newest).toContainText('Tura kuɗi');
    await expect(newest).toContainText(/\d{1,2} \S+,? 2026/);
    await expect(page.getByText('Nema da tacewa')).toBeVisible();
    await expect(page.getByText('Showing 1–2 of 2')).toHaveCount(0);

    // A filter that cannot be read: said in Hausa, and every transaction shown instead.
    await page.goto('/transactions?type=sideways&q=OKONKWO');
    await expect(page.getByRole('alert')).toHaveText('Zaɓi kuɗin da suka shigo, kuɗin da suka fita ko duka biyun. Ana nuna dukan ma’amalolinka maimakon haka.');
    await expect(page.locator('#type-error')).toHaveText('Zaɓi kuɗin da suka shigo, kuɗin da suka fita ko duka biyun');
    await expect(page.getByTestId('transaction')).toHaveCount(2);

    // No match: the empty state in Hausa.
    await page.goto('/transactions?q=NOBODY-AT-ALL');
    await expect(page.getByTestId('history-empty')).toContainText('Babu ma’amalar da ta dace da waɗannan matattara.');

    await page.goto('/transactions');
    await page.getByRole('link', { name: 'Nemi bayanin asusu' }).click();
    await picker.arrivedAt('/transactions');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nemi bayanin asusu');
    await page.getByLabel('Rana ta farko').fill(lagosDay(-2));
    await page.getByLabel('Rana ta ƙarshe').fill(lagosDay(-5));
    await page.getByRole('button', { name: 'Aika mini bayanin ta imel' }).click();
    await picker.ready();
    await expect(page.locator('#end_date-error')).toHaveText('Rana ta ƙarshe tana kafin rana ta farko');

    await page.getByLabel('Rana ta farko').fill(lagosDay(-30));
    await page.getByLabel('Rana ta ƙarshe').fill(lagosDay(0));
    await page.getByRole('button', { name: 'Aika mini bayanin ta imel' }).click();
    await page.waitForURL((url) => url.searchParams.get('statement') === 'sent');
    await expect(page.getByRole('status')).toHaveText(`Bayanin asusunka yana kan hanyarsa zuwa ${me.email}. Yawanci yana isowa cikin ’yan mintuna.`);

    const file = `statement-${me.accountNumber}-${lagosDay(-30)}-to-${lagosDay(0)}.pdf`;
    const mail = await waitUntil(
      () => mailsTo(me.email).map((each) => rawMail(each).replace(/\r?\n[ \t]+/g, ' ')).find((raw) => raw.includes(file)),
      15_000,
      () => `No statement mail with ${file}`,
    );
    const pdf = inspectPdf(attachment(mail, 'application/pdf'));
    const strings = pdf.pages[0]!.strings;
    expect(strings).toEqual(expect.arrayContaining(['Bayanin asusu', 'Abokin hulɗa', 'Lambar asusu', 'Kuɗin asusu na farko', 'Kuɗin da suka shigo', 'Kuɗin da suka fita', 'Kuɗin asusu na ƙarshe', 'Ma’amaloli', 'Rana', 'Bayani', 'Saura (₦)', '₦21,500.00', 'Shafi 1 cikin 1']));
    expect(strings.some((value) => /^\S+ · Tura kuɗi · An yi nasara$/.test(value))).toBe(true);
    expect(strings.some((value) => value.includes('daga ADAEZE'))).toBe(true);
    expect(strings.join('\n')).not.toMatch(/Account statement|Opening balance|Money in|Page 1 of|[\uFB00-\uFB06]/);
  });

  test('a problem reported in Igbo, after a field error, and listed with its status', async ({ page, picker }) => {
    const me = await customerReadingIn(page, picker, 'Igbo', 'ig-NG');
    const arrived = await receiveTransfer(page.request, me.accountNumber, naira(2_000), 'MUSA GARBA');

    await page.goto(`/transfer/success?reference=${encodeURIComponent(arrived.reference)}`);
    await page.getByRole('link', { name: 'Kọọ nsogbu' }).click();
    await picker.arrivedAt('/support/cases/new');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kọọ nsogbu');
    await expect(page.getByTestId('case-reference')).toHaveText(arrived.reference);
    await expect(page.getByText('Nzipu ego · Ego batara')).toBeVisible();

    await page.getByLabel('Gịnị mere?').fill('Obere');
    await page.getByRole('button', { name: 'Zipu mkpesa m' }).click();
    await picker.ready();
    await expect(page.locator('#kind-error')).toHaveText('Họrọ ihe adịghị mma');
    await expect(page.locator('#description-error')).toHaveText('Kọwakwuo ntakịrị (ọ dịkarịa ala mkpụrụedemede 10)');
    await expect(page.getByText('Choose what is wrong')).toHaveCount(0);

    await page.getByLabel('Ego ahụ ezighi ezi').check();
    await page.getByLabel('Gịnị mere?').fill('A gwara m na ọ ga-abụ puku naira abụọ na narị ise.');
    await page.getByRole('button', { name: 'Zipu mkpesa m' }).click();
    await picker.arrivedAt('/support/cases');
    const opened = page.getByTestId('case-opened');
    await expect(opened).toHaveText(/^Anyị emeghela mkpesa HB-CASE-\d{4}-\d{6,} ma zitere gị email\. Anyị ga-agwa gị mgbe ọnọdụ ya gbanwere\.$/);
    const listed = page.getByTestId('case').first();
    await expect(listed.getByTestId('case-status')).toHaveText('Mepere emepe');
    await expect(listed).toContainText('Ego ahụ ezighi ezi');
    await expect(listed).toContainText(`Azụmahịa ${arrived.reference}`);
    await expect(listed.getByRole('heading', { name: 'Akụkọ' })).toBeVisible();
  });

  test('the privacy notice in Pidgin without signing in, with the English version governing', async ({ page, picker }) => {
    await page.goto('/login');
    await picker.ready();
    await picker.choose('Naijá (Pidgin)');
    await page.goto('/privacy');
    expect(await picker.htmlLang()).toBe('pcm-NG');
    await expect(page.getByTestId('english-governs')).toHaveText('This na translation. If e no gree with the English version for any place, na the English version we go follow.');
    await expect(page.getByTestId('sandbox-notice')).toContainText('This na demonstration bank.');
    await expect(page.getByText(/^Last update: 22 .+ 2026\.$/)).toBeVisible();
    await expect(page.getByRole('heading', { name: '1. Who we be' })).toBeVisible();
    await expect(page.getByRole('heading', { name: '8. Your rights' })).toBeVisible();
    await expect(page.getByText('We no dey sell your personal data, and we no dey use am for advert.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'section 11' })).toHaveAttribute('href', '#contact');
    await expect(page.getByRole('link', { name: 'terms and conditions', exact: true })).toHaveAttribute('href', '/terms');
    // Signed out, "Download my data" is named, not linked.
    await expect(page.getByRole('link', { name: 'Download my data' })).toHaveCount(0);
    await expect(page.getByText('This notice explains what personal data')).toHaveCount(0);

    await page.getByRole('link', { name: 'terms and conditions', exact: true }).click();
    await picker.arrivedAt('/terms');
    await expect(page.getByRole('heading', { name: '1. Demonstration bank' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'freeze your account' })).toHaveAttribute('href', '/freeze');
  });
});

test.describe('on the narrowest phones', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('the translated screens fit 320 px: nothing pushed off the side', async ({ page, picker }) => {
    const me = await customerReadingIn(page, picker, 'Yorùbá', 'yo-NG');
    const arrived = await receiveTransfer(page.request, me.accountNumber, naira(1_000), 'OLUWASEUN ADEBAYO-OGUNLEYE');
    const paths = ['/beneficairies', '/transactions', '/transactions?statement=1', '/transactions?type=sideways', `/support/cases/new?reference=${encodeURIComponent(arrived.reference)}`, '/support/cases', '/terms', '/privacy'];
    for (const language of [['Hausa', 'ha-NG'], ['Igbo', 'ig-NG'], ['Naijá (Pidgin)', 'pcm-NG'], ['Yorùbá', 'yo-NG']] as const) {
      await page.goto('/account/settings');
      await picker.ready();
      await picker.choose(language[0]);
      for (const path of paths) {
        await page.goto(path);
        expect(await picker.htmlLang()).toBe(language[1]);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${language[0]} ${path}`).toBeLessThanOrEqual(0);
      }
    }
  });
});
