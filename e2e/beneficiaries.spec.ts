import { BeneficiariesPage } from './page-models/beneficiaries-page.ts';
import { appOrigin, formTokenFor, gtBank, newCustomer, onboardThroughApi } from './support/customers.ts';
import { expect, test } from './support/fixtures.ts';
import { nubanFor } from '../src/lib/nuban.ts';

// Valid GTBank numbers: the sandbox switch answers each with a name of its own.
const landlordNumber = nubanFor('123456789', gtBank);
const tailorNumber = nubanFor('223344556', gtBank);
/** The same serial with the wrong check digit. */
const badCheckDigit = landlordNumber.slice(0, 9) + String((Number(landlordNumber[9]) + 1) % 10);
// NIP returns names as SURNAME FIRST MIDDLE, in capitals.
const nipName = /^[A-Z]+ [A-Z]+ [A-Z]+$/;

test('add a beneficiary at another bank after seeing the name, refuse a duplicate and a wrong number, then send money', async ({ page, js, customer }) => {
  await onboardThroughApi(page.request, customer);
  const beneficiaries = new BeneficiariesPage(page, js);
  await beneficiaries.goto();
  await expect(beneficiaries.heading).toHaveText('Beneficiaries');
  await expect(beneficiaries.emptyState).toBeVisible();

  let name = '';
  await test.step('the bank’s name for the account shows before adding', async () => {
    await beneficiaries.fill({ bankName: gtBank.name, accountNumber: landlordNumber, nickname: 'Landlord' });
    await beneficiaries.lookUpName();
    await expect(beneficiaries.enquiredName).toHaveText(nipName);
    name = (await beneficiaries.enquiredName.textContent())?.trim() ?? '';
    // Without JavaScript the round trip keeps what was typed.
    await expect(beneficiaries.accountNumber).toHaveValue(landlordNumber);
    await expect(beneficiaries.nickname).toHaveValue('Landlord');
  });

  let id = '';
  await test.step('adding it lists it with the enquired name', async () => {
    expect(await beneficiaries.addForStatus()).toBe(js ? 201 : 303);
    await page.waitForURL((url) => url.pathname === BeneficiariesPage.path && url.searchParams.has('added'));
    await beneficiaries.ready();
    id = new URL(page.url()).searchParams.get('added') ?? '';
    await expect(beneficiaries.notice).toContainText(`${name} (${gtBank.name}) is saved.`);
    await expect(beneficiaries.rows).toHaveCount(1);
    const row = beneficiaries.row(name);
    await expect(row).toContainText('“Landlord”');
    await expect(row).toContainText(gtBank.name);
    await expect(row).toContainText(landlordNumber);
    await expect(row).toHaveAttribute('data-id', id);
  });

  await test.step('the same account again is refused', async () => {
    await beneficiaries.fill({ bankName: gtBank.name, accountNumber: landlordNumber });
    expect(await beneficiaries.addForStatus()).toBe(409);
    await expect(beneficiaries.alert).toHaveText(`${name} at ${gtBank.name} is already one of your beneficiaries.`);
    await expect(beneficiaries.accountNumber).toHaveValue(landlordNumber);
    await expect(beneficiaries.rows).toHaveCount(1);
  });

  await test.step('a number with a wrong check digit is refused', async () => {
    await beneficiaries.goto();
    await beneficiaries.fill({ bankName: gtBank.name, accountNumber: badCheckDigit });
    expect(await beneficiaries.addForStatus()).toBe(422);
    await expect(beneficiaries.alert).toHaveText(`That is not a valid ${gtBank.name} account number. Check it and try again.`);
    await expect(beneficiaries.fieldError('account_number')).toHaveText('Check the account number');
    await expect(beneficiaries.bank).toHaveValue(gtBank.nipCode);
    await expect(beneficiaries.rows).toHaveCount(1);
  });

  await test.step('fields are checked before anything is sent', async () => {
    await beneficiaries.goto();
    await beneficiaries.accountNumber.fill('12345');
    await beneficiaries.add();
    await expect(beneficiaries.fieldError('bank_code')).toHaveText('Choose the bank');
    await expect(beneficiaries.fieldError('account_number')).toHaveText('An account number is 10 digits');
  });

  await test.step('“Send money” starts a transfer to them', async () => {
    await beneficiaries.goto();
    await expect(beneficiaries.sendMoneyLink(name)).toHaveAttribute('href', `/transfer/send?beneficiary=${id}`);
    await beneficiaries.sendMoneyLink(name).click();
    await page.waitForURL((url) => url.pathname === '/transfer/send');
    expect(new URL(page.url()).searchParams.get('beneficiary')).toBe(id);
  });
});

/** Adds a beneficiary through the page's own form post, as a browser without script would; returns its id. */
async function addThroughForm(request: import('@playwright/test').APIRequestContext, accountNumber: string, nickname = ''): Promise<string> {
  const response = await request.post(BeneficiariesPage.path, {
    form: { intent: 'add', bank_code: gtBank.nipCode, account_number: accountNumber, nickname, _csrf: await formTokenFor(request, BeneficiariesPage.path) },
    headers: { origin: appOrigin() },
    maxRedirects: 0,
  });
  expect(response.status(), await response.text()).toBe(303);
  const id = new URL(response.headers()['location'] ?? '', appOrigin()).searchParams.get('added');
  if (!id) throw new Error('No id in the redirect after adding a beneficiary');
  return id;
}

