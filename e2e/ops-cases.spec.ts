import { randomBytes } from 'node:crypto';
import { expect, model, test as base } from './support/fixtures.ts';
import fs from 'node:fs';
import { appOrigin, gtBank, newCustomer, onboardThroughApi } from './support/customers.ts';
import { ownNinOfThisTest, ownRecordBirthDate, selfies } from './support/kyc.ts';
import { naira, signedInCustomer } from './support/funded.ts';
import { expectReversed } from './support/receipts.ts';
import { waitForMailAbout } from './support/settings.ts';
import { addStaffFromCommandLine, enrol, invite, signIn, staffPage } from './support/ops-staff.ts';
import { CasesPage, ReportProblemPage } from './page-models/cases-page.ts';
import { ReceiptPage } from './page-models/receipt-page.ts';
import { SendMoneyPage } from './page-models/send-money-page.ts';
import { nubanFor } from '../src/lib/nuban.ts';

/**
 * Cases on the CBN's clocks, end to end (with JavaScript and without: the pages are plain forms): a customer reports a failed transfer
 * from its receipt; a support agent finds the case in the queue (due in 72 hours, Lagos time) and
 * answers it; the customer reads the answer under My cases and by email; the supervisor's SLA
 * board shows the case in its band, said in words.
 */
const test = base.extend<{ send: SendMoneyPage; receipt: ReceiptPage; cases: CasesPage; reportProblem: ReportProblemPage }>({
  send: model(SendMoneyPage),
  receipt: model(ReceiptPage),
  cases: model(CasesPage),
  reportProblem: model(ReportProblemPage),
});

