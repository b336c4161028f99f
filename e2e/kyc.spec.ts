import { expect, test } from './support/fixtures.ts';
import { appOrigin, onboardThroughApi, receiveTransfer } from './support/customers.ts';
import { ownBvnOfThisTest, ownNinOfThisTest, ownRecordBirthDate, proveIdentityThroughApi, selfies, sendLocalThroughApi, testBvns, testNins, tierMails } from './support/kyc.ts';
import { KycPage } from './page-models/kyc-page.ts';
import { naira } from './support/funded.ts';

/**
 * Identities before money, in both projects: a new customer (Tier 0, no money moves) verifies a
 * NIN on /kyc-verification (after a wrong date of birth), sends a selfie that fails and one that
 * passes (the committed fixtures, a plain multipart post with or without JavaScript), is refused a
 * ₦60,000 transfer at Tier 1, verifies a BVN (after a wrong date and an unknown BVN) and the same
 * transfer goes through at Tier 2; then the home address takes them to Tier 3.
 */
test('a new customer proves a NIN and a selfie, then a BVN, then an address', async ({ page, browser, js }) => {
  test.slow();
  const kyc = new KycPage(page, js);
  const recipientContext = await browser.newContext({ baseURL: appOrigin() });
  try {
    const [sender, recipient] = await Promise.all([onboardThroughApi(page.request, undefined, undefined, { identity: false }), onboardThroughApi(recipientContext.request, undefined, undefined, { identity: false })]);
    await proveIdentityThroughApi(recipientContext.request);

    await kyc.goto();
    await expect(kyc.currentTier).toHaveText('You are on Tier 0');
    await expect(kyc.noMoney).toContainText('no money can come into or leave your account');
    await expect(kyc.tiersTable).toContainText('₦5,000,000.00');
    await expect(kyc.tiersTable).toContainText('No maximum');
    await expect(kyc.selfieForm).toHaveCount(0);
    await expect(kyc.street).toHaveCount(0);

    // The NIN with the wrong date of birth: said under its date, the NIN not sent back, the date kept.
    await kyc.verifyNin(testNins.ownRecord, '1991-06-15');
    await expect(kyc.fieldError('nin-date_of_birth')).toHaveText('This is not the date of birth on your NIN record');
    await expect(kyc.ninForm.getByRole('alert')).toContainText('do not match the record for this NIN');
    await expect(kyc.nin).toHaveValue('');
    await expect(kyc.ninDateOfBirth).toHaveValue('1991-06-15');
    expect(await page.content()).not.toContain(testNins.ownRecord);

    const nin = ownNinOfThisTest();
    await kyc.verifyNin(nin, ownRecordBirthDate);
    await page.waitForURL((url) => url.pathname === KycPage.path && url.searchParams.get('done') === 'nin');
    await kyc.ready();
    await expect(kyc.tierNotice).toContainText('You are now on Tier 1');
    await expect(kyc.currentTier).toHaveText('You are on Tier 1');
    await expect(page.getByTestId('nin-done')).toContainText(`ending ${nin.slice(-4)}`);
    await expect(kyc.ninForm).toHaveCount(0);

    // A selfie that does not match is said, and nothing changes; one that passes lets money move.
    await kyc.sendSelfie(selfies.fail);
    await expect(kyc.selfieForm.getByRole('alert')).toContainText('did not match the photo on your identity record');
    await expect(kyc.noMoney).toBeVisible();
    await kyc.sendSelfie(selfies.pass);
    await page.waitForURL((url) => url.pathname === KycPage.path && url.searchParams.get('done') === 'liveness');
    await kyc.ready();
    await expect(kyc.tierNotice).toContainText('money can now move in and out of your account');
    await expect(page.getByTestId('liveness-done')).toContainText('Selfie check passed');
    await expect(kyc.noMoney).toHaveCount(0);
    await expect(kyc.selfieForm).toHaveCount(0);

    await receiveTransfer(page.request, sender.accountNumber, naira(100_000), 'TUNDE BAKARE');
    const transfer = { account_number: recipient.accountNumber, amount: naira(60_000), pin: sender.pin, narration: 'Rent' };
    const refused = await sendLocalThroughApi(page.request, sender.accountNumber, transfer);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ success: false, code: 'LIMIT_EXCEEDED' });

    await kyc.goto();
    await expect(kyc.dailyLimit).toHaveText('₦50,000.00');
    await expect(kyc.usedToday).toHaveText('₦0.00 of ₦50,000.00 used today');

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
    await expect.poll(() => tierMails(sender.email).length).toBe(2);
    expect(tierMails(sender.email)[0]).toContain('now Tier 1');
    expect(tierMails(sender.email)[1]).toContain('now Tier 2');

    // The BVN and the NIN are now the sender's: nobody else at the bank can use them.
    const headers = { origin: appOrigin(), accept: 'application/json' };
    const taken = await recipientContext.request.post('/api/v1/kyc/bvn', { data: { bvn, date_of_birth: ownRecordBirthDate }, headers });
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
    await expect.poll(() => tierMails(sender.email).length).toBe(3);
  } finally {
    await recipientContext.close();
  }
});

test('an address may be verified before the identities and counts beside both; a P.O. Box is not a home address', async ({ page, js }) => {
  const kyc = new KycPage(page, js);
  await onboardThroughApi(page.request, undefined, undefined, { identity: false });
  const headers = { origin: appOrigin(), accept: 'application/json' };
  const address = { address: '4 Ring Road', city: 'Ibadan', state: 'Oyo', lga: 'Ibadan North', proof_type: 'utility_bill', proof_reference: 'IBEDC-7788990011' };
  const postal = await page.request.post('/api/v1/kyc/address', { data: { ...address, address: 'P.O. Box 1234' }, headers });
  expect(postal.status()).toBe(422);
  expect(await postal.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { address: [expect.stringContaining('P.O. Box')] } });

  // The page offers the address only where it counts, beside both identities.
  await kyc.goto();
  await expect(kyc.street).toHaveCount(0);
  const early = await page.request.post('/api/v1/kyc/address', { data: address, headers });
  expect(early.status()).toBe(200);
  expect(await early.json()).toMatchObject({ message: 'Your address is verified. It gives you Tier 3 once your BVN and your NIN are both verified.', data: { user: { tier: 0 }, kyc: { address: { verified: true } } } });

  await kyc.verifyBvn(ownBvnOfThisTest(), ownRecordBirthDate);
  await page.waitForURL((url) => url.searchParams.get('done') === 'bvn');
  await kyc.ready();
  await expect(kyc.currentTier).toHaveText('You are on Tier 1');
  await kyc.verifyNin(ownNinOfThisTest(), ownRecordBirthDate);
  await page.waitForURL((url) => url.searchParams.get('done') === 'nin');
  await kyc.ready();
  await expect(kyc.tierNotice).toContainText('You are now on Tier 3');
  await expect(kyc.currentTier).toHaveText('You are on Tier 3');
  await expect(kyc.street).toHaveCount(0);
});
