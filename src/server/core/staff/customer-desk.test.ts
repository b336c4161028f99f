import { beforeEach, expect, it } from 'vitest';
import { describeOnEngines } from '../../testing/on-engines.ts';
import { customer, newKey, testPin } from '../../testing/customers.ts';
import { newId } from '../ids.ts';
import { caseSchema } from '../../../lib/safety-schemas.ts';
import { staffRoles, type StaffRole } from './policy.ts';
import { classifySearch, type DeskActor } from './customer-desk.ts';
import { maskPhone } from './masking.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { staffMember } from '../../testing/staff.ts';

const naira = (value: number) => value * 100;

const member = <R extends StaffRole>(t: TestApp, role: R) => staffMember(t, role);

const auditOf = (t: TestApp, action: string) => t.app.db.selectFrom('staff_audit').selectAll().where('action', '=', action).orderBy('seq').execute();

it('classifies a search exactly: 10 digits, Nigerian mobile forms, an email, a case number; nothing partial', () => {
  expect(classifySearch(' 0123456789 ')).toMatchObject({ ok: true, value: { kind: 'account_number', value: '0123456789', masked: '******6789' } });
  for (const phone of ['08031234545', '+2348031234545', '2348031234545', '0803 123 4545', '(0803) 123-4545']) {
    expect(classifySearch(phone)).toMatchObject({ ok: true, value: { kind: 'phone', value: '+2348031234545', masked: '+234 803 *** **45' } });
  }
  expect(classifySearch('Ada.Obi@Example.COM')).toMatchObject({ ok: true, value: { kind: 'email', value: 'ada.obi@example.com', masked: 'a***@example.com' } });
  expect(classifySearch('hb-case-2026-000001')).toMatchObject({ ok: true, value: { kind: 'case_number', value: 'HB-CASE-2026-000001' } });
  for (const partial of ['012345678', '01234567890', 'Ada', '0803123', 'HB-CASE-2026', '%', '', '   ', 'x'.repeat(255)]) expect([partial, classifySearch(partial).ok]).toEqual([partial, false]);
});

