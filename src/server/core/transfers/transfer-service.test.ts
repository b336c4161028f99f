import { describe, expect, it } from 'vitest';
import { describeOnEngines } from '../../testing/on-engines.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { balanceOf as balanceOfAccount, expectLedgerBalanced } from '../../testing/balances.ts';
import { customer, newKey, testPin } from '../../testing/customers.ts';
import { verifyLedger } from '../ledger/verify-ledger.ts';
import { groupCommitStats } from '../../db/group-commit.ts';
import { openSqliteReader } from '../../db/sqlite-dialect.ts';
import { internalAccounts } from '../ledger/ledger.ts';
import { nubanFor } from '../../../lib/nuban.ts';
import { sandboxAccountName, sandboxSerials } from '../../integrations/interbank/sandbox-switch.ts';
import { inEnglish } from '../../testing/in-english.ts';

const naira = (value: number) => value * 100;
const gtbank = { cbnCode: '058', nipCode: '000013' };
const gtb = (serial: string) => nubanFor(serial, gtbank);

describeOnEngines('transfers on %s', (t, engine) => {
  const balanceOf = (accountNumber: string) => balanceOfAccount(t().app, accountNumber);
  const expectLedgerOk = () => expectLedgerBalanced(t().app);

  describe('inside this bank', () => {
    it('moves the money in one balanced entry, with stamp duty from ₦10,000 and no fee', async () => {
      const sender = await customer(t().app, { balance: naira(100_000) });
      const recipient = await customer(t().app, { firstName: 'Bola', lastName: 'Ade' });
      const result = await t().app.transfers.sendLocal(sender.userId, sender.accountNumber, { account_number: recipient.accountNumber, amount: naira(20_000), narration: 'Rent share', pin: testPin, save_beneficiary: true }, newKey());
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      const transaction = result.value.transaction;
      expect(transaction).toMatchObject({ type: 'debit', category: 'transfer', status: 'successful', amount: naira(20_000), fee: naira(50), balance_after: naira(100_000 - 20_000 - 50), narration: 'Rent share' });
      expect(transaction.counterparty).toMatchObject({ name: 'BOLA ADE', account_number: recipient.accountNumber });
      expect(transaction.details).toMatchObject({ transfer_fee: 0, stamp_duty: naira(50) });
      expect(transaction.created_at).toMatch(/\+01:00$/);
      expect(await balanceOf(sender.accountNumber)).toBe(naira(79_950));
      expect(await balanceOf(recipient.accountNumber)).toBe(naira(20_000));
      expect(await balanceOf(internalAccounts.stampDuty)).toBe(naira(50));
      const received = await t().app.transactions.byReference(recipient.accountNumber, transaction.reference);
      expect(received).toMatchObject({ type: 'credit', amount: naira(20_000), fee: 0, balance_after: naira(20_000) });
      expect(await t().app.beneficiaries.list(sender.userId, sender.accountNumber)).toEqual([expect.objectContaining({ account_number: recipient.accountNumber, account_name: 'BOLA ADE' })]);
      await expectLedgerOk();
    });

    it('refuses more than the balance and changes nothing', async () => {
      const sender = await customer(t().app, { balance: naira(1_000) });
      const recipient = await customer(t().app);
      const result = await t().app.transfers.sendLocal(sender.userId, sender.accountNumber, { account_number: recipient.accountNumber, amount: naira(1_000) + 1, narration: '', pin: testPin, save_beneficiary: false }, newKey());
      expect(result).toMatchObject({ ok: false, code: 'INSUFFICIENT_FUNDS' });
      expect(await balanceOf(sender.accountNumber)).toBe(naira(1_000));
      expect(await balanceOf(recipient.accountNumber)).toBe(0);
      await expectLedgerOk();
    });

    it('refuses an account that is not the caller’s, their own account, and unknown recipients', async () => {
      const sender = await customer(t().app, { balance: naira(1_000) });
      const other = await customer(t().app, { balance: naira(1_000) });
      const input = { account_number: other.accountNumber, amount: naira(10), narration: '', pin: testPin, save_beneficiary: false };
      expect(await t().app.transfers.sendLocal(sender.userId, other.accountNumber, { ...input, account_number: sender.accountNumber }, newKey())).toMatchObject({ ok: false, code: 'FORBIDDEN' });
      expect(await t().app.transfers.sendLocal(sender.userId, sender.accountNumber, { ...input, account_number: sender.accountNumber }, newKey())).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
      const unknown = nubanFor('100999999', { cbnCode: t().app.config.bank.cbnCode, nipCode: t().app.config.bank.nipCode });
      expect(await t().app.transfers.sendLocal(sender.userId, sender.accountNumber, { ...input, account_number: unknown }, newKey())).toMatchObject({ ok: false, code: 'ACCOUNT_NOT_FOUND' });
      expect(await t().app.transfers.sendLocal(sender.userId, sender.accountNumber, { ...input, account_number: '1234567890' }, newKey())).toMatchObject({ ok: false, code: 'INVALID_ACCOUNT_NUMBER' });
      expect(await balanceOf(sender.accountNumber)).toBe(naira(1_000));
    });
  });

  describe('limits by tier', () => {
    it('refuses debits over the daily limit and says the limit', async () => {
      const sender = await customer(t().app, { balance: naira(100_000), tier: 3 });
      await t().app.db.updateTable('users').set({ tier: 1 }).where('id', '=', sender.userId).execute();
      const recipient = await customer(t().app);
      const send = (amount: number) => t().app.transfers.sendLocal(sender.userId, sender.accountNumber, { account_number: recipient.accountNumber, amount, narration: '', pin: testPin, save_beneficiary: false }, newKey());
      expect((await send(naira(30_000))).ok).toBe(true);
      const refused = await send(naira(20_001));
      expect(refused).toMatchObject({ ok: false, code: 'LIMIT_EXCEEDED' });
      if (!refused.ok) expect(inEnglish(refused.message)).toContain('₦50,000.00');
      expect((await send(naira(20_000))).ok).toBe(true);
      // The next Lagos day starts afresh.
      t().clock.advance(24 * 3_600_000);
      expect((await send(naira(1_000))).ok).toBe(true);
      await expectLedgerOk();
    });

    it('refuses a credit that would take a Tier 1 account over its maximum balance', async () => {
      const sender = await customer(t().app, { balance: naira(400_000) });
      const recipient = await customer(t().app, { balance: naira(290_000), tier: 1 });
      const result = await t().app.transfers.sendLocal(sender.userId, sender.accountNumber, { account_number: recipient.accountNumber, amount: naira(10_001), narration: '', pin: testPin, save_beneficiary: false }, newKey());
      expect(result).toMatchObject({ ok: false, code: 'LIMIT_EXCEEDED' });
      if (!result.ok) expect(inEnglish(result.message)).toContain('₦300,000.00');
      const inbound = await t().app.inbound.receiveInterbank({ account_number: recipient.accountNumber, amount: naira(20_000), sender_name: 'EZE OBI', sender_bank_code: '000013' });
      expect(inbound).toMatchObject({ ok: false, code: 'LIMIT_EXCEEDED' });
      expect(await balanceOf(recipient.accountNumber)).toBe(naira(290_000));
    });
  });

  describe('the PIN', () => {
    it('says how many tries are left, locks after five, and unlocks after 30 minutes', async () => {
      const sender = await customer(t().app, { balance: naira(1_000) });
      const recipient = await customer(t().app);
      const send = (pin: string) => t().app.transfers.sendLocal(sender.userId, sender.accountNumber, { account_number: recipient.accountNumber, amount: naira(10), narration: '', pin, save_beneficiary: false }, newKey());
      for (let left = 4; left >= 1; left -= 1) {
        const wrong = await send('9999');
        expect(wrong).toMatchObject({ ok: false, code: 'INVALID_PIN' });
        if (!wrong.ok) expect(inEnglish(wrong.message)).toContain(`${left} ${left === 1 ? 'try' : 'tries'} left`);
      }
      expect(await send('9999')).toMatchObject({ ok: false, code: 'PIN_LOCKED' });
      const locked = await send(testPin);
      expect(locked).toMatchObject({ ok: false, code: 'PIN_LOCKED' });
      if (!locked.ok) expect(locked.retryAfterSeconds).toBeGreaterThan(29 * 60);
      t().clock.advance(30 * 60_000 + 1000);
      expect((await send(testPin)).ok).toBe(true);
      // A success clears the count: four wrong tries later it is still not locked.
      for (let i = 0; i < 4; i += 1) await send('9999');
      expect((await send(testPin)).ok).toBe(true);
      expect(await balanceOf(sender.accountNumber)).toBe(naira(1_000 - 20));
    });

    // On SQLite a right PIN's try and the payment behind it share one group commit
    // (pin-guard.ts beforeDurable); a wrong PIN is answered only once its try is durable.
    it.runIf(engine === 'sqlite')('shares one COMMIT between a right PIN and its payment; answers a wrong one only once its try is committed', async () => {
      const sender = await customer(t().app, { balance: naira(1_000) });
      const recipient = await customer(t().app);
      const send = (pin: string) => t().app.transfers.sendLocal(sender.userId, sender.accountNumber, { account_number: recipient.accountNumber, amount: naira(10), narration: '', pin, save_beneficiary: false }, newKey());
      const before = groupCommitStats(t().app.db);
      expect((await send(testPin)).ok).toBe(true);
      const after = groupCommitStats(t().app.db);
      expect({ groups: after.groups - before.groups, pieces: after.pieces - before.pieces }).toEqual({ groups: 1, pieces: 2 });

      const database = t().app.config.database;
      if (database.kind !== 'sqlite') throw new Error('unreachable');
      // Another connection sees only what is committed: the refusal came after the try's COMMIT.
      const outside = openSqliteReader(database.file);
      try {
        const attempts = () => (outside.prepare('select pin_failed_attempts as n from users where id = ?').get(sender.userId) as { n: number }).n;
        expect(await send('9999')).toMatchObject({ ok: false, code: 'INVALID_PIN' });
        expect(attempts()).toBe(1);
        expect(await send('9998')).toMatchObject({ ok: false, code: 'INVALID_PIN' });
        expect(attempts()).toBe(2);
      } finally {
        outside.close();
      }
      expect(await balanceOf(sender.accountNumber)).toBe(naira(1_000 - 10));
    });
  });

  describe('idempotency', () => {
    /** A sender with ₦1,000, a new key, and a ₦100 transfer to another customer of the bank. */
    async function hundredToAnother(narration: string) {
      const sender = await customer(t().app, { balance: naira(1_000) });
      const recipient = await customer(t().app);
      return { sender, key: newKey(), input: { account_number: recipient.accountNumber, amount: naira(100), narration, pin: testPin, save_beneficiary: false } };
    }

    it('replays the same request once and refuses the key for another', async () => {
      const { sender, key, input } = await hundredToAnother('Lunch');
      const first = await t().app.transfers.sendLocal(sender.userId, sender.accountNumber, input, key);
      const again = await t().app.transfers.sendLocal(sender.userId, sender.accountNumber, input, key);
      expect(first.ok && again.ok).toBe(true);
      expect(again.replayed).toBe(true);
      if (first.ok && again.ok) expect(again.value).toEqual(first.value);
      expect(await balanceOf(sender.accountNumber)).toBe(naira(900));
      const other = await t().app.transfers.sendLocal(sender.userId, sender.accountNumber, { ...input, amount: naira(200) }, key);
      expect(other).toMatchObject({ ok: false, code: 'IDEMPOTENCY_KEY_REUSED' });
      expect(await balanceOf(sender.accountNumber)).toBe(naira(900));
    });

    it('moves money once for two identical requests in parallel', async () => {
      const { sender, key, input } = await hundredToAnother('');
      const [a, b] = await Promise.all([
        t().app.transfers.sendLocal(sender.userId, sender.accountNumber, input, key),
        t().app.transfers.sendLocal(sender.userId, sender.accountNumber, input, key),
      ]);
      expect(a.ok && b.ok).toBe(true);
      if (a.ok && b.ok) expect(a.value.transaction.reference).toBe(b.value.transaction.reference);
      expect([a.replayed, b.replayed].filter(Boolean)).toHaveLength(1);
      expect(await balanceOf(sender.accountNumber)).toBe(naira(900));
      await expectLedgerOk();
    });

    it('replays a finished request without checking the PIN again (no PIN attempt is counted)', async () => {
      const { sender, key, input } = await hundredToAnother('');
      const first = await t().app.transfers.sendLocal(sender.userId, sender.accountNumber, input, key);
      const replay = await t().app.transfers.sendLocal(sender.userId, sender.accountNumber, { ...input, pin: '9999' }, key);
      expect(replay).toMatchObject({ ok: true, replayed: true });
      if (first.ok && replay.ok) expect(replay.value).toEqual(first.value);
      const row = await t().app.db.selectFrom('users').select('pin_failed_attempts').where('id', '=', sender.userId).executeTakeFirstOrThrow();
      expect(row.pin_failed_attempts).toBe(0);
    });

    it('lets a refused request be retried with the same key once corrected', async () => {
      const { sender, key, input } = await hundredToAnother('');
      expect(await t().app.transfers.sendLocal(sender.userId, sender.accountNumber, { ...input, pin: '1357' }, key)).toMatchObject({ ok: false, code: 'INVALID_PIN' });
      expect((await t().app.transfers.sendLocal(sender.userId, sender.accountNumber, { ...input, pin: testPin }, key)).ok).toBe(true);
    });
  });

  it('lets exactly as many of 50 parallel transfers through as the balance covers', async () => {
    const sender = await customer(t().app, { balance: naira(2_000) });
    const recipient = await customer(t().app);
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        t().app.transfers.sendLocal(sender.userId, sender.accountNumber, { account_number: recipient.accountNumber, amount: naira(150), narration: '', pin: testPin, save_beneficiary: false }, newKey()),
      ),
    );
    const succeeded = results.filter((result) => result.ok);
    expect(succeeded).toHaveLength(13); // 13 × ₦150 = ₦1,950 ≤ ₦2,000 < 14 × ₦150
    expect(results.filter((result) => !result.ok).every((result) => !result.ok && result.code === 'INSUFFICIENT_FUNDS')).toBe(true);
    expect(await balanceOf(sender.accountNumber)).toBe(naira(50));
    expect(await balanceOf(recipient.accountNumber)).toBe(naira(1_950));
    await expectLedgerOk();
  }, 60_000);

  it('moves money for 16 senders paying one recipient at once, each exactly once', async () => {
    const recipient = await customer(t().app);
    const senders = await Promise.all(Array.from({ length: 16 }, () => customer(t().app, { balance: naira(1_000) })));
    const before = groupCommitStats(t().app.db);
    // Each sends ₦300 three times: the third is more than is left (₦1,000 − 2 × ₦300 = ₦400, so it pays), the fourth is refused.
    const send = (sender: (typeof senders)[number]) => t().app.transfers.sendLocal(sender.userId, sender.accountNumber, { account_number: recipient.accountNumber, amount: naira(300), narration: '', pin: testPin, save_beneficiary: false }, newKey());
    const results = await Promise.all(senders.flatMap((sender) => [send(sender), send(sender), send(sender), send(sender)]));
    expect(results.filter((result) => result.ok)).toHaveLength(48);
    expect(results.filter((result) => !result.ok).map((result) => !result.ok && result.code)).toEqual(Array.from({ length: 16 }, () => 'INSUFFICIENT_FUNDS'));
    for (const sender of senders) expect(await balanceOf(sender.accountNumber)).toBe(naira(100));
    expect(await balanceOf(recipient.accountNumber)).toBe(naira(48 * 300));
    await expectLedgerOk();
    if (engine === 'sqlite') {
      // The burst shared COMMITs (db/group-commit.ts), refused pieces among committed ones.
      const after = groupCommitStats(t().app.db);
      expect(after.largest).toBeGreaterThan(1);
      expect(after.groups - before.groups).toBeLessThan(after.pieces - before.pieces);
    }
  }, 60_000);

  describe('to other banks (sandbox switch)', () => {
    const send = (userId: string, from: string, accountNumber: string, amount: number) =>
      t().app.transfers.sendToBank(userId, from, { account_number: accountNumber, bank_code: gtbank.nipCode, amount, narration: 'School fees', pin: testPin, save_beneficiary: false }, newKey());

    it('names the account by enquiry and refuses a bad check digit or an unknown account', async () => {
      const good = gtb('123456789');
      expect(await t().app.transfers.nameEnquiry({ account_number: good, bank_code: gtbank.nipCode })).toMatchObject({ ok: true, value: { account_name: sandboxAccountName(gtbank.nipCode, good), bank_name: expect.stringContaining('Guaranty') } });
      const bad = good.slice(0, 9) + String((Number(good[9]) + 1) % 10);
      expect(await t().app.transfers.nameEnquiry({ account_number: bad, bank_code: gtbank.nipCode })).toMatchObject({ ok: false, code: 'INVALID_ACCOUNT_NUMBER' });
      expect(await t().app.transfers.nameEnquiry({ account_number: gtb(sandboxSerials.notFound), bank_code: gtbank.nipCode })).toMatchObject({ ok: false, code: 'ACCOUNT_NOT_FOUND' });
    });

    it('settles an approved transfer: amount to settlement, fee and stamp duty to their accounts', async () => {
      const sender = await customer(t().app, { balance: naira(100_000) });
      const result = await send(sender.userId, sender.accountNumber, gtb('123456789'), naira(20_000));
      expect(result).toMatchObject({ ok: true, value: { transaction: { status: 'successful', amount: naira(20_000), fee: naira(75), details: { transfer_fee: naira(25), stamp_duty: naira(50) } } } });
      expect(await balanceOf(sender.accountNumber)).toBe(naira(100_000 - 20_075));
      expect(await balanceOf(internalAccounts.interbankSettlement)).toBe(naira(20_000));
      expect(await balanceOf(internalAccounts.feeIncome)).toBe(naira(25));
      expect(await balanceOf(internalAccounts.stampDuty)).toBe(naira(50));
      expect(await balanceOf(internalAccounts.suspense)).toBe(0);
      await expectLedgerOk();
    });

    it('reverses amount, fee and stamp duty together when the other bank is unavailable', async () => {
      const sender = await customer(t().app, { balance: naira(100_000) });
      const result = await send(sender.userId, sender.accountNumber, gtb(sandboxSerials.bankUnavailable), naira(20_000));
      expect(result).toMatchObject({ ok: true, value: { transaction: { status: 'reversed' } } });
      expect(await balanceOf(sender.accountNumber)).toBe(naira(100_000));
      for (const account of Object.values(internalAccounts).filter((a) => a !== internalAccounts.sandboxFunding)) expect(await balanceOf(account)).toBe(0);
      const history = await t().app.transactions.history(sender.accountNumber, { page: 1, perPage: 20 });
      expect(history.data[0]).toMatchObject({ type: 'credit', category: 'reversal', amount: naira(20_075) });
      await expectLedgerOk();
    });

    it('leaves a timeout pending, then settles it on a re-query, either way', async () => {
      const sender = await customer(t().app, { balance: naira(100_000) });
      const toSuccess = await send(sender.userId, sender.accountNumber, gtb(sandboxSerials.timeoutThenSuccess), naira(1_000));
      const toFailure = await send(sender.userId, sender.accountNumber, gtb(sandboxSerials.timeoutThenFailure), naira(2_000));
      expect(toSuccess).toMatchObject({ ok: true, value: { transaction: { status: 'pending' } } });
      expect(toFailure).toMatchObject({ ok: true, value: { transaction: { status: 'pending' } } });
      expect(await balanceOf(sender.accountNumber)).toBe(naira(100_000 - 1_010 - 2_010));
      expect(await balanceOf(internalAccounts.suspense)).toBe(naira(3_000));
      await expectLedgerOk();
      // Not due yet: the timer leaves them alone.
      expect(await t().app.payments.requery()).toEqual({ checked: 0, settled: 0 });
      t().clock.advance(31_000);
      expect(await t().app.payments.requery()).toEqual({ checked: 2, settled: 2 });
      expect(await balanceOf(sender.accountNumber)).toBe(naira(100_000 - 1_010));
      expect(await balanceOf(internalAccounts.suspense)).toBe(0);
      if (toSuccess.ok && toFailure.ok) {
        expect(await t().app.transactions.byReference(sender.accountNumber, toSuccess.value.transaction.reference)).toMatchObject({ status: 'successful' });
        expect(await t().app.transactions.byReference(sender.accountNumber, toFailure.value.transaction.reference)).toMatchObject({ status: 'reversed' });
      }
      // Settling twice changes nothing.
      expect(await t().app.payments.requery()).toEqual({ checked: 0, settled: 0 });
      await expectLedgerOk();
    });

    it('never reverses an unanswered transfer before a status query, and reverses one the switch never received', async () => {
      const sender = await customer(t().app, { balance: naira(10_000) });
      // A switch that drops the funds transfer (as if the process died before sending it).
      const { createTransferService } = await import('./transfer-service.ts');
      const { createInterbankRail } = await import('./interbank-rail.ts');
      const { createPayments } = await import('../payments/payments.ts');
      const { createMoneyGate } = await import('../money/money-gate.ts');
      const { moneyWords: words } = await import('../../http/money-words.ts');
      const { createSandboxSwitch } = await import('../../integrations/interbank/sandbox-switch.ts');
      const sandbox = createSandboxSwitch({ db: t().app.db, clock: t().clock, bank: t().app.config.bank });
      const dropping = { ...sandbox, fundsTransfer: async () => Promise.reject(new Error('connection reset')) };
      const gate = createMoneyGate({ ...t().app, words });
      const payments = createPayments({ ...t().app, gate, rails: { interbank_transfers: createInterbankRail({ interbank: dropping, words }) } });
      const service = createTransferService({ ...t().app, gate, payments, words, interbank: dropping });
      const result = await service.sendToBank(sender.userId, sender.accountNumber, { account_number: gtb('123456789'), bank_code: gtbank.nipCode, amount: naira(1_000), narration: '', pin: testPin, save_beneficiary: false }, newKey());
      expect(result).toMatchObject({ ok: true, value: { transaction: { status: 'pending' } } });
      expect(await balanceOf(sender.accountNumber)).toBe(naira(10_000 - 1_010));
      if (!result.ok) return;
      const checked = await payments.checkStatus(sender.userId, sender.accountNumber, result.value.transaction.reference);
      expect(checked).toMatchObject({ ok: true, value: { status: 'reversed' } });
      expect(await balanceOf(sender.accountNumber)).toBe(naira(10_000));
      await expectLedgerOk();
    });
  });

  describe('history and statistics', () => {
    it('filters by direction, category, dates and text, 20 a page', async () => {
      const sender = await customer(t().app, { balance: naira(100_000) });
      const recipient = await customer(t().app, { firstName: 'Chioma', lastName: 'Eze' });
      for (let i = 0; i < 25; i += 1) {
        await t().app.transfers.sendLocal(sender.userId, sender.accountNumber, { account_number: recipient.accountNumber, amount: naira(10 + i), narration: i === 7 ? 'Suya 100% spicy_hot' : `Item ${i}`, pin: testPin, save_beneficiary: false }, newKey());
      }
      const first = await t().app.transactions.history(sender.accountNumber, { page: 1, perPage: 20 });
      expect(first).toMatchObject({ current_page: 1, last_page: 2, per_page: 20, total: 26 });
      expect(first.data).toHaveLength(20);
      const second = await t().app.transactions.history(sender.accountNumber, { page: 2, perPage: 20 });
      expect(second.data.at(-1)).toMatchObject({ category: 'deposit', type: 'credit' });
      expect((await t().app.transactions.history(sender.accountNumber, { page: 1, perPage: 20, type: 'credit' })).total).toBe(1);
      expect((await t().app.transactions.history(sender.accountNumber, { page: 1, perPage: 20, category: 'transfer' })).total).toBe(25);
      expect((await t().app.transactions.history(sender.accountNumber, { page: 1, perPage: 20, q: '100%' })).data.map((row) => row.narration)).toEqual(['Suya 100% spicy_hot']);
      expect((await t().app.transactions.history(sender.accountNumber, { page: 1, perPage: 20, q: 'chioma' })).total).toBe(25);
      expect((await t().app.transactions.history(sender.accountNumber, { page: 1, perPage: 20, q: '_' })).total).toBe(1);
      const tomorrow = new Date(t().clock.now().getTime() + 86_400_000 + 3_600_000).toISOString().slice(0, 10);
      expect((await t().app.transactions.history(sender.accountNumber, { page: 1, perPage: 20, from: tomorrow })).total).toBe(0);
      const stats = await t().app.transactions.statistics(sender.accountNumber, t().clock.now());
      expect(stats.monthly_statistics).toHaveLength(12);
      const expectedOut = Array.from({ length: 25 }, (_, i) => naira(10 + i)).reduce((a, b) => a + b, 0);
      expect(stats.current_month_statistics).toMatchObject({ inflow: naira(100_000), outflow: expectedOut, count: 26, by_category: { transfer: expectedOut, deposit: naira(100_000) } });
      expect(stats.monthly_statistics.at(-1)).toMatchObject({ inflow: naira(100_000), outflow: expectedOut });
    }, 60_000);
  });

  describe('beneficiaries', () => {
    it('names them by enquiry, refuses duplicates, and hides other customers’ ones', async () => {
      const owner = await customer(t().app);
      const stranger = await customer(t().app);
      const created = await t().app.beneficiaries.create(owner.userId, owner.accountNumber, { account_number: gtb('222333444'), bank_code: gtbank.nipCode, nickname: 'Landlord' });
      expect(created).toMatchObject({ ok: true, value: { account_name: sandboxAccountName(gtbank.nipCode, gtb('222333444')), nickname: 'Landlord' } });
      expect(await t().app.beneficiaries.create(owner.userId, owner.accountNumber, { account_number: gtb('222333444'), bank_code: gtbank.nipCode })).toMatchObject({ ok: false, code: 'DUPLICATE' });
      if (!created.ok) return;
      expect(await t().app.beneficiaries.remove(stranger.userId, stranger.accountNumber, created.value.id)).toMatchObject({ ok: false, code: 'NOT_FOUND' });
      expect(await t().app.beneficiaries.list(owner.userId, owner.accountNumber)).toHaveLength(1);
      expect((await t().app.beneficiaries.remove(owner.userId, owner.accountNumber, created.value.id)).ok).toBe(true);
      expect(await t().app.beneficiaries.list(owner.userId, owner.accountNumber)).toHaveLength(0);
    });
  });

  describe('statements', () => {
    it('emails the statement as an attachment, PDF or CSV', async () => {
      const owner = await customer(t().app, { balance: naira(5_000) });
      const today = new Date(t().clock.now().getTime() + 3_600_000).toISOString().slice(0, 10);
      for (const format of ['csv', 'pdf'] as const) {
        const result = await t().app.statements.request(owner.userId, owner.accountNumber, { start_date: today, end_date: today, format });
        expect(result.ok).toBe(true);
      }
      await t().app.statements.settled();
      const mails = t().mailer.sent.filter((mail) => mail.subject.includes('statement'));
      expect(mails).toHaveLength(2);
      // The two are built in the background at once: either may be mailed first.
      const attachments = mails.map((mail) => mail.attachments![0]!);
      const csv = attachments.find((attachment) => attachment.filename.endsWith('.csv'))!;
      expect(csv.filename).toMatch(new RegExp(`statement-${owner.accountNumber}-.*\\.csv$`));
      expect(String(csv.content)).toContain('5000.00');
      const pdf = attachments.find((attachment) => attachment.filename.endsWith('.pdf'))!;
      expect(Buffer.from(pdf.content).subarray(0, 5).toString()).toBe('%PDF-');
    });

    it('refuses a future end date and more than five an hour', async () => {
      const owner = await customer(t().app);
      const today = new Date(t().clock.now().getTime() + 3_600_000).toISOString().slice(0, 10);
      expect(await t().app.statements.request(owner.userId, owner.accountNumber, { start_date: today, end_date: '2999-01-01', format: 'csv' })).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
      for (let i = 0; i < 5; i += 1) expect((await t().app.statements.request(owner.userId, owner.accountNumber, { start_date: today, end_date: today, format: 'csv' })).ok).toBe(true);
      expect(await t().app.statements.request(owner.userId, owner.accountNumber, { start_date: today, end_date: today, format: 'csv' })).toMatchObject({ ok: false, code: 'RATE_LIMITED' });
      await t().app.statements.settled();
    });
  });
});

describe('with the sandbox switch turned off (INTERBANK_PROVIDER=disabled)', () => {
  it('refuses transfers to other banks, moves nothing, and keeps transfers inside the bank working', async () => {
    const t = await createTestApp('sqlite', { env: { INTERBANK_PROVIDER: 'disabled' } });
    try {
      const sender = await customer(t.app, { balance: naira(1_000) });
      const recipient = await customer(t.app);
      const out = await t.app.transfers.sendToBank(sender.userId, sender.accountNumber, { account_number: gtb('123456789'), bank_code: gtbank.nipCode, amount: naira(100), narration: '', pin: testPin, save_beneficiary: false }, newKey());
      expect(out).toMatchObject({ ok: false, code: 'PROVIDER_FAILED' });
      const inside = await t.app.transfers.sendLocal(sender.userId, sender.accountNumber, { account_number: recipient.accountNumber, amount: naira(100), narration: '', pin: testPin, save_beneficiary: false }, newKey());
      expect(inside.ok).toBe(true);
      expect((await verifyLedger(t.app.db)).ok).toBe(true);
    } finally {
      await t.close();
    }
  });
});
