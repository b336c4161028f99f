import { expect, test } from './support/fixtures.ts';
import { appOrigin, onboardThroughApi, receiveTransfer } from './support/customers.ts';
import { ownBvnOfThisTest, ownRecordBirthDate, sendLocalThroughApi, testBvns, tierMails } from './support/kyc.ts';
import { KycPage } from './page-models/kyc-page.ts';
import { naira } from './support/funded.ts';

/**
 * Raising the KYC tier, in both projects: a Tier 1 customer is refused a ₦60,000 transfer,
 * verifies a BVN on /kyc-verification (after a wrong date of birth and an unknown BVN), and the
 * same transfer goes through; then the home address takes them to Tier 3. Without JavaScript
 * everything happens through the plain forms.
 */
test('a Tier 1 customer raises their limits with a BVN, then a verified address', async ({ page, browser, js }) => {
  test.slow();
  const kyc = new KycPage(page, js);
  const recipientContext = await browser.newContext({ baseURL: appOrigin() });
  try {
    const [sender, recipient] = await Promise.all([onboardThroughApi(page.request), onboardThroughApi(recipientContext.request)]);
    await receiveTransfer(page.request, sender.accountNumber, naira(100_000), 'TUNDE BAKARE');

    const transfer = { account_number: recipient.accountNumber, amount: naira(60_000), pin: sender.pin, narration: 'Rent' };
    const refused = await sendLocalThroughApi(page.request, sender.accountNumber, transfer);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ success: false, code: 'LIMIT_EXCEEDED' });

    await kyc.goto();
    await expect(kyc.currentTier).toHaveText('You are on Tier 1');
    await expect(kyc.dailyLimit).toHaveText('₦50,000.00');
    await expect(kyc.usedToday).toHaveText('₦0.00 of ₦50,000.00 used today');
    await expect(kyc.tiersTable).toContainText('₦5,000,000.00');
    await expect(kyc.tiersTable).toContainText('No maximum');

    // The wrong date of birth: said under the date, the BVN not sent back, the date kept.
    await kyc.verifyBvn(testBvns.ownRecord, '1991-06-15');
    await expect(kyc.fieldError('date_of_birth')).toHaveText('This is not the date of birth on your BVN record');
    await expect(kyc.alert).toContainText('do not match the record');
    if (!js) {
      await expect(kyc.bvn).toHaveValue('');
      await expect(kyc.dateOfBirth).toHaveValue('1991-06-15');
      expect(await page.content()).not.toContain(testBvns.ownRecord);
    }

    // An unknown BVN.
    await kyc.verifyBvn(testBvns.notFound, ownRecordBirthDate);
    await expect(kyc.fieldError('bvn')).toHaveText('No BVN record has these 11 digits');
    await expect(kyc.alert).toContainText('We could not find that BVN');
    await expect(kyc.currentTier).toHaveText('You are on Tier 1');

    // The customer's own BVN and date of birth (a 30000xxxxxx test BVN: one BVN per customer).
    const bvn = ownBvnOfThisTest();
    await kyc.verifyBvn(bvn, ownRecordBirthDate);
    await page.waitForURL((url) => url.pathname === KycPage.path && url.searchParams.get('done') === 'bvn');
    await kyc.ready();
    await expect(kyc.tierNotice).toContainText('You are now on Tier 2');
    await expect(kyc.tierNotice).toContainText('₦200,000.00 a day');
    await expect(kyc.currentTier).toHaveText('You are on Tier 2');
    await expect(kyc.dailyLimit).toHaveText('₦200,000.00');
    await expect(page.getByTestId('bvn-done')).toContainText(`ending ${bvn.slice(-4)}`);

    // The same transfer now goes through, and counts toward today's limit.
    const sent = await sendLocalThroughApi(page.request, sender.accountNumber, transfer);
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ success: true });
    await kyc.goto();
    await expect(kyc.usedToday).toHaveText('₦60,000.00 of ₦200,000.00 used today');
    await expect.poll(() => tierMails(sender.email).length).toBe(1);
    expect(tierMails(sender.email)[0]).toContain('now Tier 2');

    // The BVN is now the sender's: nobody else at the bank can use it.
    const taken = await recipientContext.request.post('/api/v1/kyc/bvn', { data: { bvn, date_of_birth: ownRecordBirthDate }, headers: { origin: appOrigin(), accept: 'application/json' } });
    expect(taken.status()).toBe(409);
    expect(await taken.json()).toMatchObject({ code: 'DUPLICATE', message: 'This BVN is already linked to another account at this bank.' });

    // Tier 2 → 3: the address form starts with the onboarding address.
    await expect(kyc.street).toHaveValue(sender.address);
    await expect(kyc.lga).toHaveValue(sender.lga);
    await kyc.verifyAddress({ address: '4 Ring Road', city: 'Ibadan', state: 'Oyo', lga: 'Ibadan North', proofType: 'utility_bill', proofReference: '000445566' });
    await expect(kyc.fieldError('proof_reference')).toContainText('does not show this address');
    await expect(kyc.currentTier).toHaveText('You are on Tier 2');
    await expect(kyc.lga).toHaveValue('Ibadan North');

    await kyc.verifyAddress({ address: '4 Ring Road', city: 'Ibadan', proofType: 'utility_bill', proofReference: 'IBEDC-7788990011' });
    await page.waitForURL((url) => url.pathname === KycPage.path && url.searchParams.get('done') === 'address');
    await kyc.ready();
    await expect(kyc.tierNotice).toContainText('You are now on Tier 3');
    await expect(kyc.currentTier).toHaveText('You are on Tier 3');
    await expect(kyc.dailyLimit).toHaveText('₦5,000,000.00');
    await expect(kyc.highestTier).toBeVisible();
    await expect(page.getByText('4 Ring Road, Ibadan, Ibadan North, Oyo')).toBeVisible();
    await expect.poll(() => tierMails(sender.email).length).toBe(2);
  } finally {
    await recipientContext.close();
  }
});

test('the address step waits for the BVN, and a P.O. Box is not a home address', async ({ page, js }) => {
  const kyc = new KycPage(page, js);
  await onboardThroughApi(page.request);
  const early = await page.request.post('/api/v1/kyc/address', {
    data: { address: '4 Ring Road', city: 'Ibadan', state: 'Oyo', lga: 'Ibadan North', proof_type: 'utility_bill', proof_reference: 'IBEDC-7788990011' },
    headers: { origin: appOrigin(), accept: 'application/json' },
  });
  expect(early.status()).toBe(403);
  expect(await early.json()).toMatchObject({ code: 'FORBIDDEN', message: 'Verify your BVN first.' });

  await kyc.goto();
  await expect(kyc.street).toHaveCount(0);
  await kyc.verifyBvn(ownBvnOfThisTest(), ownRecordBirthDate);
  await page.waitForURL((url) => url.searchParams.get('done') === 'bvn');
  await kyc.ready();

  await kyc.verifyAddress({ address: 'P.O. Box 1234', city: 'Ikeja', proofType: 'water_bill', proofReference: 'LWC-123456' });
  await expect(kyc.fieldError('address')).toContainText('P.O. Box');
  await expect(kyc.currentTier).toHaveText('You are on Tier 2');
});
