import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import type { Db } from '../../db/connection.ts';
import { engineOf } from '../../db/engine.ts';
import type { TransactionRow } from '../../db/schema.ts';
import { compiled, type Param } from '../../db/compiled.ts';
import { lagosDate } from '../../../lib/lagos-time.ts';
import { overviewSelect, type LimitsJson, type LimitsService, type OverviewRow } from '../customer-limits/limits-service.ts';
import { latestSelect, presentTransaction, statisticsSelect, statisticsWindow, summariseStatistics, type TransactionRepository } from './transaction-repository.ts';
import type { TransactionJson } from '../../../lib/transaction.ts';

type Params = { account: string; since: string; thisMonth: string; count: number; userId: string; day: string };

/**
 * The dashboard's three reads as one statement on PostgreSQL (docs/decisions/012-signed-in-reads-in-one-statement.md): each as a JSON value of
 * one row (kysely/helpers/postgres), so a render waits for one round trip to one server process
 * instead of three, each on a connection of its own. The same builders as the reads on their own
 * (statisticsSelect, latestSelect, overviewSelect), so the answers are theirs.
 */
const dashboardQuery = compiled((db: Db, param: Param<Params>) =>
  db.selectNoFrom([
    jsonArrayFrom(statisticsSelect(db, param)).as('statistics'),
    jsonArrayFrom(latestSelect(db, param)).as('latest'),
    jsonObjectFrom(overviewSelect(db, param)).as('overview'),
  ]),
);

export type DashboardReads = {
  /** The last 12 months and this month by category, or null without an account. */
  statistics: ReturnType<typeof summariseStatistics> | null;
  latest: TransactionJson[];
  limits: LimitsJson;
};

/**
 * What /dashboard shows besides the session's user: the account's statistics (monthly rollups),
 * its `count` newest transactions and the customer's limits. On SQLite the three reads run as
 * they are elsewhere (each a synchronous statement on the reader connection: nothing to wait
 * for); on PostgreSQL they are one statement (dashboardQuery).
 */
export function createDashboardReads(deps: { db: Db; transactions: TransactionRepository; limits: LimitsService }) {
  const { db, transactions, limits } = deps;
  const postgres = engineOf(db) === 'postgres';

  return {
    async read(userId: string, accountNumber: string | null, now: Date, count = 5): Promise<DashboardReads> {
      if (!postgres || accountNumber === null) {
        const [statistics, latest, overview] = await Promise.all([
          accountNumber ? transactions.statistics(accountNumber, now) : null,
          accountNumber ? transactions.latest(accountNumber, count) : [],
          limits.overview(userId),
        ]);
        return { statistics, latest, limits: overview };
      }
      const { months, since, thisMonth } = statisticsWindow(now);
      const row = (await dashboardQuery(db, { account: accountNumber, since, thisMonth, count, userId, day: lagosDate(now) })).rows[0]!;
      // json_agg and to_json hand back what the columns hold: numbers for the integer columns (as the
      // pg type parser makes them on their own), text as text, null as null.
      const latestRows = row.latest as unknown as TransactionRow[];
      return {
        statistics: summariseStatistics(row.statistics as unknown as Parameters<typeof summariseStatistics>[0], months),
        latest: latestRows.map(presentTransaction),
        limits: await limits.overviewFrom(userId, (row.overview ?? undefined) as OverviewRow | undefined, now),
      };
    },
  };
}
