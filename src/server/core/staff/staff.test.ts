import { expect, it } from 'vitest';
import { sql } from 'kysely';
import { describeOnEngines } from '../../testing/on-engines.ts';
import { totpCodeAt } from './totp.ts';
import { menuFor, may, opsAccess, opsRoutes, staffRoles } from './policy.ts';
import { engineOf } from '../../db/engine.ts';
import type { TestApp } from '../../testing/test-app.ts';

const cli = { staffId: null, address: 'cli', via: 'cli' } as const;
const here = { staffId: null, address: '203.0.113.9' };
const password = 'tortoise-marmalade-lagos-9';

async function enrolled(t: TestApp, email = 'ada@bank.ng', role = 'admin') {
  const invited = await t.app.staff.invite({ name: 'Ada Obi', email, role }, cli);
  if (!invited.ok) throw new Error(invited.message);
  const token = invited.value.enrolPath.split('/').pop()!;
  const view = await t.app.staff.enrolment(token);
  if (!view) throw new Error('no enrolment');
  const done = await t.app.staff.enrol(token, { password, password_confirmation: password, code: await totpCodeAt(view.secret, t.clock.now()) }, here);
  if (!done.ok) throw new Error(done.message);
  return { member: done.value, secret: view.secret, token };
}

const actions = async (t: TestApp) => (await t.app.db.selectFrom('staff_audit').select('action').orderBy('seq').execute()).map((row) => row.action);

