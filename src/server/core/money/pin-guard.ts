import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { MoneyRules } from '../../config.ts';
import type { Clock } from '../clock.ts';
import type { PinHasher } from '../auth/pin-hash.ts';
import { fail, succeed, type Result } from '../result.ts';
import { formatLagosDateTime } from '../../../lib/lagos-time.ts';

/**
 * The 4-digit PIN confirms every movement of money. Five wrong PINs in a row lock money
 * movement for 30 minutes (both configurable); each wrong answer says how many tries are left.
 * The counter is changed by single UPDATE statements, so parallel guesses all count.
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

  return {
    async confirm(userId: string, pin: string): Promise<Result<void>> {
      const now = clock.now();
      const nowIso = now.toISOString();
      const user = await db.selectFrom('users').select(['transaction_pin_hash', 'pin_key_version', 'pin_failed_attempts', 'pin_locked_until']).where('id', '=', userId).executeTakeFirst();
      if (!user?.transaction_pin_hash) return fail('ONBOARDING_INCOMPLETE', 'Set your transaction PIN first.');
      if (user.pin_locked_until && user.pin_locked_until > nowIso) return lockedFailure(user.pin_locked_until, now);

      if (await checkPin(userId, pin, { transaction_pin_hash: user.transaction_pin_hash, pin_key_version: user.pin_key_version })) {
        if (user.pin_failed_attempts > 0 || user.pin_locked_until) {
          await db.updateTable('users').set({ pin_failed_attempts: 0, pin_locked_until: null }).where('id', '=', userId).execute();
        }
        return succeed(undefined);
      }

      // A lock that has run out starts a fresh count.
      const counted = await db
        .updateTable('users')
        .set({
          pin_failed_attempts: sql<number>`case when pin_locked_until is not null and pin_locked_until <= ${nowIso} then 1 else pin_failed_attempts + 1 end`,
          pin_locked_until: sql<string | null>`case when pin_locked_until is not null and pin_locked_until <= ${nowIso} then null else pin_locked_until end`,
        })
        .where('id', '=', userId)
        .returning(['pin_failed_attempts', 'pin_locked_until'])
        .executeTakeFirstOrThrow();
      if (counted.pin_locked_until && counted.pin_locked_until > nowIso) return lockedFailure(counted.pin_locked_until, now);
      if (counted.pin_failed_attempts >= rules.maxAttempts) {
        const until = new Date(now.getTime() + rules.lockMs).toISOString();
        await db.updateTable('users').set({ pin_locked_until: until }).where('id', '=', userId).execute();
        return lockedFailure(until, now);
      }
      const left = rules.maxAttempts - counted.pin_failed_attempts;
      const message = `Wrong PIN. ${left} ${left === 1 ? 'try' : 'tries'} left before transfers and payments are locked for ${Math.round(rules.lockMs / 60_000)} minutes.`;
      return fail('INVALID_PIN', message, { errors: { pin: [message] } });
    },

    /** Whether money movement is locked now, for pages that want to say so before asking. */
    async lockedUntil(userId: string): Promise<string | null> {
      const user = await db.selectFrom('users').select('pin_locked_until').where('id', '=', userId).executeTakeFirst();
      const until = user?.pin_locked_until ?? null;
      return until && until > clock.now().toISOString() ? until : null;
    },
  };
}
export type PinGuard = ReturnType<typeof createPinGuard>;
