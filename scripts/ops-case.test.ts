import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, engines, type TestApp } from '../src/server/testing/test-app.ts';
import { customer } from '../src/server/testing/customers.ts';
import { caseSchema } from '../src/lib/safety-schemas.ts';

const run = promisify(execFile);
const script = path.join(import.meta.dirname, 'ops-case.mjs');

/** npm run ops:case, run as an operator would, against the test app's database. */
describe.each(engines)('npm run ops:case on %s', (engine) => {
  let t: TestApp;
  let outbox: string;
  const pinKey = randomBytes(32).toString('base64');

  beforeEach(async () => {
    t = await createTestApp(engine, { env: { PIN_KEY: pinKey } });
    outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-case-'));
  });
  afterEach(async () => {
    await t.close();
    fs.rmSync(outbox, { recursive: true, force: true });
  });

  function opsCase(args: string[]) {
    const database = t.app.config.database;
    const env: Record<string, string> = { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', SEED_DEMO: 'false', PIN_KEY: pinKey };
    // The operator's mail goes to the sandbox outbox of DATA_DIR (the test app's own for SQLite, a scratch one beside PostgreSQL).
    if (database.kind === 'postgres') Object.assign(env, { DATABASE_URL: database.url, DATA_DIR: outbox });
    else env.DATA_DIR = t.app.config.dataDir;
    return run(process.execPath, [script, ...args], { env });
  }
  const outboxOf = () => path.join(engine === 'postgres' ? outbox : t.app.config.dataDir, 'outbox');

  async function openedCase(): Promise<{ number: string; email: string }> {
    const me = await customer(t.app, { balance: 1_000_00 });
    const deposit = await t.app.transactions.latest(me.accountNumber, 1);
    const opened = await t.app.cases.open({ id: me.userId, accounts: [{ account_number: me.accountNumber }] }, null, caseSchema.parse({ reference: deposit[0]!.reference, kind: 'wrong_amount', description: 'Only half of it arrived here.' }));
    if (!opened.ok) throw new Error(opened.message.key);
    const email = (await t.app.users.findById(me.userId))!.email;
    return { number: opened.value.case.number, email };
  }

  it('moves a case with a note: stored in its history, shown to the customer and emailed', async () => {
    const { number, email } = await openedCase();
    const { stdout } = await opsCase([number, 'investigating', 'Asked', 'the', 'other', 'bank.']);
    expect(stdout).toContain(`${number} is now investigating (note: Asked the other bank.)`);
    const row = await t.app.db.selectFrom('support_cases').select(['id', 'status']).where('number', '=', number).executeTakeFirstOrThrow();
    expect(row.status).toBe('investigating');
    const events = await t.app.db.selectFrom('support_case_events').select(['line', 'status', 'note']).where('case_id', '=', row.id).orderBy('line').execute();
    expect(events).toEqual([
      { line: 1, status: 'open', note: null },
      { line: 2, status: 'investigating', note: 'Asked the other bank.' },
    ]);
    // The script queues the customer's email; the server's worker sends it (the script ran on the real clock, after the test's).
    expect(fs.existsSync(outboxOf()) ? fs.readdirSync(outboxOf()).filter((file) => file.endsWith(`-${email}.eml`)) : []).toEqual([]);
    t.clock.advance(60_000);
    await t.app.jobs.runDue();
    const mails = t.mailer.sent.filter((mail) => mail.to === email && mail.text.includes(number) && mail.text.includes('Asked the other bank.'));
    expect(mails).toHaveLength(1);

    await opsCase([number, 'resolved']);
    expect((await t.app.db.selectFrom('support_cases').select('status').where('number', '=', number).executeTakeFirstOrThrow()).status).toBe('resolved');
  });

  it('refuses a bad status, a malformed or unknown number (exit 2), changing nothing', async () => {
    const { number } = await openedCase();
    await expect(opsCase([number, 'deleted'])).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('Usage: npm run ops:case') });
    await expect(opsCase(['CASE-1', 'closed'])).rejects.toMatchObject({ code: 2 });
    await expect(opsCase([])).rejects.toMatchObject({ code: 2 });
    await expect(opsCase(['HB-CASE-2099-000001', 'closed'])).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('No case HB-CASE-2099-000001') });
    expect((await t.app.db.selectFrom('support_cases').select('status').where('number', '=', number).executeTakeFirstOrThrow()).status).toBe('open');
  });
});
