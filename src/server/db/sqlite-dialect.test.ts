import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { connect, type Db } from './connection.ts';

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
