import type { Page } from '@playwright/test';
import { expect, onboard, test } from './support/fixtures.ts';
import { demoCustomer } from './support/customers.ts';
import { ageCodes } from './support/bank-db.ts';
import { mailsTo, waitForCode } from './support/outbox.ts';

/** Seed section 2, copied here rather than imported so the tests check the app, not themselves. */
const guestOnlyRoutes = ['/', '/login', '/register', '/password/forgot', '/password/reset/token', '/password/reset'];
const signedInRoutes = [
  '/account/verify',
  '/address/update',
  '/profile/created',
  '/pin/set',
  '/security/question',
  '/account/settings',
  '/dashboard',
  '/transfer',
  '/transfer/send',
  '/transfer/success',
  '/transfer/receipt.pdf',
  '/beneficairies',
  '/transactions',
  '/kyc-verification',
  '/artime',
  '/airtime/purchase/success',
  '/data/purchase',
  '/data/purchase/success',
  '/bills/electricity',
  '/bills/electricity/success',
  '/bills/cable',
  '/bills/cable/success',
];
const onboardingSteps = ['/account/verify', '/address/update', '/pin/set', '/security/question'];
/** Sign-in routes that are not onboarding screens (the ones a half-onboarded customer is kept from). */
const appRoutes = signedInRoutes.filter((path) => !onboardingSteps.includes(path) && path !== '/profile/created');

/** Visits `from` in the browser and expects the server to have redirected it to `to`. */
async function expectRedirect(page: Page, from: string, to: string): Promise<void> {
  const response = await page.goto(from);
  expect(new URL(page.url()).pathname, `${from} should lead to ${to}`).toBe(to);
  expect(response?.request().redirectedFrom(), `${from} should be a server redirect`).not.toBeNull();
}

/**
 * Checks every path's redirect with a plain request sharing the browser's cookies (fast: no
 * rendering), then follows the first and last in the browser itself.
 */
async function expectRedirects(page: Page, paths: readonly string[], to: string): Promise<void> {
  for (const path of paths) {
    const response = await page.request.get(path, { maxRedirects: 0 });
    expect(response.status(), `${path} should redirect`).toBe(302);
    expect(new URL(response.headers()['location'] ?? '', response.url()).pathname, `${path} should lead to ${to}`).toBe(to);
  }
  for (const path of new Set([paths[0]!, paths[paths.length - 1]!])) await expectRedirect(page, path, to);
}

/** Visits `path` and expects to stay there (status 200). */
async function expectAllowed(page: Page, path: string): Promise<void> {
  const response = await page.goto(path);
  expect(new URL(page.url()).pathname, `${path} should be allowed`).toBe(path);
  expect(response?.status()).toBe(200);
}

test.describe('navigation guard (seed section 2)', () => {
  test('a guest on any sign-in route is sent to /login', async ({ page }) => {
    await expectRedirects(page, signedInRoutes, '/login');
    // Trailing slashes are the same route.
    await expectRedirect(page, '/dashboard/', '/login');
  });

  test('guest-only routes that exist are open to a guest', async ({ page, screens }) => {
    for (const path of ['/', '/login', '/register', '/password/forgot']) await expectAllowed(page, path);
    await page.goto('/');
    await expect(screens.login.submit).toBeVisible();
  });

  test('a customer with unfinished onboarding is sent to the first unmet step, in order', async ({ page, screens, customer }) => {
    await onboard(screens, customer, 'registered');
    await expectRedirects(page, [...appRoutes, '/address/update', '/profile/created', '/pin/set', '/security/question'], '/account/verify');

    await screens.verify.goto();
    await screens.verify.openAccount(await waitForCode(customer.email));
    await expectRedirects(page, [...appRoutes, '/profile/created', '/pin/set', '/security/question'], '/address/update');

    await screens.address.goto();
    await screens.address.fill(customer);
    await screens.address.save();
    await screens.address.arrivedAt('/profile/created');
    await expectRedirects(page, [...appRoutes, '/security/question'], '/pin/set');
    // "Profile created" is the pause between the address and the PIN.
    await expectAllowed(page, '/profile/created');

    await screens.pin.goto();
    await screens.pin.setPin(customer.pin);
    await screens.pin.arrivedAt('/security/question');
    await expectRedirects(page, [...appRoutes, '/profile/created'], '/security/question');
  });

  test('a completed step sends the customer to the next pending step, or to /dashboard', async ({ page, screens, customer }) => {
    await onboard(screens, customer, 'verified');
    await expectRedirect(page, '/account/verify', '/address/update');

    await screens.address.goto();
    await screens.address.fill(customer);
    await screens.address.save();
    await screens.address.arrivedAt('/profile/created');
    await expectRedirects(page, ['/account/verify', '/address/update'], '/pin/set');

    await screens.pin.goto();
    await screens.pin.setPin(customer.pin);
    await screens.pin.arrivedAt('/security/question');
    await expectRedirects(page, ['/account/verify', '/address/update', '/pin/set'], '/security/question');

    await screens.securityQuestion.goto();
    await screens.securityQuestion.choose(customer.securityQuestion, customer.securityAnswer);
    await screens.securityQuestion.arrivedAt('/dashboard');
    await expectRedirects(page, [...onboardingSteps, '/profile/created'], '/dashboard');
    await expectAllowed(page, '/dashboard');
  });

  test('a guest-only route sends a signed-in customer to the pending step', async ({ page, screens, customer }) => {
    await onboard(screens, customer, 'registered');
    await expectRedirects(page, guestOnlyRoutes, '/account/verify');

    await screens.verify.goto();
    await screens.verify.openAccount(await waitForCode(customer.email));
    await expectRedirects(page, guestOnlyRoutes, '/address/update');
  });

  test('a guest-only route sends a fully onboarded customer to /dashboard', async ({ page, screens }) => {
    await screens.login.goto();
    await screens.login.signIn(demoCustomer.email, demoCustomer.password);
    await screens.dashboard.arrivedAt('/dashboard');
    await expectRedirects(page, guestOnlyRoutes, '/dashboard');
  });

  test('on the way to /account/verify a new code is requested; a throttled request is only logged', async ({ page, screens, customer }) => {
    await onboard(screens, customer, 'registered');
    // Registration mails after it answers (so a taken email answers as fast): wait for it.
    await expect.poll(() => mailsTo(customer.email).length).toBe(1);

    // Within the minute after registering the request is refused by the throttle: no mail, same place.
    await expectRedirect(page, '/dashboard', '/account/verify');
    expect(mailsTo(customer.email)).toHaveLength(1);

    // A minute later (moved in the database, not waited for) the guard's request sends a new code.
    ageCodes(customer.email);
    await expectRedirect(page, '/dashboard', '/account/verify');
    const fresh = await waitForCode(customer.email, { count: 2 });
    await screens.verify.openAccount(fresh);
  });

  test('/404 and an unknown path show the not-found page with status 404', async ({ page, screens }) => {
    for (const path of ['/404', '/no-such-page', '/accounts/123/nothing-here']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      expect(new URL(page.url()).pathname).toBe(path);
      await expect(screens.notFound.heading).toHaveText('Page not found');
      await expect(page.getByRole('link', { name: 'Go to sign in' })).toBeVisible();
    }

    await screens.login.goto();
    await screens.login.signIn(demoCustomer.email, demoCustomer.password);
    await screens.dashboard.arrivedAt('/dashboard');
    for (const path of ['/404', '/no-such-page', '/accounts/9999/statement']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(screens.notFound.heading).toHaveText('Page not found');
      await expect(page.getByRole('link', { name: 'Back to my dashboard' })).toBeVisible();
    }
  });
});
