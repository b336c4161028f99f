import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { waitForCode } from './support/outbox.ts';

// The narrowest phones still common (and what 360 px phones show at larger text settings).
test.use({ viewport: { width: 320, height: 640 } });

async function expectNoSideways(page: Page, label: string): Promise<void> {
  const widths = await page.evaluate(() => ({
    document: document.documentElement.scrollWidth,
    body: document.body.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect.soft(widths.viewport, label).toBe(320);
  expect.soft(widths.document, `${label}: document scrolls sideways`).toBeLessThanOrEqual(320);
  expect.soft(widths.body, `${label}: body scrolls sideways`).toBeLessThanOrEqual(320);
}

test('nothing scrolls sideways at 320 px on the main screens', async ({ page, screens, customer }) => {
  const { login, register, verify, address, pin, securityQuestion, dashboard } = screens;

  await login.goto();
  await expectNoSideways(page, 'login');
  await login.fill('someone@example.com', 'wrong-password');
  await login.submit.click();
  await expect(login.alert).toBeVisible();
  await expectNoSideways(page, 'login with an error');

  await register.goto();
  await expectNoSideways(page, 'register step 1');
  await register.continueButton.click();
  await expect(register.fieldError('phone_number')).toBeVisible();
  await expectNoSideways(page, 'register step 1 with messages');

  await page.goto('/no-such-page');
  await expectNoSideways(page, '404 (guest)');
  await page.goto('/password/forgot');
  await expectNoSideways(page, 'password/forgot');

  // A long but ordinary address (the card must wrap it, not widen).
  const longEmail = `oluwaseun.adebayo-ogunleye.${customer.email}`;
  await register.goto();
  await register.fillDetails({ ...customer, email: longEmail });
  await register.continue();
  await expect(register.openAccountButton).toBeVisible();
  await expectNoSideways(page, 'register step 2 with a long email');
  await register.fillSecurity(customer.password);
  await register.openAccountButton.click();
  await verify.arrivedAt('/account/verify');
  await expectNoSideways(page, 'account/verify with a long email');

  await verify.openAccount(await waitForCode(longEmail));
  await expectNoSideways(page, 'address/update');
  await address.chooseState('Akwa Ibom');
  await address.save();
  await expect(address.fieldError('lga')).toBeVisible();
  await expectNoSideways(page, 'address/update with messages and a long LGA list');
  await address.fill(customer);
  await address.save();
  await address.arrivedAt('/profile/created');
  await expectNoSideways(page, 'profile/created');

  await pin.goto();
  await expectNoSideways(page, 'pin/set');
  await pin.setPin(customer.pin);
  await pin.arrivedAt('/security/question');
  await expectNoSideways(page, 'security/question');
  await securityQuestion.choose(customer.securityQuestion, customer.securityAnswer);
  await dashboard.arrivedAt('/dashboard');
  await expectNoSideways(page, 'dashboard');

  // The off-canvas menu, open (it is a :target panel, so this works without script too).
  await page.getByRole('link', { name: 'Menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expectNoSideways(page, 'dashboard with the menu open');

  await page.goto('/no-such-page');
  await expectNoSideways(page, '404 (signed in)');
  await page.goto('/account/settings');
  await expectNoSideways(page, 'account/settings');
  await page.goto('/kyc-verification');
  await expectNoSideways(page, 'kyc-verification');
});
