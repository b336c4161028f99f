import type { Page } from '@playwright/test';
import { expect, model, test as base } from './support/fixtures.ts';
import { appOrigin, callApi } from './support/customers.ts';
import { naira, signedInCustomer } from './support/funded.ts';
import { expectReversed } from './support/receipts.ts';
import { decodeQuotedPrintable, mailsTo, rawMail, waitUntil } from './support/outbox.ts';
import { formatNaira } from '../src/lib/money.ts';
import { ReceiptPage } from './page-models/receipt-page.ts';
import { CablePage } from './page-models/cable-page.ts';
import { ElectricityPage } from './page-models/electricity-page.ts';

/**
 * Electricity and cable TV, in both projects: the islands check the meter or smartcard as it is
 * typed and post it; the pages' own steps (details → verification and the amount or package →
 * the review and the PIN → receipt) do the rest with form posts, with JavaScript or without.
 * Each test starts signed in as a new customer funded from another bank, so balances are known.
 */

const ikeja = 'Ikeja Electric (IKEDC)';
const meter = { normal: '45012345678', notFound: '99999999991', providerFailure: '99999999992' } as const;

async function balance(page: Page): Promise<number> {
  const profile = await callApi<{ accounts: { balance: number }[] }>(page.request, 'GET', '/v1/profile');
  return profile.accounts[0]!.balance;
}

/** Waits (up to 10 s) for a mail to `email` whose text contains `needle`, and returns that text. */
async function waitForMailContaining(email: string, needle: string): Promise<string> {
  return waitUntil(() => mailsTo(email).map((file) => decodeQuotedPrintable(rawMail(file))).find((text) => text.includes(needle)), 10_000, () => `No mail to ${email} mentions ${needle}`);
}

const test = base.extend<{ electricity: ElectricityPage; cable: CablePage; electricityReceipt: ReceiptPage; cableReceipt: ReceiptPage }>({
  electricity: model(ElectricityPage),
  cable: model(CablePage),
  electricityReceipt: async ({ page, js }, use) => use(new ReceiptPage(page, js, '/bills/electricity/success')),
  cableReceipt: async ({ page, js }, use) => use(new ReceiptPage(page, js, '/bills/cable/success')),
});

