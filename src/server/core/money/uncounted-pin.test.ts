import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { balanceOf } from '../../testing/balances.ts';
import { customer, newKey, testPin } from '../../testing/customers.ts';
import { kobo } from '../../../lib/money.ts';
import { composeApp } from '../../app.ts';
import { verifyLedger } from '../ledger/verify-ledger.ts';

/** Runs between debitNow's PIN statement (with its BEGIN) and its claim, when a test sets it. */
const race: { between: (() => Promise<void>) | null } = vi.hoisted(() => ({ between: null }));

// debitNow sends the caller's read with the PIN (an autocommit) and BEGIN with the claim in one
// write. Here, when a test asks for it, the write is split in two and `race.between` runs in
// between: another process's try committed after the PIN statement and before the claim.
vi.mock('../../db/connection.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../db/connection.ts')>();
  const batch: typeof real.batch = async (executor, statements, options = {}) => {
    const between = race.between;
    if (!between || options.beforeBegin !== 1 || statements.length !== 2) return real.batch(executor, statements, options);
    const [first] = await real.batch(executor, [statements[0]!], { beforeBegin: 1 });
    await between();
    const [second] = await real.batch(executor, [statements[1]!]);
    return [first, second] as unknown as Awaited<ReturnType<typeof real.batch<typeof statements>>>;
  };
  return { ...real, batch };
});

const naira = (value: number) => kobo(value * 100);

