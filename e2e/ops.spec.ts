import { randomBytes } from 'node:crypto';
import { expect, test } from './support/fixtures.ts';
import { demoCustomer } from './support/customers.ts';
import { addStaffFromCommandLine, enrol, signIn } from './support/ops-staff.ts';

test.describe('the back office', () => {
  test('an administrator made on the command line enrols, invites a support agent, who enrols, signs in and is refused /ops/staff', async ({ browser, baseURL }) => {
    const tag = randomBytes(4).toString('hex');
    const adminEmail = `admin-${tag}@bank.ng`;
    const agentEmail = `agent-${tag}@bank.ng`;
    const adminLink = await addStaffFromCommandLine(baseURL!, 'admin', adminEmail, 'Ada Admin');

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