test.describe('electricity', () => {
  test('prepaid: the meter is verified, then the token in groups of four, the units, and the token by email', async ({ page, js, electricity, electricityReceipt: receipt }) => {
    const buyer = await signedInCustomer(page, naira(20_000));
    const owner = await callApi<{ customer_name: string; address: string }>(page.request, 'POST', '/v1/bills/meter-verify/ikeja-electric', {
      meter_number: meter.normal,
      meter_type: 'prepaid',
    });

    await electricity.goto();
    await expect(electricity.heading).toHaveText('Buy electricity');
    await electricity.chooseDisco(ikeja);
    await expect(electricity.meterType('Prepaid')).toBeVisible();
    await expect(electricity.meterType('Postpaid')).toBeVisible();
    await electricity.verifyMeter('Prepaid', meter.normal);
    await expect(electricity.customerName).toHaveText(owner.customer_name);
    await expect(electricity.customerAddress).toHaveText(owner.address);

    await test.step('an amount under the DisCo’s minimum is refused beside the field, before any money moves', async () => {
      await electricity.chooseAmount('500');
      await expect(electricity.fieldError('amount')).toHaveText('The smallest amount IKEDC sells is ₦1,000.00');
      await expect(electricity.pin).toHaveCount(0);
      expect(await balance(page)).toBe(naira(20_000));
    });

    await electricity.pay('5,000', buyer.pin);
    const reference = await receipt.arrived();
    await expect(receipt.heading).toHaveText('Electricity paid');
    await expect(receipt.status).toHaveText('Successful');
    await expect(receipt.amount).toHaveText('₦5,000.00');
    await expect(receipt.token).toHaveText(/^\d{4} \d{4} \d{4} \d{4} \d{4}$/);
    await expect(receipt.units).toHaveText(/^\d+\.\d kWh$/);
    await expect(page.getByText(`We also emailed the token to ${buyer.email}`)).toBeVisible();
    await expect(receipt.copyTokenButton).toBeVisible({ visible: js });
    await expect(receipt.downloadPdfLink).toHaveAttribute('href', `/transfer/receipt.pdf?reference=${reference}`);
    expect(await balance(page)).toBe(naira(15_000));

    const token = (await receipt.token.textContent())!.trim();
    const mail = await waitForMailContaining(buyer.email, token);
    expect(mail).toContain(`Reference: ${reference}`);
  });

  test('a meter the DisCo does not know is named as such, and no money moves', async ({ page, electricity }) => {
    await signedInCustomer(page, naira(20_000));

    await electricity.goto();
    await electricity.chooseDisco(ikeja);
    await electricity.verifyMeter('Prepaid', meter.notFound);
    await expect(electricity.meterProblem).toHaveText('IKEDC has no prepaid meter with this number. Check the number on your meter or card, and the meter type.');
    await expect(electricity.customerName).toHaveCount(0);
    await expect(electricity.pin).toHaveCount(0);
    await expect(electricity.meterNumber).toHaveValue(meter.notFound);
    expect(await balance(page)).toBe(naira(20_000));
  });

  test('a purchase the DisCo fails is reversed at once and its receipt says so', async ({ page, electricity, electricityReceipt: receipt }) => {
    const buyer = await signedInCustomer(page, naira(20_000));

    await electricity.goto();
    await electricity.chooseDisco(ikeja);
    await electricity.verifyMeter('Prepaid', meter.providerFailure);
    await expect(electricity.customerName).not.toBeEmpty();
    await electricity.pay('3,000', buyer.pin);

    await expectReversed(receipt, { heading: 'Purchase reversed', explanation: ['Ikeja Electric could not complete this purchase', '₦3,000.00 was returned to your account'] });
    await expect(receipt.token).toHaveCount(0);
    expect(await balance(page)).toBe(naira(20_000));
  });

  test('a DisCo that sells prepaid meters only offers no postpaid choice', async ({ page, electricity }) => {
    await signedInCustomer(page, naira(1_000));

    await electricity.goto();
    await electricity.chooseDisco('Yola Electricity Distribution Company (YEDC)');
    await expect(electricity.meterType('Prepaid')).toBeChecked();
    await expect(electricity.meterType('Postpaid')).toHaveCount(0);
    await expect(page.getByText('YEDC sells prepaid meters only.')).toBeVisible();
  });

  test('without JavaScript, the confirm step carries one idempotency key: a double submit buys once', async ({ page, js, electricity }) => {
    test.skip(js, 'the confirm step is the page’s own, without JavaScript');
    const buyer = await signedInCustomer(page, naira(20_000));

    await electricity.goto();
    await electricity.chooseDisco(ikeja);
    await electricity.verifyMeter('Prepaid', meter.normal);
    await electricity.chooseAmount('2,000');
    await electricity.pin.fill(buyer.pin);
    const form = page.locator('form[action="/bills/electricity"]');
    const fields: Record<string, string> = {};
    for (const input of await form.locator('input[name]').all()) fields[(await input.getAttribute('name'))!] = await input.inputValue();
    expect(fields.idempotency_key).toMatch(/^[A-Za-z0-9._:-]{8,64}$/);
    expect(fields.amount_kobo).toBe(String(naira(2_000)));

    const post = () => page.request.post(ElectricityPage.path, { form: fields, headers: { origin: appOrigin() }, maxRedirects: 0 });
    const [first, second] = [await post(), await post()];
    expect(first.status()).toBe(303);
    expect(second.status()).toBe(303);
    expect(second.headers()['location']).toBe(first.headers()['location']);
    expect(await balance(page)).toBe(naira(18_000));

    await test.step('“Change meter” goes back with the meter kept', async () => {
      await electricity.goto();
      await electricity.chooseDisco(ikeja);
      await electricity.verifyMeter('Prepaid', meter.normal);
      await page.getByRole('button', { name: 'Change meter' }).click();
      await electricity.ready();
      await expect(electricity.disco).toHaveValue('ikeja-electric');
      await expect(electricity.meterType('Prepaid')).toBeChecked();
      await expect(electricity.meterNumber).toHaveValue(meter.normal);
    });
  });
});

test.describe('cable TV', () => {
  test('renewal: the card is verified, the current package is offered first and renewed', async ({ page, cable, cableReceipt: receipt }) => {
    const buyer = await signedInCustomer(page, naira(100_000));
    const card = await callApi<{ customer_name: string; current_package: { id: string; name: string; amount: number } }>(page.request, 'POST', '/v1/bills/cable-verify/dstv', {
      smartcard_number: '7023456789',
    });
    const renewal = card.current_package;
    const price = formatNaira(renewal.amount);

    await cable.goto();
    await expect(cable.heading).toHaveText('Pay for cable TV');
    await cable.verifyCard('DStv', '7023456789');
    await expect(cable.customerName).toHaveText(card.customer_name);
    await expect(cable.currentPackage).toHaveText(renewal.name);
    await expect(cable.packages.first()).toBeChecked();
    await expect(page.getByText(`Renew ${renewal.name} · ${price}`)).toBeVisible();
    await cable.pay(buyer.pin);

    await receipt.arrived();
    await expect(receipt.heading).toHaveText('Cable TV paid');
    await expect(receipt.status).toHaveText('Successful');
    await expect(receipt.amount).toHaveText(price);
    await expect(receipt.package).toHaveText(renewal.name);
    expect(await balance(page)).toBe(naira(100_000) - renewal.amount);
  });

  test('a smartcard the provider does not know is named as such', async ({ page, cable }) => {
    await signedInCustomer(page, naira(10_000));

    await cable.goto();
    await cable.verifyCard('GOtv', '9999999991');
    await expect(cable.cardProblem).toHaveText('GOtv has no smartcard or IUC number like this. Check the number under your decoder or on your card.');
    await expect(cable.pin).toHaveCount(0);
    expect(await balance(page)).toBe(naira(10_000));
  });
});
