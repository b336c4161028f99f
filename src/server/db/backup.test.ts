import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { describeOnEngines } from '../testing/on-engines.ts';
import { customer, newKey, testPin } from '../testing/customers.ts';
import { scratchPostgres } from '../testing/scratch-database.ts';
import { backupDatabase, restoreDatabase } from './backup.ts';
import { checkRestored } from '../core/backups/restore-check.ts';
import { connect, migrateToLatest, type Db } from './connection.ts';

const naira = (value: number) => value * 100;

describeOnEngines('backup and restore (%s)', (t, engine) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('a backup taken while transfers run restores to books that verify, with everything acknowledged before it began; the key check names a key that does not match', async () => {
    const { app } = t();
    const sender = await customer(app, { balance: naira(500_000), tier: 3 });
    const recipient = await customer(app, { tier: 3 });
    const send = (amount: number) => app.transfers.sendLocal(sender.userId, sender.accountNumber, { account_number: recipient.accountNumber, amount, narration: 'Before the backup', pin: testPin, save_beneficiary: false }, newKey());
    for (let n = 1; n <= 5; n += 1) expect((await send(naira(1_000) + n)).ok).toBe(true);
    const acknowledged = await app.db.selectFrom('transactions').select('id').execute();

    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bank-backup-'));
    cleanups.push(async () => fs.rmSync(folder, { recursive: true, force: true }));
    const file = path.join(folder, engine === 'sqlite' ? 'bank.sqlite.bak' : 'bank.dump');
    // Transfers go on while the copy is taken: the copy is one instant of the books, whole.
    const during = Promise.all(Array.from({ length: 10 }, (_, n) => send(naira(500) + n)));
    const copy = backupDatabase(app.config.database, file);
    await Promise.all([during, copy]);
    expect(fs.statSync(file).size).toBeGreaterThan(0);
    await expect(backupDatabase(app.config.database, file)).rejects.toThrow(/exists already/);

    let target: typeof app.config.database;
    let restoredDb: Db | undefined;
    if (engine === 'sqlite') {
      target = { kind: 'sqlite', file: path.join(folder, 'restored', 'bank.sqlite') };
    } else {
      const scratch = await scratchPostgres('bank_restore');
      cleanups.push(scratch.drop);
      target = { kind: 'postgres', url: scratch.url };
      restoredDb = connect(target);
    }
    await restoreDatabase(target, file, restoredDb);
    restoredDb ??= connect(target);
    cleanups.push(async () => restoredDb!.destroy());
    await migrateToLatest(restoredDb);
    // A restore never goes into a database that has data.
    await expect(restoreDatabase(target, file, restoredDb)).rejects.toThrow(/exists|not empty/);

    const restoredIds = new Set((await restoredDb.selectFrom('transactions').select('id').execute()).map((row) => row.id));
    for (const row of acknowledged) expect(restoredIds.has(row.id)).toBe(true);
    const withKey = await checkRestored(restoredDb, app.config);
    expect(withKey.ledger).toMatchObject({ ok: true, problems: [] });
    expect(withKey.pinsWithoutKey).toEqual({});

    // The same backup under another key: every PIN is named as made under a key this server lacks.
    const otherKey = { ...app.config.secrets, pinKey: null, previousPinKeys: [], keyFile: path.join(folder, 'no-such.key') };
    const withoutKey = await checkRestored(restoredDb, { secrets: otherKey });
    expect(withoutKey.keys).toEqual([]);
    expect(Object.values(withoutKey.pinsWithoutKey).reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(2);
  });
});
