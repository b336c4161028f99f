import { expect, it } from 'vitest';
import { describeOnEngines } from '../../testing/on-engines.ts';
import { balanceOf as balanceOfAccount, expectLedgerBalanced } from '../../testing/balances.ts';
import { customer, newKey, testPassword, testPin } from '../../testing/customers.ts';
import { nubanFor } from '../../../lib/nuban.ts';
import { sandboxSerials } from '../../integrations/interbank/sandbox-switch.ts';
import { internalAccounts } from '../ledger/ledger.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { mayApprove, mayPropose, proposalKinds, staffRoles, type StaffRole } from './policy.ts';
import { staffMember } from '../../testing/staff.ts';

const gtbank = { cbnCode: '058', nipCode: '000013' };
const gtb = (serial: string) => nubanFor(serial, gtbank);
const naira = (value: number) => value * 100;
const reason = 'Customer reports the money never arrived; switch has no answer after 30 hours.';

const member = <R extends StaffRole>(t: TestApp, role: R) => staffMember(t, role);

/** A customer with ₦100,000 whose ₦20,000 transfer to another bank is stuck pending (the switch keeps saying "in progress"). */
async function stuckTransfer(t: TestApp, serial: string = sandboxSerials.stuck) {
  const sender = await customer(t.app, { balance: naira(100_000) });
  const sent = await t.app.transfers.sendToBank(sender.userId, sender.accountNumber, { account_number: gtb(serial), bank_code: gtbank.nipCode, amount: naira(20_000), narration: 'Rent', pin: testPin, save_beneficiary: false }, newKey());
  if (!sent.ok) throw new Error('transfer refused');
  expect(sent.value.transaction.status).toBe('pending');
  return { sender, reference: sent.value.transaction.reference };
}

const auditActions = async (t: TestApp) => (await t.app.db.selectFrom('staff_audit').select(['action', 'customer_user_id', 'before_text', 'after_text']).where('action', 'like', 'proposal.%').orderBy('seq').execute());

