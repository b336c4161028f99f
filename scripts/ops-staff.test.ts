import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, engines, type TestApp } from '../src/server/testing/test-app.ts';

const run = promisify(execFile);

/** npm run ops:staff and npm run audit:verify, run as an operator would, against the test app's database. */
describe.each(engines)('npm run ops:staff and audit:verify on %s', (engine) => {
  let t: TestApp;
  const pinKey = randomBytes(32).toString('base64');
  beforeEach(async () => {
    t = await createTestApp(engine, { env: { PIN_KEY: pinKey } });
  });
  afterEach(async () => t.close());

  function script(name: string, args: string[]) {
    const database = t.app.config.database;
    const env: Record<string, string> = { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', SEED_DEMO: 'false', PIN_KEY: pinKey, DATA_DIR: t.app.config.dataDir, PUBLIC_ORIGIN: 'https://bank.example' };
    if (database.kind === 'postgres') env.DATABASE_URL = database.url;
    return run(process.execPath, [path.join(import.meta.dirname, name), ...args], { env }).then(
      (done) => ({ code: 0, stdout: done.stdout, stderr: done.stderr }),
      (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
    );
  }

  it('adds a member with an enrolment URL, lists and disables; audit:verify passes, then names the entry changed by hand', async () => {
    const added = await script('ops-staff.mjs', ['add', '--role', 'admin', '--email', 'Boss@Bank.ng', '--name', 'Bola Ade']);
    expect(added.code).toBe(0);
    const url = added.stdout.match(/https:\/\/bank\.example\/ops\/enrol\/([A-Za-z0-9_-]+)/);
    expect(url).not.toBeNull();
    expect(await t.app.staff.enrolment(url![1]!)).not.toBeNull();
    expect((await script('ops-staff.mjs', ['add', '--role', 'wizard', '--email', 'x@bank.ng', '--name', 'X Y'])).code).toBe(2);
    expect((await script('ops-staff.mjs', ['list'])).stdout).toContain('boss@bank.ng\tadmin\tinvited\tBola Ade');
    expect((await script('ops-staff.mjs', ['disable', '--email', 'boss@bank.ng'])).code).toBe(0);
    expect((await t.app.staff.list())[0]!.status).toBe('disabled');

    const whole = await script('audit-verify.mjs', []);
    expect([whole.code, whole.stdout]).toEqual([0, expect.stringContaining('2 entries')]);
    await sql.raw(engine === 'postgres' ? 'drop trigger staff_audit_no_update on staff_audit' : 'drop trigger staff_audit_no_update').execute(t.app.db);
    await t.app.db.updateTable('staff_audit').set({ address: '10.0.0.1' }).where('seq', '=', 1).execute();
    const broken = await script('audit-verify.mjs', []);
    expect([broken.code, broken.stderr]).toEqual([3, expect.stringContaining('broken at entry 1')]);
  });
});
