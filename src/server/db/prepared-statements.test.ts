import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { connect } from './connection.ts';

const url = process.env.TEST_DATABASE_URL;

/**
 * On PostgreSQL each SQL text goes out as a named prepared statement (parsing and
 * planning the money path's statements on every call cost about half its time at one client).
 */
describe.skipIf(!url)('named prepared statements on PostgreSQL', () => {
  it('prepares a text once per connection and runs it again by name; DDL and transaction control stay unnamed', async () => {
    const db = connect({ kind: 'postgres', url: url! } as never);
    try {
      await db.transaction().execute(async (trx) => {
        await sql`create temporary table prepared_probe (n integer) on commit drop`.execute(trx);
        for (let n = 0; n < 3; n += 1) await sql`insert into prepared_probe (n) values (${n})`.execute(trx);
        const { rows } = await sql<{ total: number }>`select sum(n)::integer as total from prepared_probe`.execute(trx);
        expect(rows[0]!.total).toBe(3);
        const prepared = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(trx);
        const texts = prepared.rows.map((row) => row.statement);
        expect(texts.filter((text) => text.startsWith('insert into prepared_probe'))).toHaveLength(1);
        expect(texts.some((text) => /^(create|begin)/i.test(text))).toBe(false);
      });
    } finally {
      await db.destroy();
    }
  });
});
