import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { PinHasher } from '../auth/pin-hash.ts';
import { changePinSchema } from '../../../lib/settings-schemas.ts';
import { describeOnEngines } from '../../testing/on-engines.ts';
import { customer, newKey, testPin } from '../../testing/customers.ts';
import { createPinGuard } from './pin-guard.ts';
import { inEnglish } from '../../testing/in-english.ts';

const naira = (value: number) => value * 100;
const wrongPins = Array.from({ length: 50 }, (_, i) => String(1000 + i * 7).slice(-4)).map((pin) => (pin === testPin ? '9999' : pin));

/**
 * The PIN's guess limit under bursts (docs/decisions/011-pin-try-in-one-statement.md). A PIN stored under the current key is compared
 * only in the statement that counts its try (pin-guard.ts tryStatement), so the PINs
 * compared are the tries counted: the count left in the row says how many, `tried` (a spy on the
 * candidate each try computes, in the order the tries run) says which, and `checks` (a spy on the
 * app-side check) must stay unused for such PINs.
 */
describeOnEngines('PIN tries on %s', (t) => {
  let checks: MockInstance<PinHasher['verify']>;
  let tried: MockInstance<PinHasher['candidate']>;
  beforeEach(async () => {
    checks = vi.spyOn(t().app.pinHasher, 'verify');
    tried = vi.spyOn(t().app.pinHasher, 'candidate');
  });
  afterEach(async () => {
    checks.mockRestore();
    tried.mockRestore();
  });

  const pinRow = async (userId: string) => t().app.db.selectFrom('users').select(['pin_failed_attempts', 'pin_locked_until']).where('id', '=', userId).executeTakeFirstOrThrow();
  /** Guards over the same database as the app's: as many server processes, each with its own in-process queue. */
  const processes = (count: number) => Array.from({ length: count }, () => createPinGuard({ db: t().app.db, clock: t().clock, rules: t().app.config.money.pin, pinHasher: t().app.pinHasher }));

  it('checks at most 5 of 50 wrong PINs sent at once, and answers the rest as the lock', async () => {
    const { userId } = await customer(t().app);
    const answers = await Promise.all(wrongPins.map((pin) => t().app.pins.confirm(userId, pin)));
    // One process runs a customer's tries in order: the first four wrong, the fifth locks, the rest find the lock.
    expect(answers.slice(0, 4).map((answer) => !answer.ok && answer.code)).toEqual(Array(4).fill('INVALID_PIN'));
    expect(answers.slice(4).every((answer) => !answer.ok && answer.code === 'PIN_LOCKED')).toBe(true);
    // Five tries counted (a locked row is never counted), so five PINs compared; none checked in the app.
    expect(await pinRow(userId)).toEqual({ pin_failed_attempts: 5, pin_locked_until: expect.any(String) });
    expect(tried).toHaveBeenCalledTimes(50);
    expect(checks).not.toHaveBeenCalled();
  });

  it('checks at most 5 when the burst is spread over ten server processes', async () => {
    const { userId } = await customer(t().app);
    const guards = processes(10);
    const answers = await Promise.all(wrongPins.map((pin, i) => guards[i % guards.length]!.confirm(userId, pin)));
    expect(answers.filter((answer) => !answer.ok && answer.code === 'INVALID_PIN')).toHaveLength(4);
    expect(answers.every((answer) => !answer.ok && (answer.code === 'INVALID_PIN' || answer.code === 'PIN_LOCKED'))).toBe(true);
    expect(await pinRow(userId)).toEqual({ pin_failed_attempts: 5, pin_locked_until: expect.any(String) });
    expect(checks).not.toHaveBeenCalled();
  });

  it('the right PIN 8th of 16 transfers sent at once: 5 PINs checked, money moves only if it was one of them (the issue’s probe)', async () => {
    const sender = await customer(t().app, { balance: naira(1_000) });
    const recipient = await customer(t().app);
    const pins = wrongPins.slice(0, 16);
    pins[7] = testPin;
    const answers = await Promise.all(
      pins.map((pin) => t().app.transfers.sendLocal(sender.userId, sender.accountNumber, { account_number: recipient.accountNumber, amount: naira(10), narration: '', pin, save_beneficiary: false }, newKey())),
    );
    // Requests reach the PIN in about the order sent; the tries run in the order `tried` saw. The
    // right one wins exactly when it was among the first 5 tries (and, as a success, starts a
    // fresh count for the wrong ones after it: 4 more answered wrong, the fifth locks).
    const order = tried.mock.calls.map((call) => call[1]);
    expect(order).toHaveLength(16);
    const place = order.indexOf(testPin);
    const rightChecked = place < 5;
    expect(answers.filter((answer) => answer.ok)).toHaveLength(rightChecked ? 1 : 0);
    expect(answers.filter((answer) => !answer.ok && answer.code === 'INVALID_PIN')).toHaveLength(rightChecked ? place + 4 : 4);
    if (!rightChecked) expect(answers[7]).toMatchObject({ ok: false, code: 'PIN_LOCKED' });
    expect(checks).not.toHaveBeenCalled();
    const account = await t().app.db.selectFrom('accounts').select('balance').where('account_number', '=', sender.accountNumber).executeTakeFirstOrThrow();
    expect(Number(account.balance)).toBe(naira(rightChecked ? 990 : 1_000));
  });

  it('across processes, the right PIN in a burst wins only as one of the first 5 PINs checked', async () => {
    const { userId } = await customer(t().app);
    const guards = processes(10);
    const pins = [...wrongPins];
    pins[20] = testPin;
    const answers = await Promise.all(pins.map((pin, i) => guards[i % guards.length]!.confirm(userId, pin)));
    const wrong = answers.filter((answer) => !answer.ok && answer.code === 'INVALID_PIN').length;
    if (answers[20]!.ok) {
      // It won as one of the first 5 tries counted; its success started a fresh count for the
      // rest: at most 4 wrong answers before it and 4 after it, the fifth after it locking.
      expect(wrong).toBeLessThanOrEqual(8);
      expect((await pinRow(userId)).pin_failed_attempts).toBeLessThanOrEqual(5);
    } else {
      expect(answers[20]).toMatchObject({ ok: false, code: 'PIN_LOCKED' });
      expect(wrong).toBe(4);
      expect(await pinRow(userId)).toEqual({ pin_failed_attempts: 5, pin_locked_until: expect.any(String) });
    }
    expect(answers.filter((answer) => answer.ok).length).toBeLessThanOrEqual(1);
    expect(checks).not.toHaveBeenCalled();
  });

  it('once 5 wrong PINs are taken, a burst holding the right one checks nothing and moves nothing', async () => {
    const { userId } = await customer(t().app);
    for (const pin of wrongPins.slice(0, 5)) await t().app.pins.confirm(userId, pin);
    const locked = await pinRow(userId);
    const pins = [...wrongPins];
    pins[0] = testPin;
    pins[49] = testPin;
    const answers = await Promise.all(pins.map((pin, i) => (i % 2 ? processes(1)[0]!.confirm(userId, pin) : t().app.pins.confirm(userId, pin))));
    expect(answers.every((answer) => !answer.ok && answer.code === 'PIN_LOCKED')).toBe(true);
    // Nothing counted, so nothing compared; nothing checked in the app either.
    expect(await pinRow(userId)).toEqual(locked);
    expect(checks).not.toHaveBeenCalled();
  });

  it('a right PIN does not lift a lock in force; the lock runs out and then the right PIN works', async () => {
    const { userId } = await customer(t().app);
    for (const pin of wrongPins.slice(0, 5)) await t().app.pins.confirm(userId, pin);
    const lockedAt = (await pinRow(userId)).pin_locked_until;
    expect(lockedAt).not.toBeNull();
    t().clock.advance(60_000);
    expect(await t().app.pins.confirm(userId, testPin)).toMatchObject({ ok: false, code: 'PIN_LOCKED' });
    expect(await pinRow(userId)).toEqual({ pin_failed_attempts: 5, pin_locked_until: lockedAt });
    t().clock.advance(30 * 60_000);
    expect((await t().app.pins.confirm(userId, testPin)).ok).toBe(true);
    expect(await pinRow(userId)).toEqual({ pin_failed_attempts: 0, pin_locked_until: null });
  });

  it('a right PIN resets the count when no lock holds, also as the fifth try', async () => {
    const { userId } = await customer(t().app);
    for (const pin of wrongPins.slice(0, 4)) await t().app.pins.confirm(userId, pin);
    expect((await t().app.pins.confirm(userId, testPin)).ok).toBe(true);
    expect(await pinRow(userId)).toEqual({ pin_failed_attempts: 0, pin_locked_until: null });
    for (const pin of wrongPins.slice(0, 4)) expect(await t().app.pins.confirm(userId, pin)).toMatchObject({ ok: false, code: 'INVALID_PIN' });
    expect((await t().app.pins.confirm(userId, testPin)).ok).toBe(true);
  });

  it('50 right PINs sent at once from one process all pass (a script paying many at once is not locked out)', async () => {
    const { userId } = await customer(t().app);
    const answers = await Promise.all(Array.from({ length: 50 }, () => t().app.pins.confirm(userId, testPin)));
    expect(answers.every((answer) => answer.ok)).toBe(true);
    expect(await pinRow(userId)).toEqual({ pin_failed_attempts: 0, pin_locked_until: null });
  });

  describe('the guard’s own contract', () => {
    it('each wrong PIN says how many tries are left; the fifth locks for the configured time', async () => {
      const { userId } = await customer(t().app);
      expect(await t().app.pins.lockedUntil(userId)).toBeNull();
      const answers = [];
      for (const pin of wrongPins.slice(0, 5)) answers.push(await t().app.pins.confirm(userId, pin));
      expect(answers.slice(0, 4).map((answer) => (answer.ok ? 'ok' : `${answer.code} ${inEnglish(answer.message)}`))).toEqual([
        expect.stringMatching(/^INVALID_PIN .*\b4 tries left/),
        expect.stringMatching(/^INVALID_PIN .*\b3 tries left/),
        expect.stringMatching(/^INVALID_PIN .*\b2 tries left/),
        expect.stringMatching(/^INVALID_PIN .*\b1 try left/),
      ]);
      expect(answers[4]).toMatchObject({ ok: false, code: 'PIN_LOCKED', retryAfterSeconds: 30 * 60 });
      expect(await t().app.pins.lockedUntil(userId)).toBe(new Date(t().clock.now().getTime() + 30 * 60_000).toISOString());
    });

    it('a lock that has run out starts a fresh count: the next wrong PIN leaves 4 tries, not a new lock', async () => {
      const { userId } = await customer(t().app);
      for (const pin of wrongPins.slice(0, 5)) await t().app.pins.confirm(userId, pin);
      t().clock.advance(30 * 60_000);
      expect(await t().app.pins.lockedUntil(userId)).toBeNull();
      expect(inEnglish(await t().app.pins.confirm(userId, wrongPins[0]!))).toMatchObject({ ok: false, code: 'INVALID_PIN', message: expect.stringMatching(/\b4 tries left/) });
      expect(await pinRow(userId)).toEqual({ pin_failed_attempts: 1, pin_locked_until: null });
    });

    it('honours other limits (PIN_MAX_ATTEMPTS, PIN_LOCK_MINUTES); a count left from a higher limit locks at once, checking nothing', async () => {
      const { userId } = await customer(t().app);
      const strict = createPinGuard({ db: t().app.db, clock: t().clock, rules: { maxAttempts: 3, lockMs: 10 * 60_000 }, pinHasher: t().app.pinHasher });
      for (const pin of wrongPins.slice(0, 4)) await t().app.pins.confirm(userId, pin);
      // The right PIN as the fifth try against a limit of 3: counted, never matched, locked.
      expect(await strict.confirm(userId, testPin)).toMatchObject({ ok: false, code: 'PIN_LOCKED', retryAfterSeconds: 10 * 60 });
      expect(await pinRow(userId)).toEqual({ pin_failed_attempts: 5, pin_locked_until: new Date(t().clock.now().getTime() + 10 * 60_000).toISOString() });
      expect(checks).not.toHaveBeenCalled();
      t().clock.advance(10 * 60_000);
      expect(inEnglish(await strict.confirm(userId, wrongPins[0]!))).toMatchObject({ ok: false, code: 'INVALID_PIN', message: expect.stringMatching(/\b2 tries left/) });
      expect(await strict.confirm(userId, wrongPins[1]!)).toMatchObject({ ok: false, code: 'INVALID_PIN' });
      expect(await strict.confirm(userId, wrongPins[2]!)).toMatchObject({ ok: false, code: 'PIN_LOCKED', retryAfterSeconds: 10 * 60 });
    });

    it('a customer without a PIN is ONBOARDING_INCOMPLETE and nothing is counted', async () => {
      const { userId } = await customer(t().app);
      await t().app.db.updateTable('users').set({ transaction_pin_hash: null }).where('id', '=', userId).execute();
      const answers = await Promise.all(wrongPins.slice(0, 10).map((pin) => t().app.pins.confirm(userId, pin)));
      expect(answers.every((answer) => !answer.ok && answer.code === 'ONBOARDING_INCOMPLETE')).toBe(true);
      expect(checks).not.toHaveBeenCalled();
      expect(await pinRow(userId)).toEqual({ pin_failed_attempts: 0, pin_locked_until: null });
    });
  });

  it('changing the PIN with current_pin goes through the same count: 50 at once, 5 checked', async () => {
    const { userId } = await customer(t().app);
    const answers = await Promise.all(
      wrongPins.map((current) => t().app.settings.changePin(userId, changePinSchema.parse({ current_pin: current, pin: '4826', pin_confirmation: '4826' }))),
    );
    expect(await pinRow(userId)).toEqual({ pin_failed_attempts: 5, pin_locked_until: expect.any(String) });
    expect(answers.filter((answer) => !answer.ok && answer.code === 'INVALID_PIN')).toHaveLength(4);
    expect(answers.filter((answer) => !answer.ok && answer.code === 'PIN_LOCKED')).toHaveLength(46);
    // The transfer PIN and the change share the lock.
    expect(await t().app.pins.confirm(userId, testPin)).toMatchObject({ ok: false, code: 'PIN_LOCKED' });
  });
});
