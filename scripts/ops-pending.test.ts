import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, engines, type TestApp } from '../src/server/testing/test-app.ts';
import { customer, newKey, testPin } from '../src/server/testing/customers.ts';
import { sandboxSerials } from '../src/server/integrations/interbank/sandbox-switch.ts';
import { nubanFor } from '../src/lib/nuban.ts';

const run = promisify(execFile);
const script = path.join(import.meta.dirname, 'ops-pending.mjs');

/** npm run ops:pending, run as an operator would, against the test app's database. */
describe.each(engines)('npm run ops:pending on %s', (engine) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => {
    await t.close();
  });

  function opsPending(args: string[] = []) {
    const database = t.app.config.database;
    const env: Record<string, string> = { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', SEED_DEMO: 'false' };
    if (database.kind === 'postgres') Object.assign(env, { DATABASE_URL: database.url, PIN_KEY: randomBytes(32).toString('base64') });
    else env.DATA_DIR = t.app.config.dataDir;
    return run(process.execPath, [script, ...args], { env });
  }

  it('lists a transfer pending past 24 hours (reference, customer, amount, age) and exits 0; a younger one is not listed', async () => {
    const sender = await customer(t.app, { balance: 10_000_00, firstName: 'Ngozi', lastName: 'Eze' });
    const send = (amount: number) =>
      t.app.transfers.sendToBank(sender.userId, sender.accountNumber, { account_number: nubanFor(sandboxSerials.timeoutThenSuccess, { cbnCode: '058', nipCode: '000013' }), bank_code: '000013', amount, narration: '', pin: testPin, save_beneficiary: false }, newKey());
    const old = await send(1_500_00);
    const young = await send(2_000_00);
    if (!old.ok || !young.ok) throw new Error('transfers not sent');
    const reference = old.value.transaction.reference;
    // The script reads the real clock: the first transfer was made 30 hours ago.
    await t.app.db.updateTable('interbank_transfers').set({ created_at: new Date(Date.now() - 30 * 3_600_000).toISOString() }).where('reference', '=', reference).execute();

    const { stdout } = await opsPending();
    expect(stdout).toContain('1 payment(s) to other banks or billers pending for more than 24 hours');
    expect(stdout).toContain(reference);
    expect(stdout).toContain('Ngozi Eze');
    expect(stdout).toContain('₦1,500.00');
    expect(stdout).toMatch(/30 h/);
    expect(stdout).not.toContain(young.value.transaction.reference);

    const listed = JSON.parse((await opsPending(['--json'])).stdout) as { reference: string; ageHours: number; amountKobo: number }[];
    expect(listed).toEqual([expect.objectContaining({ reference, ageHours: 30, amountKobo: 1_500_00 })]);
  });

  it('says when there is none, and exits 0', async () => {
    const { stdout } = await opsPending();
    expect(stdout).toContain('No transfer to another bank or bill has been pending for more than 24 hours.');
  });
});
