import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { compiled, type Param } from '../../db/compiled.ts';
import type { Insertable } from 'kysely';
import type { TransactionRow, TransactionsTable } from '../../db/schema.ts';
import { insertRows, type EntryRider, type Rider, type Trx } from '../ledger/ledger.ts';
import { orderedId } from '../ids.ts';
import { queueTransactionAlert, transactionAlertsInsert } from '../alerts/alert-jobs.ts';
import { lagosDate, lagosDayStartUtc, lastMonths, toLagosIso } from '../../../lib/lagos-time.ts';
import type { Counterparty, TransactionCategory, TransactionJson, TransactionStatus } from '../../../lib/transaction.ts';

type StoredStatus = Exclude<TransactionStatus, 'held'>;
import { kobo, type Kobo } from '../../../lib/money.ts';

/**
 * A row's balance_after that is the account's balance once the entry is posted, taken from the
 * entry's own balance update (a transfer's recipient, whose account is not locked beforehand,
 * docs/decisions/010-few-statements-on-the-money-path.md). Only transactionWrites' riders to postEntry can carry it.
 */
export const balanceFromEntry = Symbol('balance after the entry');

export type NewTransaction = {
  reference: string;
  accountNumber: string;
  userId: string;
  type: 'debit' | 'credit';
  category: TransactionCategory;
  /** As stored: `held` is only ever presented (presentTransaction). */
  status: StoredStatus;
  amount: Kobo;
  fee: Kobo;
  balanceAfter: Kobo | typeof balanceFromEntry;
  narration: string;
  counterparty: Counterparty | null;
  details: Record<string, unknown>;
  entryId: string;
  at: Date;
};

/** Writes the customer's view of a movement, in the caller's transaction. Returns its id. */
export async function recordTransaction(trx: Trx, input: NewTransaction): Promise<string> {
  const [row] = await recordTransactions(trx, [input]);
  return row!.id;
}

function transactionRows(inputs: NewTransaction[]): TransactionRow[] {
  return inputs.map((input) => {
    const at = input.at.toISOString();
    return {
      id: orderedId('txn', input.at), // sorts in the order written: rows of one millisecond still list newest first
      reference: input.reference,
      account_number: input.accountNumber,
      user_id: input.userId,
      type: input.type,
      category: input.category,
      status: input.status,
      amount: input.amount,
      fee: input.fee,
      // Not known before the entry is posted: the row as returned says NaN; the row written, the balance.
      balance_after: input.balanceAfter === balanceFromEntry ? Number.NaN : input.balanceAfter,
      narration: input.narration,
      counterparty_name: input.counterparty?.name ?? null,
      counterparty_account: input.counterparty?.account_number ?? null,
      counterparty_bank_code: input.counterparty?.bank_code ?? null,
      counterparty_bank_name: input.counterparty?.bank_name ?? null,
      details: JSON.stringify(input.details),
      entry_id: input.entryId,
      value_date: lagosDate(input.at),
      created_at: at,
      updated_at: at,
    };
  });
}

/**
 * Writes the rows of one movement (a transfer's debit and credit) in one statement, with their
 * alerts in one more, in the caller's transaction. Returns the rows as written, so the caller
 * presents them without reading them back. (The monthly rollups follow the rows in the database:
 * migrations/2026-11-22T2000_monthly_rollups.ts.)
 */
export async function recordTransactions(trx: Trx, inputs: NewTransaction[]): Promise<TransactionRow[]> {
  if (inputs.length === 0) return [];
  if (inputs.some((input) => input.balanceAfter === balanceFromEntry)) throw new Error('recordTransactions: a balance from the entry needs postEntry (transactionWrites as its riders)');
  // Every movement the customer sees is alerted, queued with the movement itself (docs/decisions/007-transaction-alerts.md).
  const at = inputs[0]!.at;
  if (inputs.every((input) => input.at.getTime() === at.getTime())) {
    const rows = transactionRows(inputs);
    for (const statement of rowWrites(rows, at)) await statement.execute(trx);
    return rows;
  }
  const rows = transactionRows(inputs);
  await trx.insertInto('transactions').values(rows satisfies Insertable<TransactionsTable>[]).execute();
  for (const [index, row] of rows.entries()) await queueTransactionAlert(trx, { id: row.id, at: inputs[index]!.at });
  return rows;
}

