import { expect, test } from './support/fixtures.ts';
import { callApi, newCustomer } from './support/customers.ts';
import { waitForCode } from './support/outbox.ts';

/**
 * The sandbox's outbox page (src/server/http/dev-outbox.ts): on the embedded sandbox, to a
 * loopback client straight to the loopback server, it lists the latest mails and texts with
 * their codes; through anything that looks like a proxy it does not exist. Both projects (js-on
 * and js-off) run it: it is a plain server-rendered page.
 */
test.describe('the sandbox outbox page', () => {
  test('lists the newest mails first, codes visible; a proxied request finds nothing', async ({ page }) => {
    const customer = newCustomer();
    await callApi(page.request, 'POST', '/v1/auth/register', {
      first_name: customer.firstName,
      last_name: customer.lastName,
      email: customer.email,
      phone_number: customer.phone,
      password: customer.password,
      password_confirmation: customer.password,
      terms: true,
    });
    const code = await waitForCode(customer.email);

    const answer = await page.goto('/dev/outbox');
    expect(answer?.status()).toBe(200);
    await expect(page.locator('main')).toContainText('Sandbox outbox');
    // Other workers write to the same outbox: this customer's mail is found by its address.
    const mails = page.locator('ol').first().locator('li');
    await expect(mails.filter({ hasText: customer.email }).first()).toContainText(code);
    const times = await mails.locator('time').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('datetime') ?? ''));
    expect(times).toEqual([...times].sort().reverse());

    const proxied = await page.request.get('/dev/outbox', { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(proxied.status()).toBe(404);
    expect(await proxied.text()).not.toContain(code);
  });
});
