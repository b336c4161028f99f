import { describe, expect, it } from 'vitest';
import { describeOnEngines } from '../../testing/on-engines.ts';
import { balanceOf } from '../../testing/balances.ts';
import { customer, newKey, testPin } from '../../testing/customers.ts';
import { kobo, type Kobo } from '../../../lib/money.ts';
import { lagosDate } from '../../../lib/lagos-time.ts';
import { inTransaction, internalAccounts, newReference, postEntry, prepareEntry, readUnlocked, StaleRead } from '../ledger/ledger.ts';
import { verifyLedger } from '../ledger/verify-ledger.ts';
import { recordTransaction } from '../transactions/transaction-repository.ts';
import { createMoneyGate } from './money-gate.ts';
import { moneyWords } from '../../http/money-words.ts';
import { said } from '../../../i18n/said.ts';
import { inEnglish } from '../../testing/in-english.ts';

const naira = (value: number) => kobo(value * 100);

/**
 * The money path as it was shortened on PostgreSQL (data-modifying CTEs, the journal row before
 * the locks, the lock and the limits' reads in one statement): the guarantees it kept
 * (docs/decisions/010-few-statements-on-the-money-path.md).
 */
describeOnEngines('the money path on %s', (t, engine) => {
  const send = (from: { userId: string; accountNumber: string }, to: string, amount: Kobo, narration = '') =>
    t().app.transfers.sendLocal(from.userId, from.accountNumber, { account_number: to, amount, narration, pin: testPin, save_beneficiary: false }, newKey());

  it('a burst of transfers both ways between four accounts (with stamp duty) neither deadlocks nor loses a kobo', async () => {
    const people = await Promise.all(Array.from({ length: 4 }, () => customer(t().app, { balance: naira(1_000_000) })));
    // Every ordered pair, three times over, all at once: opposite directions meet on the same two rows.
    const pairs = people.flatMap((from, i) => people.filter((_, j) => j !== i).map((to) => [from, to] as const));
    const answers = await Promise.all([0, 1, 2].flatMap(() => pairs.map(([from, to]) => send(from, to.accountNumber, naira(10_000)))));
    expect(answers.filter((answer) => !answer.ok)).toEqual([]);
    // Each sent and received the same number of ₦10,000s: only the stamp duty (₦50 a transfer) left them.
    for (const person of people) expect(await balanceOf(t().app, person.accountNumber)).toBe(naira(1_000_000 - 9 * 50));
    expect(await balanceOf(t().app, internalAccounts.stampDuty)).toBe(naira(36 * 50));
    expect((await verifyLedger(t().app.db)).problems).toEqual([]);
  }, 60_000);

  /**
   * A customer whose account number sorts in the middle of the range (3… to 6…), to be paid by
   * senders on one or both sides of it: near an end, finding four on the short side took up to a
   * minute of new customers (random serials, account-repository.ts).
   */
  async function middleCustomer(options: Parameters<typeof customer>[1] = {}) {
    for (;;) {
      const found = await customer(t().app, options);
      if (found.accountNumber >= '3' && found.accountNumber < '7') return found;
    }
  }

  /** Senders on both sides of `recipient` in account order: on PostgreSQL those before it lock it with their own row, those after it only in the entry (lockForDebit). */
  async function sendersAround(recipient: string, each: number, options: { balance: number }) {
    const before: Awaited<ReturnType<typeof customer>>[] = [];
    const after: Awaited<ReturnType<typeof customer>>[] = [];
    while (before.length < each || after.length < each) {
      const sender = await customer(t().app, { tier: 3, balance: options.balance });
      const side = sender.accountNumber < recipient ? before : after;
      if (side.length < each) side.push(sender);
    }
    return [...before, ...after];
  }

  it('a burst to one recipient from senders on both sides of it in account order: each credit row says the balance its credit left', async () => {
    const recipient = await middleCustomer({ balance: naira(1_000) });
    const senders = await sendersAround(recipient.accountNumber, 4, { balance: naira(10_000) });
    const answers = await Promise.all(senders.map((sender, index) => send(sender, recipient.accountNumber, naira(100 + index))));
    expect(answers.filter((answer) => !answer.ok)).toEqual([]);
    const total = senders.reduce((sum, _, index) => sum + naira(100 + index), 0);
    expect(await balanceOf(t().app, recipient.accountNumber)).toBe(naira(1_000) + total);
    // In the order the credits landed, every row's balance after is the one before it plus its amount.
    const credits = await t().app.db.selectFrom('transactions').select(['amount', 'balance_after']).where('account_number', '=', recipient.accountNumber).where('type', '=', 'credit').where('category', '=', 'transfer').orderBy('id').execute();
    expect(credits).toHaveLength(senders.length);
    const byBalance = credits.map((row) => ({ amount: Number(row.amount), after: Number(row.balance_after) })).sort((a, b) => a.after - b.after);
    let running: number = naira(1_000);
    for (const row of byBalance) {
      running += row.amount;
      expect(row.after).toBe(running);
    }
    expect((await verifyLedger(t().app.db)).problems).toEqual([]);
  }, 60_000);

  it('a burst past a tier-1 recipient’s maximum balance: exactly the credits that fit land, the rest are refused and move nothing', async () => {
    const cap = t().app.config.money.tiers[1].maxBalanceKobo!;
    // Room for exactly three ₦1,000 credits.
    const recipient = await middleCustomer({ tier: 1, balance: kobo(cap - naira(3_500)) });
    const senders = await sendersAround(recipient.accountNumber, 4, { balance: naira(10_000) });
    const answers = await Promise.all(senders.map((sender) => send(sender, recipient.accountNumber, naira(1_000))));
    expect(answers.filter((answer) => answer.ok)).toHaveLength(3);
    const refused = answers.filter((answer) => !answer.ok);
    expect(refused).toHaveLength(senders.length - 3);
    for (const answer of refused) expect(inEnglish(answer)).toMatchObject({ ok: false, code: 'LIMIT_EXCEEDED', errors: { amount: ['Too much for the recipient’s account'] } });
    expect(await balanceOf(t().app, recipient.accountNumber)).toBe(cap - naira(500));
    // A refused sender lost nothing; one that paid lost exactly the ₦1,000 (no charge inside the bank below ₦10,000).
    const balances = await Promise.all(senders.map((sender) => balanceOf(t().app, sender.accountNumber)));
    expect(balances.filter((balance) => balance === naira(9_000))).toHaveLength(3);
    expect(balances.filter((balance) => balance === naira(10_000))).toHaveLength(senders.length - 3);
    expect(await t().app.db.selectFrom('idempotency_keys').select('state').where('user_id', 'in', senders.map((sender) => sender.userId)).execute()).toHaveLength(3);
    expect((await verifyLedger(t().app.db)).problems).toEqual([]);
  }, 60_000);

  it('a transfer’s rows, alerts and stored answer are written with its postings, and a replay returns the same answer', async () => {
    const sender = await customer(t().app, { balance: naira(1_000) });
    const recipient = await customer(t().app);
    const key = newKey();
    const input = { account_number: recipient.accountNumber, amount: naira(100), narration: 'Lunch', pin: testPin, save_beneficiary: false };
    const first = await t().app.transfers.sendLocal(sender.userId, sender.accountNumber, input, key);
    expect(first).toMatchObject({ ok: true, value: { transaction: { balance_after: naira(900), amount: naira(100), narration: 'Lunch' } } });
    const again = await t().app.transfers.sendLocal(sender.userId, sender.accountNumber, input, key);
    expect(again).toEqual({ ...first, replayed: true });
    const rows = await t().app.db.selectFrom('transactions').select(['id', 'account_number', 'balance_after']).where('reference', '=', first.ok ? first.value.transaction.reference : '').orderBy('type').execute();
    expect(rows.map((row) => [row.account_number, Number(row.balance_after)])).toEqual([
      [recipient.accountNumber, naira(100)],
      [sender.accountNumber, naira(900)],
    ]);
    const alerts = await t().app.db.selectFrom('jobs').select('unique_key').where('unique_key', 'in', rows.map((row) => `alert:${row.id}`)).execute();
    expect(alerts).toHaveLength(2);
    const stored = await t().app.db.selectFrom('idempotency_keys').select(['state', 'transaction_reference']).where('user_id', '=', sender.userId).where('key', '=', key).executeTakeFirstOrThrow();
    expect(stored).toEqual({ state: 'done', transaction_reference: first.ok ? first.value.transaction.reference : null });
    expect((await verifyLedger(t().app.db)).problems).toEqual([]);
  });

  it('postEntry refuses balances that differ from what the caller expected, and writes nothing', async () => {
    const { accountNumber } = await customer(t().app, { balance: naira(100) });
    const entry = prepareEntry({ reference: 'EXPECT', kind: 'test', description: 'expect', at: t().clock.now().toISOString(), lines: [{ account: accountNumber, amount: kobo(-500) }, { account: internalAccounts.feeIncome, amount: kobo(500) }] });
    await expect(inTransaction(t().app.db, (trx) => postEntry(trx, entry, { expect: new Map([[accountNumber, naira(100)]]) }))).rejects.toThrow(/expected 10000/);
    expect(await balanceOf(t().app, accountNumber)).toBe(naira(100));
    expect((await verifyLedger(t().app.db)).problems).toEqual([]);
  });

  /** A sender whose account number sorts after `recipient`'s: on PostgreSQL its claim locks nothing (queries.ts claimLockQueries, the unlocked variants). */
  async function senderAfter(recipient: string, balance: number) {
    for (;;) {
      const sender = await customer(t().app, { tier: 3, balance });
      if (sender.accountNumber > recipient) return sender;
    }
  }

  it('a burst from one sender to a recipient that sorts before it, past its balance: exactly what the balance covers moves, once', async () => {
    const recipient = await middleCustomer();
    const sender = await senderAfter(recipient.accountNumber, naira(550));
    const answers = await Promise.all(Array.from({ length: 12 }, () => send(sender, recipient.accountNumber, naira(100))));
    expect(answers.filter((answer) => answer.ok)).toHaveLength(5);
    expect(answers.filter((answer) => !answer.ok).map((answer) => !answer.ok && answer.code)).toEqual(Array(7).fill('INSUFFICIENT_FUNDS'));
    expect(await balanceOf(t().app, sender.accountNumber)).toBe(naira(50));
    expect(await balanceOf(t().app, recipient.accountNumber)).toBe(naira(500));
    expect((await verifyLedger(t().app.db)).problems).toEqual([]);
  }, 60_000);

  it('a sender paid by others while it pays a recipient that sorts before it: every transfer lands once and the balances add up', async () => {
    const recipient = await middleCustomer();
    const sender = await senderAfter(recipient.accountNumber, naira(1_000));
    const payers = await Promise.all(Array.from({ length: 6 }, () => customer(t().app, { tier: 3, balance: naira(1_000) })));
    const answers = await Promise.all([
      ...Array.from({ length: 6 }, () => send(sender, recipient.accountNumber, naira(100))),
      ...payers.map((payer) => send(payer, sender.accountNumber, naira(10))),
    ]);
    expect(answers.filter((answer) => !answer.ok)).toEqual([]);
    expect(await balanceOf(t().app, sender.accountNumber)).toBe(naira(1_000 - 600 + 60));
    expect(await balanceOf(t().app, recipient.accountNumber)).toBe(naira(600));
    expect((await verifyLedger(t().app.db)).problems).toEqual([]);
  }, 60_000);

  if (engine !== 'postgres') return;

  describe('a sender read unlocked (PostgreSQL: its recipient sorts before it)', () => {
    const entryOf = (from: string, to: string) => (now: Date) =>
      prepareEntry({ reference: newReference('TST', now), kind: 'test.unlocked', description: 'test', at: now.toISOString(), lines: [{ account: from, amount: kobo(-naira(100)) }, { account: to, amount: naira(100) }] });
    const entries = async () => Number((await t().app.db.selectFrom('journal_entries').select((eb) => eb.fn.countAll().as('n')).where('kind', '=', 'test.unlocked').executeTakeFirstOrThrow()).n);
    const gateOf = () => createMoneyGate({ db: t().app.db, config: t().app.config, clock: t().clock, pins: t().app.pins, words: moneyWords });

    it('changed between its read and its entry: the entry stops, everything rolls back, and it runs once more, locking first', async () => {
      const recipient = await middleCustomer();
      const sender = await senderAfter(recipient.accountNumber, naira(1_000));
      const key = newKey();
      const seen: { unlocked: boolean; balance: number }[] = [];
      const result = await gateOf().debitNow(
        { userId: sender.userId, sendAccount: sender.accountNumber, pin: testPin, key, operation: 'test.unlocked', hashed: {}, others: [recipient.accountNumber], entry: entryOf(sender.accountNumber, recipient.accountNumber) },
        async (trx, { now, entry, locked, asRead }) => {
          const balance = locked.get(sender.accountNumber)!.balance;
          seen.push({ unlocked: asRead !== undefined, balance });
          // The first time, ₦1 lands on the sender (committed on a connection of its own) after its read.
          if (seen.length === 1) {
            const at = now.toISOString();
            const landed = await inTransaction(t().app.db, (other) => postEntry(other, { reference: newReference('DEP', now), kind: 'test.deposit', description: 'deposit', at, lines: [{ account: internalAccounts.sandboxFunding, amount: kobo(-naira(1)) }, { account: sender.accountNumber, amount: naira(1) }] }));
            expect(landed.ok).toBe(true);
          }
          // No option asks for it: the transaction's unlocked read is checked all the same (ledger.ts readUnlocked).
          await postEntry(trx, entry, { written: true, expect: new Map([[sender.accountNumber, balance - naira(100)]]), final: true });
          return { ok: true, value: { transaction: { reference: entry.reference } as never, message: said('said.money.sent', { amount: 'x', name: 'y' }) } };
        },
      );
      expect(result).toMatchObject({ ok: true });
      expect(seen).toEqual([{ unlocked: true, balance: naira(1_000) }, { unlocked: false, balance: naira(1_001) }]);
      expect(await balanceOf(t().app, sender.accountNumber)).toBe(naira(901));
      expect(await balanceOf(t().app, recipient.accountNumber)).toBe(naira(100));
      expect(await entries()).toBe(1);
      const keys = await t().app.db.selectFrom('idempotency_keys').select('key').where('user_id', '=', sender.userId).execute();
      expect(keys.map((row) => row.key)).toEqual([key]);
      expect((await verifyLedger(t().app.db)).problems).toEqual([]);
    });

    it('a debit whose work posts no entry for the sender is refused, and nothing is written', async () => {
      const recipient = await middleCustomer();
      const sender = await senderAfter(recipient.accountNumber, naira(1_000));
      const sent = gateOf().debitNow(
        { userId: sender.userId, sendAccount: sender.accountNumber, pin: testPin, key: newKey(), operation: 'test.unlocked', hashed: {}, others: [recipient.accountNumber], entry: entryOf(sender.accountNumber, recipient.accountNumber) },
        async (trx, { entry, now }) => {
          // An entry that leaves the sender out (the recipient paid from the bank's own account).
          await postEntry(trx, { ...entry, id: `${entry.id}x`, lines: [{ account: internalAccounts.sandboxFunding, amount: kobo(-naira(100)) }, { account: recipient.accountNumber, amount: naira(100) }], at: now.toISOString() });
          return { ok: true, value: { transaction: { reference: entry.reference } as never, message: said('said.money.sent', { amount: 'x', name: 'y' }) } };
        },
      );
      await expect(sent).rejects.toThrow(/read unlocked and no entry debited it/);
      expect(await balanceOf(t().app, sender.accountNumber)).toBe(naira(1_000));
      expect(await balanceOf(t().app, recipient.accountNumber)).toBe(0);
      expect(await entries()).toBe(0);
    });

    it('postEntry refuses a version it cannot check (two lines on one account): StaleRead, nothing written', async () => {
      const me = await customer(t().app, { balance: naira(1_000) });
      const at = t().clock.now().toISOString();
      const lines = [{ account: me.accountNumber, amount: kobo(-naira(100)) }, { account: me.accountNumber, amount: naira(50) }, { account: internalAccounts.feeIncome, amount: naira(50) }];
      const posted = inTransaction(t().app.db, (trx) => {
        readUnlocked(trx, { account: me.accountNumber, version: '1', applied: false });
        return postEntry(trx, { reference: newReference('TST', t().clock.now()), kind: 'test.unlocked', description: 'test', at, lines });
      });
      await expect(posted).rejects.toBeInstanceOf(StaleRead);
      expect(await balanceOf(t().app, me.accountNumber)).toBe(naira(1_000));
      expect(await entries()).toBe(0);
    });
  });

  describe('the lock and the limits read in one statement (PostgreSQL)', () => {
    it('a debit that commits while the next one waits for the lock is counted: the daily limit holds', async () => {
      const { db, config, pins } = t().app;
      const gate = createMoneyGate({ db, config, clock: t().clock, pins, words: moneyWords });
      const sender = await customer(t().app, { tier: 1, balance: naira(150_000) });
      const limit = config.money.tiers[1].dailyDebitKobo;
      const now = t().clock.now();
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const lockTaken = new Promise<void>((resolve) => (locked = resolve));
      // A debit of the whole limit that holds the sender's lock until told to commit.
      const first = inTransaction(db, async (trx) => {
        await gate.lockForDebit(trx, sender.accountNumber, [], now);
        const reference = newReference('BIL', now);
        const posted = await postEntry(trx, { reference, kind: 'test.bill', description: 'bill', at: now.toISOString(), lines: [{ account: sender.accountNumber, amount: kobo(-limit) }, { account: internalAccounts.billerSettlement, amount: kobo(limit) }] });
        await recordTransaction(trx, { reference, accountNumber: sender.accountNumber, userId: sender.userId, type: 'debit', category: 'electricity', status: 'successful', amount: limit, fee: kobo(0), balanceAfter: posted.balances.get(sender.accountNumber)!, narration: 'Bill', counterparty: null, details: {}, entryId: posted.entryId, at: now });
        locked();
        await held;
      });
      await lockTaken;
      // The second starts (its snapshot taken) while the first holds the lock uncommitted.
      const second = inTransaction(db, (trx) => gate.checkDailyLimit(trx, sender.accountNumber, 1, naira(1), now));
      await new Promise((resolve) => setTimeout(resolve, 200));
      release();
      expect(await first).toMatchObject({ ok: true });
      expect(await second).toMatchObject({ ok: false, code: 'LIMIT_EXCEEDED' });
      expect(await t().app.transactions.debitedOn(db, sender.accountNumber, lagosDate(now))).toBe(limit);
    });
  });
});
