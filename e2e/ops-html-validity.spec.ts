import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { javaMissing, nuErrors } from './support/nu-checker.ts';
import { demoCustomer } from './support/customers.ts';
import { writePages, type RenderedPage } from './support/reachable-pages.ts';
import { addStaffFromCommandLine, enrol, signIn } from './support/ops-staff.ts';

/**
 * Valid HTML in the back office too: every page in each role's menu, and the pages reached from
 * them (a customer found, the proposal form), as the server renders them for that role,
 * through the W3C Nu HTML Checker (errors only). Staff use whatever browser the bank gives them;
 * valid markup is what every one of them reads alike.
 */
const roles = ['admin', 'support', 'fraud', 'kyc', 'settlement', 'supervisor'] as const;

test('every back-office page, as each role sees it, passes the Nu HTML Checker with no errors', async ({ browser, baseURL, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, 'The server renders the same HTML for both projects: one run is enough');
  test.skip(javaMissing(), 'java is not installed (.ci/run installs default-jre-headless): the Nu HTML Checker cannot run');
  test.setTimeout(150_000);
  const pages: RenderedPage[] = [];
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  const read = async (name: string, address: string) => {
    const answer = await page.request.get(address, { maxRedirects: 0 });
    expect(answer.status(), `${name}: ${address}`).toBe(200);
    pages.push({ name, path: address, status: answer.status(), html: await answer.text() });
  };
  await read('ops-login', '/ops/login');
  const tag = randomBytes(4).toString('hex');
  for (const role of roles) {
    await context.clearCookies();
    const email = `${role}-html-${tag}@bank.ng`;
    await signIn(page, email, await enrol(page, await addStaffFromCommandLine(baseURL!, role, email, `Html ${role}`)));
    await read(`${role}-home`, '/ops');
    const menu = await page.getByRole('navigation', { name: 'Back office' }).getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
    for (const href of menu) await read(`${role}${href.replaceAll('/', '-')}`, href);
    if (role === 'support') {
      // A customer found by email, and the first case in the queue, if any.
      await page.goto('/ops/customers');
      await page.getByLabel(/account number, phone, email or case number/i).fill(demoCustomer.email);
      await page.getByRole('button', { name: /Find/ }).click();
      await expect(page).toHaveURL(/\/ops\/customers\/[^/]+$/);
      await read('support-customer', new URL(page.url()).pathname);
      await read('support-proposal-form', '/ops/proposals/new');
    }
  }
  expect(pages.length).toBeGreaterThanOrEqual(20);
  const folder = writePages(pages, 'bank-ops-html-');
  try {
    const files = pages.map((rendered) => path.join(folder, `${rendered.name}.html`));
    const errors = await nuErrors(files);
    expect(errors, `Nu HTML Checker errors over ${pages.length} pages:\n${errors.join('\n')}`).toEqual([]);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
});
