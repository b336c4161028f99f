import { afterEach, beforeEach, expect, it } from 'vitest';
import { composeApp } from '../app.ts';
import { createLogger } from '../log.ts';
import { describeOnEngines } from '../testing/on-engines.ts';
import { customer, newKey, testPassword, testPin } from '../testing/customers.ts';
import { verifyLedger } from '../core/ledger/verify-ledger.ts';
import { createSandboxSwitch, sandboxSerials } from '../integrations/interbank/sandbox-switch.ts';
import { nubanFor } from '../../lib/nuban.ts';
import { lagosDate } from '../../lib/lagos-time.ts';
import { statementJob } from '../core/statements/statement-service.ts';
import { jobLeaseMs } from './job-queue.ts';
import { inEnglish } from '../testing/in-english.ts';

const naira = (value: number) => value * 100;
const gtb = (serial: string) => nubanFor(serial, { cbnCode: '058', nipCode: '000013' });

/**
 * Several server processes on one database (docs/decisions/009-several-server-processes.md). Each "process" here is a second bank
 * composed on the same database (its own connection, services, job queue and in-process state);
 * every limit and every job must hold across them.
 */
describeOnEngines('two processes sharing one %s database', { loginThrottlePolicy: { maxFailures: 5, lockMs: 900_000, windowMs: 900_000, maxFailuresPerIp: 4, ipWindowMs: 900_000 } }, (t, engine) => {
  const others: Awaited<ReturnType<typeof composeApp>>[] = [];
  const lines: string[] = [];

  beforeEach(async () => {
    lines.length = 0;
  });
  afterEach(async () => {
    for (const other of others.splice(0)) await other.internals.db.destroy().catch(() => undefined);
  });

  /** Another server process on the same database (same settings, clock and mailbox). */
  async function process2(overrides: Parameters<typeof composeApp>[1] = {}) {
    const composed = await composeApp(t().app.config, {
      clock: t().clock,
      mailer: t().mailer,
      log: createLogger('debug', (line) => lines.push(line)),
      loginThrottlePolicy: { maxFailures: 5, lockMs: 900_000, windowMs: 900_000, maxFailuresPerIp: 4, ipWindowMs: 900_000 },
      ...overrides,
    });
    others.push(composed);
    return composed;
  }

  /**
   * Runs the calls at once on PostgreSQL. Two SQLite connections in ONE Node process cannot
   * overlap transactions (node:sqlite waits for the lock synchronously, blocking the event loop
   * the other transaction needs to commit: the reason WORKERS>1 is refused on SQLite), so there
   * they run one after the other.
   */
  async function together<T>(calls: (() => Promise<T>)[]): Promise<T[]> {
    if (engine === 'postgres') return Promise.all(calls.map((call) => call()));
    const results: T[] = [];
    for (const call of calls) results.push(await call());
    return results;
  }

  const expectLedgerOk = async () => {
    const report = await verifyLedger(t().app.db);
    expect(report.problems).toEqual([]);
  };

  it('6 wrong passwords spread over both lock the account in both', async () => {
    const b = (await process2()).app;
    const owner = await customer(t().app);
    const email = (await t().app.users.findById(owner.userId))!.email;
    const answers = [];
    for (let i = 0; i < 6; i += 1) {
      // Each from its own address, so only the account's count is at stake.
      answers.push(await (i % 2 ? b : t().app).auth.login({ email, password: `wrong-${i}` }, { ip: `192.0.2.${i + 1}` }));
    }
    expect(answers.map((answer) => answer.ok || answer.code)).toEqual([...Array(4).fill('INVALID_CREDENTIALS'), 'ACCOUNT_LOCKED', 'ACCOUNT_LOCKED']);
    // The right password is refused by either process.
    expect(await t().app.auth.login({ email, password: testPassword }, { ip: '192.0.2.50' })).toMatchObject({ ok: false, code: 'ACCOUNT_LOCKED' });
    expect(await b.auth.login({ email, password: testPassword }, { ip: '192.0.2.51' })).toMatchObject({ ok: false, code: 'ACCOUNT_LOCKED' });
  });

  it('a burst of failed sign-ins from one address spread over both: the address limit holds in total', async () => {
    const b = (await process2()).app;
    const ip = { ip: '203.0.113.20' };
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? b : t().app).auth.login({ email: `nobody${i}@example.com`, password: 'wrong-guess' }, ip)));
    expect(answers.filter((answer) => !answer.ok && answer.code === 'INVALID_CREDENTIALS')).toHaveLength(4);
    expect(answers.filter((answer) => !answer.ok && answer.code === 'RATE_LIMITED')).toHaveLength(16);
  });

  it('forgot-password requests from one address count in total, and an imitated code dies after 5 tries across both', async () => {
    const b = (await process2()).app;
    const ip = { ip: '198.51.100.30' };
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? b : t().app).passwordReset.forgot(`someone${i}@example.com`, ip)));
    expect(answers.filter((answer) => answer.ok)).toHaveLength(t().app.config.passwordReset.requestsPerIp);

    await t().app.passwordReset.forgot('stranger@example.com', { ip: '198.51.100.31' });
    await t().app.passwordReset.settled();
    const tries = [];
    for (let i = 0; i < 6; i += 1) tries.push(await (i % 2 ? b : t().app).passwordReset.verifyToken('stranger@example.com', '000000'));
    expect(inEnglish(tries.map((answer) => (answer.ok ? 'ok' : answer.message)))).toEqual([
      expect.stringMatching(/4 tries left/),
      expect.stringMatching(/3 tries left/),
      expect.stringMatching(/2 tries left/),
      expect.stringMatching(/1 try left/),
      expect.stringMatching(/Too many wrong tries/),
      expect.stringMatching(/not valid any more/),
    ]);
  });

  it('a pending transfer is asked about once when both sweep at once, and settled once', async () => {
    const calls: string[] = [];
    const counting = (processName: string) => {
      const sandbox = createSandboxSwitch({ db: t().app.db, clock: t().clock, bank: t().app.config.bank });
      return { ...sandbox, statusQuery: (request: Parameters<typeof sandbox.statusQuery>[0]) => (calls.push(processName), sandbox.statusQuery(request)) };
    };
    const a = (await process2({ interbank: counting('a') })).app;
    const b = (await process2({ interbank: counting('b') })).app;
    const sender = await customer(t().app, { balance: naira(10_000) });
    const sent = await t().app.transfers.sendToBank(sender.userId, sender.accountNumber, { account_number: gtb(sandboxSerials.timeoutThenSuccess), bank_code: '000013', amount: naira(1_000), narration: '', pin: testPin, save_beneficiary: false }, newKey());
    expect(sent).toMatchObject({ ok: true, value: { transaction: { status: 'pending' } } });
    t().clock.advance(31_000);

    // Both run their sweep directly: each payment is claimed before the provider is asked.
    const [fromA, fromB] = await Promise.all([a.payments.requery(), b.payments.requery()]);
    expect(calls).toHaveLength(1);
    expect(fromA.settled + fromB.settled).toBe(1);

    // The server's timer goes through jobs.once: one process per interval runs the sweep at all.
    let sweeps = 0;
    const sweep = async () => {
      sweeps += 1;
    };
    await Promise.all([a.jobs.once('payments.requery', 30_000, sweep), b.jobs.once('payments.requery', 30_000, sweep), a.jobs.once('payments.requery', 30_000, sweep)]);
    expect(sweeps).toBe(1);
    t().clock.advance(30_000);
    await Promise.all([a.jobs.once('payments.requery', 30_000, sweep), b.jobs.once('payments.requery', 30_000, sweep)]);
    expect(sweeps).toBe(2);
    await expectLedgerOk();
  });

  it('a statement requested in a process that dies before sending it is mailed once, by the other', async () => {
    const dying = await process2();
    const owner = await customer(t().app);
    const email = (await t().app.users.findById(owner.userId))!.email;
    const today = lagosDate(t().clock.now());
    const requested = await dying.app.statements.request(owner.userId, owner.accountNumber, { start_date: today, end_date: today, format: 'csv' });
    expect(requested.ok).toBe(true);
    // The process is gone before its worker ran: only the database remembers the request.
    await dying.internals.db.destroy();
    others.splice(others.indexOf(dying), 1);
    const statementMails = () => t().mailer.sent.filter((mail) => mail.to === email && mail.attachments?.length);
    expect(statementMails()).toHaveLength(0);

    // After the restart (a new process on the same database), the worker finds it.
    const restarted = await process2();
    await Promise.all([restarted.app.jobs.runDue(), t().app.jobs.runDue()]);
    expect(statementMails()).toHaveLength(1);
    await Promise.all([restarted.app.jobs.runDue(), t().app.jobs.runDue()]);
    expect(statementMails()).toHaveLength(1);
    expect(await t().app.db.selectFrom('statement_requests').select('status').where('user_id', '=', owner.userId).execute()).toEqual([{ status: 'sent' }]);
  });

  it('a job whose process died holding its lease is run again once the lease runs out, and only then', async () => {
    const dying = await process2();
    const owner = await customer(t().app);
    const email = (await t().app.users.findById(owner.userId))!.email;
    const today = lagosDate(t().clock.now());
    await t().app.statements.request(owner.userId, owner.accountNumber, { start_date: today, end_date: today, format: 'pdf' });
    // The dying process claims the job (its mailer hangs for ever), then is killed.
    const claimed = await t().app.db.updateTable('jobs').set({ locked_by: 'wrk_dead', locked_until: new Date(t().clock.now().getTime() + jobLeaseMs).toISOString(), attempts: 1 }).where('kind', '=', statementJob).executeTakeFirst();
    expect(Number(claimed.numUpdatedRows)).toBe(1);
    await dying.internals.db.destroy();
    others.splice(others.indexOf(dying), 1);
    const statementMails = () => t().mailer.sent.filter((mail) => mail.to === email && mail.attachments?.length);
    expect(await t().app.jobs.runDue()).toBe(0);
    expect(statementMails()).toHaveLength(0);
    t().clock.advance(jobLeaseMs + 1000);
    expect(await t().app.jobs.runDue()).toBe(1);
    expect(statementMails()).toHaveLength(1);
  });

  it('a failing job is retried with a growing wait, then succeeds once', async () => {
    const owner = await customer(t().app);
    const email = (await t().app.users.findById(owner.userId))!.email;
    const today = lagosDate(t().clock.now());
    const send = t().mailer.send.bind(t().mailer);
    let failures = 2;
    t().mailer.send = async (message) => {
      if (message.attachments?.length && failures > 0) {
        failures -= 1;
        throw new Error('smtp down');
      }
      return send(message);
    };
    await t().app.statements.request(owner.userId, owner.accountNumber, { start_date: today, end_date: today, format: 'csv' });
    await t().app.jobs.runDue();
    const job = () => t().app.db.selectFrom('jobs').selectAll().where('kind', '=', statementJob).executeTakeFirstOrThrow();
    expect(await job()).toMatchObject({ status: 'pending', attempts: 1, last_error: 'smtp down', locked_by: null });
    expect(await t().app.jobs.runDue()).toBe(0); // not due before its wait
    t().clock.advance(30_000);
    await t().app.jobs.runDue();
    expect((await job()).attempts).toBe(2);
    t().clock.advance(59_000);
    expect(await t().app.jobs.runDue()).toBe(0);
    t().clock.advance(2_000);
    await t().app.jobs.runDue();
    expect(await job()).toMatchObject({ status: 'done' });
    expect(t().mailer.sent.filter((mail) => mail.to === email && mail.attachments?.length)).toHaveLength(1);
    // Finished jobs go after a week.
    await t().app.jobs.prune();
    expect(await t().app.db.selectFrom('jobs').select('id').where('kind', '=', statementJob).execute()).toHaveLength(1);
    t().clock.advance(7 * 24 * 3_600_000 + 1000);
    await t().app.jobs.prune();
    expect(await t().app.db.selectFrom('jobs').select('id').where('kind', '=', statementJob).execute()).toHaveLength(0);
  });

  it('a transfer to another bank pending past 24 hours is escalated once: an error line, one mail, listed as escalated', async () => {
    const b = (await process2()).app;
    const sender = await customer(t().app, { balance: naira(10_000) });
    const email = (await t().app.users.findById(sender.userId))!.email;
    const sent = await t().app.transfers.sendToBank(sender.userId, sender.accountNumber, { account_number: gtb(sandboxSerials.timeoutThenFailure), bank_code: '000013', amount: naira(2_000), narration: '', pin: testPin, save_beneficiary: false }, newKey());
    expect(sent).toMatchObject({ ok: true, value: { transaction: { status: 'pending' } } });
    t().clock.advance(23 * 3_600_000);
    expect(await together([() => t().app.escalation.run(), () => b.escalation.run()])).toEqual([0, 0]);
    t().clock.advance(1 * 3_600_000 + 1000);
    const escalated = await together([() => t().app.escalation.run(), () => b.escalation.run(), () => b.escalation.run()]);
    expect(escalated.reduce((sum, n) => sum + n, 0)).toBe(1);
    await Promise.all([t().app.jobs.runDue(), b.jobs.runDue()]);
    const mails = t().mailer.sent.filter((mail) => mail.to === email && /being looked into/.test(mail.subject));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('should not send the money again');
    expect(lines.filter((line) => line.includes('interbank.pending_escalated')).length + (escalated[0] ? 1 : 0)).toBe(1);
    // Later sweeps do not escalate it again.
    t().clock.advance(3_600_000);
    expect(await together([() => t().app.escalation.run(), () => b.escalation.run()])).toEqual([0, 0]);
    const row = await t().app.db.selectFrom('interbank_transfers').select(['status', 'escalated_at']).executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
    expect(row.escalated_at).not.toBeNull();
    await expectLedgerOk();
  });
});
