import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { describeOnEngines } from '../../testing/on-engines.ts';
import { balanceOf } from '../../testing/balances.ts';
import { customer } from '../../testing/customers.ts';
import { kobo, type Kobo } from '../../../lib/money.ts';
import { inTransaction, internalAccounts, lockAccounts, postEntry, reverseEntry, type PostingLine, type Trx } from './ledger.ts';
import { verifyLedger } from './verify-ledger.ts';

/**
 * The ledger's own contract, hit the way a bug, an attacker or a crash would: unbalanced entries,
 * debits past a balance, a second reversal, opposite transfers racing, writes around the code.
 */
describeOnEngines('ledger on %s', (t) => {
  const bookSizes = async () => ({
    entries: (await t().app.db.selectFrom('journal_entries').select('id').execute()).length,
    postings: (await t().app.db.selectFrom('postings').select('entry_id').execute()).length,
  });
  const at = () => t().clock.now().toISOString();
  const post = (trx: Trx, reference: string, lines: PostingLine[]) => postEntry(trx, { reference, kind: 'test', description: reference, at: at(), lines });
  /** A movement as services make it: lock both accounts, then post. */
  const move = (from: string, to: string, amount: Kobo, reference: string) =>
    inTransaction(t().app.db, async (trx) => {
      await lockAccounts(trx, [from, to]);
      return post(trx, reference, [
        { account: from, amount: kobo(-amount) },
        { account: to, amount },
      ]);
    });
  const expectLedgerOk = async () => expect((await verifyLedger(t().app.db)).problems).toEqual([]);

  describe('an entry balances, in code', () => {
    it('refuses lines that do not sum to zero, and writes nothing', async () => {
      const { accountNumber } = await customer(t().app, { balance: kobo(10_000) });
      const before = await bookSizes();
      await expect(
        inTransaction(t().app.db, (trx) =>
          post(trx, 'UNBALANCED', [
            { account: accountNumber, amount: kobo(-1_000) },
            { account: internalAccounts.feeIncome, amount: kobo(999) },
          ]),
        ),
      ).rejects.toThrow(/unbalanced entry UNBALANCED: lines sum to -1/);
      expect(await bookSizes()).toEqual(before);
      expect(await balanceOf(t().app, accountNumber)).toBe(10_000);
      expect(await balanceOf(t().app, internalAccounts.feeIncome)).toBe(0);
      await expectLedgerOk();
    });

    it('refuses fractions of a kobo, a single line and an unknown account, rolling back what was written', async () => {
      const { accountNumber } = await customer(t().app, { balance: kobo(10_000) });
      const before = await bookSizes();
      const attempt = (lines: PostingLine[]) => inTransaction(t().app.db, (trx) => post(trx, 'BAD', lines));
      await expect(attempt([{ account: accountNumber, amount: -0.5 as Kobo }, { account: internalAccounts.feeIncome, amount: 0.5 as Kobo }])).rejects.toThrow(/integer kobo/);
      await expect(attempt([{ account: accountNumber, amount: kobo(-100) }, { account: internalAccounts.feeIncome, amount: kobo(0) }])).rejects.toThrow(/at least two/);
      // The unknown account is found only after the entry row and the first balance were written.
      await expect(attempt([{ account: accountNumber, amount: kobo(-100) }, { account: 'GL-NO-SUCH-ACCOUNT', amount: kobo(100) }])).rejects.toThrow(/unknown account GL-NO-SUCH-ACCOUNT/);
      expect(await bookSizes()).toEqual(before);
      expect(await balanceOf(t().app, accountNumber)).toBe(10_000);
    });
  });

  describe('an entry balances, in the database', () => {
    it('refuses a zero posting written around the code (CHECK postings_amount_not_zero)', async () => {
      await t().app.db.insertInto('journal_entries').values({ id: 'je_raw_zero', reference: 'RAW', kind: 'raw', description: 'raw', reverses_entry_id: null, created_at: at() }).execute();
      await expect(
        t().app.db.insertInto('postings').values({ entry_id: 'je_raw_zero', line: 1, account_number: internalAccounts.feeIncome, amount: 0, created_at: at() }).execute(),
      ).rejects.toThrow(/postings_amount_not_zero|CHECK constraint/i);
    });

    it('an unbalanced entry written around the code is found by verify-ledger', async () => {
      await customer(t().app, { balance: kobo(5_000) });
      await expectLedgerOk();
      // Nothing in the schema sums an entry's postings (a row CHECK cannot see its siblings): the
      // code asserts it, and verify-ledger recomputes it from the postings.
      await t().app.db.insertInto('journal_entries').values({ id: 'je_raw_unbalanced', reference: 'RAW', kind: 'raw', description: 'raw', reverses_entry_id: null, created_at: at() }).execute();
      await t().app.db
        .insertInto('postings')
        .values([
          { entry_id: 'je_raw_unbalanced', line: 1, account_number: internalAccounts.feeIncome, amount: 700, created_at: at() },
          { entry_id: 'je_raw_unbalanced', line: 2, account_number: internalAccounts.sandboxFunding, amount: -500, created_at: at() },
        ])
        .execute();
      const report = await verifyLedger(t().app.db);
      expect(report.ok).toBe(false);
      expect(report.problems).toContain('entry je_raw_unbalanced does not balance: its postings sum to 200');
      // The balances were not moved with the postings: each touched account disagrees with them too.
      expect(report.problems).toContain(`account ${internalAccounts.feeIncome}: balance 0 but its postings sum to 700`);
    });

    it('an entry with no postings is found by verify-ledger', async () => {
      await t().app.db.insertInto('journal_entries').values({ id: 'je_raw_empty', reference: 'RAW', kind: 'raw', description: 'raw', reverses_entry_id: null, created_at: at() }).execute();
      expect((await verifyLedger(t().app.db)).problems).toEqual(['entry je_raw_empty has no postings']);
    });

    it('verify-ledger finds a tampered balance: a customer credited by a bare UPDATE', async () => {
      const { accountNumber } = await customer(t().app, { balance: kobo(5_000) });
      await expectLedgerOk();
      await t().app.db.updateTable('accounts').set({ balance: sql<number>`balance + 100000` }).where('account_number', '=', accountNumber).execute();
      const report = await verifyLedger(t().app.db);
      expect(report.ok).toBe(false);
      expect(report.problems).toEqual([`account ${accountNumber}: balance 105000 but its postings sum to 5000`, 'all balances sum to 100000, not zero']);
    });

    it('verify-ledger finds money in suspense that no pending payment explains', async () => {
      await inTransaction(t().app.db, (trx) => post(trx, 'SUSPENSE', [{ account: internalAccounts.suspense, amount: kobo(300) }, { account: internalAccounts.feeIncome, amount: kobo(-300) }]));
      expect((await verifyLedger(t().app.db)).problems).toEqual([expect.stringMatching(/^suspense holds 300 but pending interbank transfers .* total 0$/)]);
    });
  });

  describe('a customer never goes below zero', () => {
    it('a debit past the balance is refused by the guarded update, and nothing is written', async () => {
      const { accountNumber } = await customer(t().app, { balance: kobo(10_000) });
      const before = await bookSizes();
      const refused = await inTransaction(t().app.db, (trx) => post(trx, 'OVER', [{ account: accountNumber, amount: kobo(-10_001) }, { account: internalAccounts.feeIncome, amount: kobo(10_001) }]));
      expect(refused).toMatchObject({ ok: false, code: 'INSUFFICIENT_FUNDS' });
      expect(await bookSizes()).toEqual(before);
      expect(await balanceOf(t().app, accountNumber)).toBe(10_000);
      const exact = await inTransaction(t().app.db, (trx) => post(trx, 'EXACT', [{ account: accountNumber, amount: kobo(-10_000) }, { account: internalAccounts.feeIncome, amount: kobo(10_000) }]));
      expect(exact.ok).toBe(true);
      expect(await balanceOf(t().app, accountNumber)).toBe(0);
      // The bank's own accounts carry the other side and may go below zero.
      expect(await balanceOf(t().app, internalAccounts.sandboxFunding)).toBe(-10_000);
      await expectLedgerOk();
    });

    it('the database refuses a negative customer balance written around the code (CHECK)', async () => {
      const { accountNumber } = await customer(t().app, { balance: kobo(10_000) });
      await expect(
        t().app.db.updateTable('accounts').set({ balance: sql<number>`balance - 10001` }).where('account_number', '=', accountNumber).execute(),
      ).rejects.toThrow(/accounts_customer_balance_not_negative|CHECK constraint/i);
      expect(await balanceOf(t().app, accountNumber)).toBe(10_000);
    });

    it('20 debits of a tenth of the balance at once, without locks: exactly 10 land, the balance ends at zero', async () => {
      const { accountNumber } = await customer(t().app, { balance: kobo(1_000) });
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          inTransaction(t().app.db, (trx) => post(trx, `BURST${i}`, [{ account: accountNumber, amount: kobo(-100) }, { account: internalAccounts.feeIncome, amount: kobo(100) }])),
        ),
      );
      expect(answers.filter((answer) => answer.ok)).toHaveLength(10);
      expect(answers.filter((answer) => !answer.ok && answer.code === 'INSUFFICIENT_FUNDS')).toHaveLength(10);
      expect(await balanceOf(t().app, accountNumber)).toBe(0);
      expect(await balanceOf(t().app, internalAccounts.feeIncome)).toBe(1_000);
      await expectLedgerOk();
    });

    it('reversing a credit the customer has already spent is refused like any debit', async () => {
      const { accountNumber } = await customer(t().app);
      const credit = await move(internalAccounts.sandboxFunding, accountNumber, kobo(500), 'CREDIT');
      if (!credit.ok) throw new Error(credit.message.key);
      expect((await move(accountNumber, internalAccounts.feeIncome, kobo(400), 'SPEND')).ok).toBe(true);
      const reversal = await inTransaction(t().app.db, (trx) => reverseEntry(trx, { entryId: credit.value.entryId, reference: 'CREDIT', at: at(), description: 'take back' }));
      expect(reversal).toMatchObject({ ok: false, code: 'INSUFFICIENT_FUNDS' });
      expect(await balanceOf(t().app, accountNumber)).toBe(100);
      await expectLedgerOk();
    });
  });

  describe('a reversal', () => {
    it('posts the exact opposite of the entry and points at it', async () => {
      const { accountNumber } = await customer(t().app, { balance: kobo(10_000) });
      const original = await move(accountNumber, internalAccounts.billerSettlement, kobo(2_500), 'PAY');
      if (!original.ok) throw new Error(original.message.key);
      const reversal = await inTransaction(t().app.db, (trx) => reverseEntry(trx, { entryId: original.value.entryId, reference: 'PAY', at: at(), description: 'give back' }));
      if (!reversal.ok) throw new Error(reversal.message.key);
      expect(reversal.value.balances.get(accountNumber)).toBe(10_000);
      const lines = await t().app.db.selectFrom('postings').select(['account_number', 'amount']).where('entry_id', '=', reversal.value.entryId).orderBy('line').execute();
      expect(lines.map((line) => [line.account_number, Number(line.amount)])).toEqual([[accountNumber, 2_500], [internalAccounts.billerSettlement, -2_500]]);
      const entry = await t().app.db.selectFrom('journal_entries').selectAll().where('id', '=', reversal.value.entryId).executeTakeFirstOrThrow();
      expect(entry).toMatchObject({ kind: 'reversal', reverses_entry_id: original.value.entryId, reference: 'PAY' });
      await expectLedgerOk();
    });

    it('two reversals of one entry racing: exactly one lands (unique reverses_entry_id), the money comes back once', async () => {
      const { accountNumber } = await customer(t().app, { balance: kobo(10_000) });
      const original = await move(accountNumber, internalAccounts.billerSettlement, kobo(2_500), 'PAY');
      if (!original.ok) throw new Error(original.message.key);
      for (let round = 0; round < 2; round += 1) {
        const raced = await Promise.allSettled(
          [0, 1].map(() => inTransaction(t().app.db, (trx) => reverseEntry(trx, { entryId: original.value.entryId, reference: 'PAY', at: at(), description: 'give back' }))),
        );
        const landed = raced.filter((outcome) => outcome.status === 'fulfilled' && outcome.value.ok);
        const refused = raced.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
        // The first round: one lands, one hits the unique index. The second: both hit it.
        expect(landed).toHaveLength(round === 0 ? 1 : 0);
        expect(refused).toHaveLength(round === 0 ? 1 : 2);
        for (const outcome of refused) expect(String(outcome.reason)).toMatch(/unique|duplicate/i);
      }
      expect(await balanceOf(t().app, accountNumber)).toBe(10_000);
      expect(await balanceOf(t().app, internalAccounts.billerSettlement)).toBe(0);
      expect(await t().app.db.selectFrom('journal_entries').select('id').where('reverses_entry_id', '=', original.value.entryId).execute()).toHaveLength(1);
      await expectLedgerOk();
    });
  });

  it('opposite transfers between two accounts, 3 bursts of 50 at once: no deadlock, balances add up', async () => {
    const a = await customer(t().app, { balance: kobo(100_000) });
    const b = await customer(t().app, { balance: kobo(100_000) });
    for (let round = 0; round < 3; round += 1) {
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) => (i % 2 ? move(a.accountNumber, b.accountNumber, kobo(700), `AB${round}-${i}`) : move(b.accountNumber, a.accountNumber, kobo(500), `BA${round}-${i}`))),
      );
      expect(answers.every((answer) => answer.ok)).toBe(true);
    }
    // Each round: 25 of A → B (₦7) and 25 of B → A (₦5).
    expect(await balanceOf(t().app, a.accountNumber)).toBe(100_000 - 3 * 25 * 200);
    expect(await balanceOf(t().app, b.accountNumber)).toBe(100_000 + 3 * 25 * 200);
    await expectLedgerOk();
  });

  it('lockAccounts answers each account once with its balance as a number, whatever order and repeats it is given', async () => {
    const a = await customer(t().app, { balance: kobo(1_234) });
    const locked = await inTransaction(t().app.db, (trx) => lockAccounts(trx, [internalAccounts.feeIncome, a.accountNumber, a.accountNumber]));
    if (!locked.ok) throw new Error(locked.message.key);
    expect([...locked.value.keys()].sort()).toEqual([a.accountNumber, internalAccounts.feeIncome].sort());
    expect(locked.value.get(a.accountNumber)).toMatchObject({ balance: 1_234, kind: 'customer', user_id: a.userId });
  });

  describe('entries are never changed', () => {
    it('posting, reversing and refused postings leave every earlier entry and posting exactly as written', async () => {
      const { accountNumber } = await customer(t().app, { balance: kobo(10_000) });
      const first = await move(accountNumber, internalAccounts.feeIncome, kobo(1_000), 'ONE');
      if (!first.ok) throw new Error(first.message.key);
      const snapshot = async () => ({
        entries: await t().app.db.selectFrom('journal_entries').selectAll().orderBy('id').execute(),
        postings: (await t().app.db.selectFrom('postings').selectAll().orderBy('entry_id').orderBy('line').execute()).map((row) => ({ ...row, amount: Number(row.amount) })),
      });
      const before = await snapshot();
      await inTransaction(t().app.db, (trx) => reverseEntry(trx, { entryId: first.value.entryId, reference: 'ONE', at: at(), description: 'back' }));
      await move(accountNumber, internalAccounts.feeIncome, kobo(99_999), 'REFUSED');
      await move(accountNumber, internalAccounts.feeIncome, kobo(10), 'TWO');
      const after = await snapshot();
      for (const entry of before.entries) expect(after.entries).toContainEqual(entry);
      for (const posting of before.postings) expect(after.postings).toContainEqual(posting);
      expect(after.entries).toHaveLength(before.entries.length + 2);
    });

    it('no runtime code updates or deletes journal entries or postings', () => {
      const root = path.resolve(import.meta.dirname, '../..');
      const offenders: string[] = [];
      const visit = (dir: string) => {
        for (const item of fs.readdirSync(dir, { withFileTypes: true })) {
          const file = path.join(dir, item.name);
          if (item.isDirectory()) {
            if (item.name !== 'migrations') visit(file);
          } else if (/\.ts$/.test(item.name) && !/\.test\.ts$/.test(item.name)) {
            const text = fs.readFileSync(file, 'utf8');
            if (/(updateTable|deleteFrom)\(\s*['"`](journal_entries|postings)['"`]/.test(text) || /\b(update|delete\s+from)\s+(journal_entries|postings)\b/i.test(text)) offenders.push(path.relative(root, file));
          }
        }
      };
      visit(root);
      expect(offenders).toEqual([]);
    });
  });
});
