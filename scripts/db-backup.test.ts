import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../src/server/testing/test-app.ts';
import { customer } from '../src/server/testing/customers.ts';

const run = promisify(execFile);
const script = (name: string) => path.join(import.meta.dirname, name);

/** npm run db:backup / db:restore as an operator runs them, on the embedded database (the service test covers PostgreSQL). */
describe('npm run db:backup and db:restore (sqlite)', () => {
  let t: TestApp;
  let folder: string;
  beforeEach(async () => {
    t = await createTestApp('sqlite');
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bank-restore-'));
  });
  afterEach(async () => {
    await t.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  const env = (dataDir: string) => ({ PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', SEED_DEMO: 'false', DATA_DIR: dataDir });
  const exitOf = (promise: Promise<{ stdout: string; stderr: string }>) => promise.then((done) => ({ code: 0, ...done }), (failed: { code: number; stdout: string; stderr: string }) => failed);

  it('backs up a serving database; a restore without its key exits 4 naming the key, with the key file put back it exits 0 and the books verify', async () => {
    await customer(t.app, { balance: 50_000_00, tier: 3 });
    const file = path.join(folder, 'bank.bak');
    const backup = await run(process.execPath, [script('db-backup.mjs'), file], { env: env(t.app.config.dataDir) });
    expect(backup.stdout).toMatch(/Backed up .* to .*bank\.bak/);

    const fresh = path.join(folder, 'fresh');
    const keyless = await exitOf(run(process.execPath, [script('db-restore.mjs'), file], { env: env(fresh) }));
    expect(keyless.code).toBe(4);
    expect(keyless.stdout).toContain('Ledger OK');
    expect(keyless.stderr).toMatch(/The key does not match the backup: 1 PIN\(s\)/);

    // Into a DATA_DIR that has a database: refused, nothing touched.
    const again = await exitOf(run(process.execPath, [script('db-restore.mjs'), file], { env: env(fresh) }));
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/restore into an empty DATA_DIR/);

    const withKey = path.join(folder, 'with-key');
    fs.mkdirSync(withKey);
    fs.copyFileSync(path.join(t.app.config.dataDir, 'pin.key'), path.join(withKey, 'pin.key'));
    const restored = await exitOf(run(process.execPath, [script('db-restore.mjs'), file], { env: env(withKey) }));
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toMatch(/Ledger OK/);
    expect(restored.stdout).toMatch(/Keys OK/);
  });
});
