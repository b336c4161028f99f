import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { FormClient, type FetchedPage } from './support/form-client.ts';
import { gtBank } from './support/customers.ts';
import { fundedCustomer } from './support/funded.ts';
import { smsTo } from './support/outbox.ts';
import { e164, waitForSecurityCode } from './support/settings.ts';
import { nubanFor } from '../src/lib/nuban.ts';

/**
 * The journeys as the browsers cheap phones run take them: no Origin, no Referer, no script and
 * no styles (e2e/support/form-client.ts submits each page's own forms as written, with cookies
 * and nothing else), and lynx itself, the text browser, signing in and reading the dashboard.
 * Everything is set up through the forms but the customers, who are opened over the API.
 */
const origin = `http://127.0.0.1:${process.env.E2E_PORT ?? 4399}`;

const funded = (balanceNaira: number) => fundedCustomer(origin, balanceNaira);

async function signIn(client: FormClient, email: string, password: string): Promise<FetchedPage> {
  const login = await client.get('/login');
  expect(login.status).toBe(200);
  const home = await client.submit(login, { action: '/login', fields: { email, password } });
  expect(home.url.pathname).toBe('/dashboard');
  return home;
}

/** The details → review → PIN → receipt of a payment page, pressing what a person presses. */
async function payThroughSteps(client: FormClient, details: FetchedPage, fields: Record<string, string>, pin: string, action: string): Promise<FetchedPage> {
  let page = await client.submit(details, { action, button: 'Continue', fields });
  // Another bank's transfer names the account first (the name enquiry), then shows the review.
  for (let step = 0; step < 3 && !page.forms.some((form) => form.fields.some((field) => field.name === 'pin')); step++) {
    expect(page.status, page.text.slice(0, 600)).toBeLessThan(400);
    page = await client.submit(page, { action, button: /Continue|Confirm|Review/ });
  }
  expect(page.forms.some((form) => form.fields.some((field) => field.name === 'pin')), page.text.slice(0, 800)).toBe(true);
  return client.submit(page, { action, fields: { pin } });
}

