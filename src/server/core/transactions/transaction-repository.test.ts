import { describe, expect, it } from 'vitest';
import { describeOnEngines } from '../../testing/on-engines.ts';
import { customer, newKey, testPin } from '../../testing/customers.ts';
import { kobo } from '../../../lib/money.ts';
import type { HistoryFilter } from './transaction-repository.ts';

const hourMs = 60 * 60 * 1000;

/**
 * The customer's view of the ledger: what they can find (their own transactions, nobody else's),
 * how history filters and pages, and that search text is text (LIKE's % and _ match themselves).
 */
describeOnEngines('transaction repository on %s', (t) => {
  const deposit = async (accountNumber: string, narration: string, at: Date, amount = kobo(1_000)) => {
    const done = await t().app.inbound.depositFromSandbox({ account_number: accountNumber, amount, narration, at });
    if (!done.ok) throw new Error(done.message.key);
    return done.value;
  };
  const history = (accountNumber: string, filter: Partial<HistoryFilter> = {}) => t().app.transactions.history(accountNumber, { page: 1, perPage: 100, ...filter });
  const narrations = async (accountNumber: string, filter: Partial<HistoryFilter> = {}) => (await history(accountNumber, filter)).data.map((row) => row.narration);
  const hoursAgo = (hours: number) => new Date(t().clock.now().getTime() - hours * hourMs);

  describe('a customer finds only their own transactions', () => {
    it('another customer’s reference is not found, by reference or across their accounts', async () => {
      const ada = await customer(t().app);
      const bola = await customer(t().app);
      const hers = await deposit(ada.accountNumber, 'Salary', t().clock.now());
      const his = await deposit(bola.accountNumber, 'Salary', t().clock.now());
      const adaAccounts = [{ account_number: ada.accountNumber }];
      expect(await t().app.transactions.findOwn(adaAccounts, hers.reference)).toMatchObject({ transaction: { reference: hers.reference }, account: { account_number: ada.accountNumber } });
      expect(await t().app.transactions.findOwn(adaAccounts, his.reference)).toBeNull();
      expect(await t().app.transactions.byReference(ada.accountNumber, his.reference)).toBeNull();
      expect(await t().app.transactions.findOwn([], hers.reference)).toBeNull();
      expect(await t().app.transactions.findOwn(adaAccounts, '')).toBeNull();
      expect(await t().app.transactions.findOwn(adaAccounts, hers.reference.padEnd(65, 'X'))).toBeNull();
      expect(await t().app.transactions.findOwn(adaAccounts, '%')).toBeNull();
    });

    it('a transfer’s one reference shows each side only its own row', async () => {
      const ada = await customer(t().app, { balance: kobo(10_000) });
      const bola = await customer(t().app);
      const sent = await t().app.transfers.sendLocal(ada.userId, ada.accountNumber, { account_number: bola.accountNumber, amount: kobo(2_000), narration: 'Lunch', pin: testPin, save_beneficiary: false }, newKey());
      if (!sent.ok) throw new Error(sent.message.key);
      const reference = sent.value.transaction.reference;
      expect(await t().app.transactions.findOwn([{ account_number: ada.accountNumber }], reference)).toMatchObject({ transaction: { type: 'debit', balance_after: 8_000 } });
      expect(await t().app.transactions.findOwn([{ account_number: bola.accountNumber }], reference)).toMatchObject({ transaction: { type: 'credit', balance_after: 2_000 } });
    });

    it('history and search never reach another customer’s rows', async () => {
      const ada = await customer(t().app);
      const bola = await customer(t().app);
      await deposit(ada.accountNumber, 'Ada rent', t().clock.now());
      await deposit(bola.accountNumber, 'Bola rent', t().clock.now());
      expect(await narrations(ada.accountNumber)).toEqual(['Ada rent']);
      expect(await narrations(ada.accountNumber, { q: 'Bola' })).toEqual([]);
      expect(await narrations(ada.accountNumber, { q: '%' })).toEqual([]);
    });
  });

  describe('history', () => {
    it('filters by type, category and the Lagos days from and to', async () => {
      const ada = await customer(t().app);
      const bola = await customer(t().app);
      // 23:30 UTC is already the next day in Lagos.
      const day = t().clock.now().toISOString().slice(0, 10);
      const lateUtc = new Date(`${day}T23:30:00Z`);
      const nextLagosDay = new Date(lateUtc.getTime() + hourMs).toISOString().slice(0, 10);
      t().clock.advance(lateUtc.getTime() + 2 * hourMs - t().clock.now().getTime());
      await deposit(ada.accountNumber, 'Early', new Date(`${day}T10:00:00Z`), kobo(5_000));
      await deposit(ada.accountNumber, 'Late', lateUtc);
      await t().app.transfers.sendLocal(ada.userId, ada.accountNumber, { account_number: bola.accountNumber, amount: kobo(500), narration: 'Sent', pin: testPin, save_beneficiary: false }, newKey());
      expect(await narrations(ada.accountNumber)).toEqual(['Sent', 'Late', 'Early']);
      expect(await narrations(ada.accountNumber, { type: 'debit' })).toEqual(['Sent']);
      expect(await narrations(ada.accountNumber, { type: 'credit' })).toEqual(['Late', 'Early']);
      expect(await narrations(ada.accountNumber, { category: 'transfer' })).toEqual(['Sent']);
      expect(await narrations(ada.accountNumber, { category: 'deposit', type: 'debit' })).toEqual([]);
      expect(await narrations(ada.accountNumber, { to: day })).toEqual(['Early']);
      expect(await narrations(ada.accountNumber, { from: nextLagosDay })).toEqual(['Sent', 'Late']);
      expect(await narrations(ada.accountNumber, { from: day, to: day })).toEqual(['Early']);
      expect(await narrations(ada.accountNumber, { from: nextLagosDay, to: day })).toEqual([]);
    });

    it('pages newest first: pages cover every row once, a page past the last is empty, an empty history has one page', async () => {
      const ada = await customer(t().app);
      for (let i = 0; i < 7; i += 1) await deposit(ada.accountNumber, `Deposit ${i}`, hoursAgo(10 - i));
      const pages = [];
      for (let page = 1; page <= 4; page += 1) pages.push(await history(ada.accountNumber, { page, perPage: 3 }));
      expect(pages.map((page) => page.data.map((row) => row.narration))).toEqual([
        ['Deposit 6', 'Deposit 5', 'Deposit 4'],
        ['Deposit 3', 'Deposit 2', 'Deposit 1'],
        ['Deposit 0'],
        [],
      ]);
      expect(pages.map(({ current_page, last_page, per_page, total }) => ({ current_page, last_page, per_page, total }))).toEqual(
        [1, 2, 3, 4].map((page) => ({ current_page: page, last_page: 3, per_page: 3, total: 7 })),
      );
      expect(await history(ada.accountNumber, { perPage: 7 })).toMatchObject({ last_page: 1, total: 7 });
      expect(await history(ada.accountNumber, { perPage: 1, page: 7 })).toMatchObject({ last_page: 7, data: [{ narration: 'Deposit 0' }] });
      const nobody = await customer(t().app);
      expect(await history(nobody.accountNumber)).toEqual({ data: [], current_page: 1, last_page: 1, per_page: 100, total: 0 });
    });

    it('rows written in the same millisecond still list newest first', async () => {
      const ada = await customer(t().app);
      const at = t().clock.now();
      for (let i = 0; i < 5; i += 1) await deposit(ada.accountNumber, `Same ${i}`, at);
      expect(await narrations(ada.accountNumber)).toEqual(['Same 4', 'Same 3', 'Same 2', 'Same 1', 'Same 0']);
    });
  });

  describe('search', () => {
    it('takes % and _ (and the escape character) literally', async () => {
      const ada = await customer(t().app);
      const texts = ['100% sure', '100 sure', 'a_b', 'axb', 'back\\slash', 'backslash'];
      for (const [i, text] of texts.entries()) await deposit(ada.accountNumber, text, hoursAgo(10 - i));
      expect(await narrations(ada.accountNumber, { q: '%' })).toEqual(['100% sure']);
      expect(await narrations(ada.accountNumber, { q: '0% s' })).toEqual(['100% sure']);
      expect(await narrations(ada.accountNumber, { q: '_' })).toEqual(['a_b']);
      expect(await narrations(ada.accountNumber, { q: 'a_b' })).toEqual(['a_b']);
      expect(await narrations(ada.accountNumber, { q: '\\' })).toEqual(['back\\slash']);
      expect(await narrations(ada.accountNumber, { q: 'k\\s' })).toEqual(['back\\slash']);
      expect(await narrations(ada.accountNumber, { q: '%%' })).toEqual([]);
      expect(await narrations(ada.accountNumber, { q: 'sure' })).toEqual(['100 sure', '100% sure']);
    });

    it('matches narration, counterparty name and account, and reference, whatever the case', async () => {
      const ada = await customer(t().app);
      const inbound = await t().app.inbound.receiveInterbank({ account_number: ada.accountNumber, amount: kobo(2_500), sender_name: 'Chioma OKAFOR', sender_bank_code: '000013', sender_account_number: '0690000031', narration: 'School FEES' });
      if (!inbound.ok) throw new Error(inbound.message.key);
      await deposit(ada.accountNumber, 'Something else', hoursAgo(1));
      for (const q of ['school fees', 'okafor', '0690000031', inbound.value.reference.toLowerCase(), '  FEES  ']) {
        expect(await narrations(ada.accountNumber, { q })).toEqual(['School FEES']);
      }
      expect((await history(ada.accountNumber, { q: 'okafor', type: 'debit' })).total).toBe(0);
    });
  });

  it('counts today’s debits for the limit: pending and successful principal, not credits nor charges', async () => {
    const ada = await customer(t().app, { balance: kobo(5_000_000) });
    const bola = await customer(t().app);
    const sent = await t().app.transfers.sendLocal(ada.userId, ada.accountNumber, { account_number: bola.accountNumber, amount: kobo(2_000_000), narration: '', pin: testPin, save_beneficiary: false }, newKey());
    expect(sent).toMatchObject({ ok: true, value: { transaction: { amount: 2_000_000 } } });
    expect(sent.ok && sent.value.transaction.fee).toBeGreaterThan(0);
    const today = t().app.transactions.debitedOn(t().app.db, ada.accountNumber, sent.ok ? sent.value.transaction.created_at.slice(0, 10) : '');
    expect(await today).toBe(2_000_000);
    expect(await t().app.transactions.debitedOn(t().app.db, bola.accountNumber, sent.ok ? sent.value.transaction.created_at.slice(0, 10) : '')).toBe(0);
  });
});
