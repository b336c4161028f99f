import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { connect, migrateToLatest, migrations, type Db } from './connection.ts';
import { createHealthCheck } from './health.ts';
import { engines } from '../testing/test-app.ts';
import { scratchPostgres } from '../testing/scratch-database.ts';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

async function emptyDatabase(engine: 'sqlite' | 'postgres'): Promise<Db> {
  if (engine === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bank-health-'));
    const db = connect({ kind: 'sqlite', file: path.join(dir, 'bank.sqlite') });
    cleanups.push(async () => {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    });
    return db;
  }
  const scratch = await scratchPostgres('bank_health');
  const db = connect({ kind: 'postgres', url: scratch.url });
  cleanups.push(async () => {
    await db.destroy();
    await scratch.drop();
  });
  return db;
}

describe.each(engines)('readiness (%s)', (engine) => {
  it('is not ready before the migrations, ready after them, and names what is pending', async () => {
    const db = await emptyDatabase(engine);
    const health = createHealthCheck(db);
    expect(await health.databaseReachable()).toBe(true);
    expect(await health.readiness()).toEqual({ ready: false, reason: 'migrations_pending', pending: Object.keys(migrations) });
    await migrateToLatest(db);
    expect(await health.readiness()).toEqual({ ready: true });
  });

  it('is not ready when the database does not answer', async () => {
    const db = await emptyDatabase(engine);
    await migrateToLatest(db);
    const health = createHealthCheck(db);
    await db.destroy();
    expect(await health.databaseReachable()).toBe(false);
    expect(await health.readiness()).toEqual({ ready: false, reason: 'database_unreachable' });
  });
});

describe('readiness of a PostgreSQL server that is not there', () => {
  it('is database_unreachable, not an exception', async () => {
    const db = connect({ kind: 'postgres', url: 'postgres://nobody@127.0.0.1:1/none' });
    try {
      expect(await createHealthCheck(db).readiness()).toEqual({ ready: false, reason: 'database_unreachable' });
    } finally {
      await db.destroy();
    }
  });
});