/**
 * recordTransactions as riders of postEntry: the rows and their alerts as two
 * statements that go in the postings' statement on PostgreSQL, written at one time (`at` of the
 * first). The rows come back as they will be written, for the caller to present.
 */
export function transactionWrites(inputs: NewTransaction[]): { rows: TransactionRow[]; riders: EntryRider[] } {
  const rows = transactionRows(inputs);
  const at = inputs[0]!.at;
  if (inputs.some((input) => input.at.getTime() !== at.getTime())) throw new Error('transactionWrites: rows written at one time only');
  if (!inputs.some((input) => input.balanceAfter === balanceFromEntry)) return { rows, riders: rowWrites(rows, at) };
  // A balance from the entry goes in as SQL (postEntry's BalanceAfter) where the figure would be.
  const fromEntry: EntryRider = (balanceAfter) =>
    insertRows(
      'transactions',
      rows.map((row, index) => (inputs[index]!.balanceAfter === balanceFromEntry ? { ...row, balance_after: balanceAfter(row.account_number) } : row)),
    );
  return { rows, riders: [fromEntry, transactionAlertsInsert(rows.map((row) => row.id), at)] };
}

/** Rows written at one time whose balances are all known: their insert and their alerts, two statements. */
function rowWrites(rows: TransactionRow[], at: Date): Rider[] {
  return [insertRows('transactions', rows satisfies Insertable<TransactionsTable>[]), transactionAlertsInsert(rows.map((row) => row.id), at)];
}

export function presentTransaction(row: TransactionRow): TransactionJson {
  const details = JSON.parse(row.details) as Record<string, unknown>;
  return {
    reference: row.reference,
    type: row.type,
    category: row.category as TransactionCategory,
    // A held transfer is stored pending (its money reserved, counted in the day's debits as a pending one is).
    status: row.status === 'pending' && details.held === true ? 'held' : row.status,
    amount: kobo(Number(row.amount)),
    fee: kobo(Number(row.fee)),
    balance_after: kobo(Number(row.balance_after)),
    narration: row.narration,
    counterparty: row.counterparty_name
      ? { name: row.counterparty_name, account_number: row.counterparty_account ?? '', bank_code: row.counterparty_bank_code ?? '', bank_name: row.counterparty_bank_name ?? '' }
      : null,
    details,
    created_at: toLagosIso(row.created_at),
  };
}

export type HistoryFilter = {
  page: number;
  perPage: number;
  type?: 'debit' | 'credit' | undefined;
  category?: TransactionCategory | undefined;
  from?: string | undefined;
  to?: string | undefined;
  q?: string | undefined;
};
export type HistoryPage = { data: TransactionJson[]; current_page: number; last_page: number; per_page: number; total: number };

