import { spawnSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { expect, it } from 'vitest';
import { sql } from 'kysely';
import { describeOnEngines } from '../../testing/on-engines.ts';
import { customer, newKey, testPin } from '../../testing/customers.ts';
import { inTransaction, internalAccounts, newReference, postEntry } from '../ledger/ledger.ts';
import { verifyLedger } from '../ledger/verify-ledger.ts';
import { reverseDebit } from '../money/reversal.ts';
import { recordTransaction, summariseStatistics } from './transaction-repository.ts';
import { down as dropRollups, up as createRollups } from '../../db/migrations/2026-11-22T2000_monthly_rollups.ts';
import { sandboxSerials } from '../../integrations/interbank/sandbox-switch.ts';
import { lastMonths } from '../../../lib/lagos-time.ts';
import { nubanFor } from '../../../lib/nuban.ts';
import { kobo } from '../../../lib/money.ts';
import type { TransactionCategory } from '../../../lib/transaction.ts';
import type { Db } from '../../db/connection.ts';
import type { Kysely } from 'kysely';

const naira = (value: number) => kobo(value * 100);
const gtbank = { cbnCode: '058', nipCode: '000013' };
const dayMs = 24 * 60 * 60 * 1000;

/** The statistics as they were computed before the rollups: every transaction of the 12 months, aggregated. */
async function statisticsFromTransactions(db: Db, accountNumber: string, now: Date) {
  const months = lastMonths(now, 12);
  const rows = await db
    .selectFrom('transactions')
    .select((eb) => [sql<string>`substr(value_date, 1, 7)`.as('month'), 'type', 'category', eb.fn.sum<number>(sql`amount + fee`).as('total'), eb.fn.countAll<number>().as('count')])
    .where('account_number', '=', accountNumber)
    .where('value_date', '>=', `${months[0]}-01`)
    .where('status', 'in', ['successful', 'pending'])
    .where('category', '<>', 'reversal')
    .groupBy([sql`substr(value_date, 1, 7)`, 'type', 'category'])
    .execute();
  return summariseStatistics(rows, months);
}

/**
 * The monthly rollups behind the dashboard's statistics (migrations/2026-11-22T2000_monthly_rollups.ts):
 * they follow every write and status change of a transactions row in its own transaction, give
 * the same statistics the full aggregate gave, and ledger:verify checks them.
 */
describeOnEngines('monthly rollups on %s', (t, engine) => {
  const rollupsOf = (accountNumber: string) =>
    t().app.db.selectFrom('monthly_rollups').selectAll().where('account_number', '=', accountNumber).where('row_count', '>', 0).orderBy(['month', 'type', 'category', 'status']).execute();
  const expectVerified = async () => expect((await verifyLedger(t().app.db)).problems).toEqual([]);

  it('follow transfers, a pending payment that settles and one that is reversed, and airtime', async () => {
    const sender = await customer(t().app, { balance: naira(100_000) });
    const recipient = await customer(t().app);
    const local = await t().app.transfers.sendLocal(sender.userId, sender.accountNumber, { account_number: recipient.accountNumber, amount: naira(1_000), narration: '', pin: testPin, save_beneficiary: false }, newKey());
    expect(local.ok).toBe(true);
    const send = (serial: string, amount: number) =>
      t().app.transfers.sendToBank(sender.userId, sender.accountNumber, { account_number: nubanFor(serial, gtbank), bank_code: gtbank.nipCode, amount, narration: '', pin: testPin, save_beneficiary: false }, newKey());
    const toSuccess = await send(sandboxSerials.timeoutThenSuccess, naira(2_000));
    const toFailure = await send(sandboxSerials.timeoutThenFailure, naira(3_000));
    expect(toSuccess).toMatchObject({ ok: true, value: { transaction: { status: 'pending' } } });
    expect(toFailure).toMatchObject({ ok: true, value: { transaction: { status: 'pending' } } });
    const airtime = await t().app.bills.buyAirtime(sender.userId, sender.accountNumber, { network_id: 'mtn', phone_number: '08031234567', amount: naira(100), pin: testPin }, newKey());
    expect(airtime).toMatchObject({ ok: true, value: { transaction: { status: 'successful' } } });

    const month = (await t().app.db.selectFrom('transactions').select('value_date').where('account_number', '=', sender.accountNumber).executeTakeFirstOrThrow()).value_date.slice(0, 7);
    const group = (type: string, category: string, status: string, count: number, amount: number, fee: number) => ({ account_number: sender.accountNumber, month, type, category, status, row_count: count, amount_kobo: amount, fee_kobo: fee });
    const deposit = group('credit', 'deposit', 'successful', 1, naira(100_000), 0);
    expect(await rollupsOf(sender.accountNumber)).toEqual([
      deposit,
      group('debit', 'airtime', 'successful', 1, naira(100), 0),
      group('debit', 'transfer', 'pending', 2, naira(5_000), naira(20)),
      group('debit', 'transfer', 'successful', 1, naira(1_000), 0), // no charge inside the bank below ₦10,000
    ]);
    expect(await rollupsOf(recipient.accountNumber)).toEqual([{ ...group('credit', 'transfer', 'successful', 1, naira(1_000), 0), account_number: recipient.accountNumber }]);
    await expectVerified();

    // The re-query settles one and reverses the other: the pending group empties into both.
    t().clock.advance(31_000);
    expect(await t().app.payments.requery()).toEqual({ checked: 2, settled: 2 });
    expect(await rollupsOf(sender.accountNumber)).toEqual([
      deposit,
      group('credit', 'reversal', 'successful', 1, naira(3_010), 0),
      group('debit', 'airtime', 'successful', 1, naira(100), 0),
      group('debit', 'transfer', 'reversed', 1, naira(3_000), naira(10)),
      group('debit', 'transfer', 'successful', 2, naira(3_000), naira(10)),
    ]);
    await expectVerified();
    const now = t().clock.now();
    const statistics = await t().app.transactions.statistics(sender.accountNumber, now);
    expect(statistics).toEqual(await statisticsFromTransactions(t().app.db, sender.accountNumber, now));
    // The reversed debit and its reversal credit are left out; the settled one counts.
    expect(statistics.current_month_statistics).toEqual({ inflow: naira(100_000), outflow: naira(3_110), count: 4, by_category: { deposit: naira(100_000), transfer: naira(3_010), airtime: naira(100) } });
  });

  it('put each movement in its Lagos month, across a year boundary', async () => {
    const setClock = (iso: string) => t().clock.advance(Date.parse(iso) - t().clock.now().getTime());
    // The opening deposit lands in a month of its own, whatever today's date: in December it
    // would count in the December the test expects only one movement in.
    setClock('2026-10-15T12:00:00Z');
    const holder = await customer(t().app, { balance: naira(50_000) });
    const other = await customer(t().app);
    const send = (amount: number) => t().app.transfers.sendLocal(holder.userId, holder.accountNumber, { account_number: other.accountNumber, amount, narration: '', pin: testPin, save_beneficiary: false }, newKey());
    setClock('2026-12-31T22:30:00Z'); // 23:30 on 31 December in Lagos
    expect((await send(naira(100))).ok).toBe(true);
    setClock('2026-12-31T23:30:00Z'); // 00:30 on 1 January in Lagos, still 2026 in UTC
    expect((await send(naira(200))).ok).toBe(true);
    setClock('2027-01-20T10:00:00Z');
    expect((await send(naira(300))).ok).toBe(true);

    const debits = (await rollupsOf(holder.accountNumber)).filter((row) => row.type === 'debit').map((row) => [row.month, row.row_count, row.amount_kobo]);
    expect(debits).toEqual([
      ['2026-12', 1, naira(100)],
      ['2027-01', 2, naira(500)],
    ]);
    const now = t().clock.now();
    const statistics = await t().app.transactions.statistics(holder.accountNumber, now);
    expect(statistics).toEqual(await statisticsFromTransactions(t().app.db, holder.accountNumber, now));
    expect(statistics.monthly_statistics.map((month) => month.month)).toEqual(lastMonths(now, 12));
    expect(statistics.monthly_statistics.find((month) => month.month === '2026-12')).toMatchObject({ outflow: naira(100), count: 1 });
    expect(statistics.current_month_statistics).toMatchObject({ outflow: naira(500), count: 2 });
    await expectVerified();
  });

  it('give the statistics the full aggregate gave, on random histories', async () => {
    const holders = [await customer(t().app, { balance: naira(10_000_000) }), await customer(t().app, { balance: naira(10_000_000) })];
    const categories: TransactionCategory[] = ['transfer', 'airtime', 'data', 'electricity', 'cable'];
    const start = t().clock.now().getTime() - 420 * dayMs;
    const pending: { id: string }[] = [];
    await inTransaction(t().app.db, async (trx) => {
      for (let index = 0; index < 300; index += 1) {
        const holder = holders[randomInt(holders.length)]!;
        const at = new Date(start + randomInt(420 * 24) * 3_600_000);
        const credit = randomInt(3) === 0;
        const amount = kobo(randomInt(1, 500_000));
        const fee = kobo(credit ? 0 : [0, 1_000, 2_500][randomInt(3)]!);
        const status = credit ? 'successful' : (['successful', 'pending', 'failed'] as const)[randomInt(3)]!;
        const reference = newReference(credit ? 'DEP' : 'BIL', at);
        const posted = await postEntry(trx, {
          reference,
          kind: 'test.random',
          description: 'random history',
          at: at.toISOString(),
          lines: credit
            ? [
                { account: internalAccounts.sandboxFunding, amount: kobo(-amount) },
                { account: holder.accountNumber, amount },
              ]
            : [
                { account: holder.accountNumber, amount: kobo(-(amount + fee)) },
                { account: internalAccounts.suspense, amount },
                { account: internalAccounts.feeIncome, amount: fee },
              ],
        });
        const id = await recordTransaction(trx, {
          reference,
          accountNumber: holder.accountNumber,
          userId: holder.userId,
          type: credit ? 'credit' : 'debit',
          category: credit ? 'deposit' : categories[randomInt(categories.length)]!,
          status,
          amount,
          fee,
          balanceAfter: posted.balances.get(holder.accountNumber)!,
          narration: 'random',
          counterparty: null,
          details: {},
          entryId: posted.entryId,
          at,
        });
        if (status === 'pending') pending.push({ id });
      }
      // Half the pending debits fail and are reversed (status changes and a reversal credit); the rest settle.
      for (const [index, { id }] of pending.entries()) {
        const original = await trx.selectFrom('transactions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
        if (index % 2 === 0) await reverseDebit(trx, original, { reason: 'test', narration: 'Reversal', description: 'test reversal', at: new Date(original.created_at) });
        else await trx.updateTable('transactions').set({ status: 'successful' }).where('id', '=', id).execute();
      }
    });
    const now = t().clock.now();
    for (const holder of holders) {
      expect(await t().app.transactions.statistics(holder.accountNumber, now)).toEqual(await statisticsFromTransactions(t().app.db, holder.accountNumber, now));
    }
    // Rows deleted (no code path does, but the rollups follow a delete too) still verify.
    await t().app.db.deleteFrom('jobs').execute();
    const victim = await t().app.db.selectFrom('transactions').select('id').where('account_number', '=', holders[0]!.accountNumber).where('category', '<>', 'deposit').limit(1).executeTakeFirstOrThrow();
    await t().app.db.deleteFrom('transactions').where('id', '=', victim.id).execute();
    expect(await t().app.transactions.statistics(holders[0]!.accountNumber, now)).toEqual(await statisticsFromTransactions(t().app.db, holders[0]!.accountNumber, now));
    const problems = (await verifyLedger(t().app.db)).problems;
    expect(problems.filter((problem) => problem.startsWith('rollup'))).toEqual([]);
    // The history's total comes from the rollups when the filter allows: it is the rows' count.
    const filters = [{}, { type: 'debit' }, { type: 'credit' }, ...[...categories, 'deposit', 'reversal'].flatMap((category) => [{ category }, { type: 'debit', category }])] as { type?: 'debit' | 'credit'; category?: TransactionCategory }[];
    for (const holder of holders) {
      for (const filter of filters) {
        let counting = t().app.db.selectFrom('transactions').select((eb) => eb.fn.countAll<number>().as('n')).where('account_number', '=', holder.accountNumber);
        if (filter.type) counting = counting.where('type', '=', filter.type);
        if (filter.category) counting = counting.where('category', '=', filter.category);
        const rows = Number((await counting.executeTakeFirstOrThrow()).n);
        const page = await t().app.transactions.history(holder.accountNumber, { page: 1, perPage: 20, ...filter });
        expect(page.total, JSON.stringify(filter)).toBe(rows);
        expect(page.last_page).toBe(Math.max(1, Math.ceil(rows / 20)));
      }
    }
  });

  it('are backfilled from the transactions already written when the migration runs', async () => {
    const sender = await customer(t().app, { balance: naira(10_000) });
    const recipient = await customer(t().app);
    expect((await t().app.transfers.sendLocal(sender.userId, sender.accountNumber, { account_number: recipient.accountNumber, amount: naira(500), narration: '', pin: testPin, save_beneficiary: false }, newKey())).ok).toBe(true);
    const before = await rollupsOf(sender.accountNumber);
    const db = t().app.db as unknown as Kysely<unknown>;
    await dropRollups(db);
    await createRollups(db);
    expect(await rollupsOf(sender.accountNumber)).toEqual(before);
    await expectVerified();
    // And the triggers are back: a new movement is counted.
    expect((await t().app.transfers.sendLocal(sender.userId, sender.accountNumber, { account_number: recipient.accountNumber, amount: naira(500), narration: '', pin: testPin, save_beneficiary: false }, newKey())).ok).toBe(true);
    expect((await rollupsOf(sender.accountNumber)).find((row) => row.type === 'debit')).toMatchObject({ row_count: 2, amount_kobo: naira(1_000) });
    await expectVerified();
  });

  it('ledger:verify fails when a rollup is off by one kobo', async () => {
    const sender = await customer(t().app, { balance: naira(10_000) });
    await expectVerified();
    await t()
      .app.db.updateTable('monthly_rollups')
      .set({ amount_kobo: sql<number>`amount_kobo + 1` })
      .where('account_number', '=', sender.accountNumber)
      .execute();
    const report = await verifyLedger(t().app.db);
    expect(report.ok).toBe(false);
    expect(report.problems).toEqual([expect.stringMatching(new RegExp(`^rollup ${sender.accountNumber} \\d{4}-\\d{2} credit deposit successful: holds 1 rows, amounts ${naira(10_000) + 1}, fees 0 but the transactions have 1 rows, amounts ${naira(10_000)}, fees 0$`))]);
    if (engine === 'sqlite') {
      // The command an operator runs says so and exits 1.
      const run = spawnSync(process.execPath, ['scripts/ledger-verify.mjs'], { env: { ...process.env, DATA_DIR: t().app.config.dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false' }, encoding: 'utf8' });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain(`rollup ${sender.accountNumber}`);
    }
  });
});
