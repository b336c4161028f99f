import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { randomBytes } from 'node:crypto';
import { batch, connect, thenCommit, type Db } from './connection.ts';

const url = process.env.TEST_DATABASE_URL;

/**
 * On PostgreSQL a transaction's BEGIN goes out with its first statement, and a statement marked
 * `thenCommit` goes out with the COMMIT behind it (connection.ts pipelineTransactions).
 * `writes` holds what each write to the server carried.
 */
describe.skipIf(!url)('transactions pipelined on PostgreSQL', () => {
  const table = `pipeline_probe_${randomBytes(4).toString('hex')}`;
  let writes: string[][] = [];
  let db: Db;
  let other: Db;
  const rows = async () => (await sql<{ n: number }>`select n from ${sql.table(table)} order by n`.execute(other)).rows.map((row) => row.n);
  const insert = (n: number, final = false) => sql`insert into ${sql.table(table)} (n) values (${n})${final ? sql.raw(` ${thenCommit}`) : sql``}`;

  beforeAll(async () => {
    db = connect({ kind: 'postgres', url: url! } as never, undefined, { onWrite: (statements) => writes.push(statements) });
    other = connect({ kind: 'postgres', url: url! } as never);
    await sql`create table ${sql.table(table)} (n integer primary key check (n >= 0))`.execute(other);
  });
  afterAll(async () => {
    await sql`drop table if exists ${sql.table(table)}`.execute(other);
    await db.destroy();
    await other.destroy();
  });
  beforeEach(async () => {
    await sql`delete from ${sql.table(table)}`.execute(other);
    writes = [];
  });

  it('writes BEGIN with the first statement, and a final statement with its COMMIT: two writes for a transaction of two statements', async () => {
    await db.transaction().execute(async (trx) => {
      await insert(1).execute(trx);
      await insert(2, true).execute(trx);
    });
    expect(writes.map((write) => write.map((text) => text.split(' ')[0]))).toEqual([
      ['begin', 'insert'],
      ['insert', 'commit'],
    ]);
    expect(await rows()).toEqual([1, 2]);
  });

  it('a transaction that ends without a final statement sends its COMMIT as before; one that sent nothing sends nothing', async () => {
    await db.transaction().execute(async (trx) => {
      await insert(3).execute(trx);
    });
    expect(writes.map((write) => write[0]!.split(' ')[0])).toEqual(['begin', 'commit']);
    writes = [];
    await db.transaction().execute(async () => undefined);
    expect(writes).toEqual([]);
    expect(await rows()).toEqual([3]);
  });

  it('a final statement that fails rolls the whole transaction back, and the connection goes on working', async () => {
    const failed = db.transaction().execute(async (trx) => {
      await insert(4).execute(trx);
      await insert(-1, true).execute(trx); // the CHECK refuses it
    });
    await expect(failed).rejects.toThrow(/check constraint/);
    expect(await rows()).toEqual([]);
    // Every connection of the pool in turn: none is left owing a BEGIN or a COMMIT.
    for (let n = 10; n < 30; n += 1) await db.transaction().execute(async (trx) => insert(n, true).execute(trx));
    expect(await rows()).toHaveLength(20);
  });

  it('a final statement that is the first: BEGIN, the statement and COMMIT in one write', async () => {
    await db.transaction().execute(async (trx) => insert(5, true).execute(trx));
    expect(writes.map((write) => write.map((text) => text.split(' ')[0]))).toEqual([['begin', 'insert', 'commit']]);
    expect(await rows()).toEqual([5]);
  });

  it('refuses a statement after the final one, and says so when a rollback comes after the COMMIT went', async () => {
    const misuse = db.transaction().execute(async (trx) => {
      await insert(6, true).execute(trx);
      await insert(7).execute(trx);
    });
    await expect(misuse).rejects.toThrow(/after the final statement|rollback asked for after/);
    // The final statement and its COMMIT had gone: 6 is in, 7 never ran.
    expect(await rows()).toEqual([6]);
    const thrownAfter = db.transaction().execute(async (trx) => {
      await insert(8, true).execute(trx);
      throw new Error('a check after the final statement');
    });
    await expect(thrownAfter).rejects.toThrow(/rollback asked for after a transaction committed/);
    expect(await rows()).toEqual([6, 8]);
  });

  it('a batch: an autocommit ahead of BEGIN and the transaction\'s statements in one write, the rows of each; the autocommit stays when the transaction rolls back', async () => {
    const rolledBack = db.transaction().execute(async (trx) => {
      const [before, inside, read] = await batch(trx, [insert(20).compile(db), insert(21).compile(db), sql<{ n: number }>`select n from ${sql.table(table)} order by n`.compile(db)], { beforeBegin: 1 });
      expect(before).toEqual([]);
      expect(inside).toEqual([]);
      // The transaction's snapshot starts after the autocommit: it sees 20, and its own 21.
      expect(read.map((row) => row.n)).toEqual([20, 21]);
      throw new Error('changed its mind');
    });
    await expect(rolledBack).rejects.toThrow(/changed its mind/);
    expect(writes.map((write) => write.map((text) => text.split(' ')[0]))).toEqual([['insert', 'begin', 'insert', 'select'], ['rollback']]);
    expect(await rows()).toEqual([20]);
  });

  it('a batch whose statement fails fails whole; the transaction rolls back and the connection goes on working', async () => {
    const failed = db.transaction().execute(async (trx) => {
      await batch(trx, [insert(22).compile(db), insert(-1).compile(db), insert(23).compile(db)], { beforeBegin: 1 });
    });
    await expect(failed).rejects.toThrow(/check constraint/);
    expect(await rows()).toEqual([22]);
    for (let n = 30; n < 50; n += 1) await db.transaction().execute(async (trx) => batch(trx, [insert(n, true).compile(db)]));
    expect(await rows()).toHaveLength(21);
  });

  it('refuses a statement before BEGIN once the transaction has begun, or outside one', async () => {
    const late = db.transaction().execute(async (trx) => {
      await insert(24).execute(trx);
      await batch(trx, [insert(25).compile(db), insert(26).compile(db)], { beforeBegin: 1 });
    });
    await expect(late).rejects.toThrow(/before BEGIN/);
    await expect(batch(db, [insert(27).compile(db)], { beforeBegin: 1 })).rejects.toThrow(/before BEGIN/);
    expect(await rows()).toEqual([]);
  });

  it('statements outside a transaction are written one by one, as ever', async () => {
    await insert(9).execute(db);
    await sql`select 1`.execute(db);
    expect(writes).toEqual([[expect.stringMatching(/^insert/)], ['select 1']]);
  });
});