/** The history's search as it is matched (trimmed, lower case); '' when there is none. */
function searchText(filter: Pick<HistoryFilter, 'q'>): string {
  return filter.q?.trim().toLowerCase() ?? '';
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** The statuses the statistics count: money that moved or is on its way (reversed and failed rows never count). */
export const statisticsStatuses: StoredStatus[] = ['successful', 'pending'];

/**
 * The dashboard's two reads (statistics, latest), built and compiled once (db/compiled.ts): every
 * signed-in dashboard render runs both.
 */
export function statisticsSelect<P extends { account: string; since: string; thisMonth: string }>(db: Db, param: Param<P>) {
  // Only this month is shown by category (summariseStatistics): the months before are summed
  // across categories in SQL, so a year's rollups come back as ~30 rows instead of ~60.
  // Grouped by position: the CASE binds its month once, in the select list.
  return db
    .selectFrom('monthly_rollups')
    .select((eb) => [
      'month',
      'type',
      sql<string>`case when month = ${param('thisMonth')} then category else '' end`.as('category'),
      eb.fn.sum<number>(sql`amount_kobo + fee_kobo`).as('total'),
      eb.fn.sum<number>('row_count').as('count'),
    ])
    .where('account_number', '=', param('account'))
    .where('month', '>=', param('since'))
    .where('status', 'in', statisticsStatuses)
    .where('category', '<>', 'reversal')
    .groupBy([sql`1`, sql`2`, sql`3`]);
}
/** The newest `count` rows of an account, newest first. */
export function latestSelect<P extends { account: string; count: number }>(db: Db, param: Param<P>) {
  return db.selectFrom('transactions').selectAll().where('account_number', '=', param('account')).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(param('count'));
}
const statisticsQuery = compiled((db: Db, param: Param<{ account: string; since: string; thisMonth: string }>) => statisticsSelect(db, param));
const latestQuery = compiled((db: Db, param: Param<{ account: string; count: number }>) => latestSelect(db, param));

/**
 * The 12 Lagos months the statistics cover at `now`, oldest first, with the statement's bounds:
 * the first month it reads and the month it splits by category (statisticsSelect).
 */
export function statisticsWindow(now: Date): { months: string[]; since: string; thisMonth: string } {
  const months = lastMonths(now, 12);
  return { months, since: months[0]!, thisMonth: months.at(-1)! };
}

/** Rows grouped by month and type, and this month also by category (statisticsSelect; sums of amount + fee, counts), folded into the dashboard's statistics. */
export function summariseStatistics(rows: { month: string; type: string; category: string; total: number | string; count: number | string }[], months: string[]) {
  const monthly = new Map(months.map((month) => [month, { month, inflow: 0, outflow: 0, count: 0 }]));
  const current = { inflow: 0, outflow: 0, count: 0, by_category: {} as Record<string, number> };
  const thisMonth = months.at(-1)!;
  for (const row of rows) {
    const bucket = monthly.get(row.month);
    if (!bucket) continue;
    const total = Number(row.total);
    const count = Number(row.count);
    if (total === 0 && count === 0) continue; // a rollup group whose rows all moved to another status
    if (row.type === 'credit') bucket.inflow += total;
    else bucket.outflow += total;
    bucket.count += count;
    if (row.month === thisMonth) {
      if (row.type === 'credit') current.inflow += total;
      else current.outflow += total;
      current.count += count;
      current.by_category[row.category] = (current.by_category[row.category] ?? 0) + total;
    }
  }
  return { monthly_statistics: [...monthly.values()], current_month_statistics: current };
}

export function createTransactionRepository(db: Db) {
  function filtered(accountNumber: string, filter: Omit<HistoryFilter, 'page' | 'perPage'>) {
    let query = db.selectFrom('transactions').where('account_number', '=', accountNumber);
    if (filter.type) query = query.where('type', '=', filter.type);
    if (filter.category) query = query.where('category', '=', filter.category);
    if (filter.from) query = query.where('value_date', '>=', filter.from);
    if (filter.to) query = query.where('value_date', '<=', filter.to);
    const q = searchText(filter);
    if (q) {
      const pattern = `%${escapeLike(q)}%`;
      query = query.where((eb) =>
        eb.or([
          eb(sql`lower(narration)`, 'like', sql`${pattern} escape '\\'`),
          eb(sql`lower(coalesce(counterparty_name, ''))`, 'like', sql`${pattern} escape '\\'`),
          eb(sql`coalesce(counterparty_account, '')`, 'like', sql`${pattern} escape '\\'`),
          eb(sql`lower(reference)`, 'like', sql`${pattern} escape '\\'`),
        ]),
      );
    }
    return query;
  }

  /** How many transactions rows the account has, of a type and category when given, from the rollups. */
  function rowsInRollups(accountNumber: string, filter: Pick<HistoryFilter, 'type' | 'category'>) {
    let query = db.selectFrom('monthly_rollups').select((eb) => eb.fn.coalesce(eb.fn.sum<number>('row_count'), eb.lit(0)).as('total')).where('account_number', '=', accountNumber);
    if (filter.type) query = query.where('type', '=', filter.type);
    if (filter.category) query = query.where('category', '=', filter.category);
    return query.executeTakeFirstOrThrow();
  }

  return {
    async history(accountNumber: string, filter: HistoryFilter): Promise<HistoryPage> {
      const base = filtered(accountNumber, filter);
      // The total from the monthly rollups (every row is in one group, and its type and category
      // are grouped columns) unless the filter needs the rows themselves (days, search): a few
      // dozen rows summed instead of every transaction counted on each page.
      const counted = filter.from || filter.to || searchText(filter)
        ? await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow()
        : await rowsInRollups(accountNumber, filter);
      const total = Number(counted.total);
      const lastPage = Math.max(1, Math.ceil(total / filter.perPage));
      const rows = await base
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(filter.perPage)
        .offset((filter.page - 1) * filter.perPage)
        .execute();
      return { data: rows.map(presentTransaction), current_page: filter.page, last_page: lastPage, per_page: filter.perPage, total };
    },

    /** Oldest first, for statements. */
    async between(accountNumber: string, from: string, to: string): Promise<TransactionJson[]> {
      const rows = await db
        .selectFrom('transactions')
        .selectAll()
        .where('account_number', '=', accountNumber)
        .where('value_date', '>=', from)
        .where('value_date', '<=', to)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map(presentTransaction);
    },

    /** The balance just before a Lagos day began: the newest balance_after before it, else 0. */
    async balanceBefore(accountNumber: string, day: string): Promise<number> {
      const row = await db
        .selectFrom('transactions')
        .select('balance_after')
        .where('account_number', '=', accountNumber)
        .where('created_at', '<', lagosDayStartUtc(day))
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row ? Number(row.balance_after) : 0;
    },

    async latest(accountNumber: string, count: number): Promise<TransactionJson[]> {
      const { rows } = await latestQuery(db, { account: accountNumber, count });
      return rows.map(presentTransaction);
    },

    async byReference(accountNumber: string, reference: string): Promise<TransactionJson | null> {
      const row = await db.selectFrom('transactions').selectAll().where('account_number', '=', accountNumber).where('reference', '=', reference).executeTakeFirst();
      return row ? presentTransaction(row) : null;
    },

    /**
     * One of the caller's transactions, looked for across their accounts, with the account it is
     * on. Another customer's reference is simply not found; an over-long one is not looked up.
     */
    async findOwn<A extends { account_number: string }>(accounts: readonly A[], reference: string): Promise<{ transaction: TransactionJson; account: A } | null> {
      if (!reference || reference.length > 64) return null;
      for (const account of accounts) {
        const row = await db.selectFrom('transactions').selectAll().where('account_number', '=', account.account_number).where('reference', '=', reference).executeTakeFirst();
        if (row) return { transaction: presentTransaction(row), account };
      }
      return null;
    },

    /**
     * Money in and out per month for the last 12 months, and this month by category. Reversed
     * debits and their reversal credits cancel out, so both are left out of the figures;
     * failed ones never moved money. Read from the monthly rollups (kept with every row by the
     * database): at most 12 months × types × categories × statuses rows, however long the history.
     */
    async statistics(accountNumber: string, now: Date) {
      const { months, since, thisMonth } = statisticsWindow(now);
      const { rows } = await statisticsQuery(db, { account: accountNumber, since, thisMonth });
      return summariseStatistics(rows, months);
    },

    /** Debits counted against today's limit: not failed, not reversed, principal only (the daily_debits tally). */
    async debitedOn(trx: Trx | Db, accountNumber: string, day: string): Promise<Kobo> {
      const row = await trx.selectFrom('daily_debits').select('amount_kobo').where('account_number', '=', accountNumber).where('value_date', '=', day).executeTakeFirst();
      return kobo(Number(row?.amount_kobo ?? 0));
    },
  };
}
export type TransactionRepository = ReturnType<typeof createTransactionRepository>;
