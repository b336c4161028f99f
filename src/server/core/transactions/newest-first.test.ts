import { expect, it } from 'vitest';
import { sql } from 'kysely';
import { describeOnEngines } from '../../testing/on-engines.ts';

/**
 * A customer's newest transactions (the dashboard's five, the history's first page) are read in
 * index order, newest first, and stop after the rows asked for: no sort of the whole history
 * (migration 2026-11-27T1700_transactions_newest_first).
 */
describeOnEngines('newest transactions first on %s', (t, engine) => {
  it('read backwards along (account_number, created_at, id), with no sort step', async () => {
    const db = t().app.db;
    const query = db.selectFrom('transactions').selectAll().where('account_number', '=', '1234567890').orderBy('created_at', 'desc').orderBy('id', 'desc').limit(5).compile();
    if (engine === 'sqlite') {
      const { rows } = await db.executeQuery<{ detail: string }>({ ...query, sql: `explain query plan ${query.sql}` });
      const plan = rows.map((row) => row.detail).join('\n');
      expect(plan).toContain('transactions_account_created_id');
      expect(plan).not.toMatch(/TEMP B-TREE/);
    } else {
      // The planner would scan an empty test table rather than use an index; forbid that to see the plan it has for a long history.
      await db.transaction().execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>({ ...query, sql: `explain ${query.sql}` });
        const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
        expect(plan).toMatch(/Index Scan Backward using transactions_account_created_id/);
        expect(plan).not.toMatch(/Sort/);
      });
    }
  });
});
