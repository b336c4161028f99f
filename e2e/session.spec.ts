import { expect, onboard, sessionToken, test } from './support/fixtures.ts';
import { idleSession, revokeSession } from './support/bank-db.ts';

test.describe('a session that ends mid-way', () => {
  test('a session revoked on the server sends the customer to /login at the next step', async ({ page, context, js, screens, customer }) => {
    const { address, login } = screens;
    await onboard(screens, customer, 'verified');
    await expect(address.heading).toBeVisible();

    // (Without script, choosing the state is itself a round trip, so fill in first.)
    await address.fill(customer);
    // Ended on the server (as by an administrator, or sign-out on another device); the browser
    // still holds the cookie.
    expect(revokeSession(await sessionToken(context))).toBe(1);

    if (js) {
      // The island's API call answers 401, which signs the browser out and goes to /login.
      const apiAnswer = page.waitForResponse((response) => response.url().endsWith('/api/v1/onboarding/address'));
      await address.save();
      expect((await apiAnswer).status()).toBe(401);
      await login.arrivedAt('/login');
      const stored = await page.evaluate(() => window.localStorage.getItem('auth'));
      expect(JSON.parse(stored ?? '{}')).toMatchObject({ user: null, token: null, isAuthenticated: false });
    } else {
      // Without script the form post itself is redirected by the server.
      const pageAnswer = page.waitForResponse((response) => new URL(response.url()).pathname === '/address/update' && response.request().method() === 'POST');
      await address.save();
      expect((await pageAnswer).status()).toBe(303);
      await login.arrivedAt('/login');
    }
    expect(new URL(page.url()).searchParams.get('reason')).toBe('expired');
    await expect(login.notice).toHaveText('Your session has ended. Please sign in again.');

    // Nothing was saved, and the browser is signed out for good.
    await page.goto('/address/update');
    expect(new URL(page.url()).pathname).toBe('/login');
    await login.ready();
    await login.signIn(customer.email, customer.password);
    await address.arrivedAt('/address/update');
  });

  test('with the session revoked, the next navigation lands on /login', async ({ page, context, screens, customer }) => {
    await onboard(screens, customer, 'address');
    expect(revokeSession(await sessionToken(context))).toBe(1);
    await screens.profileCreated.setPinLink.click();
    await screens.login.arrivedAt('/login');
    expect(new URL(page.url()).searchParams.get('reason')).toBe('expired');
    await expect(screens.login.notice).toHaveText('Your session has ended. Please sign in again.');
  });

  test('a session idle for over 15 minutes ends, and says so', async ({ page, context, screens, customer }) => {
    await onboard(screens, customer, 'address');
    expect(idleSession(await sessionToken(context), 16)).toBe(1);
    await page.goto('/pin/set');
    await screens.login.arrivedAt('/login');
    expect(new URL(page.url()).searchParams.get('reason')).toBe('idle');
    await expect(screens.login.notice).toHaveText('You were signed out after 15 minutes without activity. Please sign in again.');
  });
});
