import { sql, type QueryCreator } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Db } from '../../db/connection.ts';
import type { MoneyRules } from '../../config.ts';
import type { Clock } from '../clock.ts';
import type { PinHasher, StoredPin } from '../auth/pin-hash.ts';
import { fail, succeed, type Result } from '../result.ts';
import { createKeyedQueue } from '../limits/attempts.ts';
import { groupedWrite, groupedWriteProvisional } from '../../db/group-commit.ts';
import { compiled, type Param } from '../../db/compiled.ts';
import { instantValue, said } from '../../../i18n/said.ts';

/** A taken try: the stored PIN, the try's place in the count, the lock it set (if it took the last try) and whether SQL found the PIN right. */
type Taken = { user: { transaction_pin_hash: string; pin_key_version: string | null }; slot: number; lockSetHere: string | null; matched: boolean };

/** A write on the transaction it is given (a piece of a group) or, given the database, as a grouped write of its own. */
function writeWith<T>(executor: Db, work: (writer: Db) => Promise<T>): Promise<T> {
  return executor.isTransaction ? work(executor) : groupedWrite(executor, work);
}

export type TryParams = { userId: string; nowIso: string; lockEnd: string; maxAttempts: number; candidateHash: string; candidateKey: string };
/** What a try's statement answers: the user's PIN columns after the try (none when no try was taken). */
export type TryRow = { transaction_pin_hash: string | null; pin_key_version: string | null; pin_failed_attempts: number; pin_locked_until: string | null };
/** A customer's ways to take a try inside their turn (PinGuard.inTurn). */
export type PinTries = {
  attempt: (pin: string) => PinAttempt;
  taken: (pin: string, attempt: PinAttempt, counted: TryRow) => Promise<Result<void>>;
  confirm: (pin: string, attempt: PinAttempt) => Promise<Result<void>>;
};
/** One try's inputs: its time, the lock it would set, the PIN as it would be stored under the current key, and the statement's params. */
export type PinAttempt = { now: Date; lockEnd: string; candidate: StoredPin; params: TryParams };

/**
 * A try as an UPDATE of the user's row (returning is the caller's): unless a lock holds, it
 * counts the try (a lock that has run out starts a fresh count) and compares the stored PIN with
 * the candidate, the PIN as it would be stored under the current key (pin-hash.ts candidate). A
 * match resets the count and clears the lock; anything else keeps the try counted and sets the
 * lock on the try that reaches the limit. A try beyond the limit (a count left from a higher
 * PIN_MAX_ATTEMPTS) never matches. The count comes back 0 exactly when the PIN matched (a
 * counted try is at least 1). A PIN stored under a previous key or as legacy argon2id never
 * matches here: its try is counted and the app checks it (checkPin). The money gate runs it as a
 * CTE of the caller's read on PostgreSQL (queries.ts callerTryQuery), with conditions of its own.
 */
export function pinTryUpdate(creator: QueryCreator<Database>, param: Param<TryParams>) {
  const expired = sql<boolean>`(pin_locked_until is not null and pin_locked_until <= ${param('nowIso')})`;
  const next = sql<number>`(case when ${expired} then 1 else pin_failed_attempts + 1 end)`;
  const matched = sql<boolean>`(transaction_pin_hash = ${param('candidateHash')} and pin_key_version = ${param('candidateKey')} and ${next} <= ${param('maxAttempts')})`;
  return creator
    .updateTable('users')
    .set({
      pin_failed_attempts: sql<number>`case when ${matched} then 0 else ${next} end`,
      pin_locked_until: sql<string | null>`case when ${matched} then null when ${next} >= ${param('maxAttempts')} then ${param('lockEnd')} else null end`,
    })
    .where('users.id', '=', param('userId'))
    .where('users.transaction_pin_hash', 'is not', null)
    .where((eb) => eb.or([eb('users.pin_locked_until', 'is', null), eb('users.pin_locked_until', '<=', param('nowIso'))]));
}
/**
 * The stored PIN is the candidate under the current key, no try is counted and no lock is set:
 * the one state in which a right PIN's try would change nothing (it counts and resets at once).
 * queries.ts callerTryQuery ('uncounted') skips the try's write then; only debitNow's claim,
 * which re-reads the count under its own snapshot, may take that as a match.
 */
