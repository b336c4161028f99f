import { randomBytes } from 'node:crypto';
import { ForgotPasswordPage } from './page-models/forgot-password-page.ts';
import { NewPasswordPage } from './page-models/new-password-page.ts';
import { ResetCodePage } from './page-models/reset-code-page.ts';
import { expect, test } from './support/fixtures.ts';
import { appOrigin, newCustomer, onboardThroughApi } from './support/customers.ts';
import { mailsTo } from './support/outbox.ts';
import { expireCodes } from './support/bank-db.ts';
import { otherDevice, resetDoneMailsTo, resetMailsTo, waitForResetCode, wrongCodeFor } from './support/recovery.ts';

/**
 * Forgotten password: /login → /password/forgot → /password/reset/token → /password/reset →
 * /login?reason=reset. The server allows 10 forgot requests per network per 15 minutes and all
 * of these tests come from 127.0.0.1: this file makes 4 per project (8 a run), so keep it so
 * (and do not --repeat-each it).
 */
const newPassword = () => `Cassava-lagoon-${randomBytes(3).toString('hex')}-Kano`;

test.describe('forgotten password', () => {
  test('a customer resets the password from the sign-in page; every other device is signed out', async ({ browser, page, js, screens }, testInfo) => {
    const { login, dashboard } = screens;
    const forgot = new ForgotPasswordPage(page, js);
    const code = new ResetCodePage(page, js);
    const choose = new NewPasswordPage(page, js);

    // Signed in on another device, which stays signed in until the reset.
    const elsewhere = await otherDevice(browser, testInfo, js);
    const phone = await elsewhere.newPage();
    const customer = await onboardThroughApi(phone.request, newCustomer());
    await phone.goto('/dashboard');
    expect(new URL(phone.url()).pathname).toBe('/dashboard');

    await login.goto();
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await forgot.arrivedAt(ForgotPasswordPage.path);
    await forgot.requestCode(customer.email);

    await code.arrivedAt(ResetCodePage.path);
    await expect(code.sentTo).toContainText('@example.com if it has an account');
    await expect(code.sentTo).not.toContainText(customer.email);
    await code.enterCode(await waitForResetCode(customer.email));

    await choose.arrivedAt(NewPasswordPage.path);
    const password = newPassword();
    await choose.choose(password);

    await login.arrivedAt('/login');
    expect(new URL(page.url()).searchParams.get('reason')).toBe('reset');
    await expect(login.notice).toHaveText('Your password has been changed. Sign in with the new one.');
    await expect.poll(() => resetDoneMailsTo(customer.email).length).toBe(1);

    // The other device's next step finds its session ended.
    await phone.goto('/dashboard');
    expect(new URL(phone.url()).pathname).toBe('/login');
    expect(new URL(phone.url()).searchParams.get('reason')).toBe('expired');
    await elsewhere.close();

    // The old password is refused; the new one signs in.
    await login.fill(customer.email, customer.password);
    expect(await login.submitForStatus()).toBe(422);
    await expect(login.alert).toHaveText('The email or password is not right.');
    await login.ready();
    await login.signIn(customer.email, password);
    await dashboard.arrivedAt('/dashboard');
  });

  test('a wrong code says how many tries are left, a new code is throttled silently, a weak or mismatched password and an expired code change nothing', async ({ page, js, screens, customer }) => {
    const { login } = screens;
    const forgot = new ForgotPasswordPage(page, js);
    const code = new ResetCodePage(page, js);
    const choose = new NewPasswordPage(page, js);
    await onboardThroughApi(page.request, customer);
    await page.context().clearCookies();

    await forgot.goto();
    await forgot.requestCode(customer.email);
    await code.arrivedAt(ResetCodePage.path);
    const sent = await waitForResetCode(customer.email);

    expect(await code.enterCodeForStatus(wrongCodeFor(sent))).toBe(422);
    await expect(code.fieldError('token')).toHaveText('That code is not right. You have 4 tries left.');
    await expect(code.code).toHaveValue('');

    // Asking again within the minute: the same neutral notice, and no second mail.
    await code.resend();
    await expect(code.notice).toHaveText('If an account uses that email address, we have sent it a 6-digit code. It works for 15 minutes.');
    expect(resetMailsTo(customer.email)).toHaveLength(1);

    // The first code still works.
    await code.enterCode(sent);
    await choose.arrivedAt(NewPasswordPage.path);
    // A password anyone could guess is refused by the server (with or without script).
    await choose.choose('password123');
    await expect(choose.fieldError('password')).toContainText('too common or easy to guess');
    await expect(choose.password).toHaveValue('');
    await choose.ready();

    const password = newPassword();
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(new URL(request.url()).pathname);
    });
    await choose.choose(password, `${password}x`);
    await expect(choose.fieldError('password_confirmation')).toHaveText('The two passwords do not match');
    expect(new URL(page.url()).pathname).toBe(NewPasswordPage.path);
    // With script the island stops the post; without, the page answers 422. Passwords never come
    // back into a form the server renders.
    expect(posts).toEqual(js ? [] : [NewPasswordPage.path]);
    await expect(choose.password).toHaveValue(js ? password : '');

    // The refusal did not spend the code: the step still opens.
    await choose.goto();
    expect(new URL(page.url()).pathname).toBe(NewPasswordPage.path);

    // The code expires before the form is sent: back to the start, told why; nothing changed.
    expect(expireCodes(customer.email)).toBe(1);
    await choose.choose(password);
    await forgot.arrivedAt(ForgotPasswordPage.path);
    expect(new URL(page.url()).searchParams.get('reason')).toBe('expired');
    await expect(forgot.notice).toHaveText('That reset code no longer works. Ask for a new one below.');
    await login.goto();
    await login.signIn(customer.email, customer.password);
    await screens.dashboard.arrivedAt('/dashboard');
  });

  test('an email with no account gets the same next screen, and no mail', async ({ page, js, screens }) => {
    const forgot = new ForgotPasswordPage(page, js);
    const code = new ResetCodePage(page, js);
    const stranger = newCustomer().email;

    await screens.login.goto();
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await forgot.arrivedAt(ForgotPasswordPage.path);
    // A malformed address is refused before anything is sent.
    await forgot.requestCode('not-an-email');
    await expect(forgot.fieldError('email')).toHaveText('Enter a valid email address, like name@example.com');
    expect(new URL(page.url()).pathname).toBe(ForgotPasswordPage.path);

    await forgot.ready();
    await forgot.requestCode(stranger);
    await code.arrivedAt(ResetCodePage.path);
    await expect(code.sentTo).toContainText('@example.com if it has an account. It works for 15 minutes.');
    expect(await code.enterCodeForStatus('123456')).toBe(422);
    await expect(code.fieldError('token')).toHaveText('That code is not right. You have 4 tries left.');
    expect(mailsTo(stranger)).toHaveLength(0);

    // The API answers the same way (422 INVALID_OTP under `token`), counting the same tries.
    const checked = await page.request.post('/api/v1/auth/password/verify-token', { data: { email: stranger, token: '123456' }, headers: { origin: appOrigin() } });
    expect(checked.status()).toBe(422);
    expect(await checked.json()).toEqual({
      success: false,
      code: 'INVALID_OTP',
      message: 'That code is not right. You have 3 tries left.',
      errors: { token: ['That code is not right. You have 3 tries left.'] },
    });
    const malformed = await page.request.post('/api/v1/auth/password/forgot', { data: { email: 'not-an-email' }, headers: { origin: appOrigin() } });
    expect(malformed.status()).toBe(422);
    expect(await malformed.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { email: ['Enter a valid email address, like name@example.com'] } });

    // Without a checked code there is no new-password step.
    await page.goto(NewPasswordPage.path);
    expect(new URL(page.url()).pathname).toBe(ForgotPasswordPage.path);
    await code.goto();
    await code.differentEmailLink.click();
    await forgot.arrivedAt(ForgotPasswordPage.path);
  });
});
