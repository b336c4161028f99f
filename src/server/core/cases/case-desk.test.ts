import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeOnEngines } from '../../testing/on-engines.ts';
import { customer, newKey, testPin } from '../../testing/customers.ts';
import { caseSchema } from '../../../lib/safety-schemas.ts';
import { totpCodeAt } from '../staff/totp.ts';
import { composeApp } from '../../app.ts';
import type { TestApp } from '../../testing/test-app.ts';
import type { CaseActor } from './case-service.ts';
import { caseAnswerMailJob } from './case-service.ts';
import { caseEscalatedMailJob } from './case-desk.ts';

const naira = (value: number) => value * 100;
const hour = 3_600_000;
const day = 24 * hour;
const password = 'tortoise-marmalade-lagos-9';
const cli = { staffId: null, address: 'cli', via: 'cli' } as const;

/** An enrolled, active member of the role (invited and enrolled as on the screen). */
async function member(t: TestApp, role: string, name: string) {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}@bank.ng`;
  const invited = await t.app.staff.invite({ name, email, role }, cli);
  if (!invited.ok) throw new Error(invited.message);
  const token = invited.value.enrolPath.split('/').pop()!;
  const { secret } = (await t.app.staff.enrolment(token))!;
  const done = await t.app.staff.enrol(token, { password, password_confirmation: password, code: await totpCodeAt(secret, t.clock.now()) }, { staffId: null, address: null });
  if (!done.ok) throw new Error(done.message);
  return { id: done.value.id, email, name };
}

describeOnEngines('the case desk on %s', (app, engine) => {
  let me: { userId: string; accountNumber: string };
  let other: { userId: string; accountNumber: string };
  let references: string[];
  let agent: CaseActor & { name: string };
  const others: Awaited<ReturnType<typeof composeApp>>[] = [];

  const caller = (who: { userId: string; accountNumber: string }) => ({ id: who.userId, accounts: [{ account_number: who.accountNumber }] });
  async function report(kind: string, reference = references[0]!, who = me) {
    const opened = await app().app.cases.open(caller(who), null, caseSchema.parse({ reference, kind, description: 'The money never reached my sister.' }));
    if (!opened.ok) throw new Error(opened.message.key);
    return opened.value.case.number;
  }
  const caseRow = (number: string) => app().app.db.selectFrom('support_cases').selectAll().where('number', '=', number).executeTakeFirstOrThrow();

  beforeEach(async () => {
    const t = app();
    me = await customer(t.app, { balance: naira(20_000) });
    other = await customer(t.app, { balance: naira(20_000) });
    references = [];
    for (let index = 0; index < 3; index += 1) {
      const sent = await t.app.transfers.sendLocal(me.userId, me.accountNumber, { account_number: other.accountNumber, amount: naira(1_000 + index), narration: '', pin: testPin, save_beneficiary: false }, newKey());
      if (!sent.ok) throw new Error(sent.message.key);
      references.push(sent.value.transaction.reference);
    }
    const support = await member(t, 'support', 'Sola Support');
    agent = { staffId: support.id, address: '203.0.113.7', via: 'screen', name: support.name };
    await t.app.jobs.runDue();
    t.mailer.sent.length = 0;
  });
  afterEach(async () => {
    for (const composed of others.splice(0)) await composed.internals.db.destroy().catch(() => undefined);
  });

  it('gives each case its due time from its kind when it opens (72 hours, 30 days, 14 days)', async () => {
    const t = app();
    const opened = t.clock.now().getTime();
    const transfer = await report('not_received');
    const amount = await report('wrong_amount');
    const fraud = await report('fraud', references[1]);
    const charge = await report('wrong_charge', references[2]);
    const review = await t.app.cases.openReview(me.userId, { kind: 'liveness_review', reference: 'LIV-TEST-1', description: 'Three failed selfies today.' });
    const dueIn = async (number: string) => Date.parse((await caseRow(number)).due_at) - opened;
    expect(await Promise.all([transfer, amount, fraud, charge, review.number].map(dueIn))).toEqual([72 * hour, 72 * hour, 72 * hour, 30 * day, 14 * day]);
    expect((await caseRow(transfer)).escalated_at).toBeNull();
  });

  it('queues open cases the soonest due first, leaves answered-and-resolved ones out, and audits the read', async () => {
    const t = app();
    const charge = await report('wrong_charge', references[2]);
    t.clock.advance(hour);
    const late = await report('not_received');
    t.clock.advance(hour);
    const fraud = await report('fraud', references[1]);
    const done = await report('wrong_amount');
    expect((await t.app.caseDesk.answer(done, { text: 'Refunded.', status: 'resolved' }, agent)).ok).toBe(true);
    const queue = await t.app.caseDesk.queue(agent);
    expect(queue.map((kase) => kase.number)).toEqual([late, fraud, charge]);
    expect(queue[0]).toMatchObject({ kind: 'not_received', status: 'open', band: 'ample', escalatedAt: null });
    expect(queue[0]!.customerName).toMatch(/^Ada Test\d+$/);
    expect(queue[0]!.leftMs).toBe(71 * hour);
    const read = await t.app.db.selectFrom('staff_audit').selectAll().where('action', '=', 'case.queue').executeTakeFirstOrThrow();
    expect([read.staff_id, read.address, JSON.parse(read.detail)]).toEqual([agent.staffId, '203.0.113.7', { cases: [late, fraud, charge] }]);
  });

  it('an answer is one event, one email job in the customer\'s language, one audit entry; the customer sees it without the member\'s name', async () => {
    const t = app();
    const number = await report('not_received');
    await t.app.db.updateTable('users').set({ language: 'yo' }).where('id', '=', me.userId).execute();
    t.mailer.sent.length = 0;
    const answered = await t.app.caseDesk.answer(number, { text: 'We asked the receiving bank; the money comes back within 24 hours.', status: 'investigating' }, agent);
    expect(answered).toEqual({ ok: true, value: { status: 'investigating', before: 'open' } });

    const events = await t.app.db.selectFrom('support_case_events').selectAll().where('case_id', '=', (await caseRow(number)).id).orderBy('line').execute();
    expect(events.map((event) => [event.line, event.status, event.staff_id])).toEqual([[1, 'open', null], [2, 'investigating', agent.staffId]]);
    const jobs = await t.app.db.selectFrom('jobs').select(['kind', 'payload', 'status']).where('kind', '=', caseAnswerMailJob).execute();
    expect(jobs).toHaveLength(1);
    // Nothing is sent before the worker runs: the email is a job written with the answer.
    expect(t.mailer.sent).toHaveLength(0);
    await t.app.jobs.runDue();
    const email = (await t.app.users.findById(me.userId))!.email;
    const mails = t.mailer.sent.filter((message) => message.to === email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('We asked the receiving bank; the money comes back within 24 hours.');
    expect(mails[0]!.text).toContain(number);
    expect(mails[0]!.subject).not.toMatch(/being investigated/); // in Yoruba, not English
    expect(mails[0]!.text).not.toContain(agent.name);
    await t.app.jobs.runDue();
    expect(t.mailer.sent.filter((message) => message.to === email)).toHaveLength(1);

    const seen = await t.app.cases.get(me.userId, number);
    expect(seen.ok && seen.value.history.map((event) => [event.status, event.note])).toEqual([['open', null], ['investigating', 'We asked the receiving bank; the money comes back within 24 hours.']]);
    expect(JSON.stringify(seen)).not.toContain(agent.name);
    expect(JSON.stringify(seen)).not.toContain(agent.staffId);
    expect(JSON.stringify(await t.app.cases.list(me.userId))).not.toContain(agent.name);
    // Another customer cannot read this case, nor its answers.
    expect(await t.app.cases.get(other.userId, number)).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    expect(JSON.stringify(await t.app.cases.list(other.userId))).not.toContain('receiving bank');

    const audit = await t.app.db.selectFrom('staff_audit').selectAll().where('action', '=', 'case.answer').execute();
    expect(audit.map((row) => [row.staff_id, row.address, row.customer_user_id, row.before_text, row.after_text, JSON.parse(row.detail)])).toEqual([
      [agent.staffId, '203.0.113.7', me.userId, 'open', 'investigating', { case: number, line: 2, length: 66, via: 'screen' }],
    ]);
    expect(await t.app.staffAudit.verify()).toMatchObject({ ok: true });

    // The staff's page shows who answered; its read is audited with the customer.
    const detail = await t.app.caseDesk.detail(number, agent);
    expect(detail).toMatchObject({ number, status: 'investigating', customerUserId: me.userId, transaction: { reference: references[0], amount: naira(1_000), status: 'successful' } });
    expect(detail!.history.map((event) => event.by)).toEqual([null, agent.name]);
    expect(await t.app.db.selectFrom('staff_audit').select(['customer_user_id']).where('action', '=', 'case.read').execute()).toEqual([{ customer_user_id: me.userId }]);
  });

  it('refuses an answer that is empty, too long, with a wrong status, on no case, or on a closed case; nothing is written', async () => {
    const t = app();
    const number = await report('not_received');
    const refusals = [
      await t.app.caseDesk.answer(number, { text: '   ', status: 'resolved' }, agent),
      await t.app.caseDesk.answer(number, { text: 'x'.repeat(2001), status: 'resolved' }, agent),
      await t.app.caseDesk.answer(number, { text: 'Fine.', status: 'open' }, agent),
      await t.app.caseDesk.answer(number, { text: 'Bad\u0007bell', status: 'resolved' }, agent),
    ];
    expect(refusals.map((refusal) => (refusal.ok ? 0 : [refusal.status, Object.keys(refusal.errors ?? {})]))).toEqual([[400, ['text']], [400, ['text']], [400, ['status']], [400, ['text']]]);
    expect(await t.app.caseDesk.answer('HB-CASE-2099-000001', { text: 'Fine.', status: 'resolved' }, agent)).toMatchObject({ ok: false, status: 404 });
    expect((await t.app.caseDesk.answer(number, { text: 'x'.repeat(2000), status: 'closed' }, agent)).ok).toBe(true);
    expect(await t.app.caseDesk.answer(number, { text: 'Again.', status: 'investigating' }, agent)).toMatchObject({ ok: false, status: 409 });
    expect(await t.app.db.selectFrom('support_case_events').select('line').where('case_id', '=', (await caseRow(number)).id).execute()).toHaveLength(2);
    expect(await t.app.db.selectFrom('staff_audit').select('seq').where('action', '=', 'case.answer').execute()).toHaveLength(1);
    expect(await t.app.caseDesk.detail("x' or 1=1 --", agent)).toBeNull();
  });

  it('answers at once on one case each get their own line (a burst of ten)', async () => {
    const t = app();
    const number = await report('not_received');
    const answers = await Promise.all(Array.from({ length: 10 }, (_, index) => t.app.caseDesk.answer(number, { text: `Answer ${index}`, status: 'investigating' }, agent)));
    expect(answers.every((answer) => answer.ok)).toBe(true);
    const lines = await t.app.db.selectFrom('support_case_events').select('line').where('case_id', '=', (await caseRow(number)).id).orderBy('line').execute();
    expect(lines.map((line) => Number(line.line))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(await t.app.staffAudit.verify()).toMatchObject({ ok: true, entries: expect.any(Number) });
  });

  it('puts every open case in its band on the board, at the boundaries, with counts', async () => {
    const t = app();
    const number = await report('not_received'); // 72 hours
    const band = async () => {
      const board = await t.app.caseDesk.board();
      const found = Object.entries(board.bands).find(([, cases]) => cases.some((kase) => kase.number === number));
      return [found?.[0], board.counts];
    };
    expect(await band()).toEqual(['ample', { ample: 1, half: 0, tenth: 0, breached: 0 }]);
    t.clock.advance(36 * hour - 1);
    expect((await band())[0]).toBe('ample');
    t.clock.advance(1); // exactly half left
    expect((await band())[0]).toBe('half');
    t.clock.advance(36 * hour - 7.2 * hour - 1);
    expect((await band())[0]).toBe('half');
    t.clock.advance(1); // exactly a tenth left
    expect((await band())[0]).toBe('tenth');
    t.clock.advance(7.2 * hour - 1);
    expect((await band())[0]).toBe('tenth');
    t.clock.advance(1); // the due time
    expect(await band()).toEqual(['breached', { ample: 0, half: 0, tenth: 0, breached: 1 }]);
    await t.app.caseDesk.answer(number, { text: 'Done.', status: 'resolved' }, agent);
    expect((await t.app.caseDesk.board()).counts).toEqual({ ample: 0, half: 0, tenth: 0, breached: 0 });
  });

  it('escalates a breached case once under twenty sweeps at once, mailing each active supervisor once', async () => {
    const t = app();
    const first = await member(t, 'supervisor', 'Uche Supervisor');
    const second = await member(t, 'supervisor', 'Bisi Supervisor');
    const gone = await member(t, 'supervisor', 'Gone Supervisor');
    await t.app.staff.disable(gone.email, { ...cli });
    const number = await report('not_received');
    const answeredInTime = await report('wrong_amount');
    await t.app.caseDesk.answer(answeredInTime, { text: 'Refunded.', status: 'resolved' }, agent);
    t.clock.advance(72 * hour - 1);
    expect(await t.app.caseDesk.escalate()).toBe(0);
    t.clock.advance(2 * hour + 1);
    const runs = await Promise.all(Array.from({ length: 20 }, () => t.app.caseDesk.escalate()));
    expect(runs.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect((await caseRow(number)).escalated_at).toBe(t.clock.now().toISOString());
    expect(await t.app.db.selectFrom('jobs').select('unique_key').where('kind', '=', caseEscalatedMailJob).execute()).toHaveLength(2);
    t.mailer.sent.length = 0;
    await t.app.jobs.runDue();
    const mails = t.mailer.sent.filter((message) => message.subject.includes(number));
    expect(mails.map((message) => message.to).sort()).toEqual([second.email, first.email].sort());
    expect(mails[0]!.text).toContain('2 h late');
    expect(t.mailer.sent.some((message) => message.to === gone.email)).toBe(false);
    // Later sweeps do nothing more; the board marks the case.
    t.clock.advance(hour);
    expect(await t.app.caseDesk.escalate()).toBe(0);
    await t.app.jobs.runDue();
    expect(t.mailer.sent.filter((message) => message.subject.includes(number))).toHaveLength(2);
    const board = await t.app.caseDesk.board();
    expect(board.bands.breached.map((kase) => [kase.number, kase.escalatedAt !== null])).toEqual([[number, true]]);
    expect(await t.app.db.selectFrom('staff_audit').select(['customer_user_id']).where('action', '=', 'case.escalated').execute()).toEqual([{ customer_user_id: me.userId }]);
  });

  it('escalates once when two server processes sweep the same database', async () => {
    const t = app();
    const supervisor = await member(t, 'supervisor', 'Uche Supervisor');
    const number = await report('not_received');
    const second = await composeApp(t.app.config, { clock: t.clock, mailer: t.mailer });
    others.push(second);
    t.clock.advance(73 * hour);
    // Two SQLite connections in one Node process cannot overlap transactions (shared-database.test.ts): there, one after the other.
    const sweeps = [() => t.app.caseDesk.escalate(), () => second.app.caseDesk.escalate(), () => t.app.caseDesk.escalate(), () => second.app.caseDesk.escalate()];
    const counts = engine === 'postgres' ? await Promise.all(sweeps.map((sweep) => sweep())) : await sweeps.reduce(async (done, sweep) => [...(await done), await sweep()], Promise.resolve([] as number[]));
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(1);
    t.mailer.sent.length = 0;
    await (engine === 'postgres' ? Promise.all([t.app.jobs.runDue(), second.app.jobs.runDue()]) : t.app.jobs.runDue().then(() => second.app.jobs.runDue()));
    expect(t.mailer.sent.filter((message) => message.to === supervisor.email && message.subject.includes(number))).toHaveLength(1);
  });

  it('npm run ops:case moves a case through the same write: audited as the command line, mailed by the worker', async () => {
    const t = app();
    const number = await report('not_received');
    t.mailer.sent.length = 0;
    expect(await t.app.cases.move(number, 'resolved', 'The money came back.')).toMatchObject({ ok: true, value: { status: 'resolved' } });
    const audit = await t.app.db.selectFrom('staff_audit').selectAll().where('action', '=', 'case.answer').executeTakeFirstOrThrow();
    expect([audit.staff_id, audit.address, audit.before_text, audit.after_text, JSON.parse(audit.detail).via]).toEqual([null, 'cli', 'open', 'resolved', 'cli']);
    await t.app.jobs.runDue();
    expect(t.mailer.sent.filter((message) => message.text.includes('The money came back.'))).toHaveLength(1);
  });
});