describeOnEngines('staff and the audit log (%s)', (app) => {
  it('invites, enrols once (QR as SVG), signs in with password then code, and refuses a replayed code', async () => {
    const t = app();
    const invited = await t.app.staff.invite({ name: 'Ada Obi', email: 'Ada@Bank.NG', role: 'admin' }, cli);
    expect(invited.ok && invited.value.member.work_email).toBe('ada@bank.ng');
    const again = await t.app.staff.invite({ name: 'Ada', email: 'ada@bank.ng', role: 'support' }, cli);
    expect(again.ok ? 0 : again.status).toBe(409);
    const token = invited.ok ? invited.value.enrolPath.split('/').pop()! : '';
    const view = (await t.app.staff.enrolment(token))!;
    expect(view.qr).toMatch(/^<svg role="img"/);
    expect(view.uri).toContain(`secret=${view.secret}`);
    // The stored secret is sealed, not the base32 text.
    const row = await t.app.db.selectFrom('staff').selectAll().executeTakeFirstOrThrow();
    expect(row.totp_secret).not.toContain(view.secret);
    const wrongPassword = await t.app.staff.enrol(token, { password: 'password', password_confirmation: 'password', code: '000000' }, here);
    expect(wrongPassword.ok).toBe(false);
    const code = await totpCodeAt(view.secret, t.clock.now());
    expect((await t.app.staff.enrol(token, { password, password_confirmation: password, code }, here)).ok).toBe(true);
    expect(await t.app.staff.enrolment(token)).toBeNull();

    const wrong = await t.app.staff.signInPassword({ email: 'ada@bank.ng', password: 'nope-nope-nope' }, here);
    expect(wrong.ok ? 0 : wrong.status).toBe(401);
    const first = await t.app.staff.signInPassword({ email: 'ADA@bank.ng', password }, here);
    if (!first.ok) throw new Error(first.message);
    const pending = await t.app.staff.resolve(first.value.token);
    expect(pending.status === 'active' && pending.verified).toBe(false);
    // The enrolment's code is of this step: it cannot sign in.
    expect((await t.app.staff.signInCode(first.value.sessionId, code, here)).ok).toBe(false);
    t.clock.advance(30_000);
    const next = await totpCodeAt(view.secret, t.clock.now());
    expect((await t.app.staff.signInCode(first.value.sessionId, next, here)).ok).toBe(true);
    const live = await t.app.staff.resolve(first.value.token);
    expect(live.status === 'active' && live.verified && live.member.role).toBe('admin');
    // The same code on a second sign-in, in the same step: refused.
    const second = await t.app.staff.signInPassword({ email: 'ada@bank.ng', password }, here);
    expect(second.ok && (await t.app.staff.signInCode(second.value.sessionId, next, here)).ok).toBe(false);
    expect(await actions(t)).toEqual(['staff.invite', 'staff.enrol', 'staff.sign_in_failed', 'staff.sign_in_password', 'staff.sign_in_failed', 'staff.sign_in', 'staff.sign_in_password', 'staff.sign_in_failed']);
    expect((await t.app.staffAudit.verify()).ok).toBe(true);
  });

  it('ends a session after 10 idle minutes, on sign-out, and when the member is disabled', async () => {
    const t = app();
    const { secret } = await enrolled(t);
    const signIn = async () => {
      const first = await t.app.staff.signInPassword({ email: 'ada@bank.ng', password }, here);
      if (!first.ok) throw new Error(first.message);
      t.clock.advance(30_000);
      expect((await t.app.staff.signInCode(first.value.sessionId, await totpCodeAt(secret, t.clock.now()), here)).ok).toBe(true);
      return first.value;
    };
    const one = await signIn();
    t.clock.advance(9 * 60_000);
    expect((await t.app.staff.resolve(one.token)).status).toBe('active');
    t.clock.advance(10 * 60_000 + 1);
    expect(await t.app.staff.resolve(one.token)).toEqual({ status: 'ended', reason: 'idle' });
    const two = await signIn();
    await t.app.staff.signOut(two.sessionId, here);
    expect(await t.app.staff.resolve(two.token)).toEqual({ status: 'ended', reason: 'revoked' });
    const three = await signIn();
    expect((await t.app.staff.disable('ada@bank.ng', cli)).ok).toBe(true);
    expect((await t.app.staff.resolve(three.token)).status).toBe('ended');
    const after = await t.app.staff.signInPassword({ email: 'ada@bank.ng', password }, here);
    expect(after.ok ? 0 : after.status).toBe(401);
  });

  it('checks at most 5 of a burst of 50 wrong passwords, then answers 423 for 30 minutes', async () => {
    const t = app();
    await enrolled(t);
    const results = await Promise.all(Array.from({ length: 50 }, () => t.app.staff.signInPassword({ email: 'ada@bank.ng', password: 'wrong-wrong-wrong' }, here)));
    const checked = (await actions(t)).filter((action) => action === 'staff.sign_in_failed').length;
    expect(checked).toBe(5);
    expect(results.filter((result) => !result.ok && result.status === 423).length).toBe(46);
    const right = await t.app.staff.signInPassword({ email: 'ada@bank.ng', password }, here);
    expect(right.ok ? 0 : [right.status, right.message]).toEqual([423, expect.stringContaining('locked for 30 minutes')]);
    t.clock.advance(30 * 60_000 + 1);
    expect((await t.app.staff.signInPassword({ email: 'ada@bank.ng', password }, here)).ok).toBe(true);
  });

  it('checks at most 5 of a burst of 50 wrong codes, and the lock refuses the password step too', async () => {
    const t = app();
    const { secret } = await enrolled(t);
    const first = await t.app.staff.signInPassword({ email: 'ada@bank.ng', password }, here);
    if (!first.ok) throw new Error(first.message);
    const right = await totpCodeAt(secret, new Date(t.clock.now().getTime() + 30_000));
    const wrongCode = right === '123456' ? '654321' : '123456';
    const results = await Promise.all(Array.from({ length: 50 }, () => t.app.staff.signInCode(first.value.sessionId, wrongCode, here)));
    const failed = (await actions(t)).filter((action) => action === 'staff.sign_in_failed').length;
    expect(failed).toBe(5);
    expect(results.filter((result) => !result.ok && result.status === 423).length).toBe(46);
    t.clock.advance(30_000);
    const locked = await t.app.staff.signInCode(first.value.sessionId, await totpCodeAt(secret, t.clock.now()), here);
    expect(locked.ok ? 0 : locked.status).toBe(423);
    const again = await t.app.staff.signInPassword({ email: 'ada@bank.ng', password }, here);
    expect(again.ok ? 0 : again.status).toBe(423);
  });

  it('appends a burst of 50 in one unbroken chain; refuses UPDATE and DELETE; audit:verify names a row changed by hand', async () => {
    const t = app();
    await Promise.all(Array.from({ length: 50 }, (_, index) => t.app.staffAudit.append({ staffId: null, address: '198.51.100.1', action: 'test.burst', detail: { index } })));
    const rows = await t.app.db.selectFrom('staff_audit').select(['seq', 'prev_hash']).orderBy('seq').execute();
    expect(rows.map((row) => Number(row.seq))).toEqual(Array.from({ length: 50 }, (_, index) => index + 1));
    expect(new Set(rows.map((row) => row.prev_hash)).size).toBe(50);
    expect(await t.app.staffAudit.verify()).toMatchObject({ ok: true, entries: 50 });

    await expect(t.app.db.updateTable('staff_audit').set({ action: 'edited' }).where('seq', '=', 7).execute()).rejects.toThrow(/append-only/);
    await expect(t.app.db.deleteFrom('staff_audit').where('seq', '=', 50).execute()).rejects.toThrow(/append-only/);

    const postgres = engineOf(t.app.db) === 'postgres';
    await sql.raw(postgres ? 'drop trigger staff_audit_no_update on staff_audit' : 'drop trigger staff_audit_no_update').execute(t.app.db);
    await t.app.db.updateTable('staff_audit').set({ detail: '{"index":999}' }).where('seq', '=', 7).execute();
    expect(await t.app.staffAudit.verify()).toMatchObject({ ok: false, brokenAt: 7 });
  });

  it('finds a removed last entry by the head', async () => {
    const t = app();
    for (let index = 0; index < 3; index++) await t.app.staffAudit.append({ staffId: null, address: null, action: 'test.one' });
    const postgres = engineOf(t.app.db) === 'postgres';
    await sql.raw(postgres ? 'drop trigger staff_audit_no_delete on staff_audit' : 'drop trigger staff_audit_no_delete').execute(t.app.db);
    await t.app.db.deleteFrom('staff_audit').where('seq', '=', 3).execute();
    expect(await t.app.staffAudit.verify()).toMatchObject({ ok: false, brokenAt: 3 });
  });
});