/**
 * PostgreSQL: a right PIN on a clean count (no try counted, no lock) matches in
 * debitNow's first statement without taking a try, so that statement writes nothing and waits for
 * no WAL flush (queries.ts callerTryQuery 'uncounted'). Such a match is trusted only when the
 * claim, in the money transaction, still reads the count as 0 and unlocked; otherwise the PIN is
 * tried as a counted try, as before.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('a right PIN on a clean count on postgres', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp('postgres');
  });
  afterEach(async () => {
    race.between = null;
    await t.close();
  });
  const send = (from: { userId: string; accountNumber: string }, to: string, pin: string) =>
    t.app.transfers.sendLocal(from.userId, from.accountNumber, { account_number: to, amount: naira(10), narration: '', pin, save_beneficiary: false }, newKey());
  const userRow = (userId: string) =>
    t.app.db
      .selectFrom('users')
      .select(['pin_failed_attempts', 'pin_locked_until', sql<string>`xmin::text`.as('version')])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
  /** Another process's wrong PINs, counted: the count set to `count` and, as the fifth try sets it, the lock. */
  const countedElsewhere = (userId: string, count: number, lockedUntil: string | null = null) => async () => {
    await t.app.db.updateTable('users').set({ pin_failed_attempts: count, pin_locked_until: lockedUntil }).where('id', '=', userId).execute();
  };

  it('moves the money and leaves the customer’s row as it was: no try written', async () => {
    const me = await customer(t.app, { balance: naira(1_000) });
    const other = await customer(t.app);
    const before = await userRow(me.userId);
    expect(before).toMatchObject({ pin_failed_attempts: 0, pin_locked_until: null });
    expect(await send(me, other.accountNumber, testPin)).toMatchObject({ ok: true });
    expect(await send(me, other.accountNumber, testPin)).toMatchObject({ ok: true });
    expect(await userRow(me.userId)).toEqual(before);
    expect(await balanceOf(t.app, me.accountNumber)).toBe(naira(980));
  });

  it('a wrong PIN is still counted, and the right one after it resets the count with a write', async () => {
    const me = await customer(t.app, { balance: naira(1_000) });
    const other = await customer(t.app);
    expect(await send(me, other.accountNumber, '1111')).toMatchObject({ ok: false, code: 'INVALID_PIN' });
    const counted = await userRow(me.userId);
    expect(counted.pin_failed_attempts).toBe(1);
    expect(await send(me, other.accountNumber, testPin)).toMatchObject({ ok: true });
    const reset = await userRow(me.userId);
    expect(reset).toMatchObject({ pin_failed_attempts: 0, pin_locked_until: null });
    expect(reset.version).not.toBe(counted.version);
  });

  it('a wrong PIN counted elsewhere between the match and the claim: the right PIN takes a counted try, which resets the count', async () => {
    const me = await customer(t.app, { balance: naira(1_000) });
    const other = await customer(t.app);
    race.between = countedElsewhere(me.userId, 1);
    expect(await send(me, other.accountNumber, testPin)).toMatchObject({ ok: true });
    race.between = null;
    // Had the uncounted match been trusted, the count would still be 1.
    expect(await userRow(me.userId)).toMatchObject({ pin_failed_attempts: 0, pin_locked_until: null });
    expect(await balanceOf(t.app, me.accountNumber)).toBe(naira(990));
  });

  it('the lock set elsewhere between the match and the claim: the right PIN is PIN_LOCKED and nothing moves', async () => {
    const me = await customer(t.app, { balance: naira(1_000) });
    const other = await customer(t.app);
    const until = new Date(t.clock.now().getTime() + 30 * 60_000).toISOString();
    race.between = countedElsewhere(me.userId, 5, until);
    expect(await send(me, other.accountNumber, testPin)).toMatchObject({ ok: false, code: 'PIN_LOCKED' });
    race.between = null;
    expect(await userRow(me.userId)).toMatchObject({ pin_failed_attempts: 5, pin_locked_until: until });
    expect(await balanceOf(t.app, me.accountNumber)).toBe(naira(1_000));
    expect(await t.app.db.selectFrom('idempotency_keys').select('key').where('user_id', '=', me.userId).execute()).toEqual([]);
  });
  it('40 transfers at once from four server processes, the right PIN 3rd: wrong PINs are counted to the lock, money moves at most once', async () => {
    const me = await customer(t.app, { balance: naira(1_000) });
    const other = await customer(t.app);
    // Three more servers on the same database, each with its own connections and PIN queue.
    const others = await Promise.all(Array.from({ length: 3 }, () => composeApp(t.app.config, { clock: t.clock, mailer: t.mailer })));
    const apps = [t.app, ...others.map((composed) => composed.app)];
    const pins = Array.from({ length: 40 }, (_, i) => String(1000 + i * 7).slice(-4)).map((pin) => (pin === testPin ? '9999' : pin));
    pins[2] = testPin;
    const answers = await Promise.all(
      pins.map((pin, i) => apps[i % apps.length]!.transfers.sendLocal(me.userId, me.accountNumber, { account_number: other.accountNumber, amount: naira(10), narration: '', pin, save_beneficiary: false }, newKey())),
    ).finally(() => Promise.all(others.map((composed) => composed.internals.db.destroy())));
    const wrong = answers.filter((answer) => !answer.ok && answer.code === 'INVALID_PIN').length;
    const moved = answers.filter((answer) => answer.ok).length;
    expect(answers.every((answer) => answer.ok || answer.code === 'INVALID_PIN' || answer.code === 'PIN_LOCKED')).toBe(true);
    expect(moved).toBeLessThanOrEqual(1);
    if (moved === 1) {
      expect(answers[2]).toMatchObject({ ok: true });
      // At most four wrong before it and four after it (a counted right PIN starts a fresh count).
      expect(wrong).toBeLessThanOrEqual(8);
    } else {
      expect(answers[2]).toMatchObject({ ok: false, code: 'PIN_LOCKED' });
      expect(wrong).toBe(4);
    }
    // However the burst fell, the wrong PINs after the right one locked the PIN in the end.
    expect(await userRow(me.userId)).toMatchObject({ pin_failed_attempts: 5, pin_locked_until: expect.any(String) });
    expect(await balanceOf(t.app, me.accountNumber)).toBe(naira(1_000 - 10 * moved));
    expect((await verifyLedger(t.app.db)).problems).toEqual([]);
  });
});
