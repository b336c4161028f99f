import type { Page, Response } from '@playwright/test';
import { expect, onboard, test } from './support/fixtures.ts';
import { waitForCode } from './support/outbox.ts';

/**
 * Without JavaScript every form must be a plain HTML form that posts to the server, which
 * answers with a redirect (303, the post/redirect/get pattern) or the page again with messages.
 */
test.skip(({ javaScriptEnabled }) => javaScriptEnabled !== false, 'checks the pages as a browser without script sees them');

/** Runs `submit` and returns the answer to the form post it makes. */
async function postAnswer(page: Page, path: string, submit: () => Promise<void>): Promise<Response> {
  const answer = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === path);
  await submit();
  return answer;
}

function expectRedirect(response: Response, to: string): void {
  expect(response.status(), `POST ${new URL(response.url()).pathname}`).toBe(303);
  expect(new URL(response.headers()['location'] ?? '', response.url()).pathname).toBe(to);
}

/** Every form on the page posts to a same-site path, and nothing needs script to work. */
async function expectPlainForms(page: Page, label: string): Promise<void> {
  const forms = await page.locator('form').evaluateAll((elements) =>
    elements.map((form) => ({
      method: form.getAttribute('method'),
      action: form.getAttribute('action'),
      submits: form.querySelectorAll('button:not([type]), button[type="submit"], input[type="submit"]').length,
    })),
  );
  expect(forms.length, `${label} has a form`).toBeGreaterThan(0);
  for (const form of forms) {
    expect(form.method?.toLowerCase(), `${label}: form posts`).toBe('post');
    expect(form.action, `${label}: form action`).toMatch(/^\/[a-z/-]*$/);
    expect(form.submits, `${label}: form ${form.action} has a submit button`).toBeGreaterThan(0);
  }
  await expect(page.locator('a[href^="javascript:"], [onclick], [onsubmit]'), `${label}: script-only controls`).toHaveCount(0);
}

test('every screen’s forms are plain HTML forms posting to the server', async ({ page, screens, customer }) => {
  await screens.login.goto();
  await expectPlainForms(page, 'login');
  await screens.register.goto();
  await expectPlainForms(page, 'register');

  await onboard(screens, customer, 'registered');
  await expectPlainForms(page, 'account/verify');
  await screens.verify.openAccount(await waitForCode(customer.email));
  await expectPlainForms(page, 'address/update');
  await expect(screens.address.showLgasButton).toBeVisible();
  await screens.address.fill(customer);
  await screens.address.save();
  await screens.profileCreated.arrivedAt('/profile/created');
  // Only a link onwards here: nothing to post (the header's Sign out is the one form).
  await expect(page.locator('main form')).toHaveCount(0);
  await screens.pin.goto();
  await expectPlainForms(page, 'pin/set');
  await screens.pin.setPin(customer.pin);
  await screens.securityQuestion.arrivedAt('/security/question');
  await expectPlainForms(page, 'security/question');
  await screens.securityQuestion.choose(customer.securityQuestion, customer.securityAnswer);
  await screens.dashboard.arrivedAt('/dashboard');
  await expectPlainForms(page, 'dashboard (sign out)');
});

test('each step’s form post is answered with a redirect to the next screen', async ({ page, screens, customer }) => {
  const { register, verify, address, pin, securityQuestion, dashboard, login } = screens;

  await register.goto();
  await register.fillDetails(customer);
  const step1 = await postAnswer(page, '/register', () => register.continueButton.click());
  expect(step1.status()).toBe(200);
  await expect(register.stepIndicator).toHaveText(/Step 2 of 2/);
  await register.fillSecurity(customer.password);
  expectRedirect(await postAnswer(page, '/register', () => register.openAccountButton.click()), '/account/verify');

  await verify.arrivedAt('/account/verify');
  await verify.code.fill(await waitForCode(customer.email));
  expectRedirect(await postAnswer(page, '/account/verify', () => verify.verifyButton.click()), '/address/update');

  await address.arrivedAt('/address/update');
  await address.street.fill(customer.address);
  await address.city.fill(customer.city);
  await address.state.selectOption('FCT');
  const lgas = await postAnswer(page, '/address/update', () => address.showLgasButton.click());
  expect(lgas.status()).toBe(200);
  await expect(address.notice).toHaveText('Now choose your local government area.');
  await expect(address.street).toHaveValue(customer.address);
  await expect(address.lga.locator('option')).toHaveText(['Choose your local government area', 'Abaji', 'Bwari', 'Gwagwalada', 'Kuje', 'Kwali', 'Municipal Area Council']);
  await address.lga.selectOption('Bwari');
  expectRedirect(await postAnswer(page, '/address/update', () => address.save()), '/profile/created');

  await address.arrivedAt('/profile/created');
  await screens.profileCreated.setPinLink.click();
  await pin.arrivedAt('/pin/set');
  await pin.pin.fill(customer.pin);
  await pin.confirmation.fill(customer.pin);
  expectRedirect(await postAnswer(page, '/pin/set', () => pin.submit.click()), '/security/question');

  await securityQuestion.arrivedAt('/security/question');
  await securityQuestion.question.selectOption({ label: customer.securityQuestion });
  await securityQuestion.answer.fill(customer.securityAnswer);
  expectRedirect(await postAnswer(page, '/security/question', () => securityQuestion.submit.click()), '/dashboard');

  await dashboard.arrivedAt('/dashboard');
  await dashboard.openAccountMenu();
  expectRedirect(await postAnswer(page, '/logout', () => dashboard.signOutButton.click()), '/login');

  await login.arrivedAt('/login');
  await login.fill(customer.email, customer.password);
  expectRedirect(await postAnswer(page, '/login', () => login.submit.click()), '/dashboard');
  await dashboard.arrivedAt('/dashboard');
});

test('a failed post answers with the page again, its status and the messages', async ({ page, screens }) => {
  await screens.login.goto();
  await screens.login.fill('nobody@example.com', '');
  const answer = await postAnswer(page, '/login', () => screens.login.submit.click());
  expect(answer.status()).toBe(422);
  await expect(screens.login.fieldError('password')).toHaveText('Enter your password');
  await expect(screens.login.email).toHaveValue('nobody@example.com');
});

test('the recovery, settings and KYC screens are plain forms that post to themselves', async ({ page, screens, customer }) => {
  await page.goto('/password/forgot');
  await expectPlainForms(page, '/password/forgot');
  // The later recovery steps need the first one's cookie; without it they send you back.
  for (const path of ['/password/reset/token', '/password/reset']) {
    await page.goto(path);
    expect(new URL(page.url()).pathname, path).toBe('/password/forgot');
  }

  await onboard(screens, customer);
  await page.goto('/account/settings');
  await expectPlainForms(page, '/account/settings');
  await page.goto('/kyc-verification');
  await expectPlainForms(page, '/kyc-verification');
});
