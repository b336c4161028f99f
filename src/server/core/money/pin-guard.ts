import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { MoneyRules } from '../../config.ts';
import type { Clock } from '../clock.ts';
import type { PinHasher } from '../auth/pin-hash.ts';
import { fail, succeed, type Result } from '../result.ts';
import { createKeyedQueue } from '../limits/attempts.ts';
import { formatLagosDateTime } from '../../../lib/lagos-time.ts';
import { groupedWrite } from '../../db/group-commit.ts';

/**
 * The 4-digit PIN confirms every movement of money. Five wrong PINs in a row lock money
 * movement for 30 minutes (both configurable); each wrong answer says how many tries are left.
 * A try is taken (counted) by one guarded UPDATE before the PIN is checked, so parallel guesses
 * cannot get more than `maxAttempts` PINs checked (see `take`).
 */
export function createPinGuard(deps: { db: Db; clock: Clock; rules: MoneyRules['pin']; pinHasher: PinHasher }) {
  const { db, clock, rules, pinHasher } = deps;

  /**
   * Whether `pin` is the customer's PIN (keyed HMAC, core/auth/pin-hash.ts). A right PIN stored
   * under an old key or as legacy argon2id is rewritten under the current key, unless the PIN was
   * changed meanwhile. A PIN made under a key this server lacks is a configuration fault: thrown
   * (500), never taken as a right or wrong answer.
   */
  async function checkPin(userId: string, pin: string, stored: { transaction_pin_hash: string; pin_key_version: string | null }): Promise<boolean> {
    const check = await pinHasher.verify(userId, pin, stored.transaction_pin_hash, stored.pin_key_version);
    if (!check.ok && check.unknownKey) {
      throw new Error(`the PIN of ${userId} was made under server key ${stored.pin_key_version}, which is not configured (PIN_KEY, PIN_KEY_PREVIOUS)`);
    }
    if (check.ok && check.upgrade) {
      await db
        .updateTable('users')
        .set({ transaction_pin_hash: check.upgrade.hash, pin_key_version: check.upgrade.keyVersion })
        .where('id', '=', userId)
        .where('transaction_pin_hash', '=', stored.transaction_pin_hash)
        .execute();
    }
    return check.ok;
  }

  function lockedFailure(until: string, now: Date): Result<never> {
    const seconds = Math.max(1, Math.ceil((Date.parse(until) - now.getTime()) / 1000));
    const minutes = Math.ceil(seconds / 60);
    return fail(
      'PIN_LOCKED',
      `Too many wrong PINs. Transfers and payments are locked for ${minutes} more minute${minutes === 1 ? '' : 's'} (until ${formatLagosDateTime(until)}).`,
      { retryAfterSeconds: seconds },
    );
  }

  /**
   * Takes one try, atomically, BEFORE the PIN is checked: one UPDATE counts it, and the try that
   * reaches the limit sets the lock in the same statement. A lock that has run out starts a
   * fresh count. While a lock holds nothing is taken, so however many PINs arrive at once, at
   * most `maxAttempts` are ever checked; a request that finds the tries taken (by wrong PINs or
   * by PINs still being checked) is answered as the lock.
   */
  async function take(userId: string, now: Date, retried = false): Promise<Result<{ user: { transaction_pin_hash: string; pin_key_version: string | null }; slot: number; lockSetHere: string | null }>> {
    const nowIso = now.toISOString();
    const lockEnd = new Date(now.getTime() + rules.lockMs).toISOString();
    const expired = sql<boolean>`(pin_locked_until is not null and pin_locked_until <= ${nowIso})`;
    const next = sql<number>`(case when ${expired} then 1 else pin_failed_attempts + 1 end)`;
    // Grouped (db/group-commit.ts): on SQLite the try is counted in a COMMIT shared with other work, durable before the PIN is checked.
    const counted = await groupedWrite(db, (executor) =>
      executor
        .updateTable('users')
        .set({
          pin_failed_attempts: next,
          pin_locked_until: sql<string | null>`case when ${next} >= ${rules.maxAttempts} then ${lockEnd} else null end`,
        })
        .where('id', '=', userId)
        .where('transaction_pin_hash', 'is not', null)
        .where((eb) => eb.or([eb('pin_locked_until', 'is', null), eb('pin_locked_until', '<=', nowIso)]))
        .returning(['transaction_pin_hash', 'pin_key_version', 'pin_failed_attempts', 'pin_locked_until'])
        .executeTakeFirst(),
    );
    if (counted) {
      const slot = counted.pin_failed_attempts;
      // Beyond the limit (a count left from a lower PIN_MAX_ATTEMPTS): locked now, nothing checked.
      if (slot > rules.maxAttempts) return lockedFailure(counted.pin_locked_until ?? lockEnd, now);
      return succeed({ user: { ...counted, transaction_pin_hash: counted.transaction_pin_hash! }, slot, lockSetHere: slot >= rules.maxAttempts ? counted.pin_locked_until : null });
    }
    const user = await db.selectFrom('users').select(['transaction_pin_hash', 'pin_locked_until']).where('id', '=', userId).executeTakeFirst();
    if (!user?.transaction_pin_hash) return fail('ONBOARDING_INCOMPLETE', 'Set your transaction PIN first.');
    if (user.pin_locked_until && user.pin_locked_until > nowIso) return lockedFailure(user.pin_locked_until, now);
    // The lock was lifted between the two statements (a PIN reset): take again, once.
    return retried ? lockedFailure(lockEnd, now) : take(userId, now, true);
  }

  /**
   * A right PIN resets the count only when no lock holds. If this very try set the lock (it was
   * the last one), the lock is its own and goes; a lock set by another try stays in force and
   * this PIN is refused with it, so a right PIN hidden in a burst of wrong ones gains nothing.
   */
  async function settleRight(userId: string, now: Date, lockSetHere: string | null): Promise<Result<void>> {
    const nowIso = now.toISOString();
    const done = await groupedWrite(db, (executor) => {
      const reset = executor.updateTable('users').set({ pin_failed_attempts: 0, pin_locked_until: null }).where('id', '=', userId);
      return (lockSetHere ? reset.where('pin_locked_until', '=', lockSetHere) : reset.where((eb) => eb.or([eb('pin_locked_until', 'is', null), eb('pin_locked_until', '<=', nowIso)]))).executeTakeFirst();
    });
    if (Number(done.numUpdatedRows) === 0 && !lockSetHere) {
      const until = await lockInForce(userId, nowIso);
      if (until) return lockedFailure(until, now);
    }
    return succeed(undefined);
  }

  async function lockInForce(userId: string, nowIso: string): Promise<string | null> {
    const user = await db.selectFrom('users').select('pin_locked_until').where('id', '=', userId).executeTakeFirst();
    const until = user?.pin_locked_until ?? null;
    return until && until > nowIso ? until : null;
  }

  async function confirmNow(userId: string, pin: string): Promise<Result<void>> {
    const now = clock.now();
    const taken = await take(userId, now);
    if (!taken.ok) return taken;
    const { user, slot, lockSetHere } = taken.value;

    if (await checkPin(userId, pin, user)) {
      return settleRight(userId, now, lockSetHere);
    }

    // The attempt is already counted; the one that took the last try set the lock.
    if (lockSetHere) return lockedFailure(lockSetHere, now);
    const left = rules.maxAttempts - slot;
    const message = `Wrong PIN. ${left} ${left === 1 ? 'try' : 'tries'} left before transfers and payments are locked for ${Math.round(rules.lockMs / 60_000)} minutes.`;
    return fail('INVALID_PIN', message, { errors: { pin: [message] } });
  }

  const serialised = createKeyedQueue();

  return {
    /** Tries of one customer run one after another in this process; across processes the take holds alone. */
    confirm(userId: string, pin: string): Promise<Result<void>> {
      return serialised(userId, () => confirmNow(userId, pin));
    },

    /** Whether money movement is locked now, for pages that want to say so before asking. */
    lockedUntil(userId: string): Promise<string | null> {
      return lockInForce(userId, clock.now().toISOString());
    },
  };
}
export type PinGuard = ReturnType<typeof createPinGuard>;