test.describe('cases in the back office', () => {
  test('a failed transfer reported from its receipt is answered by support, seen by the customer and on the SLA board', async ({ page, browser, baseURL, send, receipt, reportProblem, cases }, testInfo) => {
    const me = await signedInCustomer(page, naira(20_000));
    // The sandbox switch answers 91 (beneficiary bank not available) for this serial: the transfer fails and is reversed.
    await send.start('?to=bank', { bank: gtBank.name, accountNumber: nubanFor('999999992', gtBank), amount: '1,000' });
    await expect(send.recipientName).toBeVisible();
    await send.confirm(me.pin);
    const reference = await expectReversed(receipt, { heading: 'Transfer reversed', explanation: ['₦1,010.00, the amount and its charges, was returned to your account'] });
    await page.getByRole('link', { name: 'Report a problem' }).click();
    await reportProblem.arrivedAt(ReportProblemPage.path);
    await reportProblem.report({ kind: 'The money or service was not received', description: 'My sister never got the thousand naira I sent.' });
    await cases.arrivedAt(CasesPage.path);
    const number = (await cases.opened.locator('strong').innerText()).trim();
    expect(number).toMatch(/^HB-CASE-\d{4}-\d{6}$/);

    const tag = randomBytes(4).toString('hex');
    const admin = await staffPage(browser, testInfo);
    const adminEmail = `admin-${tag}@bank.ng`;
    await signIn(admin, adminEmail, await enrol(admin, await addStaffFromCommandLine(baseURL!, 'admin', adminEmail, 'Ada Admin')));
    const agentLink = await invite(admin, 'support', `agent-${tag}@bank.ng`, 'Sola Support');
    const supervisorLink = await invite(admin, 'supervisor', `supervisor-${tag}@bank.ng`, 'Uche Supervisor');

    const agent = await staffPage(browser, testInfo);
    await signIn(agent, `agent-${tag}@bank.ng`, await enrol(agent, agentLink));
    await agent.getByRole('link', { name: 'Cases' }).click();
    await expect(agent).toHaveURL(/\/ops\/cases$/);
    const row = agent.locator(`tr[data-number="${number}"]`);
    await expect(row).toContainText('not received');
    await expect(row).toContainText(`${me.firstName} ${me.lastName}`);
    await expect(row).toContainText(/(2 d 23 h|3 d) left/);
    await row.getByRole('link', { name: number }).click();
    await expect(agent.getByRole('heading', { level: 1 })).toHaveText(`Case ${number}`);
    await expect(agent.getByTestId('case-transaction')).toContainText(reference);
    await expect(agent.getByTestId('case-transaction')).toContainText('₦1,000.00');
    await expect(agent.getByTestId('case-transaction')).toContainText('reversed');

    // An empty answer is refused on the page, and nothing is sent.
    await agent.getByLabel('resolved').check();
    await agent.getByRole('button', { name: 'Send the answer' }).click();
    await expect(agent.getByRole('alert')).toHaveText('The answer was not sent.');
    await expect(agent.getByText('Write the answer the customer will read.')).toBeVisible();

    const words = 'The other bank was unavailable; your ₦1,010.00 came back to your account the same minute.';
    await agent.getByLabel(/Your answer/).fill(words);
    await agent.getByLabel('resolved').check();
    await agent.getByRole('button', { name: 'Send the answer' }).click();
    await expect(agent.getByRole('status')).toContainText('now resolved (it was open)');
    await expect(agent.getByTestId('case-history')).toContainText('resolved by Sola Support');

    await cases.goto();
    const mine = cases.caseNumbered(number);
    await expect(mine.getByTestId('case-status')).toHaveText('Resolved');
    await expect(mine).toContainText(words);
    await expect(mine).not.toContainText('Sola Support');
    const mail = await waitForMailAbout(me.email, new RegExp(`your case ${number} is resolved`));
    expect(mail.text).toContain(words);
    expect(mail.text).not.toContain('Sola Support');

    // The supervisor's board, before and after: a resolved case leaves it; an open one is listed in its band, in words.
    const supervisor = await staffPage(browser, testInfo);
    await signIn(supervisor, `supervisor-${tag}@bank.ng`, await enrol(supervisor, supervisorLink));
    await supervisor.getByRole('link', { name: 'SLA board' }).click();
    await expect(supervisor.locator(`tr[data-number="${number}"]`)).toHaveCount(0);
    await page.goto(`/transfer/success?reference=${encodeURIComponent(reference)}`);
    await page.getByRole('link', { name: 'Report a problem' }).click();
    await reportProblem.report({ kind: 'A charge or fee is wrong', description: 'Why was I charged ten naira for a transfer that failed?' });
    await cases.arrivedAt(CasesPage.path);
    const second = (await cases.opened.locator('strong').innerText()).trim();
    await supervisor.reload();
    const band = supervisor.locator('section[data-band="ample"]');
    await expect(band.getByRole('heading')).toContainText('Green: more than half the time left');
    await expect(band.locator(`tr[data-number="${second}"]`)).toContainText('wrong charge');
    await expect(band.locator(`tr[data-number="${second}"]`)).toContainText(/29 d 23 h left|30 d left/);
    await expect(band.locator(`tr[data-number="${second}"]`)).toContainText('Not escalated');
    await expect(supervisor.getByTestId('sla-counts')).toContainText('Breached: past its due time:');
    // The supervisor reads a case but does not answer it; a support agent does not open the board.
    await band.getByRole('link', { name: second }).click();
    await expect(supervisor.getByRole('heading', { level: 1 })).toHaveText(`Case ${second}`);
    await expect(supervisor.getByRole('button', { name: 'Send the answer' })).toHaveCount(0);
    expect((await agent.goto('/ops/sla'))?.status()).toBe(403);
  });

  test('three failed selfies open an identity review that the KYC reviewer resolves with a reason, changing nothing else', async ({ page, browser, baseURL }, testInfo) => {
    // A customer proves a NIN, then sends three selfies that fail: the third opens a review.
    const me = await onboardThroughApi(page.request, newCustomer(), undefined, { identity: false });
    const headers = { origin: appOrigin(), accept: 'application/json' };
    expect((await page.request.post('/api/v1/kyc/nin', { data: { nin: ownNinOfThisTest(), date_of_birth: ownRecordBirthDate }, headers })).ok()).toBe(true);
    let review = '';
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const sent = await page.request.post('/api/v1/kyc/liveness', { multipart: { selfie: { name: 'selfie.jpg', mimeType: 'image/jpeg', buffer: fs.readFileSync(selfies.fail) } }, headers });
      review = ((await sent.json()) as { data: { review_case: string | null } }).data.review_case ?? '';
    }
    expect(review).toMatch(/^HB-CASE-\d{4}-\d{6}$/);

    const tag = randomBytes(4).toString('hex');
    const admin = await staffPage(browser, testInfo);
    const adminEmail = `admin-${tag}@bank.ng`;
    await signIn(admin, adminEmail, await enrol(admin, await addStaffFromCommandLine(baseURL!, 'admin', adminEmail, 'Ada Admin')));
    const reviewerLink = await invite(admin, 'kyc', `kyc-${tag}@bank.ng`, 'Kemi Reviewer');
    const reviewer = await staffPage(browser, testInfo);
    await signIn(reviewer, `kyc-${tag}@bank.ng`, await enrol(reviewer, reviewerLink));
    await reviewer.getByRole('link', { name: 'Identity reviews' }).click();
    const section = reviewer.locator(`section[data-number="${review}"]`);
    await expect(section.getByRole('heading')).toHaveText(`${review}: ${me.firstName} ${me.lastName}`);
    await expect(section.locator('tbody tr')).toHaveCount(3);
    await expect(section).toContainText('Green: more than half the time left');

    // No reason: refused on the page, nothing resolved.
    await section.getByLabel('Identity confirmed').check();
    await section.getByRole('button', { name: `Resolve ${review}` }).click();
    await expect(reviewer.getByRole('alert')).toHaveText('The review was not resolved.');
    await reviewer.locator(`section[data-number="${review}"]`).getByLabel(`Reason for ${review}`).fill('The face matches the NIN photo; the lighting failed the check.');
    await reviewer.locator(`section[data-number="${review}"]`).getByLabel('Identity confirmed').check();
    await reviewer.locator(`section[data-number="${review}"]`).getByRole('button', { name: `Resolve ${review}` }).click();
    await expect(reviewer.getByRole('status')).toContainText(`Review ${review} is resolved: identity confirmed. No automatic decision was changed.`);
    await expect(reviewer.locator(`section[data-number="${review}"]`)).toHaveCount(0);

    // The administrator's audit log shows the finding; the customer still needs a passing selfie to move money.
    await admin.goto('/ops/audit');
    await expect(admin.getByRole('cell', { name: 'kyc.review', exact: true }).first()).toBeVisible();
    const kyc = await page.request.get('/api/v1/kyc', { headers });
    expect(((await kyc.json()) as { data: { can_move_money: boolean } }).data.can_move_money).toBe(false);
  });
});
