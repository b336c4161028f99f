import http from 'node:http';
import https from 'node:https';
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { expect, model, onboard, test as base } from './support/fixtures.ts';
import { newCustomer, onboardThroughApi, receiveTransfer } from './support/customers.ts';
import { proveIdentity } from './support/identity.ts';
import { naira } from './support/funded.ts';
import { ReceiptPage } from './page-models/receipt-page.ts';
import { SendMoneyPage } from './page-models/send-money-page.ts';
import { TransferPage } from './page-models/transfer-page.ts';

/**
 * The built app behind a real TLS-terminating proxy (projects proxy-js-on and proxy-js-off in
 * playwright.config.ts): Caddy with its internal CA on https://localhost:<E2E_PROXY_PORT>, in
 * front of an app server with PUBLIC_ORIGIN=that origin and TRUST_PROXY=127.0.0.1 on
 * 127.0.0.1:<E2E_PROXY_APP_PORT>, with a database and outbox of its own. Only the proxy
 * projects load this file (their workers run nothing else), so the helpers' mail and origin
 * are pointed at that server here.
 */
const proxyOrigin = `https://localhost:${process.env.E2E_PROXY_PORT}`;
const directOrigin = `http://127.0.0.1:${process.env.E2E_PROXY_APP_PORT}`;

const test = base.extend<{ transfer: TransferPage; send: SendMoneyPage; receipt: ReceiptPage }>({
  transfer: model(TransferPage),
  send: model(SendMoneyPage),
  receipt: model(ReceiptPage),
});

// Pointed at the proxy's server in a hook, never when the file loads: the runner loads every spec
// file in its own process to list the tests, and an assignment there would reach the workers of
// the plain projects too (their sign-ups then went to the proxy's origin and outbox).
test.beforeAll(() => {
  process.env.E2E_DATA_DIR = process.env.E2E_PROXY_DATA_DIR;
  process.env.E2E_ORIGIN = proxyOrigin;
});

/** The sandbox's money-in answers only a loopback client that comes straight to the app, not through the proxy. */
async function direct(): Promise<APIRequestContext> {
  return playwrightRequest.newContext({ baseURL: directOrigin });
}

