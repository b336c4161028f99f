import { randomBytes } from 'node:crypto';
import { expect, test } from './support/fixtures.ts';
import { fundedCustomer } from './support/funded.ts';
import { withDb } from './support/bank-db.ts';
import { addStaffFromCommandLine, enrol, signIn } from './support/ops-staff.ts';

/**
 * The support desk (decision 029), with JavaScript off: an administrator enrols a support agent,
 * who finds a customer by account number, reads the masked profile and freezes the account with
 * a reason; the customer is frozen and signed out, and the audit log shows the search, the read
 * and the freeze. A customer of its own (not the demo customer other specs use): it ends frozen.
 */
test.use({ javaScriptEnabled: false });

test('a support agent finds a customer by account number, sees the masked profile and freezes the account; the audit log shows each step', async ({ browser, baseURL, page, screens }) => {
  const tag = randomBytes(4).toString('hex');
  const adminEmail = `desk-admin-${tag}@bank.ng`;
  const agentEmail = `desk-agent-${tag}@bank.ng`;
  const customer = await fundedCustomer(baseURL!, 5_000);
  const digits = customer.phone.replace(/\D/g, '');

  // The customer is signed in on their own phone.
  await screens.login.goto();
  await screens.login.signIn(customer.email, customer.password);
  await screens.dashboard.arrivedAt('/dashboard');

  const admin = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
  await signIn(admin, adminEmail, await enrol(admin, await addStaffFromCommandLine(baseURL!, 'admin', adminEmail, 'Desk Admin')));
  await admin.getByRole('link', { name: 'Staff' }).click();
  await admin.getByLabel('Name').fill('Segun Support');
  await admin.getByLabel('Work email').fill(agentEmail);
  await admin.getByLabel('Role').selectOption('support');
  await admin.getByRole('button', { name: 'Invite' }).click();
  const agentLink = (await admin.locator('#enrol-url').textContent())!.trim();

  const agent = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
  await signIn(agent, agentEmail, await enrol(agent, agentLink));
  await agent.getByRole('link', { name: 'Find a customer' }).click();
  await expect(agent).toHaveURL(/\/ops\/customers$/);

  // A partial number finds nobody and lists nobody.
  await agent.getByLabel('Account number, phone, email or case number').fill(customer.accountNumber.slice(0, 9));
  await agent.getByRole('button', { name: 'Find' }).click();
  await expect(agent.getByRole('alert')).toContainText('Only exact matches are found');

  await agent.getByLabel('Account number, phone, email or case number').fill(customer.accountNumber);
  await agent.getByRole('button', { name: 'Find' }).click();
  await expect(agent).toHaveURL(/\/ops\/customers\/usr_[^/]+$/);
  await expect(agent.getByRole('heading', { level: 1 })).toHaveText(`${customer.firstName} ${customer.lastName}`);
  await expect(agent.locator('#phone')).toHaveText(new RegExp(`^\\+234 ${digits.slice(1, 4)} \\*\\*\\* \\*\\*${digits.slice(-2)}$`));
  await expect(agent.locator('#status')).toHaveText('Not frozen');
  await expect(agent.locator('#accounts').getByRole('cell', { name: customer.accountNumber, exact: true })).toBeVisible();
  await expect(agent.locator('#accounts').getByRole('cell', { name: '₦5,000.00' })).toBeVisible();
  await expect(agent.locator('#transactions').getByRole('cell', { name: 'in', exact: true })).toBeVisible();
  const profile = await agent.content();
  for (const secret of [digits, digits.slice(1), `+234${digits.slice(1)}`]) expect(profile).not.toContain(secret);

  // The freeze, with its reason (the service tests refuse a missing or short one).
  await agent.getByLabel(/^Reason/).fill('Customer called from a borrowed phone: lost his phone at Oshodi.');
  await agent.getByRole('button', { name: 'Freeze this account' }).click();
  await expect(agent).toHaveURL(/\/ops\/customers\/usr_[^/]+\?done=frozen$/);
  await expect(agent.getByRole('status')).toContainText('The account is frozen');
  await expect(agent.locator('#status')).toContainText('Frozen since');
  await expect(agent.getByRole('button', { name: 'Freeze this account' })).toHaveCount(0);

  // The customer is frozen, as by their own freeze: signed out, the account frozen.
  const row = withDb((db) => db.prepare('SELECT id, frozen_via FROM users WHERE email = ?').get(customer.email.toLowerCase()) as { id: string; frozen_via: string });
  expect(row.frozen_via).toBe('staff');
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login/);

  // The audit log: the search (masked), the read and the freeze with its reason, each naming the customer.
  const entries = withDb((db) => db.prepare("SELECT action, detail FROM staff_audit WHERE customer_user_id = ? ORDER BY seq").all(row.id) as { action: string; detail: string }[]);
  expect(entries.map((entry) => entry.action)).toEqual(['customer.find', 'customer.read', 'account.freeze', 'customer.read']);
  await admin.goto('/ops/audit');
  for (const action of ['customer.find', 'customer.read', 'account.freeze']) await expect(admin.getByRole('cell', { name: action, exact: true }).first()).toBeVisible();
  await expect(admin.getByText('lost his phone at Oshodi').first()).toBeVisible();
  await expect(admin.getByText(`"query":"******${customer.accountNumber.slice(-4)}"`).first()).toBeVisible();
});
