import { expect, it } from 'vitest';
import { describeOnEngines } from '../../testing/on-engines.ts';
import { customer, newKey, testPin } from '../../testing/customers.ts';

const naira = (value: number) => value * 100;
const statements: string[] = [];

/**
 * The dashboard's reads (dashboard-reads.ts): on PostgreSQL one statement of JSON values, on
 * SQLite the three reads as they are. Either way the answer is what the three reads give on their
 * own, and the new-browser cap (on here, as for a new account) comes through its own check.
 */
describeOnEngines('the dashboard reads on %s', { env: { NEW_DEVICE_CAP_NAIRA: '20000' }, onQuery: (text) => statements.push(text) }, (t, engine) => {
  it('answers what the statistics, the latest transactions and the limits answer on their own', async () => {
    const { app, clock } = t();
    const sender = await customer(app, { balance: naira(50_000) });
    const recipient = await customer(app);
    const send = (from: typeof sender, to: typeof sender, amount: number, narration = '') =>
      app.transfers.sendLocal(from.userId, from.accountNumber, { account_number: to.accountNumber, amount, narration, pin: testPin, save_beneficiary: false }, newKey());
    for (const amount of [naira(100), naira(250) + 50, naira(75)]) expect((await send(sender, recipient, amount, 'Rent “share” ₦')).ok).toBe(true);
    clock.advance(40 * 24 * 3600_000);
    for (const amount of [naira(20), naira(30), naira(40), naira(10)]) expect((await send(sender, recipient, amount)).ok).toBe(true);
    expect((await send(recipient, sender, naira(15))).ok).toBe(true);
    // A customer opened now: the new-account cap's window is open, so the overview sums what it moved.
    const fresh = await customer(app, { balance: naira(1_000) });
    expect((await send(fresh, recipient, naira(12))).ok).toBe(true);
    expect((await app.limits.setDailyLimit(sender.userId, { limit: naira(30_000) })).ok).toBe(true);

    const now = clock.now();
    for (const who of [sender, recipient, fresh]) {
      statements.length = 0;
      const read = await app.dashboard.read(who.userId, who.accountNumber, now);
      const reads = statements.length;
      expect(read).toEqual({
        statistics: await app.transactions.statistics(who.accountNumber, now),
        latest: await app.transactions.latest(who.accountNumber, 5),
        limits: await app.limits.overview(who.userId),
      });
      // The fresh customer's deposit and payment.
      expect(read.latest).toHaveLength(who === fresh ? 2 : 5);
      expect(read.limits.new_browser_cap === null).toBe(who !== fresh);
      // One statement on PostgreSQL; an open cap's window adds its own sum.
      if (engine === 'postgres') expect(reads).toBe(who === fresh ? 2 : 1);
    }
    expect((await app.dashboard.read(sender.userId, sender.accountNumber, now)).limits).toMatchObject({ own_daily_limit: naira(30_000) });
  });

  it('reads no account: no statistics, no transactions, the limits all the same', async () => {
    const { app, clock } = t();
    const someone = await customer(app);
    const read = await app.dashboard.read(someone.userId, null, clock.now());
    expect(read).toEqual({ statistics: null, latest: [], limits: await app.limits.overview(someone.userId) });
  });
});
