import { spawnSync } from 'node:child_process';
import { expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { describeOnEngines } from '../../testing/on-engines.ts';
import { customer, newKey, testPin } from '../../testing/customers.ts';
import { verifyLedger } from '../ledger/verify-ledger.ts';
import { down as dropDailyDebits, up as createDailyDebits } from '../../db/migrations/2026-11-27T1300_daily_debits.ts';
import { sandboxSerials } from '../../integrations/interbank/sandbox-switch.ts';
import { lagosDate } from '../../../lib/lagos-time.ts';
import { nubanFor } from '../../../lib/nuban.ts';
import { kobo } from '../../../lib/money.ts';

const naira = (value: number) => kobo(value * 100);
const gtbank = { cbnCode: '058', nipCode: '000013' };

/**
 * The daily debit tally (migrations/2026-11-27T1300_daily_debits.ts) that the money gate reads
 * for "used today" instead of summing the day's debits: it follows every debit, settlement and
 * reversal in their own transaction, per Lagos day, and ledger:verify checks it.
 */
describeOnEngines('daily debits on %s', (t, engine) => {
  const tallyOf = async (accountNumber: string) =>
    (await t().app.db.selectFrom('daily_debits').select(['value_date', 'amount_kobo']).where('account_number', '=', accountNumber).orderBy('value_date').execute()).map((row) => [row.value_date, Number(row.amount_kobo)]);
  const expectVerified = async () => expect((await verifyLedger(t().app.db)).problems).toEqual([]);
  const setClock = (iso: string) => t().clock.advance(Date.parse(iso) - t().clock.now().getTime());

  it('count transfers, purchases and pending payments, and give a reversed one back to the limit', async () => {
    const sender = await customer(t().app, { balance: naira(200_000) });
    const recipient = await customer(t().app);
    const local = await t().app.transfers.sendLocal(sender.userId, sender.accountNumber, { account_number: recipient.accountNumber, amount: naira(1_000), narration: '', pin: testPin, save_beneficiary: false }, newKey());
    expect(local.ok).toBe(true);
    const send = (serial: string, amount: number) =>
      t().app.transfers.sendToBank(sender.userId, sender.accountNumber, { account_number: nubanFor(serial, gtbank), bank_code: gtbank.nipCode, amount, narration: '', pin: testPin, save_beneficiary: false }, newKey());
    expect(await send(sandboxSerials.timeoutThenSuccess, naira(2_000))).toMatchObject({ ok: true, value: { transaction: { status: 'pending' } } });
    expect(await send(sandboxSerials.timeoutThenFailure, naira(3_000))).toMatchObject({ ok: true, value: { transaction: { status: 'pending' } } });
    const airtime = await t().app.bills.buyAirtime(sender.userId, sender.accountNumber, { network_id: 'mtn', phone_number: '08031234567', amount: naira(100), pin: testPin }, newKey());
    expect(airtime).toMatchObject({ ok: true, value: { transaction: { status: 'successful' } } });

    const day = lagosDate(t().clock.now());
    // Principal only (fees are not counted against the limit), pending included; credits never.
    expect(await tallyOf(sender.accountNumber)).toEqual([[day, naira(6_100)]]);
    expect(await tallyOf(recipient.accountNumber)).toEqual([]);
    expect(await t().app.transactions.debitedOn(t().app.db, sender.accountNumber, day)).toBe(naira(6_100));
    await expectVerified();

    // The re-query settles one (still counted) and reverses the other (given back).
    t().clock.advance(31_000);
    expect(await t().app.payments.requery()).toEqual({ checked: 2, settled: 2 });
    expect(await tallyOf(sender.accountNumber)).toEqual([[day, naira(3_100)]]);
    await expectVerified();
  });

  it('start afresh on each Lagos day, and hold the tier limit across days', async () => {
    const sender = await customer(t().app, { balance: naira(100_000), tier: 3 });
    await t().app.db.updateTable('users').set({ tier: 1 }).where('id', '=', sender.userId).execute();
    const recipient = await customer(t().app);
    const send = (amount: number) => t().app.transfers.sendLocal(sender.userId, sender.accountNumber, { account_number: recipient.accountNumber, amount, narration: '', pin: testPin, save_beneficiary: false }, newKey());
    setClock('2026-12-31T22:30:00Z'); // 23:30 on 31 December in Lagos
    expect((await send(naira(30_000))).ok).toBe(true);
    expect(await send(naira(20_001))).toMatchObject({ ok: false, code: 'LIMIT_EXCEEDED' });
    setClock('2026-12-31T23:30:00Z'); // 00:30 on 1 January in Lagos, still 31 December in UTC
    expect((await send(naira(20_001))).ok).toBe(true);
    expect(await send(naira(30_000))).toMatchObject({ ok: false, code: 'LIMIT_EXCEEDED' });
    expect(await tallyOf(sender.accountNumber)).toEqual([
      ['2026-12-31', naira(30_000)],
      ['2027-01-01', naira(20_001)],
    ]);
    await expectVerified();
  });

  it('are backfilled from the transactions already written when the migration runs', async () => {
    const sender = await customer(t().app, { balance: naira(10_000) });
    const recipient = await customer(t().app);
    const send = () => t().app.transfers.sendLocal(sender.userId, sender.accountNumber, { account_number: recipient.accountNumber, amount: naira(500), narration: '', pin: testPin, save_beneficiary: false }, newKey());
    expect((await send()).ok).toBe(true);
    const before = await tallyOf(sender.accountNumber);
    const db = t().app.db as unknown as Kysely<unknown>;
    await dropDailyDebits(db);
    await createDailyDebits(db);
    expect(await tallyOf(sender.accountNumber)).toEqual(before);
    // And the triggers are back.
    expect((await send()).ok).toBe(true);
    expect(await tallyOf(sender.accountNumber)).toEqual([[before[0]![0], naira(1_000)]]);
    await expectVerified();
  });

  it('ledger:verify fails when a tally is off by one kobo', async () => {
    const sender = await customer(t().app, { balance: naira(10_000) });
    const recipient = await customer(t().app);
    expect((await t().app.transfers.sendLocal(sender.userId, sender.accountNumber, { account_number: recipient.accountNumber, amount: naira(500), narration: '', pin: testPin, save_beneficiary: false }, newKey())).ok).toBe(true);
    await expectVerified();
    await t().app.db.updateTable('daily_debits').set({ amount_kobo: sql<number>`amount_kobo + 1` }).where('account_number', '=', sender.accountNumber).execute();
    const report = await verifyLedger(t().app.db);
    expect(report.ok).toBe(false);
    const day = lagosDate(t().clock.now());
    expect(report.problems).toEqual([`daily debits ${sender.accountNumber} ${day}: holds ${naira(500) + 1} but the day's debits sum to ${naira(500)}`]);
    if (engine === 'sqlite') {
      const run = spawnSync(process.execPath, ['scripts/ledger-verify.mjs'], { env: { ...process.env, DATA_DIR: t().app.config.dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false' }, encoding: 'utf8' });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain(`daily debits ${sender.accountNumber}`);
    }
  });

  it('refuse a negative tally (CHECK), whatever writes it', async () => {
    const sender = await customer(t().app, { balance: naira(10_000) });
    const recipient = await customer(t().app);
    expect((await t().app.transfers.sendLocal(sender.userId, sender.accountNumber, { account_number: recipient.accountNumber, amount: naira(500), narration: '', pin: testPin, save_beneficiary: false }, newKey())).ok).toBe(true);
    await expect(t().app.db.updateTable('daily_debits').set({ amount_kobo: -1 }).where('account_number', '=', sender.accountNumber).execute()).rejects.toThrow();
  });
});
