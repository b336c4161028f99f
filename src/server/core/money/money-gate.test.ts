import { beforeEach, describe, expect, it } from 'vitest';
import { describeOnEngines } from '../../testing/on-engines.ts';
import { composeApp } from '../../app.ts';
import { balanceOf } from '../../testing/balances.ts';
import { customer, newKey, testPin } from '../../testing/customers.ts';
import { kobo, type Kobo } from '../../../lib/money.ts';
import { lagosDate } from '../../../lib/lagos-time.ts';
import { inTransaction, internalAccounts, newReference, postEntry, Refusal } from '../ledger/ledger.ts';
import { verifyLedger } from '../ledger/verify-ledger.ts';
import { recordTransaction } from '../transactions/transaction-repository.ts';
import { reverseDebit } from './reversal.ts';
import { createMoneyGate } from './money-gate.ts';
import { moneyWords } from '../../http/money-words.ts';

const naira = (value: number) => kobo(value * 100);
const dayMs = 24 * 60 * 60 * 1000;
const lagosOffsetMs = 60 * 60 * 1000;

/**
 * The gate every debit passes: whose account it is, the tier's daily limit on the Lagos day, the
 * balance; and beside it the tier's maximum balance, which a reversal never hits.
 */
describeOnEngines('money gate on %s', (t, engine) => {
  let gate: ReturnType<typeof createMoneyGate>;
  beforeEach(async () => {
    const { db, config, pins } = t().app;
    gate = createMoneyGate({ db, config, clock: t().clock, pins, words: moneyWords });
  });

  const dailyLimit = (tier: 1 | 2 | 3) => t().app.config.money.tiers[tier].dailyDebitKobo;
  const maxBalance = (tier: 1 | 2 | 3) => t().app.config.money.tiers[tier].maxBalanceKobo;
  /** The daily-limit check alone, as a payment runs it inside its transaction. */
  const check = (accountNumber: string, tier: number, amount: Kobo, now = t().clock.now()) =>
    inTransaction(t().app.db, (trx) => gate.checkDailyLimit(trx, accountNumber, tier, amount, now));
  /** A debit to the biller as a payment records it, with the status it has reached. */
  async function debit(who: { userId: string; accountNumber: string }, amount: Kobo, status: 'successful' | 'pending', at = t().clock.now()) {
    const done = await inTransaction(t().app.db, async (trx) => {
      const reference = newReference('BIL', at);
      const posted = await postEntry(trx, {
        reference,
        kind: 'test.bill',
        description: 'test bill',
        at: at.toISOString(),
        lines: [
          { account: who.accountNumber, amount: kobo(-amount) },
          { account: internalAccounts.billerSettlement, amount },
        ],
      });
      const input = { reference, accountNumber: who.accountNumber, userId: who.userId, type: 'debit' as const, category: 'electricity' as const, status, amount, fee: kobo(0), balanceAfter: posted.balances.get(who.accountNumber)!, narration: 'Bill', counterparty: null, details: {}, entryId: posted.entryId, at };
      await recordTransaction(trx, input);
      return trx.selectFrom('transactions').selectAll().where('account_number', '=', who.accountNumber).where('reference', '=', reference).executeTakeFirstOrThrow();
    });
    if (!done.ok) throw new Error(done.message.key);
    return done.value;
  }
  const send = (from: { userId: string; accountNumber: string }, to: string, amount: Kobo) =>
    t().app.transfers.sendLocal(from.userId, from.accountNumber, { account_number: to, amount, narration: '', pin: testPin, save_beneficiary: false }, newKey());
  const setClock = (epochMs: number) => t().clock.advance(epochMs - t().clock.now().getTime());

  it('authorises only the owner of the account, once onboarding is complete', async () => {
    const owner = await customer(t().app, { firstName: 'Ngozi', lastName: 'Eze' });
    const other = await customer(t().app);
    expect(await gate.authorise(owner.userId, owner.accountNumber)).toEqual({ ok: true, value: { accountName: 'NGOZI EZE', tier: 3, frozen: false, mayMoveMoney: true } });
    expect(await gate.authorise(other.userId, owner.accountNumber)).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect(await gate.authorise('usr_nobody', owner.accountNumber)).toMatchObject({ ok: false, code: 'UNAUTHENTICATED' });
    await t().app.db.updateTable('users').set({ security_answer_hash: null }).where('id', '=', owner.userId).execute();
    expect(await gate.authorise(owner.userId, owner.accountNumber)).toMatchObject({ ok: false, code: 'ONBOARDING_INCOMPLETE' });
  });

  it('requireFunds refuses a balance short by one kobo, and passes an exact one', () => {
    expect(() => gate.requireFunds(kobo(999), kobo(1_000))).toThrow(Refusal);
    try {
      gate.requireFunds(kobo(999), kobo(1_000), 'amount and charges');
    } catch (error) {
      expect((error as Refusal).failure).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    }
    expect(() => gate.requireFunds(kobo(1_000), kobo(1_000))).not.toThrow();
  });

  describe('the daily limit', () => {
    it('is the tier’s: up to the limit passes, one kobo over is LIMIT_EXCEEDED', async () => {
      for (const tier of [1, 2, 3] as const) {
        const limit = dailyLimit(tier);
        const who = await customer(t().app, { tier, balance: limit });
        await debit(who, kobo(limit - 100), 'successful');
        expect((await check(who.accountNumber, tier, kobo(100))).ok).toBe(true);
        expect(await check(who.accountNumber, tier, kobo(101))).toMatchObject({ ok: false, code: 'LIMIT_EXCEEDED' });
      }
      expect(dailyLimit(1)).toBeLessThan(dailyLimit(2));
      expect(dailyLimit(2)).toBeLessThan(dailyLimit(3));
    });

    it('counts pending debits, and not reversed debits nor credits', async () => {
      const limit = dailyLimit(1);
      const who = await customer(t().app, { tier: 1, balance: limit });
      await debit(who, kobo(limit / 2), 'pending');
      const failed = await debit(who, kobo(limit / 2), 'pending');
      await t().app.db.transaction().execute((trx) => reverseDebit(trx, failed, { reason: 'biller_failed', narration: 'Reversal', description: 'reversal', at: t().clock.now() }));
      expect(await t().app.transactions.debitedOn(t().app.db, who.accountNumber, lagosDate(t().clock.now()))).toBe(limit / 2);
      expect((await check(who.accountNumber, 1, kobo(limit / 2))).ok).toBe(true);
      expect(await check(who.accountNumber, 1, kobo(limit / 2 + 1))).toMatchObject({ ok: false, code: 'LIMIT_EXCEEDED' });
    });

    it('runs on the Lagos day: full just before Lagos midnight, fresh just after it', async () => {
      const limit = kobo(dailyLimit(1));
      const sender = await customer(t().app, { tier: 1, balance: naira(120_000) });
      const recipient = await customer(t().app, { tier: 3 });
      // The next midnight in Lagos (UTC+1, no summer time) is 23:00 UTC.
      const midnight = Math.ceil((t().clock.now().getTime() + lagosOffsetMs) / dayMs) * dayMs - lagosOffsetMs;
      setClock(midnight - 30_000);
      expect((await send(sender, recipient.accountNumber, limit)).ok).toBe(true);
      setClock(midnight - 1);
      expect(await send(sender, recipient.accountNumber, naira(1))).toMatchObject({ ok: false, code: 'LIMIT_EXCEEDED' });
      setClock(midnight);
      expect((await send(sender, recipient.accountNumber, limit)).ok).toBe(true);
      expect(await send(sender, recipient.accountNumber, naira(1))).toMatchObject({ ok: false, code: 'LIMIT_EXCEEDED' });
      const days = await t().app.db.selectFrom('transactions').select('value_date').where('account_number', '=', sender.accountNumber).where('type', '=', 'debit').orderBy('created_at').execute();
      expect(days.map((row) => row.value_date)).toEqual([lagosDate(new Date(midnight - 1)), lagosDate(new Date(midnight))]);
      expect(days[0]!.value_date).not.toBe(days[1]!.value_date);
    });

    it('a tier raise applies to the very next debit', async () => {
      const sender = await customer(t().app, { tier: 1, balance: naira(60_000) });
      const recipient = await customer(t().app, { tier: 3 });
      expect((await send(sender, recipient.accountNumber, kobo(dailyLimit(1)))).ok).toBe(true);
      expect(await send(sender, recipient.accountNumber, naira(1))).toMatchObject({ ok: false, code: 'LIMIT_EXCEEDED' });
      // As the KYC upgrade raises it: one guarded update of users.tier.
      await t().app.db.updateTable('users').set({ tier: 2 }).where('id', '=', sender.userId).where('tier', '<', 2).execute();
      expect((await send(sender, recipient.accountNumber, naira(1))).ok).toBe(true);
    });

    it('20 debits at once (on PostgreSQL from two server processes) cannot together pass it: exactly as many land as the limit holds', async () => {
      const limit = dailyLimit(1);
      const sender = await customer(t().app, { tier: 1, balance: naira(150_000) });
      const recipient = await customer(t().app, { tier: 3 });
      const each = kobo(limit / 10);
      // A second server on the same database, with its own connections: only the database keeps
      // the two apart. (Not on SQLite: node:sqlite waits for a lock synchronously, so two
      // connections in one thread would wait on each other; there the one process holds.)
      const other = engine === 'postgres' ? await composeApp(t().app.config, { clock: t().clock, mailer: t().mailer }) : null;
      const input = { account_number: recipient.accountNumber, amount: each, narration: '', pin: testPin, save_beneficiary: false };
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => (other && i % 2 ? other.app.transfers.sendLocal(sender.userId, sender.accountNumber, input, newKey()) : send(sender, recipient.accountNumber, each))),
      ).finally(() => other?.internals.db.destroy());
      expect(answers.filter((answer) => answer.ok)).toHaveLength(10);
      expect(answers.filter((answer) => !answer.ok && answer.code === 'LIMIT_EXCEEDED')).toHaveLength(10);
      expect(await t().app.transactions.debitedOn(t().app.db, sender.accountNumber, lagosDate(t().clock.now()))).toBe(limit);
      expect(await balanceOf(t().app, sender.accountNumber)).toBe(naira(150_000) - limit);
      expect((await verifyLedger(t().app.db)).problems).toEqual([]);
    });
    it('transfers and airtime at once share one limit: 10 of each for a tenth of it, exactly 10 land', async () => {
      const limit = dailyLimit(1);
      const sender = await customer(t().app, { tier: 1, balance: naira(150_000) });
      const recipient = await customer(t().app, { tier: 3 });
      const each = kobo(limit / 10);
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          i % 2 ? send(sender, recipient.accountNumber, each) : t().app.bills.buyAirtime(sender.userId, sender.accountNumber, { network_id: 'mtn', phone_number: '08031234567', amount: each, pin: testPin }, newKey()),
        ),
      );
      expect(answers.filter((answer) => answer.ok)).toHaveLength(10);
      expect(answers.filter((answer) => !answer.ok && answer.code === 'LIMIT_EXCEEDED')).toHaveLength(10);
      expect(await t().app.transactions.debitedOn(t().app.db, sender.accountNumber, lagosDate(t().clock.now()))).toBe(limit);
      expect(await balanceOf(t().app, sender.accountNumber)).toBe(naira(150_000) - limit);
    });
  });

  describe('the maximum balance', () => {
    it('refuses a deposit or a transfer that would take the account past it, and moves nothing', async () => {
      const cap = maxBalance(1)!;
      const holder = await customer(t().app, { tier: 1, balance: kobo(cap - 100) });
      const sender = await customer(t().app, { tier: 3, balance: naira(1_000) });
      expect(await t().app.inbound.depositFromSandbox({ account_number: holder.accountNumber, amount: kobo(101), narration: 'Too much' })).toMatchObject({ ok: false, code: 'LIMIT_EXCEEDED' });
      expect(await send(sender, holder.accountNumber, kobo(101))).toMatchObject({ ok: false, code: 'LIMIT_EXCEEDED' });
      expect(await balanceOf(t().app, holder.accountNumber)).toBe(cap - 100);
      expect(await balanceOf(t().app, sender.accountNumber)).toBe(naira(1_000));
      expect((await send(sender, holder.accountNumber, kobo(100))).ok).toBe(true);
      expect(await balanceOf(t().app, holder.accountNumber)).toBe(cap);
      expect(maxBalance(3)).toBeNull();
    });

    it('a reversal always lands, even past it', async () => {
      const cap = maxBalance(1)!;
      const holder = await customer(t().app, { tier: 1, balance: kobo(cap) });
      const pending = await debit(holder, naira(10_000), 'pending');
      expect((await t().app.inbound.depositFromSandbox({ account_number: holder.accountNumber, amount: naira(10_000), narration: 'Refill' })).ok).toBe(true);
      await t().app.db.transaction().execute((trx) => reverseDebit(trx, pending, { reason: 'biller_failed', narration: 'Reversal', description: 'reversal', at: t().clock.now() }));
      expect(await balanceOf(t().app, holder.accountNumber)).toBe(cap + naira(10_000));
      expect((await verifyLedger(t().app.db)).problems).toEqual([]);
    });
  });
});
