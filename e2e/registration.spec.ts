import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './support/fixtures.ts';
import { appOrigin, newCustomer, onboardThroughApi } from './support/customers.ts';
import { outboxDir } from './support/data-dir.ts';
import { mailsTo, waitForCode } from './support/outbox.ts';

const subjectOf = (file: string) => /^Subject:\s*(.+)$/im.exec(fs.readFileSync(path.join(outboxDir(), file), 'utf8'))?.[1] ?? '';

async function waitForMail(email: string, subject: RegExp): Promise<string> {
  for (let tries = 0; tries < 50; tries += 1) {
    const found = mailsTo(email).find((file) => subject.test(subjectOf(file)));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail to ${email} with subject ${subject}`);
}

test.describe('registration tells nobody who banks here', () => {
  test('a taken email gets the same screens as a new one; its owner is mailed; the code step answers like a wrong code', async ({ page, screens, request, customer }) => {
    // The owner opens an account through the API in a context of its own.
    const owner = await onboardThroughApi(request, newCustomer());
    const mailsBefore = mailsTo(owner.email).length;

    await screens.register.goto();
    await screens.register.register({ ...customer, email: owner.email });
    await screens.verify.arrivedAt('/account/verify');
    await expect(page.getByText(`We sent a 6-digit code to ${owner.email}`)).toBeVisible();

    await waitForMail(owner.email, /tried to open/);
    expect(mailsTo(owner.email)).toHaveLength(mailsBefore + 1);

    await screens.verify.enterCode('123456');
    await expect(screens.verify.fieldError('otp')).toHaveText('That code is not right. You have 4 tries left.');
  });

  test('a new email: the code opens the account and signs in', async ({ screens, customer }) => {
    await screens.register.goto();
    await screens.register.register(customer);
    await screens.verify.arrivedAt('/account/verify');
    await screens.verify.openAccount(await waitForCode(customer.email));
  });

  test('while the code is awaited, every signed-in screen leads to /account/verify; "Sign out" ends the registration', async ({ page, context, screens, customer }) => {
    await screens.register.goto();
    await screens.register.register(customer);
    await screens.verify.arrivedAt('/account/verify');
    // Register's token is the ordinary session cookie.
    expect((await context.cookies()).map((cookie) => cookie.name)).toContain('session');
    for (const path of ['/dashboard', '/address/update', '/transfer', '/login', '/register']) {
      await page.goto(path);
      expect(new URL(page.url()).pathname, path).toBe('/account/verify');
    }
    await page.getByRole('button', { name: 'Sign out' }).click();
    await screens.login.arrivedAt('/login');
    await page.goto('/dashboard');
    expect(new URL(page.url()).pathname).toBe('/login');
    await screens.register.goto();
    expect(new URL(page.url()).pathname).toBe('/register');
  });
});

test.describe('POST /api/v1/auth/register (API.md)', () => {
  test('answers 201 { user, token, message } alike for a taken and a new email, with the session cookie; the token then verifies with verify-otp', async ({ playwright, baseURL }) => {
    const owner = newCustomer();
    const setup = await playwright.request.newContext({ baseURL });
    await onboardThroughApi(setup, owner);
    await setup.dispose();

    const register = async (email: string) => {
      // A cookie-authenticated call must say where it comes from (the server's CSRF check).
      const context = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: appOrigin() } });
      const fields = newCustomer();
      const response = await context.post('/api/v1/auth/register', {
        data: { first_name: fields.firstName, last_name: fields.lastName, email, phone_number: fields.phone, password: fields.password, password_confirmation: fields.password, terms: true },
      });
      const body = await response.json();
      const cookies = (await context.storageState()).cookies;
      return { context, status: response.status(), body, cookieNames: cookies.map((cookie) => cookie.name), cookieValue: cookies.find((cookie) => cookie.name === 'session')?.value };
    };
    const fresh = newCustomer();
    const [taken, made] = [await register(owner.email), await register(fresh.email)];
    for (const answer of [taken, made]) {
      expect(answer.status).toBe(201);
      expect(Object.keys(answer.body.data).sort()).toEqual(['message', 'token', 'user']);
      expect(answer.body.data.user).toMatchObject({ is_email_verified: false, is_address_submitted: false, is_transaction_pin_set: false, is_security_question_set: false, accounts: [] });
      expect(answer.body.data.user.id).toMatch(/^usr_[A-Za-z0-9_-]{16}$/);
      expect(answer.cookieNames).toEqual(['session']);
      expect(answer.cookieValue).toBe(answer.body.data.token);
    }
    expect(Object.keys(taken.body.data.user).sort()).toEqual(Object.keys(made.body.data.user).sort());
    expect(taken.body.message.replace(owner.email, '<email>')).toBe(made.body.message.replace(fresh.email, '<email>'));

    // With the cookie: the pending profile; then the code opens the account, and the same cookie signs in.
    const profile = await made.context.get('/api/v1/profile');
    expect((await profile.json()).data.email).toBe(fresh.email);
    const early = await made.context.post('/api/v1/onboarding/address', { data: { address: '1 Marina', city: 'Lagos Island', state: 'Lagos', lga: 'Lagos Island' } });
    expect([early.status(), (await early.json()).code]).toEqual([403, 'ONBOARDING_INCOMPLETE']);
    const verified = await made.context.post('/api/v1/onboarding/verify-otp', { data: { otp: await waitForCode(fresh.email) } });
    expect(verified.status()).toBe(200);
    expect((await verified.json()).data.user).toMatchObject({ email: fresh.email, is_email_verified: true });
    // Bearer works as well as the cookie.
    const bearer = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${made.body.data.token}` } });
    expect((await (await bearer.get('/api/v1/profile')).json()).data).toMatchObject({ email: fresh.email, is_email_verified: true });
    await Promise.all([taken.context.dispose(), made.context.dispose(), bearer.dispose()]);
  });
});
