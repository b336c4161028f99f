import { expect, it } from 'vitest';
import { describeOnEngines } from '../../testing/on-engines.ts';
import { customer, newKey, testPin } from '../../testing/customers.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { nubanFor } from '../../../lib/nuban.ts';
import { verifyLedger } from '../ledger/verify-ledger.ts';
import { moneyResponse } from '../../http/money-api.ts';
import type { StaffRole } from '../staff/policy.ts';
import { staffMember } from '../../testing/staff.ts';

const minute = 60_000;
const naira = (value: number) => value * 100;
const gtb = (serial: string) => nubanFor(serial, { cbnCode: '058', nipCode: '000013' });

const member = <R extends StaffRole>(t: TestApp, role: R) => staffMember(t, role, '203.0.113.9');

describeOnEngines('fraud holds on transfers to other banks on %s', (app) => {
  const db = () => app().app.db;
  const balanceOf = async (accountNumber: string) => Number((await db().selectFrom('accounts').select('balance').where('account_number', '=', accountNumber).executeTakeFirstOrThrow()).balance);
  const sentToSwitch = async () => (await db().selectFrom('sandbox_nip_transfers').select('session_id').execute()).length;
  const heldRow = (reference: string) => db().selectFrom('interbank_transfers').select(['status', 'session_id']).where('reference', '=', reference).executeTakeFirstOrThrow();
  const flagsOf = (reference: string) => db().selectFrom('fraud_flags').selectAll().where('reference', '=', reference).execute();
  const ledgerGreen = async () => expect(await verifyLedger(db())).toMatchObject({ ok: true });

  /** Three strangers pay ₦40,000 each within the hour: the mule pattern's credits. */
  async function muleAccount(balance = 0) {
    const t = app();
    const mule = await customer(t.app, { firstName: 'Musa', lastName: 'Bello', balance });
    for (const from of ['0690000031', '0690000032', '0690000033']) {
      const landed = await t.app.inbound.receiveInterbank({ account_number: mule.accountNumber, amount: naira(40_000), sender_name: `SENDER ${from}`, sender_bank_code: '000013', sender_account_number: from, narration: 'Thanks' });
      if (!landed.ok) throw new Error(landed.code);
      t.clock.advance(5 * minute);
    }
    return mule;
  }
  const sendOut = (from: { userId: string; accountNumber: string }, amount: number, key = newKey()) =>
    app().app.transfers.sendToBank(from.userId, from.accountNumber, { account_number: gtb('123456789'), bank_code: '000013', amount, narration: 'Rent', pin: testPin, save_beneficiary: false }, key);

  async function heldTransfer(amount = naira(10_000)) {
    const mule = await muleAccount();
    const before = await balanceOf(mule.accountNumber);
    const key = newKey();
    const held = await sendOut(mule, amount, key);
    if (!held.ok) throw new Error(held.code);
    const flags = await flagsOf(held.value.transaction.reference);
    return { mule, before, key, held: held.value.transaction, flag: flags[0]! };
  }

  it('holds a flagged transfer to another bank: 202 held, the switch not called, amount and charges reserved, the flag held with its evidence; a retry replays the 202', async () => {
    const t = app();
    const { mule, before, key, held, flag } = await heldTransfer();
    expect(held).toMatchObject({ status: 'held', amount: naira(10_000), details: { held: true } });
    expect(await sentToSwitch()).toBe(0);
    expect(await heldRow(held.reference)).toMatchObject({ status: 'held' });
    expect(await balanceOf(mule.accountNumber)).toBe(before - naira(10_000) - held.fee);
    expect(flag).toMatchObject({ rule: 'mule', direction: 'out', status: 'held', user_id: mule.userId, amount: expect.anything() });
    expect(JSON.parse(flag.evidence)).toMatchObject({ senders: ['0690000031', '0690000032', '0690000033'], totalKobo: naira(120_000) });
    const answer = moneyResponse(await sendOut(mule, naira(10_000), key));
    expect(answer.status).toBe(202);
    expect(answer.headers.get('idempotent-replayed')).toBe('true');
    expect(await answer.json()).toMatchObject({ success: true, data: { status: 'held', reference: held.reference } });
    expect(await balanceOf(mule.accountNumber)).toBe(before - naira(10_000) - held.fee);
    // The job after the fact adds no flag; the sweep leaves it alone: it was never sent.
    await t.app.jobs.runDue();
    expect(await flagsOf(held.reference)).toHaveLength(1);
    t.clock.advance(10 * minute);
    expect(await t.app.payments.requery()).toEqual({ checked: 0, settled: 0 });
    expect(await heldRow(held.reference)).toMatchObject({ status: 'held' });
    // The customer is told, by email and SMS, that it is held.
    await t.app.jobs.runDue();
    const email = (await t.app.users.findById(mule.userId))!.email;
    expect(t.mailer.sent.some((mail) => mail.to === email && mail.text.includes('Held for a security check'))).toBe(true);
    expect(t.sms.sent.some((sms) => sms.text.includes('(held for a security check)'))).toBe(true);
    await ledgerGreen();
  });

  it('an in-bank transfer the same rule flags is not held: sent at once, flagged after the fact (phase 1)', async () => {
    const t = app();
    const mule = await muleAccount();
    const other = await customer(t.app);
    const sent = await t.app.transfers.sendLocal(mule.userId, mule.accountNumber, { account_number: other.accountNumber, amount: naira(10_000), narration: '', pin: testPin, save_beneficiary: false }, newKey());
    if (!sent.ok) throw new Error(sent.code);
    expect(sent.value.transaction.status).toBe('successful');
    await t.app.jobs.runDue();
    expect((await flagsOf(sent.value.transaction.reference)).map((flag) => flag.status)).toEqual(['open']);
  });

  it('50 parallel releases send it once, with the reference and session id of the request; the key then answers sent; ledger green', async () => {
    const t = app();
    const { mule, before, key, held, flag } = await heldTransfer();
    const officer = await member(t, 'fraud');
    const session = (await heldRow(held.reference)).session_id;
    const results = await Promise.all(Array.from({ length: 50 }, () => t.app.holds.release({ flag: flag.id, reason: 'Customer confirmed by phone' }, officer)));
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok && result.status === 409)).toHaveLength(49);
    const sent = await db().selectFrom('sandbox_nip_transfers').selectAll().execute();
    expect(sent.map((row) => row.session_id)).toEqual([session]);
    expect(await heldRow(held.reference)).toMatchObject({ status: 'successful' });
    expect((await flagsOf(held.reference)).map((row) => [row.status, row.decided_by])).toEqual([['released', officer.staffId]]);
    expect(await balanceOf(mule.accountNumber)).toBe(before - naira(10_000) - held.fee);
    const replay = await sendOut(mule, naira(10_000), key);
    expect(replay).toMatchObject({ ok: true, replayed: true, value: { transaction: { status: 'successful', reference: held.reference } } });
    const audited = await db().selectFrom('staff_audit').select(['action', 'customer_user_id', 'before_text', 'after_text']).where('action', '=', 'fraud.release').execute();
    expect(audited).toEqual([{ action: 'fraud.release', customer_user_id: mule.userId, before_text: 'held', after_text: 'pending (sent to the switch)' }]);
    await ledgerGreen();
    expect(await t.app.staffAudit.verify()).toMatchObject({ ok: true });
  });

  it('a reject returns amount and charges once and may freeze the account, audited; a second decision is refused', async () => {
    const t = app();
    const { mule, before, key, held, flag } = await heldTransfer();
    const officer = await member(t, 'fraud');
    const done = await Promise.all([1, 2, 3].map(() => t.app.holds.reject({ flag: flag.id, reason: 'Mule account, confirmed', freeze: 'on' }, officer)));
    expect(done.filter((result) => result.ok)).toHaveLength(1);
    expect(await balanceOf(mule.accountNumber)).toBe(before);
    expect(await sentToSwitch()).toBe(0);
    expect(await heldRow(held.reference)).toMatchObject({ status: 'failed' });
    expect((await flagsOf(held.reference)).map((row) => row.status)).toEqual(['rejected']);
    const user = await db().selectFrom('users').select('frozen_via').where('id', '=', mule.userId).executeTakeFirstOrThrow();
    expect(user.frozen_via).toBe('staff');
    expect(await t.app.holds.release({ flag: flag.id, reason: 'Changed my mind' }, officer)).toMatchObject({ ok: false, status: 409 });
    const replay = await sendOut(mule, naira(10_000), key);
    expect(replay).toMatchObject({ ok: true, replayed: true, value: { transaction: { status: 'reversed' } } });
    const audited = await db().selectFrom('staff_audit').select(['detail', 'after_text']).where('action', '=', 'fraud.reject').execute();
    expect(audited.map((row) => row.after_text)).toEqual(['reversed; account frozen']);
    expect(JSON.parse(audited[0]!.detail)).toMatchObject({ reason: 'Mule account, confirmed', froze: 'frozen now' });
    await ledgerGreen();
  });

  it('the customer cancels it: the money back once; a cancel racing a release, exactly one wins', async () => {
    const t = app();
    const first = await heldTransfer();
    const cancels = await Promise.all([1, 2, 3].map(() => t.app.holds.cancel(first.mule.userId, first.held.reference)));
    expect(cancels.filter(Boolean)).toHaveLength(1);
    expect(await balanceOf(first.mule.accountNumber)).toBe(first.before);
    expect((await flagsOf(first.held.reference)).map((row) => row.status)).toEqual(['dismissed']);
    // Another customer's reference cancels nothing.
    const stranger = await customer(t.app);
    expect(await t.app.holds.cancel(stranger.userId, first.held.reference)).toBe(false);

    const second = await sendOut(first.mule, naira(5_000));
    if (!second.ok) throw new Error(second.code);
    expect(second.value.transaction.status).toBe('held');
    const [flag] = await flagsOf(second.value.transaction.reference);
    const officer = await member(t, 'fraud');
    const [released, cancelled] = await Promise.all([t.app.holds.release({ flag: flag!.id, reason: 'Customer confirmed by phone' }, officer), t.app.holds.cancel(first.mule.userId, second.value.transaction.reference)]);
    expect([released.ok, cancelled].filter(Boolean)).toHaveLength(1);
    expect(await sentToSwitch()).toBe(released.ok ? 1 : 0);
    expect(await heldRow(second.value.transaction.reference)).toMatchObject({ status: released.ok ? 'successful' : 'failed' });
    await ledgerGreen();
  });

  it('above ₦50,000 the release is a proposal: self-approval refused, a supervisor approves and it is sent once', async () => {
    const t = app();
    const mule = await muleAccount(naira(100_000));
    const held = await sendOut(mule, naira(60_000));
    if (!held.ok) throw new Error(held.code);
    expect(held.value.transaction.status).toBe('held');
    const [flag] = await flagsOf(held.value.transaction.reference);
    const officer = await member(t, 'fraud');
    const proposed = await t.app.holds.release({ flag: flag!.id, reason: 'Customer confirmed by phone' }, officer);
    expect(proposed).toMatchObject({ ok: true, value: { kind: 'proposed' } });
    expect(await sentToSwitch()).toBe(0);
    expect(await heldRow(held.value.transaction.reference)).toMatchObject({ status: 'held' });
    const proposal = await db().selectFrom('staff_proposals').selectAll().where('kind', '=', 'hold_release').executeTakeFirstOrThrow();
    expect(await t.app.proposals.approve({ ...officer, role: 'supervisor' }, proposal.id, '')).toMatchObject({ ok: false, status: 403 });
    const supervisor = await member(t, 'supervisor');
    const approvals = await Promise.all([1, 2, 3].map(() => t.app.proposals.approve(supervisor, proposal.id, 'Checked the call notes')));
    expect(approvals.filter((result) => result.ok)).toHaveLength(1);
    expect(await sentToSwitch()).toBe(1);
    expect(await heldRow(held.value.transaction.reference)).toMatchObject({ status: 'successful' });
    expect((await flagsOf(held.value.transaction.reference)).map((row) => [row.status, row.decided_by])).toEqual([['released', supervisor.staffId]]);
    await ledgerGreen();
  });

  it('refuses support a release or a reject, and changes nothing', async () => {
    const t = app();
    const { held, flag } = await heldTransfer();
    const agent = await member(t, 'support');
    expect(await t.app.holds.release({ flag: flag.id, reason: 'Looks fine to me' }, agent)).toMatchObject({ ok: false, status: 403 });
    expect(await t.app.holds.reject({ flag: flag.id, reason: 'Looks wrong to me' }, agent)).toMatchObject({ ok: false, status: 403 });
    expect(await heldRow(held.reference)).toMatchObject({ status: 'held' });
  });
});
