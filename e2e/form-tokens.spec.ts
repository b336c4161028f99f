import { expect, test } from '@playwright/test';
import { FormClient, type FetchedPage } from './support/form-client.ts';
import { newCustomer } from './support/customers.ts';
import { fundedCustomer } from './support/funded.ts';
import { withDb } from './support/bank-db.ts';

/**
 * The pages' form tokens, tried as an attacker would (docs/decisions/001-form-tokens.md): for
 * each kind of form (a guest's, a signed-in customer's, money behind a PIN, a registration
 * waiting for its code, sign-out) a post with the token missing, wrong, from another browser or
 * session, or replayed after sign-out gets the 403 page and changes nothing; the right token
 * works with no Origin and no Referer; a foreign Origin is refused even with the right token.
 */
const origin = `http://127.0.0.1:${process.env.E2E_PORT ?? 4399}`;

const funded = (balanceNaira: number) => fundedCustomer(origin, balanceNaira);

async function signedIn(customer: { email: string; password: string }): Promise<FormClient> {
  const client = new FormClient(origin);
  const home = await client.submit(await client.get('/login'), { action: '/login', fields: { email: customer.email, password: customer.password } });
  expect(home.url.pathname).toBe('/dashboard');
  return client;
}

function expectRefused(page: FetchedPage): void {
  expect(page.status, page.text.slice(0, 400)).toBe(403);
  expect(page.title).toMatch(/^This form expired/);
  expect(page.text).toContain('nothing was saved and no money moved');
  expect(page.headers.get('content-type')).toMatch(/^text\/html/);
}

const tokenOf = (page: FetchedPage, action: string) => new FormClient(origin).fieldsOf(page, action)._csrf!;

/** The review step of a transfer inside the bank, with its PIN form's fields. */
async function reviewOfTransfer(client: FormClient, accountNumber: string, amount: string): Promise<FetchedPage> {
  const details = await client.get('/transfer/send?to=local');
  const review = await client.submit(details, { action: '/transfer/send', button: 'Continue', fields: { account_number: accountNumber, amount } });
  expect(review.forms.some((form) => form.fields.some((field) => field.name === 'pin')), review.text.slice(0, 600)).toBe(true);
  return review;
}

const balanceOn = async (client: FormClient) => (await client.get('/dashboard')).text.match(/₦[\d,]+\.\d\d/)?.[0];

