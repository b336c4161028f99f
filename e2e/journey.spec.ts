import { expect, test } from './support/fixtures.ts';
import { waitForCode } from './support/outbox.ts';

test('a new customer opens an account, onboards, signs out and signs back in', async ({ page, screens, customer }) => {
  const { register, verify, address, profileCreated, pin, securityQuestion, dashboard, login } = screens;

  await test.step('register in two steps', async () => {
    await register.goto();
    await expect(register.stepIndicator).toHaveText(/Step 1 of 2/);
    await register.fillDetails(customer);
    await register.continue();
    await expect(register.stepIndicator).toHaveText(/Step 2 of 2/);
    await expect(page.getByText(`Opening an account for ${customer.email}`)).toBeVisible();
    await register.fillSecurity(customer.password);
    await register.openAccountButton.click();
    await verify.arrivedAt('/account/verify');
    await expect(page.getByText(`We sent a 6-digit code to ${customer.email}`)).toBeVisible();
  });

  await test.step('verify the email with the code from the outbox', async () => {
    const code = await waitForCode(customer.email);
    await verify.enterCode(code);
    await address.arrivedAt('/address/update');
  });

  await test.step('give an address: the LGA list follows the state', async () => {
    await address.street.fill(customer.address);
    await address.city.fill(customer.city);
    await address.chooseState('Lagos');
    await expect(address.lga.locator('option', { hasText: 'Ikeja' })).toHaveCount(1);
    await expect(address.lga.locator('option', { hasText: 'Aba North' })).toHaveCount(0);
    await address.lga.selectOption('Ikeja');
    await address.save();
    await profileCreated.arrivedAt('/profile/created');
  });

  let accountNumber = '';
  await test.step('profile created shows the new account number', async () => {
    await expect(profileCreated.accountNumber).toHaveText(/^\d{10}$/);
    accountNumber = (await profileCreated.accountNumber.textContent())?.trim() ?? '';
    await profileCreated.setPinLink.click();
    await pin.arrivedAt('/pin/set');
  });

  await test.step('set the transaction PIN', async () => {
    await pin.setPin(customer.pin);
    await securityQuestion.arrivedAt('/security/question');
  });

  await test.step('choose a security question', async () => {
    await securityQuestion.choose(customer.securityQuestion, customer.securityAnswer);
    await dashboard.arrivedAt('/dashboard');
  });

  await test.step('the dashboard greets the customer and shows the account', async () => {
    await expect(dashboard.heading).toHaveText(dashboard.greetingFor(customer.firstName));
    await expect(dashboard.accountNumber).toHaveText(/^\d{10}$/);
    await expect(dashboard.accountNumber).toHaveText(accountNumber);
    await expect(dashboard.balance).toContainText('₦');
  });

  await test.step('sign out', async () => {
    await dashboard.signOut();
    expect(new URL(page.url()).searchParams.get('reason')).toBe('signed-out');
    await expect(page.getByText('You have signed out.')).toBeVisible();
    // Signed out for real: the dashboard now sends the visitor to sign in.
    await page.goto('/dashboard');
    await login.arrivedAt('/login');
  });

  await test.step('sign back in at /login', async () => {
    await login.goto();
    await login.signIn(customer.email, customer.password);
    await dashboard.arrivedAt('/dashboard');
    await expect(dashboard.heading).toHaveText(dashboard.greetingFor(customer.firstName));
    await expect(dashboard.accountNumber).toHaveText(accountNumber);
  });
});

test('“Change details” on step 2 goes back to step 1 with the details kept', async ({ page, screens, customer }) => {
  const { register, verify } = screens;
  await register.goto();
  await register.fillDetails(customer);
  await register.continue();
  await page.getByRole('button', { name: 'Change details' }).click();
  await register.ready();
  await expect(register.stepIndicator).toHaveText(/Step 1 of 2/);
  await expect(register.firstName).toHaveValue(customer.firstName);
  await expect(register.lastName).toHaveValue(customer.lastName);
  await expect(register.email).toHaveValue(customer.email);
  await expect(register.phone).toHaveValue(customer.phone);

  const corrected = `corrected.${customer.email}`;
  await register.email.fill(corrected);
  await register.continue();
  await expect(page.getByText(`Opening an account for ${corrected}`)).toBeVisible();
  await register.fillSecurity(customer.password);
  await register.openAccountButton.click();
  await verify.arrivedAt('/account/verify');
  await expect(page.getByText(`We sent a 6-digit code to ${corrected}`)).toBeVisible();
});

test.describe('with JavaScript', () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'the half-finished signup is kept in local storage by the island');

  test('a reload during registration keeps the details but never the passwords', async ({ page, screens, customer }) => {
    const { register } = screens;
    await register.goto();
    await register.fillDetails(customer);
    await register.continue();
    await register.password.fill(customer.password);
    await page.reload();
    await register.ready();
    await expect(register.stepIndicator).toHaveText(/Step 2 of 2/);
    await expect(page.getByText(`Opening an account for ${customer.email}`)).toBeVisible();
    await expect(register.password).toHaveValue('');
    const stored = await page.evaluate(() => window.localStorage.getItem('signup') ?? '');
    expect(stored).toContain(customer.email);
    expect(stored).not.toContain(customer.password);
  });
});
