import { expect, it } from 'vitest';
import { describeOnEngines } from '../../testing/on-engines.ts';
import { balanceOf } from '../../testing/balances.ts';
import { customer, newKey, testPin } from '../../testing/customers.ts';
import { hashSecret } from '../auth/secrets.ts';
import { kobo } from '../../../lib/money.ts';

const naira = (value: number) => kobo(value * 100);
const wrongPin = '1111'; // testPin is 2580

/**
 * A transfer inside the bank through money-gate.ts debitNow. On PostgreSQL its claim,
 * journal row and locks go out with the PIN's try, before the PIN is judged: whatever stops the
 * request after that (a wrong PIN, a replay, its own checks, the balance) must leave none of them
 * behind, and the try must count as it did when it went alone. On SQLite the same answers, the
 * prelude first.
 */
describeOnEngines('a transfer inside the bank, the PIN and the claim on %s', (t, engine) => {
  const app = () => t().app;
  const send = (from: { userId: string; accountNumber: string }, to: string, pin: string, options: { key?: string; amount?: number } = {}) =>
    app().transfers.sendLocal(from.userId, from.accountNumber, { account_number: to, amount: options.amount ?? naira(10), narration: '', pin, save_beneficiary: false }, options.key ?? newKey());
  const pinRow = async (userId: string) => app().db.selectFrom('users').select(['pin_failed_attempts', 'pin_locked_until']).where('id', '=', userId).executeTakeFirstOrThrow();
  const keysOf = async (userId: string) => (await app().db.selectFrom('idempotency_keys').select('key').where('user_id', '=', userId).execute()).map((row) => row.key);
  const journalRows = async () => Number((await app().db.selectFrom('journal_entries').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('a wrong PIN counts its try and leaves no claim, no journal row and no lock behind', async () => {
    const me = await customer(app(), { balance: naira(1_000) });
    const other = await customer(app());
    const before = await journalRows();
    const key = newKey();
    expect(await send(me, other.accountNumber, wrongPin, { key })).toMatchObject({ ok: false, code: 'INVALID_PIN' });
    expect(await pinRow(me.userId)).toEqual({ pin_failed_attempts: 1, pin_locked_until: null });
    expect(await keysOf(me.userId)).toEqual([]);
    expect(await journalRows()).toBe(before);
    // The same key with the right PIN is a new request: no lock or claim of the wrong one is in its way.
    expect(await send(me, other.accountNumber, testPin, { key })).toMatchObject({ ok: true });
    expect(await keysOf(me.userId)).toEqual([key]);
    expect(await journalRows()).toBe(before + 1);
    expect(await balanceOf(app(), me.accountNumber)).toBe(naira(990));
  });

  it("the request's own checks come after a right PIN: the count is reset, nothing is claimed or moved", async () => {
    const me = await customer(app(), { balance: naira(1_000) });
    // The check digit of a NUBAN is its last: another digit there makes a number that cannot be valid.
    const notNuban = me.accountNumber.replace(/.$/, (digit) => String((Number(digit) + 1) % 10));
    await send(me, notNuban, wrongPin);
    expect(await pinRow(me.userId)).toMatchObject({ pin_failed_attempts: 1 });
    const before = await journalRows();
    expect(await send(me, me.accountNumber, testPin)).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    // (On SQLite the right PIN's reset is told before its group's COMMIT, and durable just after: group-commit.ts groupedWriteProvisional.)
    await expect.poll(() => pinRow(me.userId)).toEqual({ pin_failed_attempts: 0, pin_locked_until: null });
    await send(me, notNuban, wrongPin);
    expect(await send(me, notNuban, testPin)).toMatchObject({ ok: false, code: 'INVALID_ACCOUNT_NUMBER' });
    await expect.poll(() => pinRow(me.userId)).toEqual({ pin_failed_attempts: 0, pin_locked_until: null });
    expect(await keysOf(me.userId)).toEqual([]);
    expect(await journalRows()).toBe(before);
    expect(await balanceOf(app(), me.accountNumber)).toBe(naira(1_000));
  });

  it('a refusal inside the money transaction (the balance) keeps the right PIN\'s reset and no claim', async () => {
    const me = await customer(app(), { balance: naira(100) });
    const other = await customer(app());
    await send(me, other.accountNumber, wrongPin);
    const before = await journalRows();
    expect(await send(me, other.accountNumber, testPin, { amount: naira(500) })).toMatchObject({ ok: false, code: 'INSUFFICIENT_FUNDS' });
    expect(await pinRow(me.userId)).toEqual({ pin_failed_attempts: 0, pin_locked_until: null });
    expect(await keysOf(me.userId)).toEqual([]);
    expect(await journalRows()).toBe(before);
    expect(await balanceOf(app(), me.accountNumber)).toBe(naira(100));
  });

  it('a replay answers what the first request answered, spends no try and writes nothing', async () => {
    const me = await customer(app(), { balance: naira(1_000) });
    const other = await customer(app());
    const key = newKey();
    const first = await send(me, other.accountNumber, testPin, { key });
    expect(first.ok).toBe(true);
    const before = await journalRows();
    const again = await send(me, other.accountNumber, wrongPin, { key });
    expect(again).toMatchObject({ ok: true, replayed: true });
    expect(again.ok && first.ok && again.value.transaction.reference).toBe(first.ok && first.value.transaction.reference);
    expect(await pinRow(me.userId)).toEqual({ pin_failed_attempts: 0, pin_locked_until: null });
    expect(await journalRows()).toBe(before);
    expect(await balanceOf(app(), me.accountNumber)).toBe(naira(990));
  });

  it('a PIN stored as legacy argon2id is not matched in SQL: its try is judged outside, the PIN upgraded and the money moved once', async () => {
    const me = await customer(app(), { balance: naira(1_000) });
    const other = await customer(app());
    await app().db.updateTable('users').set({ transaction_pin_hash: await hashSecret(testPin), pin_key_version: null, pin_failed_attempts: 2 }).where('id', '=', me.userId).execute();
    const before = await journalRows();
    expect(await send(me, other.accountNumber, testPin)).toMatchObject({ ok: true });
    const stored = await app().db.selectFrom('users').select(['transaction_pin_hash', 'pin_key_version', 'pin_failed_attempts']).where('id', '=', me.userId).executeTakeFirstOrThrow();
    expect(stored.transaction_pin_hash?.startsWith('$argon2id')).toBe(false);
    expect(stored.pin_key_version).not.toBeNull();
    expect(stored.pin_failed_attempts).toBe(0);
    expect(await journalRows()).toBe(before + 1);
    expect(await keysOf(me.userId)).toHaveLength(1);
    expect(await balanceOf(app(), me.accountNumber)).toBe(naira(990));
  });

  // On SQLite a transaction holds the one write lock from its start: there are no row locks to take early.
  it.runIf(engine === 'postgres')("a wrong PIN, any PIN while the PIN is locked, or someone else's account locks nobody's account: with that row held elsewhere, each is answered at once", async () => {
    let me = await customer(app(), { balance: naira(1_000) });
    let other = await customer(app(), { balance: naira(1_000) });
    // The claim's statement locks the accounts that sort before the sender (the rest wait for the entry's).
    if (other.accountNumber > me.accountNumber) [me, other] = [other, me];
    const within = <T>(answer: Promise<T>) => Promise.race([answer, new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), 3_000))]);
    await app().db.transaction().execute(async (trx) => {
      await trx.selectFrom('accounts').select('account_number').where('account_number', '=', other.accountNumber).forUpdate().execute();
      for (let n = 0; n < 4; n += 1) expect(await within(send(me, other.accountNumber, wrongPin))).toMatchObject({ ok: false, code: 'INVALID_PIN' });
      expect(await within(send(me, other.accountNumber, wrongPin))).toMatchObject({ ok: false, code: 'PIN_LOCKED' });
      expect(await within(send(me, other.accountNumber, testPin))).toMatchObject({ ok: false, code: 'PIN_LOCKED' });
      // A customer whose count is 0 naming the held account as theirs: refused before the PIN, and at once.
      const third = await customer(app(), { balance: naira(1_000) });
      expect(await within(send({ userId: third.userId, accountNumber: other.accountNumber }, third.accountNumber, testPin))).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    });
    expect(await keysOf(me.userId)).toEqual([]);
    expect(await balanceOf(app(), me.accountNumber)).toBe(naira(1_000));
    expect(await balanceOf(app(), other.accountNumber)).toBe(naira(1_000));
  });

  it('twelve transfers at once from one account, half with a wrong PIN: each right one moves money once, each wrong one counts', async () => {
    const me = await customer(app(), { balance: naira(1_000) });
    const other = await customer(app());
    const before = await journalRows();
    const answers = await Promise.all(Array.from({ length: 12 }, (_, n) => send(me, other.accountNumber, n % 2 === 0 ? testPin : wrongPin)));
    const moved = answers.filter((answer) => answer.ok).length;
    // A right PIN after the fifth wrong one in a row meets the lock; otherwise every right one moves money.
    expect(answers.filter((answer) => !answer.ok && !['INVALID_PIN', 'PIN_LOCKED'].includes(answer.code))).toEqual([]);
    expect(moved).toBeGreaterThan(0);
    expect(await journalRows()).toBe(before + moved);
    expect(await keysOf(me.userId)).toHaveLength(moved);
    expect(await balanceOf(app(), me.accountNumber)).toBe(naira(1_000 - 10 * moved));
    expect(await balanceOf(app(), other.accountNumber)).toBe(naira(10 * moved));
  });
});