test.describe('form tokens', () => {
  test('guest forms: sign-in, the language picker and registration', async () => {
    const customer = await funded(0);
    const browser = new FormClient(origin);
    const login = await browser.get('/login');
    expect(browser.cookies.has('csrf'), 'a guest gets a pre-session cookie').toBe(true);
    // Masked afresh per response: the same browser never gets the same token twice.
    const again = await browser.get('/login');
    expect(tokenOf(again, '/login')).not.toBe(tokenOf(login, '/login'));

    const credentials = { email: customer.email, password: customer.password };
    expectRefused(await browser.post('/login', credentials));
    expectRefused(await browser.post('/login', { ...credentials, _csrf: 'A'.repeat(86) }));
    // Another browser's token does not go with this browser's cookie.
    const other = new FormClient(origin);
    expectRefused(await browser.post('/login', { ...credentials, _csrf: tokenOf(await other.get('/login'), '/login') }));
    // The right token, from another site: refused, by Origin or by fetch metadata.
    expectRefused(await browser.post('/login', { ...credentials, _csrf: tokenOf(login, '/login') }, { origin: 'https://evil.example' }));
    expectRefused(await browser.post('/login', { ...credentials, _csrf: tokenOf(login, '/login') }, { 'sec-fetch-site': 'cross-site' }));
    expectRefused(await browser.post('/login', { ...credentials, _csrf: tokenOf(login, '/login') }, { origin: 'null' }));
    expect(browser.cookies.has('session'), 'no refused sign-in opened a session').toBe(false);

    const language = await browser.get('/login');
    expectRefused(await browser.post('/language', { language: 'yo', back: '/login' }));
    expect(browser.cookies.get('lang') ?? 'en').toBe('en');
    // The refusal speaks the browser's language.
    browser.cookies.set('lang', 'ha');
    const hausa = await browser.post('/language', { language: 'yo', back: '/login' });
    expect(hausa.status).toBe(403);
    expect(hausa.html).toMatch(/<html[^>]+lang="ha/);
    browser.cookies.delete('lang');
    // With the right token and no Origin, no Referer: it works.
    const chosen = await browser.submit(language, { action: '/language', fields: { language: 'yo' } });
    expect(chosen.html).toMatch(/<html[^>]+lang="yo/);
    browser.cookies.delete('lang');

    const stranger = newCustomer();
    const fields = { first_name: stranger.firstName, last_name: stranger.lastName, email: stranger.email, phone_number: stranger.phone, password: stranger.password, password_confirmation: stranger.password, terms: 'on' };
    expectRefused(await browser.post('/register', { ...fields, step: '2' }));
    const registered = withDb((db) => db.prepare('SELECT count(*) AS n FROM registrations WHERE email = ?').get(stranger.email.toLowerCase()) as { n: number });
    expect(registered.n, 'a refused registration leaves nothing').toBe(0);

    const beforeSignIn = tokenOf(await browser.get('/login'), '/login');
    const signedIn = await browser.submit(await browser.get('/login'), { action: '/login', fields: credentials });
    expect(signedIn.url.pathname).toBe('/dashboard');
    // A guest's token from before signing in: still good for the language picker of that tab, never for what acts for the customer.
    expectRefused(await browser.post('/dashboard', { intent: 'balance-visibility', hide: 'true', _csrf: beforeSignIn }));
    const stillGuestForm = await browser.post('/language', { language: 'yo', back: '/dashboard', _csrf: beforeSignIn });
    expect(stillGuestForm.status).toBe(200);
    expect(stillGuestForm.html).toMatch(/<html[^>]+lang="yo/);
  });

  test('money behind a PIN: missing, wrong, another session’s and a replayed token move nothing', async () => {
    const sender = await funded(20_000);
    const recipient = await funded(0);
    const first = await signedIn(sender);
    const second = await signedIn(sender);
    const review = await reviewOfTransfer(first, recipient.accountNumber, '700');
    const confirm: Record<string, string> = { ...first.fieldsOf(review, '/transfer/send'), pin: sender.pin };
    const { _csrf: token, ...withoutToken } = confirm;
    expect(token).toMatch(/^[A-Za-z0-9_-]{86}$/);

    expectRefused(await first.post('/transfer/send', withoutToken));
    const flipped = (at: number) => `${token!.slice(0, at)}${token![at] === 'A' ? 'B' : 'A'}${token!.slice(at + 1)}`;
    expectRefused(await first.post('/transfer/send', { ...withoutToken, _csrf: flipped(40) }));
    expectRefused(await first.post('/transfer/send', { ...withoutToken, _csrf: flipped(85) }));
    // The same customer's other session: its cookie, this session's token.
    expectRefused(await second.post('/transfer/send', confirm));
    // This session's cookie, the other session's token.
    const theirs = tokenOf(await second.get('/dashboard'), '/logout');
    expectRefused(await first.post('/transfer/send', { ...withoutToken, _csrf: theirs }));
    expect(await balanceOn(first)).toBe('₦20,000.00');

    // Signed out, signed in again: the old token is dead with its session.
    await first.submit(await first.get('/dashboard'), { action: '/logout', button: /./ });
    const again = await signedIn(sender);
    expectRefused(await again.post('/transfer/send', confirm));
    expect(await balanceOn(again)).toBe('₦20,000.00');

    // A fresh review in the live session, its own token, no Origin, no Referer: the money moves once.
    const fresh = await reviewOfTransfer(again, recipient.accountNumber, '700');
    const sent = await again.submit(fresh, { action: '/transfer/send', fields: { pin: sender.pin } });
    expect(sent.status, sent.text.slice(0, 600)).toBe(200);
    expect(sent.text).toContain('Transfer sent');
    expect(await balanceOn(again)).toBe('₦19,300.00');
  });

  test('a signed-in setting and sign-out', async () => {
    const customer = await funded(1_000);
    const client = await signedIn(customer);
    const dashboard = await client.get('/dashboard');
    const hide = client.fieldsOf(dashboard, '/dashboard');
    expect(hide.intent).toBe('balance-visibility');
    const { _csrf: _token, ...hideWithoutToken } = hide;
    expectRefused(await client.post('/dashboard', hideWithoutToken));
    expect((await client.get('/dashboard')).text).toContain('₦1,000.00');
    expect(dashboard.forms.some((form) => form.buttons.some((button) => /Hide balance/.test(button.text)))).toBe(true);
    const hidden = await client.submit(dashboard, { action: '/dashboard', button: /Hide balance/ });
    expect(hidden.forms.some((form) => form.buttons.some((button) => /Show balance/.test(button.text))), 'the balance is hidden now').toBe(true);

    // Sign-out without the token leaves the session live; with it, it ends.
    expectRefused(await client.post('/logout', {}));
    expect((await client.get('/dashboard')).url.pathname).toBe('/dashboard');
    const out = await client.submit(await client.get('/dashboard'), { action: '/logout', button: /./ });
    expect(out.url.pathname + out.url.search).toBe('/login?reason=signed-out');
    expect(out.headers.get('clear-site-data') ?? '', 'the answer after the redirect is /login; the header went on the 303').toBe('');
    // A stale sign-out form in a browser with no session only lands on /login.
    const stale = await client.post('/logout', {});
    expect(stale.url.pathname).toBe('/login');
  });

  test('a registration waiting for its code', async () => {
    const browser = new FormClient(origin);
    const stranger = newCustomer();
    const form = await browser.get('/register');
    // The form in its two steps: who, then the password and the terms.
    const second = await browser.submit(form, { action: '/register', fields: { first_name: stranger.firstName, last_name: stranger.lastName, email: stranger.email, phone_number: stranger.phone } });
    const page = await browser.submit(second, { action: '/register', button: 'Open my account', fields: { password: stranger.password, password_confirmation: stranger.password, terms: 'on' } });
    expect(page.url.pathname, page.text.slice(0, 600)).toBe('/account/verify');
    expectRefused(await browser.post('/account/verify', { intent: 'resend' }));
    // With its token the post is the page's own: answered by the page (here the once-a-minute resend limit), not refused.
    const resent = await browser.submit(page, { action: '/account/verify', button: /./, fields: { intent: 'resend' } });
    expect(resent.status).not.toBe(403);
    expect(resent.title).not.toMatch(/expired/);
  });
});
