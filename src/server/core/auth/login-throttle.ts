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

    /** Records a wrong password; returns the lock's end when this failure locks the email. */
    async recordFailure(email: string): Promise<Date | null> {
      const now = clock.now();
      const row = await db.selectFrom('login_failures').selectAll().where('email', '=', email).executeTakeFirst();
      const windowOpen = row && now.getTime() - Date.parse(row.first_failed_at) < policy.windowMs && !(row.locked_until && Date.parse(row.locked_until) <= now.getTime());
      const failures = windowOpen ? row.failures + 1 : 1;
      const lockedUntil = failures >= policy.maxFailures ? addMs(now, policy.lockMs) : null;
      const values = {
        failures: lockedUntil ? 0 : failures,
        first_failed_at: windowOpen ? row.first_failed_at : now.toISOString(),
        locked_until: lockedUntil?.toISOString() ?? null,
      };
      await db
        .insertInto('login_failures')
        .values({ email, ...values })
        .onConflict((conflict) => conflict.column('email').doUpdateSet(values))
        .execute();
      return lockedUntil;
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
