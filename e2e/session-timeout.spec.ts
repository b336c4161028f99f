import { expect, sessionToken, test } from './support/fixtures.ts';
import { onboardThroughApi } from './support/customers.ts';
import { idleSession } from './support/bank-db.ts';

/**
 * The 15-minute idle timeout on signed-in screens. The server enforces it on every request;
 * with JavaScript the app warns a minute before and offers to stay signed in. The browser's
 * clock is faked (page.clock) so a quarter of an hour passes in a moment; the server's is not,
 * so "stay signed in" really reaches a live session.
 */
test.describe('idle timeout', () => {
  test('with JavaScript: a warning a minute before, "Stay signed in" keeps the session, no answer signs out', async ({ page, js, screens }) => {
    test.skip(!js, 'the warning is JavaScript; without it the server alone times the session out (next test)');
    await page.clock.install();
    await onboardThroughApi(page.request);
    await page.goto('/transactions');
    const warning = page.getByRole('dialog', { name: 'Are you still there?' });
    await expect(warning).toBeHidden();

    // 13 minutes without a request: no warning yet.
    await page.clock.fastForward('13:00');
    await expect(warning).toBeHidden();

    // A minute before the server's limit (less its 15 s of bookkeeping slack), the warning shows.
    await page.clock.fastForward('00:50');
    await expect(warning).toBeVisible();
    await expect(warning).toContainText('we will sign you out in');
    await expect(warning.getByRole('button', { name: 'Stay signed in' })).toBeFocused();

    const touched = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/v1/profile');
    await warning.getByRole('button', { name: 'Stay signed in' }).click();
    expect((await touched).status()).toBe(200);
    await expect(warning).toBeHidden();

    // The count started again from "stay": 13 minutes later there is still no warning.
    await page.clock.fastForward('13:00');
    await expect(warning).toBeHidden();
    await expect(page).toHaveURL(/\/transactions$/);

    // Nobody answers this time: the app signs out by itself and says why.
    await page.clock.fastForward('01:00');
    await expect(warning).toBeVisible();
    await page.clock.fastForward('01:00');
    await screens.login.arrivedAt('/login');
    expect(new URL(page.url()).searchParams.get('reason')).toBe('idle');
    await expect(screens.login.notice).toHaveText('You were signed out after 15 minutes without activity. Please sign in again.');

    // The session is gone on the server, not only in this tab.
    await page.goto('/dashboard');
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  test('"Sign out now" in the warning ends the session', async ({ page, js, screens }) => {
    test.skip(!js, 'the warning is JavaScript');
    await page.clock.install();
    await onboardThroughApi(page.request);
    await page.goto('/dashboard');
    await page.clock.fastForward('14:00');
    const warning = page.getByRole('dialog', { name: 'Are you still there?' });
    await expect(warning).toBeVisible();
    await warning.getByRole('button', { name: 'Sign out now' }).click();
    await screens.login.arrivedAt('/login');
    expect(new URL(page.url()).searchParams.get('reason')).toBe('idle');
    await page.goto('/transactions');
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  test('without a word from the browser for 15 minutes, the next request lands on /login saying why', async ({ page, context, screens }) => {
    await onboardThroughApi(page.request);
    await page.goto('/dashboard');
    await expect(page.getByRole('dialog', { name: 'Are you still there?' })).toBeHidden();
    expect(idleSession(await sessionToken(context), 16)).toBe(1);

    await page.goto('/transactions');
    await screens.login.arrivedAt('/login');
    expect(new URL(page.url()).searchParams.get('reason')).toBe('idle');
    await expect(screens.login.notice).toHaveText('You were signed out after 15 minutes without activity. Please sign in again.');
  });
});
