import { expect, it } from 'vitest';
import { describeOnEngines } from '../../testing/on-engines.ts';
import { balanceOf } from '../../testing/balances.ts';
import { customer, newKey, testPin } from '../../testing/customers.ts';
import { kobo } from '../../../lib/money.ts';
import { idempotencyWindowMs } from './idempotency.ts';
import { inEnglish } from '../../testing/in-english.ts';

const naira = (value: number) => kobo(value * 100);
const wrongPin = '1111'; // testPin is 2580

/**
 * The checks before the PIN, and the PIN's try. On PostgreSQL the try rides on the
 * caller's read (queries.ts callerTryQuery) and is taken only when the read lets the request
 * on to the PIN; otherwise the PIN is tried on its own, as on SQLite. Whichever way, a request
 * refused before the PIN spends no try and moves nothing, and one that reaches it spends exactly one.
 */
describeOnEngines('the caller and the PIN on %s', (t) => {
  const app = () => t().app;
  const send = (from: { userId: string; accountNumber: string }, to: string, pin: string, key = newKey()) =>
    app().transfers.sendLocal(from.userId, from.accountNumber, { account_number: to, amount: naira(10), narration: '', pin, save_beneficiary: false }, key);
  const pinRow = async (userId: string) => app().db.selectFrom('users').select(['pin_failed_attempts', 'pin_locked_until']).where('id', '=', userId).executeTakeFirstOrThrow();

  it("another customer's account is FORBIDDEN and spends none of the caller's tries, nor the owner's", async () => {
    const me = await customer(app(), { balance: naira(1_000) });
    const owner = await customer(app(), { balance: naira(1_000) });
    const answer = await send({ userId: me.userId, accountNumber: owner.accountNumber }, me.accountNumber, wrongPin);
    expect(answer).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect(await pinRow(me.userId)).toEqual({ pin_failed_attempts: 0, pin_locked_until: null });
    expect(await pinRow(owner.userId)).toEqual({ pin_failed_attempts: 0, pin_locked_until: null });
    expect(await balanceOf(app(), owner.accountNumber)).toBe(naira(1_000));
  });

  it('onboarding not finished (no address) is refused before the PIN: no try spent', async () => {
    const me = await customer(app(), { balance: naira(1_000) });
    const other = await customer(app());
    await app().db.deleteFrom('addresses').where('user_id', '=', me.userId).execute();
    expect(await send(me, other.accountNumber, wrongPin)).toMatchObject({ ok: false, code: 'ONBOARDING_INCOMPLETE' });
    expect(await pinRow(me.userId)).toEqual({ pin_failed_attempts: 0, pin_locked_until: null });
  });

  it('a wrong PIN spends one try and says so; a right one then moves the money and resets the count', async () => {
    const me = await customer(app(), { balance: naira(1_000) });
    const other = await customer(app());
    const wrong = await send(me, other.accountNumber, wrongPin);
    expect(inEnglish(wrong)).toMatchObject({ ok: false, code: 'INVALID_PIN', message: expect.stringContaining('4 tries left') });
    expect(await pinRow(me.userId)).toEqual({ pin_failed_attempts: 1, pin_locked_until: null });
    expect(await balanceOf(app(), me.accountNumber)).toBe(naira(1_000));
    expect(await send(me, other.accountNumber, testPin)).toMatchObject({ ok: true });
    expect(await pinRow(me.userId)).toEqual({ pin_failed_attempts: 0, pin_locked_until: null });
    expect(await balanceOf(app(), me.accountNumber)).toBe(naira(990));
  });

  it('while the PIN is locked even the right PIN is PIN_LOCKED: nothing counted, nothing moved', async () => {
    const me = await customer(app(), { balance: naira(1_000) });
    const other = await customer(app());
    for (let n = 0; n < 5; n += 1) await send(me, other.accountNumber, wrongPin);
    const locked = await pinRow(me.userId);
    expect(locked).toEqual({ pin_failed_attempts: 5, pin_locked_until: expect.any(String) });
    expect(await send(me, other.accountNumber, testPin)).toMatchObject({ ok: false, code: 'PIN_LOCKED' });
    expect(await pinRow(me.userId)).toEqual(locked);
    expect(await balanceOf(app(), me.accountNumber)).toBe(naira(1_000));
  });

  it('a key stored but past its window is free again: the PIN is tried (one try) and the transfer is made', async () => {
    const me = await customer(app(), { balance: naira(1_000) });
    const other = await customer(app());
    const key = newKey();
    expect(await send(me, other.accountNumber, testPin, key)).toMatchObject({ ok: true });
    t().clock.advance(idempotencyWindowMs + 60_000);
    expect(await send(me, other.accountNumber, wrongPin, key)).toMatchObject({ ok: false, code: 'INVALID_PIN' });
    expect(await pinRow(me.userId)).toMatchObject({ pin_failed_attempts: 1 });
    const again = await send(me, other.accountNumber, testPin, key);
    expect(again).toMatchObject({ ok: true });
    expect(again.replayed).toBeFalsy();
    expect(await pinRow(me.userId)).toMatchObject({ pin_failed_attempts: 0 });
    expect(await balanceOf(app(), me.accountNumber)).toBe(naira(980));
  });

  it('a request still under way with the same key is refused before the PIN: no try spent', async () => {
    const me = await customer(app(), { balance: naira(1_000) });
    const other = await customer(app());
    const key = newKey();
    await app().db
      .insertInto('idempotency_keys')
      .values({ user_id: me.userId, key, operation: 'transfer.local', request_hash: 'x', state: 'in_progress', response_status: null, response_body: null, transaction_reference: null, created_at: t().clock.now().toISOString(), updated_at: t().clock.now().toISOString() })
      .execute();
    const answer = await send(me, other.accountNumber, wrongPin, key);
    expect(answer.ok).toBe(false);
    expect(await pinRow(me.userId)).toEqual({ pin_failed_attempts: 0, pin_locked_until: null });
    expect(await balanceOf(app(), me.accountNumber)).toBe(naira(1_000));
  });

  it('eight wrong PINs at once from one customer: five tries counted, the rest PIN_LOCKED, nothing moved', async () => {
    const me = await customer(app(), { balance: naira(1_000) });
    const other = await customer(app());
    const answers = await Promise.all(Array.from({ length: 8 }, () => send(me, other.accountNumber, wrongPin)));
    expect(answers.filter((answer) => !answer.ok && answer.code === 'INVALID_PIN')).toHaveLength(4);
    expect(answers.filter((answer) => !answer.ok && answer.code === 'PIN_LOCKED')).toHaveLength(4);
    expect(await pinRow(me.userId)).toEqual({ pin_failed_attempts: 5, pin_locked_until: expect.any(String) });
    expect(await balanceOf(app(), me.accountNumber)).toBe(naira(1_000));
  });
});