it('the policy: every role reaches home, only admin manages staff, supervisor and admin read the audit log', () => {
  for (const role of staffRoles) {
    expect(may(role, 'ops.home')).toBe(true);
    expect(may(role, 'staff.manage')).toBe(role === 'admin');
    expect(may(role, 'audit.read')).toBe(role === 'admin' || role === 'supervisor');
    // A page of one thing (a case) is reached from its list, not from the menu.
    expect(menuFor(role).map((item) => item.path)).toEqual(opsRoutes.filter((route) => may(role, route.action) && !route.path.includes('/:')).map((route) => route.path));
  }
  // The desk: support finds and reads; support and fraud freeze; nobody else touches a customer.
  for (const role of staffRoles) {
    expect([role, may(role, 'customer.find'), may(role, 'customer.read')]).toEqual([role, role === 'support', role === 'support']);
    expect([role, may(role, 'account.freeze')]).toEqual([role, role === 'support' || role === 'fraud']);
  }
  expect(opsAccess('/ops/customers')).toEqual({ kind: 'action', action: 'customer.find' });
  expect(opsAccess('/ops/customers/u-1')).toEqual({ kind: 'action', action: 'customer.read' });
  expect(opsAccess('/ops/customers/u-1/freeze/')).toEqual({ kind: 'action', action: 'account.freeze' });
  // An id is one segment: nothing longer or empty matches a customer route.
  expect(opsAccess('/ops/customers/u-1/freeze/more')).toEqual({ kind: 'session' });
  expect(opsAccess('/ops/customers//freeze')).toEqual({ kind: 'session' });
  // Admin sees no customer data.
  expect(may('admin', 'customer.read')).toBe(false);
  expect(opsAccess('/ops/login')).toEqual({ kind: 'open' });
  expect(opsAccess('/ops/enrol/abc')).toEqual({ kind: 'open' });
  expect(opsAccess('/ops/login/code')).toEqual({ kind: 'code' });
  expect(opsAccess('/ops/staff/')).toEqual({ kind: 'action', action: 'staff.manage' });
  // A case's page opens with case.read; a POST to it (an answer) needs case.answer; a deeper path is no case page.
  expect(opsAccess('/ops/cases/HB-CASE-2026-000001')).toEqual({ kind: 'action', action: 'case.read' });
  expect(opsAccess('/ops/cases/HB-CASE-2026-000001', 'POST')).toEqual({ kind: 'action', action: 'case.answer' });
  expect(opsAccess('/ops/cases', 'POST')).toEqual({ kind: 'action', action: 'case.read' });
  expect(opsAccess('/ops/cases/HB-CASE-2026-000001/x')).toEqual({ kind: 'session' });
  expect(may('supervisor', 'case.read') && !may('supervisor', 'case.answer') && may('support', 'case.answer') && !may('support', 'sla.board')).toBe(true);
});