describeOnEngines('the support desk (%s)', (app) => {
  let ada: Awaited<ReturnType<typeof customer>>;
  let phone: string;
  let support: DeskActor;

  beforeEach(async () => {
    const t = app();
    ada = await customer(t.app, { balance: naira(20_000), firstName: 'Ada', lastName: 'Obi' });
    phone = (await t.app.users.findById(ada.userId))!.phone_number;
    support = await member(t, 'support');
  });

  it('finds a customer only by an exact account number, phone, email or case number, and audits each search masked', async () => {
    const t = app();
    const other = await customer(t.app, { balance: naira(5_000) });
    const sent = await t.app.transfers.sendLocal(ada.userId, ada.accountNumber, { account_number: other.accountNumber, amount: naira(1_000), narration: '', pin: testPin, save_beneficiary: false }, newKey());
    if (!sent.ok) throw new Error('transfer failed');
    const opened = await t.app.cases.open({ id: ada.userId, accounts: [{ account_number: ada.accountNumber }] }, null, caseSchema.parse({ reference: sent.value.transaction.reference, kind: 'not_received', description: 'The money never reached my sister.' }));
    if (!opened.ok) throw new Error('no case');
    const local = `0${phone.slice(4)}`;
    for (const query of [ada.accountNumber, local, phone, ada.email.toUpperCase(), opened.value.case.number.toLowerCase()]) {
      const found = await t.app.desk.find(query, support);
      expect([query, found.ok && found.value.userId]).toEqual([query, ada.userId]);
    }
    // Near misses find nobody (and say so); none is a listing.
    for (const query of [ada.accountNumber.replace(/.$/, (digit) => String((Number(digit) + 1) % 10)), `x${ada.email}`, 'HB-CASE-2099-999999']) {
      const found = await t.app.desk.find(query, support);
      expect([query, found.ok && found.value.userId]).toEqual([query, null]);
    }
    expect((await t.app.desk.find(ada.accountNumber.slice(0, 9), support)).ok).toBe(false);

    const all = await auditOf(t, 'customer.find');
    // The nine digits: recorded as a search of no kind, the text not kept.
    expect(JSON.parse(all.at(-1)!.detail)).toEqual({ kind: 'unrecognised', found: false });
    expect(all.at(-1)!.customer_user_id).toBeNull();
    const audited = all.slice(0, -1);
    expect(audited).toHaveLength(8);
    expect(audited.every((row) => row.staff_id === support.staffId && row.address === '203.0.113.7')).toBe(true);
    expect(audited.slice(0, 5).map((row) => row.customer_user_id)).toEqual(Array(5).fill(ada.userId));
    expect(audited.slice(5).map((row) => row.customer_user_id)).toEqual([null, null, null]);
    expect(audited.map((row) => JSON.parse(row.detail).kind)).toEqual(['account_number', 'phone', 'phone', 'email', 'case_number', 'account_number', 'email', 'case_number']);
    const text = audited.map((row) => row.detail).join('\n');
    for (const secret of [ada.accountNumber, phone, local, ada.email]) expect(text).not.toContain(secret);
    expect(JSON.parse(audited[1]!.detail).query).toBe(maskPhone(phone));
  });

  it('refuses every role but support a search and a view, and audits nothing for them', async () => {
    const t = app();
    for (const role of staffRoles.filter((candidate) => candidate !== 'support')) {
      const by = await member(t, role);
      expect([role, await t.app.desk.find(ada.accountNumber, by)]).toMatchObject([role, { ok: false, status: 403 }]);
      expect([role, await t.app.desk.view(ada.userId, by)]).toMatchObject([role, { ok: false, status: 403 }]);
    }
    expect(await auditOf(t, 'customer.find')).toHaveLength(0);
    expect(await auditOf(t, 'customer.read')).toHaveLength(0);
  });

  it('shows the profile masked, the newest 50 transactions, devices without ids, alerts and cases; never a secret; audited', async () => {
    const t = app();
    const now = t.clock.now().toISOString();
    await t.app.db.insertInto('kyc_checks').values({ id: newId('kyc'), user_id: ada.userId, kind: 'bvn', outcome: 'verified', bvn_fingerprint: 'f'.repeat(64), bvn_key_version: null, bvn_last4: '4321', date_of_birth: '1990-01-01', address: null, provider_reference: null, created_at: now }).execute();
    await t.app.db.insertInto('known_devices').values([
      { user_id: ada.userId, device_hash: 'a'.repeat(64), first_seen_at: now, last_seen_at: now },
      { user_id: ada.userId, device_hash: 'b'.repeat(64), first_seen_at: now, last_seen_at: now },
    ]).execute();
    await t.app.db.insertInto('bound_devices').values({ user_id: ada.userId, device_hash: 'b'.repeat(64), bound_at: now }).execute();
    for (let index = 0; index < 52; index++) {
      t.clock.advance(1_000);
      const deposit = await t.app.inbound.depositFromSandbox({ account_number: ada.accountNumber, amount: naira(1), narration: `Deposit ${index}` });
      if (!deposit.ok) throw new Error('deposit failed');
    }

    const viewed = await t.app.desk.view(ada.userId, support);
    if (!viewed.ok) throw new Error(viewed.message);
    const view = viewed.value;
    expect(view).toMatchObject({ name: 'Ada Obi', email: ada.email, phone: maskPhone(phone), bvn: '********321', nin: null, frozen: null, postNoDebitOrCredit: false });
    expect(view.phone).toMatch(/^\+234 \d{3} \*\*\* \*\*\d{2}$/);
    expect(view.accounts).toEqual([expect.objectContaining({ accountNumber: ada.accountNumber, balance: naira(20_000) + 52 * naira(1) })]);
    expect(view.transactions).toHaveLength(50);
    const times = view.transactions.map((row) => row.at);
    expect(times).toEqual([...times].sort().reverse());
    expect(view.devices).toHaveLength(2);
    expect(view.devices.filter((device) => device.bound)).toHaveLength(1);
    expect(view.alerts.length).toBeGreaterThan(0);
    expect(view.alerts.every((alert) => alert.channel === 'email' || alert.channel === 'sms')).toBe(true);

    const text = JSON.stringify(view);
    const row = await t.app.db.selectFrom('users').selectAll().where('id', '=', ada.userId).executeTakeFirstOrThrow();
    for (const secret of [row.password_hash, row.transaction_pin_hash, row.security_answer_hash, phone, phone.slice(4), '4321', 'a'.repeat(64), 'b'.repeat(64)]) expect(text).not.toContain(secret!);
    const sessions = await t.app.sessions.create(ada.userId);
    expect(JSON.stringify((await t.app.desk.view(ada.userId, support)).ok)).not.toContain(sessions.token);

    const reads = await auditOf(t, 'customer.read');
    expect(reads.map((entry) => [entry.staff_id, entry.customer_user_id])).toEqual([[support.staffId, ada.userId], [support.staffId, ada.userId]]);
    expect(await t.app.desk.view('usr_nobody', support)).toMatchObject({ ok: false, status: 404 });
  });

  it('freezes at once with a reason: the customer’s own effect (sessions end, debits refused, email), audited before/after in the same chain', async () => {
    const t = app();
    const other = await customer(t.app);
    const session = await t.app.sessions.create(ada.userId);
    for (const reason of [undefined, '', 'too short', 'x'.repeat(501), 'ten chars\u0000 and more']) {
      expect([reason, await t.app.desk.freeze(ada.userId, reason, support)]).toMatchObject([reason, { ok: false, status: 400, field: 'reason' }]);
    }
    expect(await t.app.freeze.state(ada.userId)).toMatchObject({ frozen: false });
    expect(await auditOf(t, 'account.freeze')).toHaveLength(0);

    const frozen = await t.app.desk.freeze(ada.userId, '  Customer called: phone stolen at Oshodi.  ', support);
    expect(frozen).toEqual({ ok: true, value: { changed: true, signedOutSessions: 1 } });
    expect(await t.app.freeze.state(ada.userId)).toMatchObject({ frozen: true, via: 'staff' });
    expect(await t.app.sessions.resolve(session.token)).toEqual({ status: 'expired', reason: 'revoked' });
    const mail = t.mailer.sent.find((message) => message.to === ada.email && /frozen/.test(message.subject));
    expect(mail?.text).toContain('by the bank’s staff');
    const debit = await t.app.transfers.sendLocal(ada.userId, ada.accountNumber, { account_number: other.accountNumber, amount: naira(100), narration: '', pin: testPin, save_beneficiary: false }, newKey());
    expect(debit).toMatchObject({ ok: false, code: 'ACCOUNT_FROZEN' });

    const [entry] = await auditOf(t, 'account.freeze');
    expect(entry).toMatchObject({ staff_id: support.staffId, customer_user_id: ada.userId, address: '203.0.113.7' });
    expect(JSON.parse(entry!.detail)).toEqual({ reason: 'Customer called: phone stolen at Oshodi.', changed: true });
    expect(JSON.parse(entry!.before_text!)).toEqual({ frozen_at: null, frozen_via: null });
    expect(JSON.parse(entry!.after_text!)).toMatchObject({ frozen_via: 'staff', frozen_at: expect.any(String) });

    // fraud may freeze too; a second freeze changes nothing and says so; kyc may not.
    const fraud = await member(t, 'fraud');
    expect(await t.app.desk.freeze(ada.userId, 'Mule pattern on the inflows.', fraud)).toEqual({ ok: true, value: { changed: false, signedOutSessions: 0 } });
    const again = (await auditOf(t, 'account.freeze'))[1]!;
    expect(again.before_text).toBe(again.after_text);
    expect(await t.app.desk.freeze(ada.userId, 'Not my job to freeze.', await member(t, 'kyc'))).toMatchObject({ ok: false, status: 403 });
    expect(await t.app.desk.freeze('usr_nobody', 'A customer that is not there.', support)).toMatchObject({ ok: false, status: 404 });
    expect(await auditOf(t, 'account.freeze')).toHaveLength(2);
    expect(await t.app.staffAudit.verify()).toMatchObject({ ok: true });
  });
});