test('deleting asks first, and Cancel keeps the beneficiary', async ({ page, js, customer }) => {
  await onboardThroughApi(page.request, customer);
  await addThroughForm(page.request, landlordNumber, 'Landlord');
  await addThroughForm(page.request, tailorNumber, 'Tailor');
  const beneficiaries = new BeneficiariesPage(page, js);
  await beneficiaries.goto();
  await expect(beneficiaries.rows).toHaveCount(2);
  const landlord = beneficiaries.rows.filter({ hasText: 'Landlord' });
  const name = (await landlord.locator('p').first().textContent())?.trim() ?? '';
  expect(name).toMatch(nipName);

  await test.step('Cancel', async () => {
    await beneficiaries.askToDelete(name);
    await expect(beneficiaries.confirmation).toContainText(`Delete ${name}?`);
    await expect(beneficiaries.confirmation).toContainText(landlordNumber);
    if (!js) expect(new URL(page.url()).searchParams.get('confirm')).toMatch(/\S/);
    await beneficiaries.cancelDelete.click();
    await expect(beneficiaries.confirmation).toBeHidden();
    await expect(beneficiaries.rows).toHaveCount(2);
  });

  await test.step('Yes, delete', async () => {
    await beneficiaries.askToDelete(name);
    await beneficiaries.confirmDeleteButton.click();
    await page.waitForURL((url) => url.searchParams.get('deleted') === '1');
    await expect(beneficiaries.notice).toHaveText('The beneficiary was deleted.');
    await expect(beneficiaries.rows).toHaveCount(1);
    await expect(beneficiaries.row(name)).toHaveCount(0);
    await expect(beneficiaries.rows.first()).toContainText('Tailor');
  });
});

test('another customer’s beneficiary is “not found” (404) and is not deleted', async ({ page, js, customer, playwright, baseURL }) => {
  const other = await playwright.request.newContext({ baseURL });
  try {
    await onboardThroughApi(other, newCustomer());
    const theirs = await addThroughForm(other, landlordNumber);
    await onboardThroughApi(page.request, customer);
    const beneficiaries = new BeneficiariesPage(page, js);

    const asked = await beneficiaries.goto(`?confirm=${encodeURIComponent(theirs)}`);
    expect(asked?.status()).toBe(404);
    await expect(beneficiaries.alert).toHaveText('We could not find that beneficiary. Nothing was deleted.');
    await expect(beneficiaries.confirmation).toHaveCount(0);

    const deleted = await page.request.post(BeneficiariesPage.path, { form: { intent: 'delete', id: theirs, _csrf: await formTokenFor(page.request, BeneficiariesPage.path) }, headers: { origin: appOrigin() }, maxRedirects: 0 });
    expect(deleted.status()).toBe(404);
    expect(await deleted.text()).toContain('We could not find that beneficiary. Nothing was deleted.');

    const stillThere = await other.get(BeneficiariesPage.path);
    expect(await stillThere.text()).toContain(`data-id="${theirs}"`);
  } finally {
    await other.dispose();
  }
});

test.describe('on the narrowest phones', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('the list, the add form and the question before deleting fit 320 px', async ({ page, js, customer }) => {
    await onboardThroughApi(page.request, customer);
    await addThroughForm(page.request, landlordNumber, 'A rather long nickname for her');
    const beneficiaries = new BeneficiariesPage(page, js);
    await beneficiaries.goto();
    const name = (await beneficiaries.rows.first().locator('p').first().textContent())?.trim() ?? '';
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await beneficiaries.askToDelete(name);
    await expect(beneficiaries.confirmDeleteButton).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });
});

test.describe('with JavaScript', () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'about the island taking over the form');

  test('what was typed before the script loaded is kept, looked up and added', async ({ page, js, customer }) => {
    await onboardThroughApi(page.request, customer);
    const beneficiaries = new BeneficiariesPage(page, js);
    // Hold the island's scripts back, as a slow connection would, while the customer types.
    let release = () => {};
    const scriptsMayLoad = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/_astro/**/*.js', async (route) => {
      await scriptsMayLoad;
      await route.continue();
    });
    await page.goto(BeneficiariesPage.path, { waitUntil: 'domcontentloaded' });
    await beneficiaries.fill({ bankName: gtBank.name, accountNumber: landlordNumber, nickname: 'Early' });
    release();
    await beneficiaries.ready();
    await expect(beneficiaries.enquiredName).toHaveText(nipName);
    await expect(beneficiaries.accountNumber).toHaveValue(landlordNumber);
    await expect(beneficiaries.nickname).toHaveValue('Early');
    expect(await beneficiaries.addForStatus()).toBe(201);
    await page.waitForURL((url) => url.searchParams.has('added'));
    await expect(beneficiaries.rows.first()).toContainText('“Early”');
  });
});