describeOnEngines('four eyes: proposals (%s)', (app) => {
  const balanceOf = (accountNumber: string) => balanceOfAccount(app().app, accountNumber);

  it('reverses a stuck transfer once for 20 parallel approvals: amount, fee and stamp duty back, ledger green, audited', async () => {
    const t = app();
    const { sender, reference } = await stuckTransfer(t);
    expect(await balanceOf(sender.accountNumber)).toBe(naira(100_000 - 20_075));
    const support = await member(t, 'support');
    const supervisors = await Promise.all(Array.from({ length: 4 }, () => member(t, 'supervisor')));

    const shown = await t.app.proposals.preview(support, { kind: 'reversal', target: reference });
    expect(shown).toMatchObject({ ok: true, value: { amountKobo: naira(20_000), feeKobo: naira(75), transferFeeKobo: naira(25), stampDutyKobo: naira(50), totalKobo: naira(20_075), customerUserId: sender.userId } });
    const proposed = await t.app.proposals.propose(support, { kind: 'reversal', target: reference, reason });
    if (!proposed.ok) throw new Error(proposed.message);
    // A second proposal for the same transaction while the first is open: refused.
    expect(await t.app.proposals.propose(support, { kind: 'reversal', target: reference, reason })).toMatchObject({ ok: false, status: 409 });

    const answers = await Promise.all(Array.from({ length: 20 }, (_, index) => t.app.proposals.approve(supervisors[index % 4]!, proposed.value.id, 'Checked with NIBSS')));
    expect(answers.filter((answer) => answer.ok)).toHaveLength(1);
    expect(answers.filter((answer) => !answer.ok).every((answer) => !answer.ok && answer.status === 409)).toBe(true);
    expect(await t.app.proposals.byId(proposed.value.id)).toMatchObject({ status: 'approved', result: expect.stringContaining('₦20,075.00') });

    expect(await balanceOf(sender.accountNumber)).toBe(naira(100_000));
    for (const account of [internalAccounts.suspense, internalAccounts.feeIncome, internalAccounts.stampDuty]) expect(await balanceOf(account)).toBe(0);
    expect(await t.app.db.selectFrom('journal_entries').select('id').where('reference', '=', reference).where('kind', '=', 'reversal').execute()).toHaveLength(1);
    expect(await t.app.transactions.byReference(sender.accountNumber, reference)).toMatchObject({ status: 'reversed' });
    const history = await t.app.transactions.history(sender.accountNumber, { page: 1, perPage: 20 });
    expect(history.data.filter((row) => row.category === 'reversal')).toEqual([expect.objectContaining({ type: 'credit', amount: naira(20_075) })]);
    // The reversal's alert is queued with it, as a switch failure's is.
    const credit = await t.app.db.selectFrom('transactions').select('id').where('account_number', '=', sender.accountNumber).where('category', '=', 'reversal').executeTakeFirstOrThrow();
    const alerts = await t.app.db.selectFrom('jobs').select('payload').where('kind', '=', 'alert.transaction').execute();
    expect(alerts.filter((job) => String(job.payload).includes(credit.id))).toHaveLength(1);
    await expectLedgerBalanced(t.app);

    // Reversed: a new proposal is refused, and the switch's late answer changes nothing.
    expect(await t.app.proposals.propose(support, { kind: 'reversal', target: reference, reason })).toMatchObject({ ok: false, status: 409, message: expect.stringContaining('reversed already') });
    t.clock.advance(3_600_000);
    await t.app.payments.requery();
    expect(await balanceOf(sender.accountNumber)).toBe(naira(100_000));

    const audited = await auditActions(t);
    expect(audited.map((row) => row.action)).toEqual(['proposal.preview', 'proposal.propose', 'proposal.approve']);
    expect(audited.every((row) => row.customer_user_id === sender.userId)).toBe(true);
    expect(audited[2]).toMatchObject({ before_text: `pending; balance ₦79,925.00`, after_text: 'reversed; balance ₦100,000.00' });
    expect((await t.app.staffAudit.verify()).ok).toBe(true);
  }, 60_000);

  it('refuses self-approval (403), approval by support (403), and lets nobody but an approver decline', async () => {
    const t = app();
    const { reference, sender } = await stuckTransfer(t);
    const settlement = await member(t, 'settlement');
    const support = await member(t, 'support');
    const proposed = await t.app.proposals.propose(settlement, { kind: 'reversal', target: reference, reason });
    if (!proposed.ok) throw new Error(proposed.message);
    expect(await t.app.proposals.approve(settlement, proposed.value.id, '')).toMatchObject({ ok: false, status: 403 });
    expect(await t.app.proposals.approve(support, proposed.value.id, '')).toMatchObject({ ok: false, status: 403 });
    // The proposer made supervisor since: still not theirs to approve.
    await t.app.db.updateTable('staff').set({ role: 'supervisor' }).where('id', '=', settlement.staffId).execute();
    const promoted = { ...settlement, role: 'supervisor' as const };
    expect(await t.app.proposals.approve(promoted, proposed.value.id, '')).toMatchObject({ ok: false, status: 403, message: 'You proposed this: another member must decide it.' });
    expect(await t.app.proposals.decline(promoted, proposed.value.id, '')).toMatchObject({ ok: false, status: 403, message: 'You proposed this: another member must decide it.' });
    expect(await t.app.proposals.decline(support, proposed.value.id, '')).toMatchObject({ ok: false, status: 403 });
    // A supervisor who is also the proposer: the table refuses it even if the service's check were wrong.
    await expect(t.app.db.updateTable('staff_proposals').set({ decided_by: settlement.staffId }).where('id', '=', proposed.value.id).execute()).rejects.toThrow();
    const supervisor = await member(t, 'supervisor');
    expect(await t.app.proposals.decline(supervisor, proposed.value.id, 'The switch says in progress; wait')).toMatchObject({ ok: true, value: { status: 'declined' } });
    expect(await t.app.proposals.approve(await member(t, 'supervisor'), proposed.value.id, '')).toMatchObject({ ok: false, status: 409 });
    expect(await balanceOf(sender.accountNumber)).toBe(naira(100_000 - 20_075));
    expect((await auditActions(t)).map((row) => row.action)).toEqual(['proposal.propose', 'proposal.decline']);
  });

  it('expires a proposal after 24 hours: it cannot be approved, and the expiry is audited', async () => {
    const t = app();
    const { reference, sender } = await stuckTransfer(t);
    const support = await member(t, 'support');
    const supervisor = await member(t, 'supervisor');
    const proposed = await t.app.proposals.propose(support, { kind: 'reversal', target: reference, reason });
    if (!proposed.ok) throw new Error(proposed.message);
    t.clock.advance(24 * 3_600_000 - 1000);
    expect((await t.app.proposals.open(supervisor)).map((row) => row.id)).toEqual([proposed.value.id]);
    t.clock.advance(1000);
    expect(await t.app.proposals.approve(supervisor, proposed.value.id, '')).toMatchObject({ ok: false, status: 409, message: expect.stringContaining('expired') });
    expect(await t.app.proposals.byId(proposed.value.id)).toMatchObject({ status: 'expired' });
    expect(await t.app.proposals.open(supervisor)).toEqual([]);
    expect(await balanceOf(sender.accountNumber)).toBe(naira(100_000 - 20_075));
    expect((await auditActions(t)).map((row) => [row.action, row.after_text])).toEqual([['proposal.propose', 'proposed'], ['proposal.expire', 'expired']]);
    // Expired, it no longer blocks a fresh proposal.
    expect((await t.app.proposals.propose(support, { kind: 'reversal', target: reference, reason })).ok).toBe(true);
  });

  it('refuses to reverse an in-bank transfer, a delivered transfer, and an unknown reference; and a case number not the customer’s', async () => {
    const t = app();
    const support = await member(t, 'support');
    const sender = await customer(t.app, { balance: naira(50_000) });
    const recipient = await customer(t.app);
    const local = await t.app.transfers.sendLocal(sender.userId, sender.accountNumber, { account_number: recipient.accountNumber, amount: naira(1_000), narration: '', pin: testPin, save_beneficiary: false }, newKey());
    if (!local.ok) throw new Error('local refused');
    expect(await t.app.proposals.propose(support, { kind: 'reversal', target: local.value.transaction.reference, reason })).toMatchObject({ ok: false, status: 409, message: expect.stringContaining('in-bank') });
    const delivered = await t.app.transfers.sendToBank(sender.userId, sender.accountNumber, { account_number: gtb('123456789'), bank_code: gtbank.nipCode, amount: naira(1_000), narration: '', pin: testPin, save_beneficiary: false }, newKey());
    if (!delivered.ok) throw new Error('refused');
    expect(await t.app.proposals.propose(support, { kind: 'reversal', target: delivered.value.transaction.reference, reason })).toMatchObject({ ok: false, status: 409, message: expect.stringContaining('delivered') });
    expect(await t.app.proposals.propose(support, { kind: 'reversal', target: 'TRF-NOPE', reason })).toMatchObject({ ok: false, status: 404 });
    const { reference } = await stuckTransfer(t);
    expect(await t.app.proposals.propose(support, { kind: 'reversal', target: reference, reason: 'too short' })).toMatchObject({ ok: false, status: 400, errors: { reason: expect.any(String) } });
    expect(await t.app.proposals.propose(support, { kind: 'reversal', target: reference, reason, case_number: 'HB-CASE-2026-999999' })).toMatchObject({ ok: false, status: 400, errors: { case_number: expect.any(String) } });
    expect(await t.app.db.selectFrom('staff_proposals').select('id').execute()).toEqual([]);
  });

  it('asks the switch before reversing: a delivery it now confirms settles the transfer, the approval fails and nothing is reversed', async () => {
    const t = app();
    const { reference, sender } = await stuckTransfer(t, sandboxSerials.timeoutThenSuccess);
    const support = await member(t, 'support');
    const proposed = await t.app.proposals.propose(support, { kind: 'reversal', target: reference, reason });
    if (!proposed.ok) throw new Error(proposed.message);
    const approved = await t.app.proposals.approve(await member(t, 'supervisor'), proposed.value.id, '');
    expect(approved).toMatchObject({ ok: true, value: { status: 'failed', result: expect.stringContaining('no longer pending (successful)') } });
    expect(await t.app.transactions.byReference(sender.accountNumber, reference)).toMatchObject({ status: 'successful' });
    expect(await balanceOf(sender.accountNumber)).toBe(naira(100_000 - 20_075));
    expect((await auditActions(t)).map((row) => row.action)).toEqual(['proposal.propose', 'proposal.fail']);
    await expectLedgerBalanced(t.app);
  });

  it('a failure the switch now confirms is reversed by the normal path, once; the approval then fails', async () => {
    const t = app();
    const { reference, sender } = await stuckTransfer(t, sandboxSerials.timeoutThenFailure);
    const proposed = await t.app.proposals.propose(await member(t, 'support'), { kind: 'reversal', target: reference, reason });
    if (!proposed.ok) throw new Error(proposed.message);
    expect(await t.app.proposals.approve(await member(t, 'supervisor'), proposed.value.id, '')).toMatchObject({ ok: true, value: { status: 'failed' } });
    expect(await balanceOf(sender.accountNumber)).toBe(naira(100_000));
    expect(await t.app.db.selectFrom('journal_entries').select('id').where('reference', '=', reference).where('kind', '=', 'reversal').execute()).toHaveLength(1);
    await expectLedgerBalanced(t.app);
  });

  it('unfreezes by proposal once, with the customer told; support cannot approve it, settlement cannot propose it', async () => {
    const t = app();
    const frozen = await customer(t.app, { balance: naira(1_000) });
    expect((await t.app.freeze.freeze(frozen.userId, null, { password: testPassword })).ok).toBe(true);
    const support = await member(t, 'support');
    const settlement = await member(t, 'settlement');
    expect(await t.app.proposals.propose(settlement, { kind: 'unfreeze', target: frozen.userId, reason: 'Customer called from the registered phone, identity checked' })).toMatchObject({ ok: false, status: 403 });
    const proposed = await t.app.proposals.propose(support, { kind: 'unfreeze', target: frozen.userId, reason: 'Customer called from the registered phone, identity checked' });
    if (!proposed.ok) throw new Error(proposed.message);
    expect(await t.app.proposals.approve(await member(t, 'support'), proposed.value.id, '')).toMatchObject({ ok: false, status: 403 });
    const supervisors = [await member(t, 'supervisor'), await member(t, 'supervisor')];
    const mailsBefore = t.mailer.sent.filter((mail) => mail.to === frozen.email).length;
    const answers = await Promise.all(Array.from({ length: 10 }, (_, index) => t.app.proposals.approve(supervisors[index % 2]!, proposed.value.id, 'ok')));
    expect(answers.filter((answer) => answer.ok)).toHaveLength(1);
    expect(await t.app.freeze.state(frozen.userId)).toMatchObject({ frozen: false });
    // One email: the one the customer's own unfreeze sends.
    expect(t.mailer.sent.filter((mail) => mail.to === frozen.email).length - mailsBefore).toBe(1);
    expect((await auditActions(t)).map((row) => [row.action, row.before_text, row.after_text])).toEqual([['proposal.propose', null, 'proposed'], ['proposal.approve', 'frozen', 'not frozen']]);
    expect(await t.app.proposals.propose(support, { kind: 'unfreeze', target: frozen.userId, reason: 'Customer called from the registered phone, again' })).toMatchObject({ ok: false, status: 409 });
  });

  it('shows an approver every open proposal and a proposer only their own; admin proposes and decides nothing', async () => {
    const t = app();
    const one = await stuckTransfer(t);
    const two = await stuckTransfer(t);
    const support = await member(t, 'support');
    const settlement = await member(t, 'settlement');
    const first = await t.app.proposals.propose(support, { kind: 'reversal', target: one.reference, reason });
    t.clock.advance(1000);
    const second = await t.app.proposals.propose(settlement, { kind: 'reversal', target: two.reference, reason });
    if (!first.ok || !second.ok) throw new Error('not proposed');
    const supervisor = await member(t, 'supervisor');
    expect((await t.app.proposals.open(supervisor)).map((row) => [row.id, row.mayDecide, row.proposer_role])).toEqual([[second.value.id, true, 'settlement'], [first.value.id, true, 'support']]);
    expect((await t.app.proposals.open(support)).map((row) => [row.id, row.mayDecide])).toEqual([[first.value.id, false]]);
    const admin = await member(t, 'admin');
    expect(await t.app.proposals.open(admin)).toEqual([]);
    expect(await t.app.proposals.propose(admin, { kind: 'reversal', target: one.reference, reason })).toMatchObject({ ok: false, status: 403 });
    expect(await t.app.proposals.approve(admin, first.value.id, '')).toMatchObject({ ok: false, status: 403 });
  });
});

it('the four-eyes table: reversals proposed by support or settlement, unfreezes by support, every kind approved by supervisor only', () => {
  for (const role of staffRoles) {
    expect(mayPropose(role, 'reversal')).toBe(role === 'support' || role === 'settlement');
    expect(mayPropose(role, 'unfreeze')).toBe(role === 'support');
    for (const kind of Object.keys(proposalKinds) as (keyof typeof proposalKinds)[]) expect(mayApprove(role, kind)).toBe(role === 'supervisor');
  }
});
