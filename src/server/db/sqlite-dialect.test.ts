import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { connect, type Db } from './connection.ts';
import { openSqlite, walAutocheckpointPages } from './sqlite-dialect.ts';

/**
 * The SQLite connections (sqlite-dialect.ts): a reader for plain SELECTs outside a transaction,
 * which never waits for the writer and sees only what is committed; the writer, one at a time,
 * for transactions and every other statement.
 */
describe('SQLite reader and writer', () => {
  let dir: string;
  let db: Db;
  const raw = () => db as unknown as Kysely<{ counters: { name: string; value: number } }>;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bank-sqlite-dialect-'));
    db = connect({ kind: 'sqlite', file: path.join(dir, 'bank.sqlite') });
    await sql`create table counters (name text primary key, value integer not null)`.execute(db);
    await sql`insert into counters (name, value) values ('a', 0)`.execute(db);
  });
  afterEach(async () => {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const valueOf = async () => (await raw().selectFrom('counters').select('value').where('name', '=', 'a').executeTakeFirstOrThrow()).value;

  it('answers a read during a transaction at once, with the committed state; the transaction reads its own writes', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let seenInside: number | null = null;
    const transaction = db.transaction().execute(async (trx) => {
      await sql`update counters set value = 5 where name = 'a'`.execute(trx);
      seenInside = (await (trx as unknown as Kysely<{ counters: { name: string; value: number } }>).selectFrom('counters').select('value').where('name', '=', 'a').executeTakeFirstOrThrow()).value;
      await held;
    });
    // The transaction is open and holds the writer: the read does not wait for it.
    await new Promise((resolve) => setImmediate(resolve));
    expect(await valueOf()).toBe(0);
    expect(seenInside).toBe(5);
    release();
    await transaction;
    expect(await valueOf()).toBe(5);
  });

  it('makes a write outside a transaction wait for the transaction under way', async () => {
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = db.transaction().execute(async (trx) => {
      await sql`update counters set value = value + 1 where name = 'a'`.execute(trx);
      await held;
      order.push('transaction');
    });
    await new Promise((resolve) => setImmediate(resolve));
    const write = sql`update counters set value = value * 10 where name = 'a'`.execute(db).then(() => order.push('write'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual([]);
    release();
    await Promise.all([transaction, write]);
    expect(order).toEqual(['transaction', 'write']);
    expect(await valueOf()).toBe(10);
  });

  it('frees the writer after a rolled-back transaction', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`update counters set value = 7 where name = 'a'`.execute(trx);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    await sql`update counters set value = value + 2 where name = 'a'`.execute(db);
    expect(await valueOf()).toBe(2);
  });

  it('sends only plain SELECTs to the read-only reader: a write dressed as a CTE still goes to the writer', async () => {
    await sql`with next as (select 3 as value) update counters set value = (select value from next) where name = 'a'`.execute(db);
    expect(await valueOf()).toBe(3);
  });
});

/**
 * Every connection openSqlite makes (the server's writer, the CLIs, the bench's floor) has the same
 * settings: WAL, synchronous FULL, and the automatic checkpoint moved from SQLite's 1,000 pages to
 * walAutocheckpointPages.
 */
describe('SQLite connection settings', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bank-sqlite-settings-'));
  });
  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('opens in WAL mode, syncing every commit, checkpointing every 10,000 pages', () => {
    const database = openSqlite(path.join(dir, 'bank.sqlite'));
    try {
      expect(database.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
      expect(database.prepare('PRAGMA synchronous').get()).toEqual({ synchronous: 2 }); // FULL
      expect(database.prepare('PRAGMA foreign_keys').get()).toEqual({ foreign_keys: 1 });
      expect(walAutocheckpointPages).toBe(10_000);
      expect(database.prepare('PRAGMA wal_autocheckpoint').get()).toEqual({ wal_autocheckpoint: walAutocheckpointPages });
      expect(database.prepare('PRAGMA journal_size_limit').get()).toEqual({ journal_size_limit: 64 * 1024 * 1024 });
    } finally {
      database.close();
    }
  });

  it('keeps more than SQLite’s default 1,000 pages in the WAL, and every committed row is read back', () => {
    const file = path.join(dir, 'bank.sqlite');
    const database = openSqlite(file);
    const pageSize = (database.prepare('PRAGMA page_size').get() as { page_size: number }).page_size;
    try {
      database.exec('create table notes (id integer primary key, body text not null)');
      const insert = database.prepare('insert into notes (body) values (?)');
      // 1,500 pages of rows in 30 commits: at the default mark the WAL would have been copied back
      // and started again at about 1,000 pages; here it holds them all.
      const body = 'x'.repeat(pageSize - 200);
      for (let commit = 0; commit < 30; commit += 1) {
        database.exec('begin immediate');
        for (let row = 0; row < 50; row += 1) insert.run(body);
        database.exec('commit');
      }
      const walPages = fs.statSync(`${file}-wal`).size / (pageSize + 24);
      expect(walPages).toBeGreaterThan(1_500);
      expect(walPages).toBeLessThan(walAutocheckpointPages);
      expect(database.prepare('select count(*) as count from notes').get()).toEqual({ count: 1_500 });
    } finally {
      database.close();
    }
    // Closed and opened again: the rows are in the file (the last connection's close checkpoints).
    const again = openSqlite(file);
    try {
      expect(again.prepare('select count(*) as count from notes').get()).toEqual({ count: 1_500 });
    } finally {
      again.close();
    }
  });
});
