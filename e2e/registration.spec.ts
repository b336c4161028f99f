import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './support/fixtures.ts';
import { newCustomer, onboardThroughApi } from './support/customers.ts';
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
    await screens.verify.enterCode(await waitForCode(customer.email));
    await screens.address.arrivedAt('/address/update');
  });

  test('"Start again" leaves a registration waiting for its code', async ({ page, screens, customer }) => {
    await screens.register.goto();
    await screens.register.register(customer);
    await screens.verify.arrivedAt('/account/verify');
    await page.getByRole('button', { name: 'Start again' }).click();
    await screens.login.arrivedAt('/login');
    await screens.register.goto();
    expect(new URL(page.url()).pathname).toBe('/register');
  });
});
