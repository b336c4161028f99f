import { randomBytes } from 'node:crypto';
import { expect, model, test as base } from './support/fixtures.ts';
import { gtBank } from './support/customers.ts';
import { naira, signedInCustomer } from './support/funded.ts';
import { waitForMailAbout } from './support/settings.ts';
import { addStaffFromCommandLine, enrol, invite, signIn, staffPage } from './support/ops-staff.ts';
import { CasesPage, ReportProblemPage } from './page-models/cases-page.ts';
import { ReceiptPage } from './page-models/receipt-page.ts';
import { SendMoneyPage } from './page-models/send-money-page.ts';
import { TransferPage } from './page-models/transfer-page.ts';
import { nubanFor } from '../src/lib/nuban.ts';

/**
 * The back office's journey from one end to the other, with JavaScript and without: an
 * administrator enrols a support agent and a supervisor; a customer reports a transfer to another
 * bank that never arrived, from its receipt; the agent finds the case, answers it and proposes
 * the reversal from it; the supervisor approves; the customer reads the answer and has the money
 * back; the audit log holds every step, each by its member.
 */
const test = base.extend<{ send: SendMoneyPage; receipt: ReceiptPage; transfer: TransferPage; cases: CasesPage; reportProblem: ReportProblemPage }>({
  send: model(SendMoneyPage),
  receipt: model(ReceiptPage),
  transfer: model(TransferPage),
  cases: model(CasesPage),
  reportProblem: model(ReportProblemPage),
});

test('a stuck transfer reported from its receipt: answered, reversed with four eyes, seen by the customer, every step audited', async ({ page, browser, baseURL, send, receipt, transfer, cases, reportProblem }, testInfo) => {
  const me = await signedInCustomer(page, naira(20_000));
  // The sandbox switch takes this serial's transfer and then says "in progress" for ever.
  await send.start('?to=bank', { bank: gtBank.name, accountNumber: nubanFor('999999996', gtBank), amount: '1,000' });
  await expect(send.recipientName).toBeVisible();
  await send.confirm(me.pin);
  const reference = await receipt.arrived();
  await expect(receipt.status).toHaveText('Pending');
  await page.getByRole('link', { name: 'Report a problem' }).click();
  await reportProblem.arrivedAt(ReportProblemPage.path);
  await reportProblem.report({ kind: 'The money or service was not received', description: 'My brother at GTBank has not received the thousand naira.' });
  await cases.arrivedAt(CasesPage.path);
  const number = (await cases.opened.locator('strong').innerText()).trim();

  // The administrator, made on the command line, enrols the agent and the supervisor.
  const tag = randomBytes(4).toString('hex');
  const admin = await staffPage(browser, testInfo);
  const adminEmail = `admin-${tag}@bank.ng`;
  await signIn(admin, adminEmail, await enrol(admin, await addStaffFromCommandLine(baseURL!, 'admin', adminEmail, 'Ada Admin')));
  const agentEmail = `agent-${tag}@bank.ng`;
  const supervisorEmail = `supervisor-${tag}@bank.ng`;
  const agentLink = await invite(admin, 'support', agentEmail, 'Sola Support');
  const supervisorLink = await invite(admin, 'supervisor', supervisorEmail, 'Uche Supervisor');
  const agent = await staffPage(browser, testInfo);
  await signIn(agent, agentEmail, await enrol(agent, agentLink));
  const supervisor = await staffPage(browser, testInfo);
  await signIn(supervisor, supervisorEmail, await enrol(supervisor, supervisorLink));

  // The agent: the case in the queue, answered, and the reversal proposed from it.
  await agent.getByRole('link', { name: 'Cases' }).click();
  await agent.locator(`tr[data-number="${number}"]`).getByRole('link', { name: number }).click();
  await expect(agent.getByTestId('case-transaction')).toContainText(reference);
  const words = 'The other bank has not confirmed it; we are returning your ₦1,010.00 now.';
  await agent.getByLabel(/Your answer/).fill(words);
  await agent.getByLabel('investigating').check();
  await agent.getByRole('button', { name: 'Send the answer' }).click();
  await expect(agent.getByRole('status')).toContainText('now investigating');
  await agent.getByTestId('propose-reversal').click();
  await expect(agent.locator('#preview')).toContainText('₦1,010.00');
  await agent.getByLabel(/^Reason/).fill(`Case ${number}: the switch still says in progress after the customer's report.`);
  await agent.getByRole('button', { name: 'Propose' }).click();
  await expect(agent.getByRole('status')).toContainText('Proposed.');

  // The supervisor approves; nobody approves their own.
  await supervisor.getByRole('link', { name: 'Proposals (four eyes)' }).click();
  const card = supervisor.getByRole('region', { name: `Reversal of ${reference}` });
  await expect(card).toContainText('Sola Support (support)');
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(supervisor.getByRole('status')).toContainText(`Approved. Reversed ${reference}: ₦1,010.00`);

  // The customer: the answer on My cases and by email, the money back once.
  await cases.goto();
  await expect(cases.caseNumbered(number)).toContainText(words);
  await expect(cases.caseNumbered(number)).not.toContainText('Sola Support');
  expect((await waitForMailAbout(me.email, new RegExp(`your case ${number} is being investigated`))).text).toContain(words);
  await transfer.goto();
  await expect(transfer.balance).toHaveText('₦20,000.00');
  await receipt.goto(reference);
  await expect(receipt.status).toHaveText('Reversed');

  // The audit log, as the administrator reads it: every step, each by its member.
  await admin.goto('/ops/audit');
  const entry = (action: string, email: string) => admin.getByRole('row').filter({ has: admin.getByRole('cell', { name: action, exact: true }) }).filter({ hasText: email });
  for (const [action, email] of [
    ['staff.invite', adminEmail],
    ['staff.enrol', agentEmail],
    ['staff.sign_in', supervisorEmail],
    ['case.read', agentEmail],
    ['case.answer', agentEmail],
    ['proposal.propose', agentEmail],
    ['proposal.approve', supervisorEmail],
  ] as const) {
    await expect(entry(action, email).first(), `${action} by ${email}`).toBeVisible();
  }
});
