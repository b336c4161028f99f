import type { Page } from '@playwright/test';
import { expect, onboard, test } from './support/fixtures.ts';

/** Moves focus out of the field being typed in, as a customer does before reaching for the button. */
const leaveField = (page: Page) => page.keyboard.press('Tab');

test.describe('validation messages', () => {
  test('register step 1 submitted empty shows a message per field', async ({ page, screens }) => {
    const { register } = screens;
    await register.goto();
    await register.continueButton.click();
    await register.ready();
    await expect(register.fieldError('first_name')).toHaveText('Enter your first name');
    await expect(register.fieldError('last_name')).toHaveText('Enter your last name');
    await expect(register.fieldError('email')).toHaveText('Enter your email address');
    await expect(register.fieldError('phone_number')).toHaveText('Enter your phone number');
    await expect(register.stepIndicator).toHaveText(/Step 1 of 2/);
    // Each message is tied to its field for screen readers.
    await expect(register.email).toHaveAttribute('aria-invalid', 'true');
    await expect(register.email).toHaveAttribute('aria-describedby', /email-error/);
    expect(new URL(page.url()).pathname).toBe('/register');
  });

  test('register step 1 keeps what was typed and marks only what is wrong', async ({ page, screens }) => {
    const { register } = screens;
    await register.goto();
    await register.firstName.fill('Adaeze');
    await register.email.fill('adaeze@');
    await register.phone.fill('0123');
    await leaveField(page);
    await register.continueButton.click();
    await register.ready();
    await expect(register.fieldError('last_name')).toHaveText('Enter your last name');
    await expect(register.fieldError('email')).toHaveText('Enter a valid email address, like name@example.com');
    await expect(register.fieldError('phone_number')).toHaveText('Enter a Nigerian mobile number, like 0803 123 4567');
    await expect(register.fieldError('first_name')).toHaveCount(0);
    await expect(register.firstName).toHaveValue('Adaeze');
    await expect(register.email).toHaveValue('adaeze@');
    await expect(register.phone).toHaveValue('0123');
  });

  test('mismatched passwords and unaccepted terms are refused on step 2', async ({ page, screens, customer }) => {
    const { register } = screens;
    await register.goto();
    await register.fillDetails(customer);
    await register.continue();
    await register.fillSecurity(customer.password, `${customer.password}-typo`, false);
    await leaveField(page);
    await register.openAccountButton.click();
    await register.ready();
    await expect(register.fieldError('password_confirmation')).toHaveText('The two passwords do not match');
    await expect(register.fieldError('terms')).toHaveText('Accept the terms and conditions to open an account');
    // Still step 2, for the same person; nobody was registered.
    await expect(register.stepIndicator).toHaveText(/Step 2 of 2/);
    await expect(page.getByText(`Opening an account for ${customer.email}`)).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/register');
  });

  test('a common password is refused by the server and shown beside the field', async ({ page, screens, customer }) => {
    const { register } = screens;
    await register.goto();
    await register.fillDetails(customer);
    await register.continue();
    await register.fillSecurity('password123');
    await register.openAccountButton.click();
    await expect(register.fieldError('password')).toHaveText(/too common or easy to guess/);
    expect(new URL(page.url()).pathname).toBe('/register');
  });

  test('a trivial PIN and mismatched PINs are refused', async ({ screens, customer }) => {
    const { pin } = screens;
    await onboard(screens, customer, 'address');
    await pin.goto();
    for (const trivial of ['1234', '0000', '9876']) {
      await pin.setPin(trivial);
      await expect(pin.fieldError('pin')).toHaveText('That PIN is too easy to guess: avoid repeated digits and runs like 1234');
      await pin.ready();
    }
    await pin.setPin('2718', '2719');
    await expect(pin.fieldError('pin_confirmation')).toHaveText('The two PINs do not match');
    await pin.ready();
    await pin.setPin('27a8');
    await expect(pin.fieldError('pin')).toHaveText('Your PIN is exactly 4 digits');
    await pin.ready();
    await pin.setPin(customer.pin);
    await pin.arrivedAt('/security/question');
  });

  test('an address with a state but no LGA shows that state’s LGAs with a message', async ({ screens, customer }) => {
    const { address } = screens;
    await onboard(screens, customer, 'verified');
    await address.street.fill(customer.address);
    await address.city.fill(customer.city);
    await address.chooseState('Kano');
    await address.save();
    await address.ready();
    await expect(address.fieldError('lga')).toHaveText('Choose your local government area');
    await expect(address.state).toHaveValue('Kano');
    await expect(address.street).toHaveValue(customer.address);
    await expect(address.lga.locator('option', { hasText: 'Nasarawa' })).toHaveCount(1);
    await expect(address.lga.locator('option', { hasText: 'Ikeja' })).toHaveCount(0);
    await address.lga.selectOption('Nasarawa');
    await address.save();
    await address.arrivedAt('/profile/created');
  });

  test.describe('with JavaScript', () => {
    test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'messages as you type need the island');

    test('a message appears when you leave a field, before submitting, and goes when fixed', async ({ page, screens }) => {
      const { register } = screens;
      const apiCalls: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/')) apiCalls.push(request.url());
      });
      await register.goto();

      await register.email.fill('adaeze@');
      await expect(register.fieldError('email')).toHaveCount(0); // not while still typing in it
      await register.email.blur();
      await expect(register.fieldError('email')).toHaveText('Enter a valid email address, like name@example.com');

      await register.email.fill('adaeze@example.com');
      await expect(register.fieldError('email')).toHaveCount(0);

      await register.firstName.focus();
      await register.firstName.blur();
      await expect(register.fieldError('first_name')).toHaveText('Enter your first name');
      await register.firstName.fill('Adaeze1');
      await expect(register.fieldError('first_name')).toHaveText('Your first name can only contain letters, spaces, hyphens and apostrophes');
      // Untouched fields stay quiet, and nothing went to the server.
      await expect(register.fieldError('last_name')).toHaveCount(0);
      await expect(register.fieldError('phone_number')).toHaveCount(0);
      expect(apiCalls).toEqual([]);
    });

    test('the PIN form checks as you go', async ({ screens, customer }) => {
      const { pin } = screens;
      await onboard(screens, customer, 'address');
      await pin.goto();
      await pin.pin.fill('1111');
      await pin.pin.blur();
      await expect(pin.fieldError('pin')).toHaveText(/too easy to guess/);
      await pin.pin.fill('2718');
      await expect(pin.fieldError('pin')).toHaveCount(0);
      await pin.confirmation.fill('2719');
      await pin.confirmation.blur();
      await expect(pin.fieldError('pin_confirmation')).toHaveText('The two PINs do not match');
    });
  });

  test.describe('pressing the button straight from a field', () => {
    test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'only the island shows messages on leaving a field');

    test('pressing Continue straight from an invalid field submits the step', async ({ screens }) => {
      // Regression: leaving an invalid field for the button used to show its message first,
      // pushing the button down between press and release, so the press was lost.
      const { register } = screens;
      await register.goto();
      await register.firstName.fill('Adaeze');
      await register.phone.fill('0123');
      await register.continueButton.click();
      await expect(register.fieldError('last_name')).toHaveText('Enter your last name', { timeout: 2_000 });
    });
  });
});
