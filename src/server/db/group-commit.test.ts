import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { connect, type Db } from './connection.ts';
import { groupCommitStats, groupedWrite, groupedWriteProvisional, maxGroup, runTransaction } from './group-commit.ts';

/**
 * Group commit on SQLite (group-commit.ts), on a small table of its own: pieces that queue share
 * one COMMIT, each is all or nothing on its own, and nobody hears an answer before the COMMIT.
 */
describe('group commit on SQLite', () => {
  let dir: string;
  let db: Db;
  let statements: string[];
  // The tests write a table the app's schema does not know.
  const raw = () => db as unknown as Kysely<{ counters: { name: string; value: number }; children: { id: number; parent: string } }>;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bank-group-commit-'));
    statements = [];
    db = connect({ kind: 'sqlite', file: path.join(dir, 'bank.sqlite') }, undefined, { onQuery: (text) => statements.push(text) });
    await sql`create table counters (name text primary key, value integer not null check (value >= 0))`.execute(db);
    await sql`create table children (id integer primary key, parent text not null references counters(name))`.execute(db);
    await sql`insert into counters (name, value) values ('a', 0), ('b', 0)`.execute(db);
  });
  afterEach(async () => {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const bump = (name: string, delta: number) =>
    runTransaction(db, async (trx) => {
      const executor = trx as unknown as Kysely<{ counters: { name: string; value: number } }>;
      await executor.updateTable('counters').set({ value: sql<number>`value + ${delta}` }).where('name', '=', name).execute();
      const row = await executor.selectFrom('counters').select('value').where('name', '=', name).executeTakeFirstOrThrow();
      return row.value;
    });
  const valueOf = async (name: string) => (await raw().selectFrom('counters').select('value').where('name', '=', name).executeTakeFirstOrThrow()).value;

  it('runs a lone piece as its own transaction, committed before its answer', async () => {
    expect(await bump('a', 5)).toBe(5);
    expect(groupCommitStats(db)).toMatchObject({ groups: 1, pieces: 1 });
    // No savepoint for a group's first piece: a lone request costs what it did before group commit.
    expect(statements.filter((text) => /^(begin|commit|savepoint|release|rollback)/.test(text))).toEqual(['begin', 'commit']);
  });

  it('groups pieces that queue behind a running one into one COMMIT, in arrival order', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => bump('a', 1)));
    // Each piece saw the ones before it: the answers are 1..20 in order.
    expect(answers).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
    expect(await valueOf('a')).toBe(20);
    const stats = groupCommitStats(db);
    expect(stats.pieces).toBe(20);
    expect(stats.groups).toBeLessThan(20);
    expect(statements.filter((text) => text === 'commit')).toHaveLength(stats.groups);
  });

  it(`holds at most ${maxGroup} pieces a group`, async () => {
    await Promise.all(Array.from({ length: maxGroup * 3 }, () => bump('a', 1)));
    const stats = groupCommitStats(db);
    expect(stats.largest).toBeLessThanOrEqual(maxGroup);
    expect(stats.groups).toBeGreaterThanOrEqual(3);
    expect(await valueOf('a')).toBe(maxGroup * 3);
  });

  it('rolls back a first piece that throws with its transaction; the pieces queued meanwhile form the next group', async () => {
    const outcomes = await Promise.allSettled([bump('a', -1), bump('a', 2), bump('b', 1)]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
    expect(await valueOf('a')).toBe(2);
    expect(await valueOf('b')).toBe(1);
    expect(statements.filter((text) => /^(begin|commit|savepoint|rollback)/.test(text))).toEqual(['begin', 'rollback', 'begin', 'savepoint piece', 'commit']);
  });

  it('rolls a piece that throws back alone; the others of its group commit', async () => {
    const outcomes = await Promise.allSettled([
      bump('a', 1),
      bump('b', 1),
      bump('a', -5), // the CHECK refuses a negative value: this piece alone fails
      runTransaction(db, async (trx) => {
        await sql`update counters set value = value + 100 where name = 'b'`.execute(trx);
        throw new Error('a bug after a write');
      }),
      bump('b', 1),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'rejected', 'fulfilled']);
    expect((outcomes[3] as PromiseRejectedResult).reason).toMatchObject({ message: 'a bug after a write' });
    expect(await valueOf('a')).toBe(1);
    expect(await valueOf('b')).toBe(2);
    expect(groupCommitStats(db).groups).toBeLessThan(5);
  });

  it('fails every piece of a group whose COMMIT fails, and none of them happened; the next group works', async () => {
    // A deferred foreign key is checked at COMMIT: the third piece makes the group's COMMIT fail.
    const outcomes = await Promise.allSettled([
      bump('a', 1),
      bump('a', 1),
      runTransaction(db, async (trx) => {
        await sql`pragma defer_foreign_keys = on`.execute(trx);
        await sql`insert into children (id, parent) values (1, 'nobody')`.execute(trx);
        return 'written';
      }),
      bump('b', 1),
    ]);
    const stats = groupCommitStats(db);
    expect(stats.failedGroups).toBe(1);
    // All four queued before the group's BEGIN came back, so they shared the failed COMMIT.
    expect(stats).toMatchObject({ groups: 1, pieces: 4 });
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected', 'rejected', 'rejected']);
    for (const outcome of outcomes) expect((outcome as PromiseRejectedResult).reason).toMatchObject({ message: expect.stringMatching(/FOREIGN KEY/i) });
    expect(await valueOf('a')).toBe(0);
    expect(await valueOf('b')).toBe(0);
    expect(await raw().selectFrom('children').selectAll().execute()).toEqual([]);
    expect(await bump('b', 3)).toBe(3);
  });

  it('answers nobody before the COMMIT', async () => {
    const heard: string[] = [];
    const pieces = Array.from({ length: 6 }, (_, index) =>
      bump('a', 1).then(() => {
        heard.push(`answer ${index}`);
        // What the connection had run when this answer arrived.
        heard.push(`commits so far ${statements.filter((text) => text === 'commit').length}`);
      }),
    );
    await Promise.all(pieces);
    // Every answer came after at least one COMMIT, and the last answers after the last COMMIT.
    const commitsSeen = heard.filter((line) => line.startsWith('commits')).map((line) => Number(line.split(' ').at(-1)));
    expect(Math.min(...commitsSeen)).toBeGreaterThanOrEqual(1);
    expect(commitsSeen.at(-1)).toBe(groupCommitStats(db).groups);
  });

  describe('a provisional write (groupedWriteProvisional)', () => {
    const provisional = (name: string) =>
      groupedWriteProvisional(db, async (executor) => {
        await sql`update counters set value = value + 1 where name = ${name}`.execute(executor);
        return name;
      });
    const commits = () => statements.filter((text) => text === 'commit').length;

    it('hears its value before the COMMIT; a write it then starts shares that COMMIT; durable settles with it', async () => {
      const { value, durable } = await provisional('a');
      expect(value).toBe('a');
      expect(commits()).toBe(0);
      const after = bump('b', 2);
      await durable;
      expect(commits()).toBe(1);
      expect(await after).toBe(2);
      expect(groupCommitStats(db)).toMatchObject({ groups: 1, pieces: 2 });
      expect(await valueOf('a')).toBe(1);
    });

    it('rejects durable when the group fails, and the write queued behind it in the group fails with it', async () => {
      const { durable } = await provisional('a');
      const behind = runTransaction(db, async (trx) => {
        await sql`pragma defer_foreign_keys = on`.execute(trx);
        await sql`insert into children (id, parent) values (1, 'nobody')`.execute(trx);
        return 'written';
      });
      await expect(durable).rejects.toThrow(/FOREIGN KEY/i);
      await expect(behind).rejects.toThrow(/FOREIGN KEY/i);
      expect(await valueOf('a')).toBe(0);
      expect(groupCommitStats(db).failedGroups).toBe(1);
    });

    it('rejects, with no value, when its own work throws', async () => {
      const failing = groupedWriteProvisional(db, async (executor) => {
        await sql`update counters set value = value - 1 where name = 'a'`.execute(executor);
        return 'never';
      });
      await expect(failing).rejects.toThrow(/CHECK/i);
      expect(await valueOf('a')).toBe(0);
    });
  });

  it('runs a grouped write in a group of its own, and lets writes that arrive meanwhile share its COMMIT', async () => {
    const write = (name: string) => groupedWrite(db, (executor) => sql`update counters set value = value + 1 where name = ${name}`.execute(executor));
    statements.length = 0;
    await write('a');
    expect(statements).toEqual(['begin', 'update counters set value = value + 1 where name = ?', 'commit']);
    statements.length = 0;
    await Promise.all([bump('b', 1), write('a'), write('b')]);
    expect(statements.filter((text) => text === 'commit')).toHaveLength(1);
    expect(await valueOf('a')).toBe(2);
    expect(await valueOf('b')).toBe(2);
  });

  it('shares the file with another connection of the same process without freezing: its write waits on a timer for the group', async () => {
    const other = connect({ kind: 'sqlite', file: path.join(dir, 'bank.sqlite') });
    try {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const group = runTransaction(db, async (trx) => {
        await sql`update counters set value = value + 1 where name = 'a'`.execute(trx);
        await held;
      });
      await new Promise((resolve) => setImmediate(resolve));
      // The other connection's write finds the lock taken and waits without blocking this process.
      const elsewhere = sql`update counters set value = value * 10 where name = 'a'`.execute(other);
      await new Promise((resolve) => setTimeout(resolve, 30));
      release();
      await Promise.all([group, elsewhere]);
      expect(await valueOf('a')).toBe(10);
    } finally {
      await other.destroy();
    }
  });

  it('refuses a transaction started inside a transaction on the same database (it would wait for itself) instead of hanging', async () => {
    const nested = runTransaction(db, async (trx) => {
      await sql`update counters set value = value + 1 where name = 'a'`.execute(trx);
      await groupedWrite(db, (executor) => sql`update counters set value = value + 1 where name = 'b'`.execute(executor));
    });
    await expect(nested).rejects.toThrow(/inside a transaction on the same SQLite database/);
    // The outer piece failed and was rolled back whole; the database is free again.
    expect(await valueOf('a')).toBe(0);
    expect(await bump('b', 1)).toBe(1);
  });

  it('lets reads on the connection in between groups (first come, first served)', async () => {
    const order: string[] = [];
    const writes = Array.from({ length: 4 }, (_, index) => bump('a', 1).then(() => order.push(`write ${index}`)));
    const read = raw().selectFrom('counters').select('value').where('name', '=', 'a').executeTakeFirstOrThrow().then((row) => order.push(`read ${row.value}`));
    await Promise.all([...writes, read]);
    // The read saw only committed groups: a whole number of them, never half of one.
    const readValue = Number(order.find((line) => line.startsWith('read'))!.split(' ')[1]);
    expect([0, 1, 4]).toContain(readValue);
  });
});
