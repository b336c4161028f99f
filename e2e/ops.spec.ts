import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { randomBytes } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { dataDir } from './support/data-dir.ts';
import { demoCustomer } from './support/customers.ts';

const run = promisify(execFile);
const password = 'harmattan-cassava-ledger-42';

/** The code an authenticator app would show `offsetMs` from now, computed with the library the server uses. */
function codeFor(secret: string, offsetMs = 0): string {
  const totp = new OTPAuth.TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: OTPAuth.Secret.fromBase32(secret) });
  return totp.generate({ timestamp: Date.now() + offsetMs });
}

/** Enrols on the page behind the link: the secret is read from the page, as a person would type it into the app. */
async function enrol(page: Page, link: string): Promise<string> {
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enrol in the back office');
  await expect(page.locator('svg[role="img"]')).toBeVisible();
  const secret = (await page.locator('#totp-secret').textContent())!.trim();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('The password again').fill(password);
  await page.getByLabel('The 6-digit code your app shows').fill(codeFor(secret));
  await page.getByRole('button', { name: 'Enrol' }).click();
  await expect(page).toHaveURL(/\/ops\/login\?enrolled=1$/);
  return secret;
}

/** Signs in with the password, then the next step's code (the enrolment took this step's). */
async function signIn(page: Page, email: string, secret: string): Promise<void> {
  await page.goto('/ops/login');
  await page.getByLabel('Work email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/ops\/login\/code$/);
  await page.getByLabel(/6-digit code/).fill(codeFor(secret, 30_000));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/ops$/);
}

test.describe('the back office', () => {
  test('an administrator made on the command line enrols, invites a support agent, who enrols, signs in and is refused /ops/staff', async ({ browser, baseURL }) => {
    const tag = randomBytes(4).toString('hex');
    const adminEmail = `admin-${tag}@bank.ng`;
    const agentEmail = `agent-${tag}@bank.ng`;
    const added = await run(process.execPath, [path.join(import.meta.dirname, '..', 'scripts', 'ops-staff.mjs'), 'add', '--role', 'admin', '--email', adminEmail, '--name', 'Ada Admin'], {
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir(), LOG_LEVEL: 'silent', SEED_DEMO: 'false', PUBLIC_ORIGIN: baseURL! },
    });
    const adminLink = added.stdout.match(/https?:\/\/\S+\/ops\/enrol\/[A-Za-z0-9_-]+/)![0];

    const admin = await (await browser.newContext()).newPage();
    const adminSecret = await enrol(admin, adminLink);
    await signIn(admin, adminEmail, adminSecret);
    await expect(admin.getByText('Signed in as Ada Admin, role admin.')).toBeVisible();
    await admin.getByRole('link', { name: 'Staff' }).click();
    await admin.getByLabel('Name').fill('Sola Support');
    await admin.getByLabel('Work email').fill(agentEmail);
    await admin.getByLabel('Role').selectOption('support');
    await admin.getByRole('button', { name: 'Invite' }).click();
    const agentLink = (await admin.locator('#enrol-url').textContent())!.trim();
    await expect(admin.getByRole('cell', { name: agentEmail, exact: true })).toBeVisible();

    const agent = await (await browser.newContext()).newPage();
    const agentSecret = await enrol(agent, agentLink);
    await signIn(agent, agentEmail, agentSecret);
    await expect(agent.getByText('Signed in as Sola Support, role support.')).toBeVisible();
    await expect(agent.getByRole('link', { name: 'Staff' })).toHaveCount(0);
    const refused = await agent.goto('/ops/staff');
    expect(refused?.status()).toBe(403);

    // The administrator's audit log shows the steps.
    await admin.goto('/ops/audit');
    await expect(admin.getByRole('cell', { name: 'staff.enrol' }).first()).toBeVisible();
    await expect(admin.getByRole('cell', { name: 'ops.page_refused' }).first()).toBeVisible();
    await admin.getByRole('button', { name: 'Sign out' }).click();
    await expect(admin).toHaveURL(/\/ops\/login\?reason=signed-out$/);
    await admin.goto('/ops');
    await expect(admin).toHaveURL(/\/ops\/login$/);
  });

  test('a signed-in customer is a stranger to /ops', async ({ screens, page }) => {
    await screens.login.goto();
    await screens.login.signIn(demoCustomer.email, demoCustomer.password);
    await screens.dashboard.arrivedAt('/dashboard');
    await page.goto('/ops/audit');
    await expect(page).toHaveURL(/\/ops\/login$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Staff sign-in');
  });
});
