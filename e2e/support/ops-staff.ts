import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import * as OTPAuth from 'otpauth';
import { expect, type Browser, type Page, type TestInfo } from '@playwright/test';
import { dataDir } from './data-dir.ts';

const run = promisify(execFile);
export const staffPassword = 'harmattan-cassava-ledger-42';

/** The code an authenticator app would show `offsetMs` from now, computed with the library the server uses. */
export function codeFor(secret: string, offsetMs = 0): string {
  const totp = new OTPAuth.TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: OTPAuth.Secret.fromBase32(secret) });
  return totp.generate({ timestamp: Date.now() + offsetMs });
}

/** Enrols on the page behind the link: the secret is read from the page, as a person would type it into the app. */
export async function enrol(page: Page, link: string): Promise<string> {
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enrol in the back office');
  await expect(page.locator('svg[role="img"]')).toBeVisible();
  const secret = (await page.locator('#totp-secret').textContent())!.trim();
  await page.getByLabel('Password', { exact: true }).fill(staffPassword);
  await page.getByLabel('The password again').fill(staffPassword);
  await page.getByLabel('The 6-digit code your app shows').fill(codeFor(secret));
  await page.getByRole('button', { name: 'Enrol' }).click();
  await expect(page).toHaveURL(/\/ops\/login\?enrolled=1$/);
  return secret;
}

/** Signs in with the password, then the next step's code (the enrolment took this step's). */
export async function signIn(page: Page, email: string, secret: string): Promise<void> {
  await page.goto('/ops/login');
  await page.getByLabel('Work email').fill(email);
  await page.getByLabel('Password').fill(staffPassword);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/ops\/login\/code$/);
  await page.getByLabel(/6-digit code/).fill(codeFor(secret, 30_000));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/ops$/);
}

/** `npm run ops:staff -- add …` as an operator runs it: the one-time enrolment link it prints. */
export async function addStaffFromCommandLine(baseURL: string, role: string, email: string, name: string): Promise<string> {
  const added = await run(process.execPath, [path.join(import.meta.dirname, '..', '..', 'scripts', 'ops-staff.mjs'), 'add', '--role', role, '--email', email, '--name', name], {
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir(), LOG_LEVEL: 'silent', SEED_DEMO: 'false', PUBLIC_ORIGIN: baseURL },
  });
  return added.stdout.match(/https?:\/\/\S+\/ops\/enrol\/[A-Za-z0-9_-]+/)![0];
}

/** A member made on the command line, enrolled and signed in, in a browser context of their own (JavaScript as the project has it). */
export async function signedInMember(browser: Browser, options: { baseURL: string; javaScriptEnabled: boolean; role: string; email: string; name: string }): Promise<Page> {
  const link = await addStaffFromCommandLine(options.baseURL, options.role, options.email, options.name);
  const page = await (await browser.newContext({ baseURL: options.baseURL, javaScriptEnabled: options.javaScriptEnabled })).newPage();
  const secret = await enrol(page, link);
  await signIn(page, options.email, secret);
  return page;
}

/** An administrator invites a member on /ops/staff: the enrolment link the page shows. */
export async function invite(admin: Page, role: string, email: string, name: string): Promise<string> {
  await admin.goto('/ops/staff');
  await admin.getByLabel('Name').fill(name);
  await admin.getByLabel('Work email').fill(email);
  await admin.getByLabel('Role').selectOption(role);
  await admin.getByRole('button', { name: 'Invite' }).click();
  return (await admin.locator('#enrol-url').textContent())!.trim();
}

/** A browser of a member's own, as the project runs them (JavaScript on or off, its viewport and locale). */
export async function staffPage(browser: Browser, testInfo: TestInfo): Promise<Page> {
  const { baseURL, viewport, locale, timezoneId, javaScriptEnabled } = testInfo.project.use;
  return (await browser.newContext({ baseURL, viewport, locale, timezoneId, javaScriptEnabled })).newPage();
}
