import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { internalAccounts } from './ledger.ts';

export type LedgerReport = {
  ok: boolean;
  accounts: number;
  entries: number;
  postings: number;
  problems: string[];
};

/**
 * Recomputes the books from the postings and compares: every entry sums to zero, every account's
 * balance equals the sum of its postings, all balances sum to zero, no customer is below zero,
 * each customer transaction's entry exists, the suspense account holds exactly the pending
 * interbank transfers, and every monthly rollup and daily debit tally equals the transactions it sums.
 */
export async function verifyLedger(db: Db): Promise<LedgerReport> {
  const problems: string[] = [];

  const unbalanced = await db
    .selectFrom('postings')
    .select(['entry_id', (eb) => eb.fn.sum<number>('amount').as('total')])
    .groupBy('entry_id')
    .having((eb) => eb.fn.sum('amount'), '<>', 0)
    .execute();
  for (const row of unbalanced) problems.push(`entry ${row.entry_id} does not balance: its postings sum to ${row.total}`);

  const emptyEntries = await db
    .selectFrom('journal_entries')
    .select('id')
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('postings').select('postings.entry_id').whereRef('postings.entry_id', '=', 'journal_entries.id'))))
    .execute();
  for (const row of emptyEntries) problems.push(`entry ${row.id} has no postings`);

  const accounts = await db
    .selectFrom('accounts')
    .leftJoin(
      db.selectFrom('postings').select(['account_number', (eb) => eb.fn.sum<number>('amount').as('posted')]).groupBy('account_number').as('sums'),
      'sums.account_number',
      'accounts.account_number',
    )
    .select(['accounts.account_number', 'accounts.kind', 'accounts.balance', sql<number>`coalesce(sums.posted, 0)`.as('posted')])
    .execute();
  let total = 0;
  for (const account of accounts) {
    const balance = Number(account.balance);
    const posted = Number(account.posted);
    total += balance;
    if (balance !== posted) problems.push(`account ${account.account_number}: balance ${balance} but its postings sum to ${posted}`);
    if (account.kind === 'customer' && balance < 0) problems.push(`customer account ${account.account_number} is negative: ${balance}`);
  }
  if (total !== 0) problems.push(`all balances sum to ${total}, not zero`);

  const orphans = await db
    .selectFrom('transactions')
    .select('reference')
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('journal_entries').select('journal_entries.id').whereRef('journal_entries.id', '=', 'transactions.entry_id'))))
    .execute();
  for (const row of orphans) problems.push(`transaction ${row.reference} points at a missing entry`);

  // Suspense holds exactly the money in flight: pending interbank transfers (and those held for a
  // security check, reserved the same way before they are sent) and pending purchases.
  const pendingTransfers = await db.selectFrom('interbank_transfers').select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('total')).where('status', 'in', ['pending', 'held']).executeTakeFirstOrThrow();
  const pendingPurchases = await db.selectFrom('bill_purchases').select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('total')).where('status', '=', 'pending').executeTakeFirstOrThrow();
  const inFlight = Number(pendingTransfers.total) + Number(pendingPurchases.total);
  const suspense = accounts.find((account) => account.account_number === internalAccounts.suspense);
  if (suspense && Number(suspense.balance) !== inFlight) {
    problems.push(`suspense holds ${suspense.balance} but pending interbank transfers (${pendingTransfers.total}) and purchases (${pendingPurchases.total}) total ${inFlight}`);
  }

  // The monthly rollups (the dashboard's statistics) hold exactly what the transactions sum to.
  problems.push(...(await rollupProblems(db)));
  // The daily debit tallies (the limits' "used today") hold exactly the day's counted debits.
  problems.push(...(await dailyDebitProblems(db)));

  const counts = await db
    .selectNoFrom((eb) => [
      eb.selectFrom('journal_entries').select(eb.fn.countAll<number>().as('n')).as('entries'),
      eb.selectFrom('postings').select(eb.fn.countAll<number>().as('n')).as('postings'),
    ])
    .executeTakeFirstOrThrow();
  return { ok: problems.length === 0, accounts: accounts.length, entries: Number(counts.entries), postings: Number(counts.postings), problems };
}

/**
 * Each rollup group (account, month, type, category, status) against the transactions rows it
 * stands for: the same count, amounts and fees. A group with no rows must be all zeros.
 */
export async function rollupProblems(db: Db): Promise<string[]> {
  const month = sql<string>`substr(value_date, 1, 7)`;
  const actual = await db
    .selectFrom('transactions')
    .select((eb) => ['account_number', month.as('month'), 'type', 'category', 'status', eb.fn.countAll<number>().as('row_count'), eb.fn.sum<number>('amount').as('amount_kobo'), eb.fn.sum<number>('fee').as('fee_kobo')])
    .groupBy(['account_number', month, 'type', 'category', 'status'])
    .execute();
  const stored = await db.selectFrom('monthly_rollups').selectAll().execute();
  const keyOf = (row: { account_number: string; month: string; type: string; category: string; status: string }) => [row.account_number, row.month, row.type, row.category, row.status].join(' ');
  const figures = (row: { row_count: number | string; amount_kobo: number | string; fee_kobo: number | string } | undefined) =>
    row ? `${Number(row.row_count)} rows, amounts ${Number(row.amount_kobo)}, fees ${Number(row.fee_kobo)}` : '0 rows, amounts 0, fees 0';
  const expected = new Map(actual.map((row) => [keyOf(row), row]));
  const problems: string[] = [];
  for (const row of stored) {
    const key = keyOf(row);
    const want = figures(expected.get(key));
    const have = figures(row);
    if (want !== have) problems.push(`rollup ${key}: holds ${have} but the transactions have ${want}`);
    expected.delete(key);
  }
  for (const [key, row] of expected) problems.push(`rollup ${key} is missing: the transactions have ${figures(row)}`);
  return problems;
}

/**
 * Each daily debit tally (account, Lagos day) against the debits it stands for: the principal of
 * that day's debits that are successful or pending. A tally whose debits were all reversed must be 0.
 */
export async function dailyDebitProblems(db: Db): Promise<string[]> {
  const actual = await db
    .selectFrom('transactions')
    .select((eb) => ['account_number', 'value_date', eb.fn.sum<number>('amount').as('amount_kobo')])
    .where('type', '=', 'debit')
    .where('status', 'in', ['successful', 'pending'])
    .groupBy(['account_number', 'value_date'])
    .execute();
  const stored = await db.selectFrom('daily_debits').selectAll().execute();
  const expected = new Map(actual.map((row) => [`${row.account_number} ${row.value_date}`, Number(row.amount_kobo)]));
  const problems: string[] = [];
  for (const row of stored) {
    const key = `${row.account_number} ${row.value_date}`;
    const want = expected.get(key) ?? 0;
    if (Number(row.amount_kobo) !== want) problems.push(`daily debits ${key}: holds ${Number(row.amount_kobo)} but the day's debits sum to ${want}`);
    expected.delete(key);
  }
  for (const [key, want] of expected) problems.push(`daily debits ${key} is missing: the day's debits sum to ${want}`);
  return problems;
}