/** A client of the proxy; `forwardedFor` is what the balancer in front of Caddy would say (Caddy trusts 127.0.0.1). */
async function throughProxy(forwardedFor?: string): Promise<APIRequestContext> {
  return playwrightRequest.newContext({
    baseURL: proxyOrigin,
    ignoreHTTPSErrors: true,
    extraHTTPHeaders: { accept: 'application/json', ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
  });
}

async function forgot(api: APIRequestContext, email: string): Promise<number> {
  return (await api.post('/api/v1/auth/password/forgot', { data: { email } })).status();
}

/** A JSON POST from a chosen loopback source address (Playwright's clients cannot choose one). */
function postFrom(localAddress: string, url: string, body: unknown, headers: Record<string, string>): Promise<number> {
  const payload = JSON.stringify(body);
  const client = url.startsWith('https:') ? https : http;
  return new Promise((resolve, reject) => {
    const call = client.request(
      url,
      // Caddy's internal CA is not in Node's trust store: the test trusts it as the browser projects do (ignoreHTTPSErrors).
      { method: 'POST', localAddress, rejectUnauthorized: false, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...headers } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    call.on('error', reject);
    call.end(payload);
  });
}

test.describe('behind a TLS-terminating proxy', () => {
  test('register, verify, onboard, sign out, sign in and send money over https', async ({ page, context, screens, customer, transfer, send, receipt }) => {
    await test.step('the pages come over https with HSTS', async () => {
      const response = await page.goto('/login');
      expect(page.url()).toMatch(/^https:\/\/localhost:\d+\/login$/);
      expect(response?.headers()['strict-transport-security']).toMatch(/max-age=31536000/);
    });

    await test.step('register, verify the email, give an address, set the PIN and the security question', async () => {
      await onboard(screens, customer);
      await expect(screens.dashboard.heading).toHaveText(screens.dashboard.greetingFor(customer.firstName));
      // Money needs a verified identity; the KYC journey is e2e/kyc.spec.ts.
      proveIdentity(customer.email);
    });

    await test.step('the session cookie is __Host- and Secure', async () => {
      const cookies = await context.cookies();
      const session = cookies.find((cookie) => cookie.name === '__Host-session');
      expect(session, JSON.stringify(cookies.map((cookie) => cookie.name))).toBeDefined();
      expect(session).toMatchObject({ secure: true, httpOnly: true, path: '/', sameSite: 'Lax' });
      expect(cookies.find((cookie) => cookie.name === 'session')).toBeUndefined();
    });

    await test.step('sign out, then sign back in', async () => {
      await screens.dashboard.signOut();
      await expect(page.getByText('You have signed out.')).toBeVisible();
      await page.goto('/dashboard');
      await screens.login.arrivedAt('/login');
      await screens.login.signIn(customer.email, customer.password);
      await screens.dashboard.arrivedAt('/dashboard');
      expect((await context.cookies()).find((cookie) => cookie.name === '__Host-session')?.secure).toBe(true);
    });

    await test.step('money in (the sandbox, straight to the app), then a transfer to another customer', async () => {
      const dashboardAccount = (await screens.dashboard.accountNumber.textContent())?.trim() ?? '';
      const sandbox = await direct();
      await receiveTransfer(sandbox, dashboardAccount, naira(10_000), 'BAKARE TUNDE');
      await sandbox.dispose();
      const theirs = await throughProxy();
      const recipient = await onboardThroughApi(theirs, newCustomer());
      await theirs.dispose();

      await transfer.goto();
      await expect(transfer.balance).toHaveText('₦10,000.00');
      await send.start('?to=local', { accountNumber: recipient.accountNumber, amount: '2,500', narration: 'Through the proxy' });
      await send.confirm(customer.pin);
      await receipt.arrived();
      await expect(receipt.status).toHaveText('Successful');
      await transfer.goto();
      await expect(transfer.balance).toHaveText('₦7,500.00');
    });

    await test.step('sign out', async () => {
      await screens.dashboard.goto();
      await screens.dashboard.signOut();
      await page.goto('/dashboard');
      await screens.login.arrivedAt('/login');
    });
  });

  test('the sandbox money-in refuses a request that came through the proxy', async () => {
    const api = await throughProxy();
    const answer = await api.post('/api/sandbox/inbound-transfer', { data: { account_number: '0000000000', amount: 100, sender_name: 'X', sender_bank_code: '000013' } });
    expect(answer.status()).toBe(404);
    await api.dispose();
  });

  test('two clients with different forwarded addresses do not share the per-address limit', async ({ js }, testInfo) => {
    test.skip(!js, 'an API check: once is enough');
    // Addresses of this test's own (a retry takes others); the server allows 3 forgot-password requests an address.
    const first = await throughProxy(`198.51.100.${10 + testInfo.retry}`);
    const second = await throughProxy(`203.0.113.${10 + testInfo.retry}`);
    for (let attempt = 0; attempt < 3; attempt += 1) expect(await forgot(first, newCustomer().email)).toBe(200);
    expect(await forgot(first, newCustomer().email)).toBe(429);
    // Another client behind the same proxy still has its own allowance.
    expect(await forgot(second, newCustomer().email)).toBe(200);
    await first.dispose();
    await second.dispose();
  });

  test('X-Forwarded-For from anyone but the trusted proxy gains nothing', async ({ js }, testInfo) => {
    test.skip(!js, 'an API check: once is enough');
    // A loopback address of this test's own that neither Caddy nor the app trusts.
    const peer = `127.0.0.${2 + testInfo.retry}`;
    const statuses: number[] = [];
    // Straight to the app's port, each request claiming a new address and https: all counted on the TCP peer.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const headers = { 'x-forwarded-for': `192.0.2.${attempt + 1}`, 'x-forwarded-proto': 'https' };
      statuses.push(await postFrom(peer, `${directOrigin}/api/v1/auth/password/forgot`, { email: newCustomer().email }, headers));
    }
    // Through Caddy, which does not trust that client either: it replaces the claim with the client's address.
    statuses.push(await postFrom(peer, `${proxyOrigin}/api/v1/auth/password/forgot`, { email: newCustomer().email }, { 'x-forwarded-for': '192.0.2.99' }));
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