export function pinMatchesUncounted(param: Param<TryParams>) {
  return sql<boolean>`(users.transaction_pin_hash = ${param('candidateHash')} and users.pin_key_version = ${param('candidateKey')} and users.pin_failed_attempts = 0 and users.pin_locked_until is null)`;
}
const tryColumns = ['users.transaction_pin_hash', 'users.pin_key_version', 'users.pin_failed_attempts', 'users.pin_locked_until'] as const;

/** A try in ONE statement (pinTryUpdate), compiled once (db/compiled.ts; docs/decisions/011-pin-try-in-one-statement.md). */
const tryStatement = compiled((db: Db, param: Param<TryParams>) => pinTryUpdate(db, param).returning(tryColumns));

/**
 * The 4-digit PIN confirms every movement of money. Five wrong PINs in a row lock money
 * movement for 30 minutes (both configurable); each wrong answer says how many tries are left.
 * A try is counted by one guarded UPDATE, which compares the PIN in the same statement (or, for a
 * PIN under an older key, before the app checks it), so parallel guesses cannot get more than
 * `maxAttempts` PINs compared (see `take`).
 */
export function createPinGuard(deps: { db: Db; clock: Clock; rules: MoneyRules['pin']; pinHasher: PinHasher }) {
  const { db, clock, rules, pinHasher } = deps;

  /**
   * Whether `pin` is the customer's PIN (keyed HMAC, core/auth/pin-hash.ts). A right PIN stored
   * under an old key or as legacy argon2id is rewritten under the current key, unless the PIN was
   * changed meanwhile. A PIN made under a key this server lacks is a configuration fault: thrown
   * (500), never taken as a right or wrong answer.
   */
  async function checkPin(executor: Db, userId: string, pin: string, stored: { transaction_pin_hash: string; pin_key_version: string | null }): Promise<boolean> {
    const check = await pinHasher.verify(userId, pin, stored.transaction_pin_hash, stored.pin_key_version);
    if (!check.ok && check.unknownKey) {
      throw new Error(`the PIN of ${userId} was made under server key ${stored.pin_key_version}, which is not configured (PIN_KEY, PIN_KEY_PREVIOUS)`);
    }
    if (check.ok && check.upgrade) {
      const upgrade = check.upgrade;
      await writeWith(executor, (writer) =>
        writer
          .updateTable('users')
          .set({ transaction_pin_hash: upgrade.hash, pin_key_version: upgrade.keyVersion })
          .where('id', '=', userId)
          .where('transaction_pin_hash', '=', stored.transaction_pin_hash)
          .execute(),
      );
    }
    return check.ok;
  }

  function lockedFailure(until: string, now: Date): Result<never> {
    const seconds = Math.max(1, Math.ceil((Date.parse(until) - now.getTime()) / 1000));
    const minutes = Math.ceil(seconds / 60);
    return fail(
      'PIN_LOCKED',
      minutes === 1 ? said('said.errors.pinLockedOne', { until: instantValue(until) }) : said('said.errors.pinLockedMany', { minutes, until: instantValue(until) }),
      { retryAfterSeconds: seconds },
    );
  }

  /** What a counted try says (the try statement's row): a match, a wrong PIN and its place in the count, or the lock. */
  function takenFrom(counted: TryRow, attempt: PinAttempt): Result<Taken> {
    const slot = counted.pin_failed_attempts;
    const user = { transaction_pin_hash: counted.transaction_pin_hash!, pin_key_version: counted.pin_key_version };
    if (slot === 0) return succeed({ user, slot, lockSetHere: null, matched: true });
    // Beyond the limit (a count left from a lower PIN_MAX_ATTEMPTS): locked now, nothing checked.
    if (slot > rules.maxAttempts) return lockedFailure(counted.pin_locked_until ?? attempt.lockEnd, attempt.now);
    return succeed({ user, slot, lockSetHere: slot >= rules.maxAttempts ? counted.pin_locked_until : null, matched: false });
  }

  /**
   * Takes one try, atomically, and compares the PIN in the same statement (tryStatement): the
   * try is counted before anything could answer it, and the try that reaches the limit sets the
   * lock. While a lock holds nothing is taken and nothing compared, so however many PINs arrive
   * at once, at most `maxAttempts` are ever compared; a request that finds the tries taken (by
   * wrong PINs or by PINs still being checked) is answered as the lock.
   */
  async function take(executor: Db, userId: string, attempt: PinAttempt, retried = false): Promise<Result<Taken>> {
    const counted = (await tryStatement(executor, attempt.params)).rows[0];
    if (counted) return takenFrom(counted, attempt);
    const user = await executor.selectFrom('users').select(['transaction_pin_hash', 'pin_locked_until']).where('id', '=', userId).executeTakeFirst();
    if (!user?.transaction_pin_hash) return fail('ONBOARDING_INCOMPLETE', said('said.errors.setPinFirst'));
    if (user.pin_locked_until && user.pin_locked_until > attempt.params.nowIso) return lockedFailure(user.pin_locked_until, attempt.now);
    // The lock was lifted between the two statements (a PIN reset): take again, once.
    return retried ? lockedFailure(attempt.lockEnd, attempt.now) : take(executor, userId, attempt, true);
  }

  /**
   * A right PIN resets the count only when no lock holds. If this very try set the lock (it was
   * the last one), the lock is its own and goes; a lock set by another try stays in force and
   * this PIN is refused with it, so a right PIN hidden in a burst of wrong ones gains nothing.
   */
  async function settleRight(executor: Db, userId: string, now: Date, lockSetHere: string | null): Promise<Result<void>> {
    const nowIso = now.toISOString();
    const done = await writeWith(executor, (writer) => {
      const reset = writer.updateTable('users').set({ pin_failed_attempts: 0, pin_locked_until: null }).where('id', '=', userId);
      return (lockSetHere ? reset.where('pin_locked_until', '=', lockSetHere) : reset.where((eb) => eb.or([eb('pin_locked_until', 'is', null), eb('pin_locked_until', '<=', nowIso)]))).executeTakeFirst();
    });
    if (Number(done.numUpdatedRows) === 0 && !lockSetHere) {
      const until = await lockInForce(executor, userId, nowIso);
      if (until) return lockedFailure(until, now);
    }
    return succeed(undefined);
  }

  async function lockInForce(executor: Db, userId: string, nowIso: string): Promise<string | null> {
    const user = await executor.selectFrom('users').select('pin_locked_until').where('id', '=', userId).executeTakeFirst();
    const until = user?.pin_locked_until ?? null;
    return until && until > nowIso ? until : null;
  }

  /** A counted try whose PIN was wrong: how many tries are left, or the lock it set by taking the last. */
  function wrongTry(taken: Taken, now: Date): Result<void> {
    if (taken.lockSetHere) return lockedFailure(taken.lockSetHere, now);
    const left = rules.maxAttempts - taken.slot;
    const minutes = Math.round(rules.lockMs / 60_000);
    const message = left === 1 ? said('said.pin.wrongOne', { minutes }) : said('said.pin.wrongMany', { left, minutes });
    return fail('INVALID_PIN', message, { errors: { pin: [message] } });
  }

  /** A counted try the statement could not compare (a PIN under a previous key, or legacy argon2id): checked here, a right one settled. */
  async function judgeTry(executor: Db, userId: string, pin: string, now: Date, taken: Taken): Promise<Result<void>> {
    if (await checkPin(executor, userId, pin, taken.user)) return settleRight(executor, userId, now, taken.lockSetHere);
    return wrongTry(taken, now);
  }

  /**
   * One try: the PIN under the current key is compared in the statement that counts
   * the try, and a right one resets the count there too, so a payment's PIN costs one statement:
   * on PostgreSQL one autocommit where the try and the reset were two, each waiting for its WAL
   * flush; on SQLite one statement of a group commit's piece. A PIN stored under a previous key
   * is checked in the app inside the same piece (one cheap HMAC) and rewritten under the
   * current key. A legacy argon2id PIN (a slow hash on the thread pool) must not hold a
   * group open, so its try is counted and made durable first and the check and settlement follow.
   */
  function attemptOf(userId: string, pin: string): PinAttempt {
    const now = clock.now();
    const candidate = pinHasher.candidate(userId, pin);
    const lockEnd = new Date(now.getTime() + rules.lockMs).toISOString();
    return { now, lockEnd, candidate, params: { userId, nowIso: now.toISOString(), lockEnd, maxAttempts: rules.maxAttempts, candidateHash: candidate.hash, candidateKey: candidate.keyVersion } };
  }

  /** What a taken try comes to, on `executor`: done, or (a legacy argon2id PIN) a check to make outside a group. */
  async function decide(executor: Db, userId: string, pin: string, attempt: PinAttempt, taken: Result<Taken>): Promise<{ done: Result<void> } | { slow: Taken }> {
    if (!taken.ok) return { done: taken };
    if (taken.value.matched) return { done: succeed(undefined) };
    const stored = taken.value.user;
    // Stored under the current key: the statement's comparison was the check.
    if (stored.pin_key_version === attempt.candidate.keyVersion) return { done: wrongTry(taken.value, attempt.now) };
    if (pinHasher.isLegacy(stored.transaction_pin_hash)) return { slow: taken.value };
    return { done: await judgeTry(executor, userId, pin, attempt.now, taken.value) };
  }

  /**
   * One try: the PIN under the current key is compared in the statement that counts
   * the try, and a right one resets the count there too, so a payment's PIN costs one statement:
   * on PostgreSQL one autocommit where the try and the reset were two, each waiting for its WAL
   * flush; on SQLite one statement of a group commit's piece. A PIN stored under a previous key
   * is checked in the app inside the same piece (one cheap HMAC) and rewritten under the
   * current key. A legacy argon2id PIN (a slow hash on the thread pool) must not hold a
   * group open, so its try is counted and made durable first and the check and settlement follow.
   */
  async function confirmNow(userId: string, pin: string, attempt = attemptOf(userId, pin), options: ConfirmOptions = {}): Promise<Result<void>> {
    const decideTry = async (executor: Db) => decide(executor, userId, pin, attempt, await take(executor, userId, attempt));
    if (!options.beforeDurable) {
      const first = await groupedWrite(db, decideTry);
      if ('done' in first) return first.done;
      return judgeTry(db, userId, pin, attempt.now, first.slow);
    }
    const { value: first, durable } = await groupedWriteProvisional(db, decideTry);
    // A right PIN goes on at once (see ConfirmOptions). A refusal (a wrong PIN, the lock) is said
    // only once its try is counted for good, and a legacy PIN's slow check starts only then.
    if ('done' in first && first.done.ok) return first.done;
    await durable;
    if ('done' in first) return first.done;
    return judgeTry(db, userId, pin, attempt.now, first.slow);
  }

  const serialised = createKeyedQueue();

  return {
    /** Tries of one customer run one after another in this process; across processes the take holds alone. */
    confirm(userId: string, pin: string, options: ConfirmOptions = {}): Promise<Result<void>> {
      return serialised(userId, () => confirmNow(userId, pin, attemptOf(userId, pin), options));
    },

    /**
     * Runs `work` in the customer's turn, as confirm runs a try, with a customer's ways to take
     * one: for a statement that takes the try with other work (queries.ts callerTryQuery on
     * PostgreSQL). `attempt` gives the try's inputs (its time, the candidate, the statement's
     * params); `taken` judges the try that statement took, as confirm judges its own (that
     * statement was the try: nothing here counts another; a PIN stored under a previous key or as
     * legacy argon2id is checked and settled as confirm does); `confirm` takes the try on its own
     * with the same inputs, when the statement took none.
     */
    inTurn<T>(userId: string, work: (tries: PinTries) => Promise<T>): Promise<T> {
      return serialised(userId, () =>
        work({
          attempt: (pin) => attemptOf(userId, pin),
          taken: async (pin, attempt, counted) => {
            const first = await decide(db, userId, pin, attempt, takenFrom(counted, attempt));
            if ('done' in first) return first.done;
            return judgeTry(db, userId, pin, attempt.now, first.slow);
          },
          confirm: (pin, attempt) => confirmNow(userId, pin, attempt),
        }),
      );
    },

    /** Whether money movement is locked now, for pages that want to say so before asking. */
    lockedUntil(userId: string): Promise<string | null> {
      return lockInForce(db, userId, clock.now().toISOString());
    },
  };
}
export type PinGuard = ReturnType<typeof createPinGuard>;

/**
 * `beforeDurable` (the money gate's prelude on SQLite): a right PIN is told as soon as
 * its try's statement has run, before the group commit's COMMIT (db/group-commit.ts
 * groupedWriteProvisional), so the payment behind it joins the same group and both share one
 * COMMIT where each waited for its own. Safe because that payment is itself a grouped write: it
 * lands in the try's group or a later one, so it can never be durable without the try. If that
 * COMMIT fails, the payment queued behind it in the group fails too; a payment that lands in a
 * later group paid with a PIN that was right, and only the reset of the count was lost. A wrong
 * PIN or a lock is answered only once the try is durable, as without the option.
 */
export type ConfirmOptions = { beforeDurable?: boolean };
