import { expect, it } from 'vitest';
import { describeOnEngines } from '../../testing/on-engines.ts';
import { customer, newKey, testPin } from '../../testing/customers.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { nubanFor } from '../../../lib/nuban.ts';
import type { StaffRole } from '../staff/policy.ts';
import { fraudEvaluateJob } from './fraud-jobs.ts';
import { staffMember } from '../../testing/staff.ts';

const minute = 60_000;
const hour = 60 * minute;
const naira = (value: number) => value * 100;
const gtb = (serial: string) => nubanFor(serial, { cbnCode: '058', nipCode: '000013' });

const member = <R extends StaffRole>(t: TestApp, role: R) => staffMember(t, role, '203.0.113.9');

describeOnEngines('fraud monitoring on %s', (app) => {
  const flags = () => app().app.db.selectFrom('fraud_flags').selectAll().orderBy('created_at').execute();
  const rowOf = (reference: string, type: 'debit' | 'credit') => app().app.db.selectFrom('transactions').selectAll().where('reference', '=', reference).where('type', '=', type).executeTakeFirstOrThrow();
  const balanceOf = async (accountNumber: string) => Number((await app().app.db.selectFrom('accounts').select('balance').where('account_number', '=', accountNumber).executeTakeFirstOrThrow()).balance);
  const credit = (accountNumber: string, amount: number, from: string) =>
    app().app.inbound.receiveInterbank({ account_number: accountNumber, amount, sender_name: `SENDER ${from}`, sender_bank_code: '000013', sender_account_number: from, narration: 'Thanks' });
  const sendLocal = (from: { userId: string; accountNumber: string }, to: string, amount: number) =>
    app().app.transfers.sendLocal(from.userId, from.accountNumber, { account_number: to, amount, narration: '', pin: testPin, save_beneficiary: false }, newKey());

  it('flags a transfer out after credits from three senders (₦120,000 within the hour) as a mule pattern, once, and leaves the credits and money alone', async () => {
    const t = app();
    const mule = await customer(t.app, { firstName: 'Musa', lastName: 'Bello' });
    const other = await customer(t.app);
    for (const [index, from] of ['0690000031', '0690000032', '0690000033'].entries()) {
      expect(await credit(mule.accountNumber, naira(40_000), from)).toMatchObject({ ok: true });
      if (index < 2) t.clock.advance(20 * minute);
    }
    const sent = await sendLocal(mule, other.accountNumber, naira(10_000));
    if (!sent.ok) throw new Error(sent.code);
    const before = await balanceOf(mule.accountNumber);
    await t.app.jobs.runDue();
    const debit = await rowOf(sent.value.transaction.reference, 'debit');
    const found = await flags();
    expect(found.map((flag) => [flag.rule, flag.direction, flag.transaction_id, flag.account_number, flag.user_id, flag.status, Number(flag.amount)])).toEqual([
      ['mule', 'out', debit.id, mule.accountNumber, mule.userId, 'open', naira(10_000)],
    ]);
    expect(JSON.parse(found[0]!.evidence)).toMatchObject({ senders: ['0690000031', '0690000032', '0690000033'], totalKobo: naira(120_000), credits: 3 });
    // Evaluated again (a retried job): nothing new. And the money did not move for it.
    expect(await t.app.fraud.evaluate(debit.id)).toEqual(['mule']);
    expect(await flags()).toHaveLength(1);
    expect(await balanceOf(mule.accountNumber)).toBe(before);
    const queued = await t.app.db.selectFrom('jobs').select(['status']).where('kind', '=', fraudEvaluateJob).execute();
    expect(queued.length).toBeGreaterThanOrEqual(5);
    expect(queued.every((job) => job.status === 'done')).toBe(true);
  });

  it('does not flag the same transfer out when the first credit was more than 60 minutes before it', async () => {
    const t = app();
    const mule = await customer(t.app);
    const other = await customer(t.app);
    await credit(mule.accountNumber, naira(40_000), '0690000031');
    t.clock.advance(60 * minute + 1000);
    await credit(mule.accountNumber, naira(40_000), '0690000032');
    await credit(mule.accountNumber, naira(40_000), '0690000033');
    expect((await sendLocal(mule, other.accountNumber, naira(10_000))).ok).toBe(true);
    await t.app.jobs.runDue();
    expect(await flags()).toEqual([]);
  });

  it('flags a first transfer above ₦50,000 to another bank within 24 hours of a new device and holds it; a second to the same payee while nothing reached them is held too', async () => {
    const t = app();
    const sender = await customer(t.app, { balance: naira(300_000) });
    await t.app.db.insertInto('bound_devices').values({ user_id: sender.userId, device_hash: 'a'.repeat(64), bound_at: t.clock.now().toISOString() })
      .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ bound_at: t.clock.now().toISOString() })).execute();
    t.clock.advance(23 * hour);
    const payee = gtb('123456789');
    const send = () => t.app.transfers.sendToBank(sender.userId, sender.accountNumber, { account_number: payee, bank_code: '000013', amount: naira(60_000), narration: '', pin: testPin, save_beneficiary: false }, newKey());
    const first = await send();
    if (!first.ok) throw new Error(first.code);
    const second = await send();
    if (!second.ok) throw new Error(second.code);
    expect([first.value.transaction.status, second.value.transaction.status]).toEqual(['held', 'held']);
    await t.app.jobs.runDue();
    const debit = await rowOf(first.value.transaction.reference, 'debit');
    const again = await rowOf(second.value.transaction.reference, 'debit');
    const found = await flags();
    // The after-the-fact job found what the hold found: nothing new, the flags still held.
    expect(found.map((flag) => [flag.rule, flag.transaction_id, flag.status])).toEqual([['new_payee_new_device', debit.id, 'held'], ['new_payee_new_device', again.id, 'held']]);
    expect(JSON.parse(found[0]!.evidence)).toMatchObject({ amountKobo: naira(60_000), hoursSinceDevice: 23 });
  });

  it('does not flag a first large transfer when the device was bound more than 24 hours before', async () => {
    const t = app();
    const sender = await customer(t.app, { balance: naira(300_000) });
    const other = await customer(t.app);
    await t.app.db.insertInto('bound_devices').values({ user_id: sender.userId, device_hash: 'b'.repeat(64), bound_at: t.clock.now().toISOString() })
      .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ bound_at: t.clock.now().toISOString() })).execute();
    t.clock.advance(24 * hour + 1000);
    expect((await sendLocal(sender, other.accountNumber, naira(60_000))).ok).toBe(true);
    await t.app.jobs.runDue();
    expect(await flags()).toEqual([]);
  });

  it('flags the 11th transfer out within 10 minutes for velocity, and only it', async () => {
    const t = app();
    const sender = await customer(t.app, { balance: naira(50_000) });
    const other = await customer(t.app);
    const references: string[] = [];
    for (let n = 0; n < 11; n += 1) {
      const sent = await sendLocal(sender, other.accountNumber, naira(100));
      if (!sent.ok) throw new Error(sent.code);
      references.push(sent.value.transaction.reference);
      t.clock.advance(55_000);
    }
    await t.app.jobs.runDue();
    const eleventh = await rowOf(references[10]!, 'debit');
    const found = await flags();
    expect(found.map((flag) => [flag.rule, flag.transaction_id, flag.reference])).toEqual([['velocity', eleventh.id, references[10]]]);
    expect(JSON.parse(found[0]!.evidence)).toMatchObject({ transfers: 11, windowMinutes: 10 });
  });

  it('flags money in within 24 hours of a freeze, and the credit still lands', async () => {
    const t = app();
    const frozen = await customer(t.app);
    await t.app.db.updateTable('users').set({ frozen_at: t.clock.now().toISOString(), frozen_via: 'password' }).where('id', '=', frozen.userId).execute();
    t.clock.advance(2 * hour);
    const landed = await credit(frozen.accountNumber, naira(7_000), '0690000031');
    if (!landed.ok) throw new Error(landed.code);
    expect(landed.value.status).toBe('successful');
    await t.app.jobs.runDue();
    const row = await rowOf(landed.value.reference, 'credit');
    const found = await flags();
    expect(found.map((flag) => [flag.rule, flag.direction, flag.transaction_id, flag.status])).toEqual([['inflow_after_freeze', 'in', row.id, 'open']]);
    expect(await balanceOf(frozen.accountNumber)).toBe(naira(7_000));
    // A day and more after the freeze: no flag.
    t.clock.advance(23 * hour);
    await credit(frozen.accountNumber, naira(1_000), '0690000031');
    await t.app.jobs.runDue();
    expect(await flags()).toHaveLength(1);
  });

  it('lists open flags newest first; a fraud officer dismisses one with a reason, audited with the customer, and cannot decide it twice', async () => {
    const t = app();
    const frozen = await customer(t.app, { firstName: 'Kemi', lastName: 'Ade' });
    await t.app.db.updateTable('users').set({ frozen_at: t.clock.now().toISOString(), frozen_via: 'password' }).where('id', '=', frozen.userId).execute();
    await credit(frozen.accountNumber, naira(7_000), '0690000031');
    t.clock.advance(minute);
    await credit(frozen.accountNumber, naira(8_000), '0690000032');
    await t.app.jobs.runDue();
    const queue = await t.app.fraud.queue();
    expect(queue.map((flag) => [flag.rule, flag.amountKobo, flag.customer, flag.accountNumber])).toEqual([
      ['inflow_after_freeze', naira(8_000), 'Kemi Ade', frozen.accountNumber],
      ['inflow_after_freeze', naira(7_000), 'Kemi Ade', frozen.accountNumber],
    ]);
    expect(queue[0]!.evidence).toMatch(/^₦8,000\.00 arrived 0 hours after the account was frozen \(\d{1,2} \w{3} \d{4}, \d{2}:\d{2}/);
    const officer = await member(t, 'fraud');
    expect(await t.app.fraud.dismiss({ flag: queue[0]!.id, reason: 'no' }, officer)).toMatchObject({ ok: false, status: 400, errors: { reason: expect.any(String) } });
    const dismissed = await t.app.fraud.dismiss({ flag: queue[0]!.id, reason: 'Salary from the employer, confirmed by phone' }, officer);
    expect(dismissed).toMatchObject({ ok: true, value: { status: 'dismissed', decisionReason: 'Salary from the employer, confirmed by phone' } });
    expect(await t.app.fraud.dismiss({ flag: queue[0]!.id, reason: 'Salary from the employer' }, officer)).toMatchObject({ ok: false, status: 409 });
    expect((await t.app.fraud.queue()).map((flag) => flag.id)).toEqual([queue[1]!.id]);
    const audited = await t.app.db.selectFrom('staff_audit').selectAll().where('action', '=', 'fraud.dismiss').execute();
    expect(audited.map((row) => [row.staff_id, row.customer_user_id, row.before_text, row.after_text, row.address])).toEqual([[officer.staffId, frozen.userId, 'open', 'dismissed', '203.0.113.9']]);
    expect(JSON.parse(audited[0]!.detail)).toMatchObject({ flag: queue[0]!.id, rule: 'inflow_after_freeze', reason: 'Salary from the employer, confirmed by phone' });
    expect(await t.app.staffAudit.verify()).toMatchObject({ ok: true });
  });

  it('a fraud officer freezes the account from a flag: frozen by staff, sessions ended, the customer told, audited in the same transaction', async () => {
    const t = app();
    const mule = await customer(t.app, { firstName: 'Musa', lastName: 'Bello' });
    const other = await customer(t.app);
    for (const from of ['0690000031', '0690000032', '0690000033']) await credit(mule.accountNumber, naira(40_000), from);
    await sendLocal(mule, other.accountNumber, naira(10_000));
    await t.app.jobs.runDue();
    const [flag] = await t.app.fraud.queue();
    await t.app.sessions.create(mule.userId, {});
    const officer = await member(t, 'fraud');
    const opened = await t.app.fraud.open(flag!.id, officer);
    expect(opened).toMatchObject({ ok: true, value: { rule: 'mule', customer: 'Musa Bello' } });
    const done = await t.app.fraud.freeze({ flag: flag!.id, reason: 'Three strangers paid in, all sent on' }, officer);
    expect(done).toMatchObject({ ok: true, value: { status: 'rejected', frozen: true } });
    const user = await t.app.db.selectFrom('users').select(['frozen_at', 'frozen_via']).where('id', '=', mule.userId).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ frozen_via: 'staff', frozen_at: expect.any(String) });
    const live = await t.app.db.selectFrom('sessions').select('id').where('user_id', '=', mule.userId).where('revoked_at', 'is', null).execute();
    expect(live).toEqual([]);
    const email = (await t.app.users.findById(mule.userId))!.email;
    expect(t.mailer.sent.some((mail) => mail.to === email && mail.text.includes('by the bank’s staff'))).toBe(true);
    const audited = await t.app.db.selectFrom('staff_audit').select(['action', 'customer_user_id', 'detail']).where('customer_user_id', '=', mule.userId).orderBy('seq').execute();
    expect(audited.map((row) => row.action)).toEqual(['fraud.flag_read', 'fraud.freeze']);
    expect(JSON.parse(audited[1]!.detail)).toMatchObject({ flag: flag!.id, reason: 'Three strangers paid in, all sent on', froze: 'frozen now' });
    // The freeze stops money leaving, as the customer's own does.
    expect(await sendLocal(mule, other.accountNumber, naira(100))).toMatchObject({ ok: false, code: 'ACCOUNT_FROZEN' });
  });

  it('refuses support every fraud action and changes nothing', async () => {
    const t = app();
    const frozen = await customer(t.app);
    await t.app.db.updateTable('users').set({ frozen_at: t.clock.now().toISOString(), frozen_via: 'password' }).where('id', '=', frozen.userId).execute();
    await credit(frozen.accountNumber, naira(7_000), '0690000031');
    await t.app.jobs.runDue();
    const [flag] = await t.app.fraud.queue();
    const agent = await member(t, 'support');
    expect(await t.app.fraud.open(flag!.id, agent)).toMatchObject({ ok: false, status: 403 });
    expect(await t.app.fraud.dismiss({ flag: flag!.id, reason: 'Looks fine to me' }, agent)).toMatchObject({ ok: false, status: 403 });
    expect(await t.app.fraud.freeze({ flag: flag!.id, reason: 'Looks wrong to me' }, agent)).toMatchObject({ ok: false, status: 403 });
    expect((await flags()).map((row) => row.status)).toEqual(['open']);
    expect(await t.app.db.selectFrom('staff_audit').select('seq').where('action', 'like', 'fraud.%').execute()).toEqual([]);
  });
});
