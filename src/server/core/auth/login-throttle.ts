import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { addMs, type Clock } from '../clock.ts';

export type LoginThrottlePolicy = { maxFailures: number; lockMs: number; windowMs: number; maxFailuresPerIp: number; ipWindowMs: number };
export const defaultLoginThrottlePolicy: LoginThrottlePolicy = {
  maxFailures: 5,
  lockMs: 15 * 60_000,
  windowMs: 15 * 60_000,
  maxFailuresPerIp: 50,
  ipWindowMs: 15 * 60_000,
};

/**
 * Wrong passwords are counted per email, whether or not the email belongs to a customer, so the
 * lockout itself reveals nothing. Per-IP failures are counted in memory (one server process);
 * the map is bounded so a flood of addresses cannot grow it without limit.
 */
export function createLoginThrottle(deps: { db: Db; clock: Clock; policy?: LoginThrottlePolicy }) {
  const { db, clock } = deps;
  const policy = deps.policy ?? defaultLoginThrottlePolicy;
  const ipFailures = new Map<string, { count: number; windowStart: number }>();
  const maxTrackedIps = 10_000;

  return {
    policy,
    async lockedUntil(email: string): Promise<Date | null> {
      const row = await db.selectFrom('login_failures').select('locked_until').where('email', '=', email).executeTakeFirst();
      if (!row?.locked_until) return null;
      const until = new Date(row.locked_until);
      return until > clock.now() ? until : null;
    },

    /**
     * Records a wrong password; returns the lock's end when the email is locked after this
     * failure. One statement, so failures racing each other can neither lose a count nor clear a
     * lock another one just set (a read-then-write let a burst of parallel guesses do both).
     */
    async recordFailure(email: string): Promise<Date | null> {
      const now = clock.now();
      const nowIso = now.toISOString();
      const lockEnd = addMs(now, policy.lockMs).toISOString();
      const lockedAtOnce = policy.maxFailures <= 1;
      const row = await db
        .insertInto('login_failures')
        .values({ email, failures: lockedAtOnce ? 0 : 1, first_failed_at: nowIso, locked_until: lockedAtOnce ? lockEnd : null })
        .onConflict((conflict) =>
          conflict.column('email').doUpdateSet(() => {
            // Times are ISO strings in UTC, so they compare as text on both engines.
            const locked = sql<boolean>`coalesce(login_failures.locked_until, '') > ${nowIso}`;
            const windowOpen = sql<boolean>`(login_failures.first_failed_at > ${addMs(now, -policy.windowMs).toISOString()} and (login_failures.locked_until is null or ${locked}))`;
            const counted = sql<number>`(case when ${windowOpen} then login_failures.failures + 1 else 1 end)`;
            return {
              failures: sql<number>`case when ${locked} then login_failures.failures when ${counted} >= ${policy.maxFailures} then 0 else ${counted} end`,
              first_failed_at: sql<string>`case when ${locked} or ${windowOpen} then login_failures.first_failed_at else ${nowIso} end`,
              locked_until: sql<string | null>`case when ${locked} then login_failures.locked_until when ${counted} >= ${policy.maxFailures} then ${lockEnd} else null end`,
            };
          }),
        )
        .returning('locked_until')
        .executeTakeFirstOrThrow();
      return row.locked_until && row.locked_until > nowIso ? new Date(row.locked_until) : null;
    },

    async clear(email: string): Promise<void> {
      await db.deleteFrom('login_failures').where('email', '=', email).execute();
    },

    ipBlockedForSeconds(ip: string): number {
      const entry = ipFailures.get(ip);
      const now = clock.now().getTime();
      if (!entry || now - entry.windowStart >= policy.ipWindowMs) return 0;
      return entry.count >= policy.maxFailuresPerIp ? Math.ceil((entry.windowStart + policy.ipWindowMs - now) / 1000) : 0;
    },

    recordIpFailure(ip: string): void {
      const now = clock.now().getTime();
      const entry = ipFailures.get(ip);
      if (!entry || now - entry.windowStart >= policy.ipWindowMs) {
        if (ipFailures.size >= maxTrackedIps) ipFailures.delete(ipFailures.keys().next().value!);
        ipFailures.set(ip, { count: 1, windowStart: now });
      } else {
        entry.count += 1;
      }
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
