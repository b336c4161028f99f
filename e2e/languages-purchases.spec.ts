import { expect, test } from './support/fixtures.ts';
import { callApi } from './support/customers.ts';
import { naira, signedInCustomer } from './support/funded.ts';
import { BasePage } from './page-models/base-page.ts';
import { formatNaira } from '../src/lib/money.ts';
import { speak } from './support/language.ts';

/**
 * Purchases in the customer's language, with JavaScript on and off: airtime bought in
 * Hausa after a field error (the island's check, or the page's without scripts), electricity in
 * Yoruba through the meter, the amount and the review, cable TV in Igbo through the package and
 * the review, and data in Pidgin after a field error; each ends on its receipt page in that language. Networks, DisCos, providers and
 * packages keep their own names.
 */

/** Any screen: its readiness and its posts, whatever language its buttons are in. */
class Screen extends BasePage {}

test.describe('purchases in the customer’s language', () => {
  test('airtime in Hausa: a field error, the review, the PIN and the receipt', async ({ page, js }) => {
    const buyer = await signedInCustomer(page, naira(5_000));
    await speak(page, 'ha');
    const screen = new Screen(page, js);

    await page.goto('/artime');
    await screen.ready();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ha-NG');
    await expect(screen.heading).toHaveText('Sayi katin waya');
    await expect(page.getByText('Daga ₦50 zuwa ₦50,000, naira cikakke. Kuɗin da ke asusunka: ₦5,000.00')).toBeVisible();
    await page.getByRole('radio', { name: 'MTN', exact: true }).check();
    await page.getByLabel('Lambar waya').fill('0803 555 0101');
    await page.getByLabel('Adadi (₦)').fill('20');
    const next = page.getByRole('button', { name: 'Ci gaba', exact: true });
    await screen.postWith(next);
    await expect(screen.fieldError('amount')).toHaveText('Ana sayar da katin waya daga ₦50.00 zuwa ₦50,000.00');
    await expect(page.getByText('Airtime is from', { exact: false })).toHaveCount(0);

    await page.getByLabel('Adadi (₦)').fill('1,500');
    await screen.postWith(next);
    await expect(screen.heading).toHaveText('Tabbatar da katin waya');
    await expect(page.getByTestId('confirm-network')).toHaveText('MTN');
    await expect(page.getByTestId('amount')).toHaveText('₦1,500.00');
    await expect(page.getByTestId('fee')).toHaveText('₦0.00');
    await expect(page.getByText('Caji', { exact: true })).toBeVisible();
    await page.getByLabel('PIN na ma’amala').fill(buyer.pin);
    await page.getByRole('button', { name: 'Biya ₦1,500.00' }).click();

    await page.waitForURL((url) => url.pathname === '/airtime/purchase/success');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ha-NG');
    await expect(page.getByRole('link', { name: 'Sake sayen katin waya' })).toBeVisible();
    await expect(page.getByText('Buy more airtime')).toHaveCount(0);
  });

  test('electricity in Yoruba: a field error, the meter, the amount, the review and the token', async ({ page, js }) => {
    const buyer = await signedInCustomer(page, naira(20_000));
    await speak(page, 'yo');
    const screen = new Screen(page, js);

    await page.goto('/bills/electricity');
    await screen.ready();
    await expect(page.locator('html')).toHaveAttribute('lang', 'yo-NG');
    await expect(screen.heading).toHaveText('Ra iná mànàmáná');
    await page.getByLabel('Ilé-iṣẹ́ tó ń pín iná (DisCo)').selectOption({ label: 'Ikeja Electric (IKEDC)' });
    if (!js) await screen.postWith(page.getByRole('button', { name: 'Tẹ̀síwájú', exact: true }));
    await page.getByRole('radio', { name: 'Prepaid' }).check();
    await page.getByLabel('Nọ́ńbà mítà').fill('4501234');
    const verify = page.getByRole('button', { name: 'Ṣàyẹ̀wò mítà' });
    await screen.postWith(verify);
    await expect(screen.fieldError('meter_number')).toHaveText('Nọ́ńbà mítà jẹ́ nọ́ńbà 11 tàbí 13');

    await page.getByLabel('Nọ́ńbà mítà').fill('45012345678');
    await screen.postWith(verify);
    await expect(page.getByText('Ṣàyẹ̀wò pé mítà rẹ nìyí, lẹ́yìn náà yan iye owó.')).toBeVisible();
    await expect(page.getByLabel('PIN ìdúnàádúrà')).toHaveCount(0);
    await page.getByLabel('Iye owó', { exact: true }).fill('7,500');
    await screen.postWith(page.getByRole('button', { name: 'Tẹ̀síwájú', exact: true }));

    await expect(screen.heading).toHaveText('Fìdí ìrajà iná mànàmáná múlẹ̀');
    await expect(page.getByTestId('confirm-meter')).toHaveText('45012345678 · Prepaid');
    await expect(page.getByTestId('confirm-disco')).toHaveText('Ikeja Electric');
    await expect(page.getByTestId('amount')).toHaveText('₦7,500.00');
    await expect(page.getByTestId('total')).toHaveText('₦7,500.00');
    await expect(page.getByRole('button', { name: 'Yí iye owó padà' })).toBeVisible();
    await page.getByLabel('PIN ìdúnàádúrà').fill(buyer.pin);
    await page.getByRole('button', { name: 'San ₦7,500.00' }).click();

    await page.waitForURL((url) => url.pathname === '/bills/electricity/success');
    await expect(page.getByRole('heading', { name: 'Tókìnì rẹ' })).toBeVisible();
    await expect(page.getByTestId('token')).toHaveText(/^\d{4} \d{4} \d{4} \d{4} \d{4}$/);
    await expect(page.getByText(`A tún fi tókìnì náà ránṣẹ́ sí ${buyer.email}.`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ṣe ẹ̀dà tókìnì' })).toBeVisible({ visible: js });
    await expect(page.getByRole('link', { name: 'Ra iná mànàmáná lẹ́ẹ̀kan sí i' })).toBeVisible();
  });

  test('cable TV in Igbo: a field error, the package, the review and the receipt', async ({ page, js }) => {
    const buyer = await signedInCustomer(page, naira(100_000));
    const card = await callApi<{ current_package: { name: string; amount: number } }>(page.request, 'POST', '/v1/bills/cable-verify/dstv', { smartcard_number: '7023456789' });
    const price = formatNaira(card.current_package.amount);
    await speak(page, 'ig');
    const screen = new Screen(page, js);

    await page.goto('/bills/cable');
    await screen.ready();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ig-NG');
    await expect(screen.heading).toHaveText('Kwụọ ụgwọ televishọn kebul');
    await page.getByLabel('Ụlọ ọrụ televishọn').selectOption({ label: 'DStv' });
    await page.getByLabel('Nọmba smartcard ma ọ bụ IUC').fill('70234');
    const verify = page.getByRole('button', { name: 'Nyochaa smartcard' });
    await screen.postWith(verify);
    await expect(screen.fieldError('smartcard_number')).toHaveText('Nọmba smartcard ma ọ bụ IUC nwere ọnụọgụ 10');

    await page.getByLabel('Nọmba smartcard ma ọ bụ IUC').fill('7023456789');
    await screen.postWith(verify);
    await expect(page.getByText('Lelee na nke a bụ kaadị gị, mgbe ahụ họrọ ngwugwu.')).toBeVisible();
    await expect(page.getByRole('radio', { name: `Megharịa ${card.current_package.name} · ${price}` })).toBeChecked();
    await screen.postWith(page.getByRole('button', { name: 'Gaa n’ihu', exact: true }));

    await expect(screen.heading).toHaveText('Kwado ịkwụ ụgwọ televishọn kebul');
    await expect(page.getByTestId('confirm-package')).toHaveText(card.current_package.name);
    await expect(page.getByTestId('total')).toHaveText(price);
    await expect(page.getByRole('button', { name: 'Gbanwee ngwugwu' })).toBeVisible();
    await page.getByLabel('PIN azụmahịa').fill(buyer.pin);
    await page.getByRole('button', { name: `Kwụọ ${price}` }).click();

    await page.waitForURL((url) => url.pathname === '/bills/cable/success');
    await expect(page.getByText(`Akwụọla ụgwọ ${card.current_package.name} maka smartcard 7023456789`, { exact: false })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Kwụọ ụgwọ televishọn kebul ọzọ' })).toBeVisible();
  });
  test('data in Pidgin: the plans, a field error, the review and the receipt', async ({ page, js }) => {
    const buyer = await signedInCustomer(page, naira(10_000));
    await speak(page, 'pcm');
    const screen = new Screen(page, js);

    await page.goto('/data/purchase');
    await screen.ready();
    await expect(page.locator('html')).toHaveAttribute('lang', 'pcm-NG');
    await page.getByRole('radio', { name: 'MTN', exact: true }).check();
    if (!js) await screen.postWith(page.getByRole('button', { name: 'Show the plans for this network' }));
    const plans = page.getByRole('group', { name: 'MTN data plan' });
    await expect(plans.getByRole('radio').first()).toBeVisible();
    await page.getByLabel('Phone number').fill('');
    const next = page.getByRole('button', { name: 'Continue', exact: true });
    await screen.postWith(next);
    await expect(screen.fieldError('phone_number')).toHaveText('Put the phone number');
    await expect(screen.fieldError('plan_id')).toHaveText('Choose data plan');

    await plans.getByRole('radio').first().check();
    await page.getByLabel('Phone number').fill('0803 555 0101');
    await screen.postWith(next);
    await expect(screen.heading).toHaveText('Confirm data');
    await expect(page.getByText('Charge', { exact: true })).toBeVisible();
    await expect(page.getByText('Check the details well. The money go comot from your account as you pay.')).toBeVisible();
    await page.getByLabel('Transaction PIN').fill(buyer.pin);
    await page.getByRole('button', { name: /^Pay ₦/ }).click();

    await page.waitForURL((url) => url.pathname === '/data/purchase/success');
    await expect(page.locator('html')).toHaveAttribute('lang', 'pcm-NG');
    await expect(page.getByRole('link', { name: 'Buy more data' })).toBeVisible();
  });
});
