import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { addMs, type Clock } from '../clock.ts';
import { createKeyedQueue } from '../limits/attempts.ts';
import { createRequestCounters } from '../throttle/request-counters.ts';

export type LoginThrottlePolicy = { maxFailures: number; lockMs: number; windowMs: number; maxFailuresPerIp: number; ipWindowMs: number };
export const defaultLoginThrottlePolicy: LoginThrottlePolicy = {
  maxFailures: 5,
  lockMs: 15 * 60_000,
  windowMs: 15 * 60_000,
  maxFailuresPerIp: 50,
  ipWindowMs: 15 * 60_000,
};

/** What taking a try gives: a try to spend (the last one sets the lock), or the lock in force. */
export type LoginAttempt = { taken: true; lockSetHere: Date | null } | { taken: false; lockedUntil: Date };
/**
 * How a checked try ended. `wrong` carries what the check said was wrong, and the lock this try
 * set when it was the last one; `refused`: a lock held, so nothing was checked (or a lock set by
 * another try of the same burst outranks a right answer).
 */
export type AttemptOutcome<W> = { kind: 'right' } | { kind: 'wrong'; wrong: W; lockedUntil: Date | null } | { kind: 'refused'; lockedUntil: Date };

/**
 * Password tries are TAKEN before the password is checked, counted per email whether or not the
 * email belongs to a customer (so the lockout itself reveals nothing): one `INSERT … ON CONFLICT
 * DO UPDATE … WHERE … RETURNING` counts the try, and the try that reaches `maxFailures` sets the
 * lock in the same statement. While a lock holds nothing is taken, so however many sign-ins
 * arrive at once, at most `maxFailures` passwords are checked per window. A right password
 * resets the count only when no lock holds (or when it was the very try that set the lock).
 *
 * Per-network tries are counted in the database too (request_counters, a window from the
 * address's first failure), also before the check, so every server process counts alike.
 */
export function createLoginThrottle(deps: { db: Db; clock: Clock; policy?: LoginThrottlePolicy }) {
  const { db, clock } = deps;
  const policy = deps.policy ?? defaultLoginThrottlePolicy;
  const counters = createRequestCounters({ db, clock });
  const ipScope = 'login_ip';
  const serialised = createKeyedQueue();

  async function lockedUntil(email: string): Promise<Date | null> {
    const row = await db.selectFrom('login_failures').select('locked_until').where('email', '=', email).executeTakeFirst();
    if (!row?.locked_until) return null;
    const until = new Date(row.locked_until);
    return until > clock.now() ? until : null;
  }

  const throttle = {
    policy,
    lockedUntil,

    /**
     * One password (or security answer) try for `email`: taken first, then `check` runs (it
     * answers null when right, or what was wrong), then a right answer resets the count. Tries of
     * one email run one after another in this process; across processes the take holds alone.
     */
    attempt<W>(email: string, check: () => Promise<W | null>): Promise<AttemptOutcome<W>> {
      return serialised(email, async () => {
        const taken = await throttle.take(email);
        if (!taken.taken) return { kind: 'refused', lockedUntil: taken.lockedUntil };
        const wrong = await check();
        if (wrong !== null) return { kind: 'wrong', wrong, lockedUntil: taken.lockSetHere };
        const lockedMeanwhile = await throttle.succeeded(email, taken);
        return lockedMeanwhile ? { kind: 'refused', lockedUntil: lockedMeanwhile } : { kind: 'right' };
      });
    },

    /**
     * Takes one password try for `email`, before the password is checked. A window that has run
     * out, or a lock that has, starts a fresh count.
     */
    async take(email: string): Promise<LoginAttempt> {
      const now = clock.now();
      const nowIso = now.toISOString();
      const lockEnd = addMs(now, policy.lockMs).toISOString();
      // Times are ISO strings in UTC, so they compare as text on both engines.
      const fresh = sql<boolean>`(login_failures.locked_until is not null or login_failures.first_failed_at <= ${addMs(now, -policy.windowMs).toISOString()})`;
      const next = sql<number>`(case when ${fresh} then 1 else login_failures.failures + 1 end)`;
      const row = await db
        .insertInto('login_failures')
        .values({ email, failures: 1, first_failed_at: nowIso, locked_until: policy.maxFailures <= 1 ? lockEnd : null })
        .onConflict((conflict) =>
          conflict
            .column('email')
            .doUpdateSet({
              failures: next,
              first_failed_at: sql<string>`case when ${fresh} then ${nowIso} else login_failures.first_failed_at end`,
              locked_until: sql<string | null>`case when ${next} >= ${policy.maxFailures} then ${lockEnd} else null end`,
            })
            // Nothing is taken while a lock holds.
            .where((eb) => eb.or([eb('login_failures.locked_until', 'is', null), eb('login_failures.locked_until', '<=', nowIso)])),
        )
        .returning(['failures', 'locked_until'])
        .executeTakeFirst();
      if (row) return { taken: true, lockSetHere: row.locked_until ? new Date(row.locked_until) : null };
      return { taken: false, lockedUntil: (await lockedUntil(email)) ?? new Date(lockEnd) };
    },

    /**
     * A right password: the count is cleared unless a lock set by another try holds, and then
     * that lock's end is returned (the sign-in is refused with it).
     */
    async succeeded(email: string, attempt: { lockSetHere: Date | null }): Promise<Date | null> {
      let cleared = db.deleteFrom('login_failures').where('email', '=', email);
      cleared = attempt.lockSetHere
        ? cleared.where('locked_until', '=', attempt.lockSetHere.toISOString())
        : cleared.where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', clock.now().toISOString())]));
      const done = await cleared.executeTakeFirst();
      if (Number(done.numDeletedRows) > 0 || attempt.lockSetHere) return null;
      return lockedUntil(email);
    },

    /** Lifts the count and any lock (a password reset proves more than a password). */
    async clear(email: string): Promise<void> {
      await db.deleteFrom('login_failures').where('email', '=', email).execute();
    },

    /** Takes one try for the network address; the seconds to wait when its tries are used up, else 0. */
    takeIp(ip: string): Promise<number> {
      return counters.takeRolling(ipScope, ip, { max: policy.maxFailuresPerIp, windowMs: policy.ipWindowMs });
    },

    /** Gives back a network try that did not fail (a right password, or one refused by the email's lock). */
    releaseIp(ip: string): Promise<void> {
      return counters.giveBack(ipScope, ip);
    },
  };
  return throttle;
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
