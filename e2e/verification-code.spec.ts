import { expect, onboard, test as base } from './support/fixtures.ts';
import type { VerifyEmailPage } from './page-models/verify-email-page.ts';
import { ageCodes, expireCodes } from './support/bank-db.ts';
import { mailsTo, waitForCode } from './support/outbox.ts';

/** A 6-digit code that is certainly not `code`. */
const wrongCodeFor = (code: string) => code.replace(/^\d/, (digit) => String((Number(digit) + 1) % 10));

/** Each test starts just registered through the screens: on /account/verify, with the code mailed (`code`). */
const test = base.extend<{ registered: { verify: VerifyEmailPage; code: string } }>({
  registered: async ({ screens, customer }, use) => {
    await onboard(screens, customer, 'registered');
    await use({ verify: screens.verify, code: await waitForCode(customer.email) });
  },
});

test.describe('email verification code', () => {
  test('a wrong code says how many tries are left; the right one still works', async ({ registered: { verify, code } }) => {
    await verify.enterCode(wrongCodeFor(code));
    await expect(verify.fieldError('otp')).toHaveText('That code is not right. You have 4 tries left.');
    await expect(verify.alert).toContainText('4 tries left');

    await verify.ready();
    await verify.enterCode(wrongCodeFor(code));
    await expect(verify.fieldError('otp')).toHaveText('That code is not right. You have 3 tries left.');

    await verify.openAccount(code);
  });

  test('five wrong codes kill the code', async ({ registered: { verify, code } }) => {
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await verify.enterCode(wrongCodeFor(code));
      await expect(verify.fieldError('otp')).toContainText(`${5 - attempt} ${5 - attempt === 1 ? 'try' : 'tries'} left`);
      await verify.ready();
    }
    await verify.enterCode(wrongCodeFor(code));
    await expect(verify.fieldError('otp')).toHaveText('Too many wrong tries: that code no longer works. Ask for a new code.');
    await verify.ready();
    await verify.enterCode(code);
    await expect(verify.fieldError('otp')).toHaveText('That code is not valid any more. Ask for a new code.');
  });

  test('an expired code is refused; a new code (after the throttle minute) works', async ({ page, registered: { verify, code }, customer }) => {
    expect(expireCodes(customer.email)).toBe(1);
    await verify.enterCode(code);
    await expect(verify.fieldError('otp')).toHaveText('That code has expired. Ask for a new code.');
    await expect(verify.alert).toHaveText('That code has expired. Ask for a new code.');
    expect(new URL(page.url()).pathname).toBe('/account/verify');

    // The throttle allows one code a minute: move the old one back rather than wait.
    ageCodes(customer.email);
    await verify.ready();
    await verify.resend();
    await expect(verify.notice).toHaveText(`We have sent a new code to ${customer.email}.`);
    const fresh = await waitForCode(customer.email, { count: 2 });
    expect(fresh).toMatch(/^\d{6}$/);

    await verify.openAccount(fresh);
  });

  test('asking for a new code right after registering is throttled', async ({ registered: { verify, code }, customer }) => {
    await verify.resend();
    await expect(verify.alert).toHaveText(/^Please wait (\d+) seconds before asking for another code\.$/);
    const seconds = Number((await verify.alert.textContent())?.match(/(\d+) seconds/)?.[1]);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    // Nothing was sent, and the first code still works.
    expect(mailsTo(customer.email)).toHaveLength(1);
    await verify.openAccount(code);
  });
});
