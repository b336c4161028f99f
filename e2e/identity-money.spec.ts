import { expect, test } from './support/fixtures.ts';
import { appOrigin } from './support/customers.ts';
import { fundedCustomer, naira, signedInCustomer } from './support/funded.ts';

/**
 * A customer without an identity (funded, then every proof taken away): the dashboard and the
 * payment pages say what to do, with the link to /kyc-verification, and money does not leave
 * (docs/decisions/025-no-money-without-identity-and-the-cap-both-ways.md). In both projects: the
 * notice is plain HTML, read with the session.
 */
test.describe('no money without an identity', () => {
  test('the dashboard and the send-money page show the notice; a transfer is 423 IDENTITY_REQUIRED', async ({ page }) => {
    const customer = await signedInCustomer(page, naira(5_000), { identity: false });
    for (const path of ['/dashboard', '/transfer/send']) {
      await page.goto(path);
      const notice = page.getByTestId('identity-notice');
      await expect(notice, path).toContainText('verify your identity');
      await expect(notice.getByRole('link')).toHaveAttribute('href', '/kyc-verification');
    }
    const recipient = await fundedCustomer(appOrigin(), 0);
    const answer = await page.request.fetch(`/api/v1/transfer/local/${customer.accountNumber}`, {
      method: 'POST',
      headers: { accept: 'application/json', origin: appOrigin(), 'idempotency-key': `identity-${Date.now()}` },
      data: { account_number: recipient.accountNumber, amount: naira(1_000), pin: customer.pin },
    });
    expect(answer.status()).toBe(423);
    expect(await answer.json()).toMatchObject({ success: false, code: 'IDENTITY_REQUIRED' });
  });

  test('a customer with an identity sees no notice', async ({ page }) => {
    await signedInCustomer(page, naira(1_000));
    await page.goto('/dashboard');
    await expect(page.getByTestId('identity-notice')).toHaveCount(0);
  });
});