test.describe('a browser with no Origin, no Referer, no script and no CSS', () => {
  test('signs in, sends money inside the bank and to another bank, buys airtime, changes the language, signs out', async () => {
    test.setTimeout(90_000);
    const sender = await funded(50_000);
    const recipient = await funded(0);
    const client = new FormClient(origin);

    const dashboard = await signIn(client, sender.email, sender.password);
    expect(dashboard.text).toContain('₦50,000.00');

    // Inside the bank, from the link a person follows on /transfer.
    const choose = await client.follow(await client.get('/transfer'), /Harmattan Bank account/);
    const local = await payThroughSteps(client, choose, { account_number: recipient.accountNumber, amount: '1500', narration: 'Rent share' }, sender.pin, '/transfer/send');
    expect(local.status, local.text.slice(0, 800)).toBe(200);
    expect(local.url.pathname).toBe('/transfer/success');
    expect(local.text).toContain('₦1,500.00');
    expect(local.text).toMatch(/Successful/i);

    // To another bank: the bank chosen from the list, the name enquiry, the review, the PIN.
    const otherBank = await client.follow(await client.get('/transfer'), /another bank/i);
    const bankField = otherBank.forms.flatMap((form) => form.fields).find((field) => field.name === 'bank_code');
    expect(bankField?.options, 'the banks are a list to choose from').toContain(gtBank.nipCode);
    const interbank = await payThroughSteps(client, otherBank, { bank_code: gtBank.nipCode, account_number: nubanFor('123456789', gtBank), amount: '10000' }, sender.pin, '/transfer/send');
    expect(interbank.status, interbank.text.slice(0, 800)).toBe(200);
    expect(interbank.url.pathname).toBe('/transfer/success');
    expect(interbank.text).toContain('₦10,000.00');

    // Airtime for an MTN number, its network chosen from the list.
    const airtimePage = await client.get('/artime');
    const airtime = await payThroughSteps(client, airtimePage, { network_id: 'mtn', phone_number: '08031234567', amount: '200' }, sender.pin, '/artime');
    expect(airtime.status, airtime.text.slice(0, 800)).toBe(200);
    expect(airtime.text).toContain('₦200.00');

    const after = await client.get('/dashboard');
    // ₦50,000 less ₦1,500, ₦10,000 with its ₦25 fee and ₦50 stamp duty, and ₦200.
    expect(after.text).toContain('₦38,225.00');

    // The language picker in the settings, then the page comes back in Yoruba.
    const yoruba = await client.submit(await client.get('/account/settings'), { action: '/language', fields: { language: 'yo' } });
    expect(yoruba.url.pathname).toBe('/account/settings');
    expect(yoruba.html).toMatch(/<html[^>]+lang="yo/);

    const signedOut = await client.submit(yoruba, { action: '/logout', button: /./ });
    expect(signedOut.url.pathname + signedOut.url.search).toBe('/login?reason=signed-out');
    expect((await client.get('/dashboard')).url.pathname).toBe('/login');

    // The recipient saw the money arrive.
    const theirs = new FormClient(origin);
    const theirDashboard = await signIn(theirs, recipient.email, recipient.password);
    expect(theirDashboard.text).toContain('₦1,500.00');
  });

  test('turns off instant transfers on Settings → Limits: "Send me a code", then the code and the PIN', async () => {
    const customer = await funded(0);
    const client = new FormClient(origin);
    await signIn(client, customer.email, customer.password);
    const settings = await client.get('/account/settings');
    expect(settings.text).toContain('Instant transfers to other banks');
    // Two "Send me a code" forms stand on the page (a raise, the switch): press the switch's.
    const onlyInstantCode = { ...settings, forms: settings.forms.filter((form) => form.fields.some((field) => field.name === 'intent' && field.value === 'instant_code')) };
    const before = smsTo(e164(customer.phone)).length;
    const sent = await client.submit(onlyInstantCode, { action: '/account/limits', button: 'Send me a code' });
    expect(sent.url.pathname + sent.url.search, sent.text.slice(0, 600)).toBe('/account/settings?limits=code_instant_payments');
    expect(sent.text).toContain('We have sent a 6-digit code to your phone by SMS and to your email.');
    const code = await waitForSecurityCode(customer.phone, before);

    // Without the PIN it is refused and says so; with both, instant transfers are off.
    const refused = await client.submit(sent, { action: '/account/limits', button: 'Turn off instant transfers', fields: { code } });
    expect(refused.status).toBe(422);
    expect(refused.text).toContain('Enter your 4-digit PIN');
    const off = await client.submit(refused, { action: '/account/limits', button: 'Turn off instant transfers', fields: { code, pin: customer.pin } });
    expect(off.url.pathname + off.url.search, off.text.slice(0, 600)).toBe('/account/settings?limits=instant_off');
    expect(off.text).toContain('Instant transfers to other banks are off. Transfers within the bank still work.');
  });
});

function hasLynx(): boolean {
  try {
    execFileSync('lynx', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

test.describe('lynx, the text browser', () => {
  test.skip(!hasLynx(), 'lynx is not installed (.ci/run installs it)');

  test('signs in from /login with its own form post (no Origin, no Referer) and reads the dashboard', async () => {
    const customer = await funded(2_345);
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'lynx-'));
    try {
      const cookies = path.join(folder, 'cookies');
      const config = path.join(folder, 'lynx.cfg');
      fs.writeFileSync(config, ['CHARACTER_SET:utf-8', 'accept_all_cookies:TRUE', 'persistent_cookies:TRUE', `cookie_file:${cookies}`, `cookie_save_file:${cookies}`, ''].join('\n'));
      // Keystrokes as a person types them on /login: down through the links to the e-mail field
      // (how many, lynx's own numbered dump says), type, down to the password, type, down to
      // "Sign in", Enter; then quit. lynx needs a terminal: script(1) gives it one.
      const numbered = execFileSync('lynx', [`-cfg=${config}`, '-dump', '-number_fields', '-nolist', `${origin}/login`], { encoding: 'utf8' });
      const emailField = Number(numbered.match(/\[(\d+)\]_{3,}/)?.[1]);
      expect(emailField, numbered).toBeGreaterThan(0);
      const keys = [...Array<string>(emailField - 1).fill('Down Arrow'), ...customer.email, 'Down Arrow', ...customer.password, 'Down Arrow', '^J', 'q', 'y'];
      const script = path.join(folder, 'keys');
      fs.writeFileSync(script, keys.map((key) => `key ${key}`).join('\n') + '\n');
      execFileSync('script', ['-qc', `lynx -cfg=${config} -cmd_script=${script} ${origin}/login`, '/dev/null'], { stdio: 'ignore', env: { ...process.env, TERM: 'vt100' }, timeout: 30_000 });
      expect(fs.readFileSync(cookies, 'utf8'), 'lynx holds a session after its own sign-in').toMatch(/\tsession\t/);
      const dashboard = execFileSync('lynx', [`-cfg=${config}`, '-dump', `${origin}/dashboard`], { encoding: 'utf8' });
      expect(dashboard).toContain('₦2,345.00');
      expect(dashboard).toContain(customer.accountNumber);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
