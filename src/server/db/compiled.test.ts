import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { compiled, type Param } from './compiled.ts';
import { connect } from './connection.ts';

type Probe = { compiled_probe: { id: number; name: string; kind: string; amount: number } };

const url = process.env.TEST_DATABASE_URL;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'compiled-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const engines = [
  { name: 'sqlite', open: () => connect({ kind: 'sqlite', file: path.join(dir, `probe-${Math.random()}.sqlite`) } as never) },
  ...(url ? [{ name: 'postgres', open: () => connect({ kind: 'postgres', url } as never) }] : []),
];

describe.each(engines)('compiled queries on $name', ({ name, open }) => {
  async function withTable(work: (db: Kysely<Probe>) => Promise<void>) {
    const db = open() as unknown as Kysely<Probe>;
    const table = name === 'postgres' ? sql`create temporary table compiled_probe (id integer primary key, name text not null, kind text not null, amount integer not null)` : sql`create table compiled_probe (id integer primary key, name text not null, kind text not null, amount integer not null)`;
    try {
      await db.transaction().execute(async (trx) => {
        await table.execute(trx);
        await work(trx);
        await sql`drop table compiled_probe`.execute(trx);
      });
    } finally {
      await db.destroy();
    }
  }

  const insert = compiled((db: Kysely<Probe>, param: Param<{ id: number; name: string; amount: number }>) =>
    db.insertInto('compiled_probe').values({ id: param('id'), name: param('name'), kind: 'customer', amount: param('amount') }),
  );
  const byIds = compiled((db: Kysely<Probe>, param: Param<{ ids: number[]; minimum: number }>, n: number) =>
    db.selectFrom('compiled_probe').select(['id', 'name', 'kind', 'amount']).where('id', 'in', param.list('ids', n)).where('amount', '>=', param('minimum')).where('kind', '<>', 'internal').orderBy('id'),
  );

  it('binds each call its own values, keeps the builder constants, and one text per engine and shape', async () => {
    await withTable(async (db) => {
      await insert(db, { id: 1, name: 'Ada', amount: 500 });
      await insert(db, { id: 2, name: "O'Neil; drop table compiled_probe --", amount: 700 });
      await insert(db, { id: 3, name: 'Chidi', amount: 100 });
      const two = await byIds(db, { ids: [1, 2], minimum: 0 }, 2);
      expect(two.rows).toEqual([
        { id: 1, name: 'Ada', kind: 'customer', amount: 500 },
        { id: 2, name: "O'Neil; drop table compiled_probe --", kind: 'customer', amount: 700 },
      ]);
      const three = await byIds(db, { ids: [3, 2, 1], minimum: 200 }, 3);
      expect(three.rows.map((row) => row.id)).toEqual([1, 2]);
      const again = await byIds(db, { ids: [3, 1], minimum: 0 }, 2);
      expect(again.rows.map((row) => row.id)).toEqual([1, 3]);
    });
  });

  it('refuses a list whose length is not the shape it was compiled for', async () => {
    await withTable(async (db) => {
      await expect(byIds(db, { ids: [1, 2, 3], minimum: 0 }, 2)).rejects.toThrow(/array of 2 items/);
      await expect(byIds(db, { ids: [1], minimum: 0 }, 2)).rejects.toThrow(/array of 2 items/);
    });
  });

  it('refuses a template whose param went into the SQL text instead of a parameter', async () => {
    const inlined = compiled((db: Kysely<Probe>, param: Param<{ name: string }>) => db.selectFrom('compiled_probe').select('id').where('name', '=', sql.lit(param('name'))));
    await withTable(async (db) => {
      await expect(inlined(db, { name: 'Ada' })).rejects.toThrow(/went into the SQL text/);
    });
  });
});
