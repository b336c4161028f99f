import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { composeApp } from '../app.ts';
import { parseConfig } from '../config.ts';
import { ManualClock, MemoryMailer } from '../testing/test-app.ts';
import { scratchPostgres } from '../testing/scratch-database.ts';
import { customer } from '../testing/customers.ts';
import { verifyLedger } from '../core/ledger/verify-ledger.ts';
import { jobLeaseMs } from './job-queue.ts';

const child = path.join(import.meta.dirname, '../testing/crash-child.ts');

/**
 * Real processes, really killed: a server process requests a statement and is
 * SIGKILLed before (or while) sending it; a process started afterwards on the same PostgreSQL
 * database mails it exactly once.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('a server process SIGKILLed with a statement to send (PostgreSQL)', () => {
  let scratch: Awaited<ReturnType<typeof scratchPostgres>>;
  let environment: Record<string, string>;
  let running: ChildProcess | undefined;
  const opened: { close(): Promise<void> }[] = [];

  beforeEach(async () => {
    scratch = await scratchPostgres('bank_crash');
    environment = { DATABASE_URL: scratch.url, PIN_KEY: randomBytes(32).toString('base64'), LOG_LEVEL: 'silent', SEED_DEMO: 'false' };
  });
  afterEach(async () => {
    running?.kill('SIGKILL');
    for (const app of opened.splice(0)) await app.close();
    await scratch.drop();
  });

  async function bank(clock = new ManualClock()) {
    const mailer = new MemoryMailer();
    const composed = await composeApp(parseConfig(environment), { mailer, clock });
    const app = { ...composed.app, ...composed.internals };
    opened.push(app);
    return { app, mailer };
  }

  /** Starts the process to kill and resolves when it has written `step`. */
  function startChild(env: Record<string, string>, step: string): Promise<void> {
    running = spawn(process.execPath, [child], { env: { PATH: process.env.PATH ?? '', ...environment, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    const lines = createInterface({ input: running.stdout! });
    return new Promise((resolve, reject) => {
      running!.once('exit', (code) => reject(new Error(`child exited ${code} before ${step}`)));
      lines.on('line', (line) => {
        if ((JSON.parse(line) as { step: string }).step === step) resolve();
      });
    });
  }

  async function kill(): Promise<void> {
    running!.removeAllListeners('exit');
    const exited = new Promise((resolve) => running!.once('exit', resolve));
    running!.kill('SIGKILL');
    await exited;
    running = undefined;
  }

  it('killed after the request was answered, before its worker ran: mailed once after restart', async () => {
    const first = await bank();
    const owner = await customer(first.app);
    await startChild({ USER_ID: owner.userId, ACCOUNT: owner.accountNumber }, 'requested');
    await kill();
    expect(await first.app.db.selectFrom('statement_requests').select('status').execute()).toEqual([{ status: 'queued' }]);

    const restarted = await bank();
    await restarted.app.jobs.runDue();
    await restarted.app.jobs.runDue();
    expect(restarted.mailer.sent.filter((mail) => mail.attachments?.length)).toHaveLength(1);
    expect(await first.app.db.selectFrom('statement_requests').select('status').execute()).toEqual([{ status: 'sent' }]);
    expect((await verifyLedger(first.app.db)).problems).toEqual([]);
  });

  it('killed while sending (its lease held): another process mails it once the lease runs out, not before', async () => {
    const first = await bank();
    const owner = await customer(first.app);
    await startChild({ USER_ID: owner.userId, ACCOUNT: owner.accountNumber, MODE: 'claim' }, 'sending');
    await kill();

    const now = await bank();
    expect(await now.app.jobs.runDue()).toBe(0);
    expect(now.mailer.sent).toHaveLength(0);
    const later = await bank(new ManualClock(Date.now() + jobLeaseMs + 5_000));
    expect(await later.app.jobs.runDue()).toBe(1);
    expect(later.mailer.sent.filter((mail) => mail.attachments?.length)).toHaveLength(1);
    expect(await first.app.db.selectFrom('statement_requests').select('status').execute()).toEqual([{ status: 'sent' }]);
  });
});
