import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { Clock } from '../clock.ts';

/** A limit: at most `max` in each fixed window of `windowMs`, windows starting `offsetMs` after the epoch's (Lagos days: -1 h). */
export type WindowLimit = { max: number; windowMs: number; offsetMs?: number };

export const minute = 60_000;
export const hour = 60 * minute;
/** A Lagos day (UTC+1, no daylight saving): windows start at 23:00 UTC. */
export const lagosDay: Pick<WindowLimit, 'windowMs' | 'offsetMs'> = { windowMs: 24 * hour, offsetMs: -hour };

export function windowOf(now: number, limit: WindowLimit): { start: number; end: number } {
  const offset = limit.offsetMs ?? 0;
  const start = Math.floor((now - offset) / limit.windowMs) * limit.windowMs + offset;
  return { start, end: start + limit.windowMs };
}

/**
 * Counters for limits on requests (not guesses at a secret: those live beside the secret).
 * `take` claims one slot with a single guarded upsert, `… on conflict do update set count =
 * count + 1 where count < max returning count`: the row lock (PostgreSQL) or the write lock
 * (SQLite) serialises parallel requests, so however many arrive at once, at most `max` pass in a
 * window, across every server process that shares the database.
 */
export function createRequestCounters(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  let takesSincePrune = 0;

  /** Claims one slot; 0 when it was free, else the seconds until the window ends. */
  async function takeOne(scope: string, subject: string, limit: WindowLimit): Promise<number> {
    const now = clock.now().getTime();
    const window = windowOf(now, limit);
    const row = await db
      .insertInto('request_counters')
      .values({ scope, subject, window_start: new Date(window.start).toISOString(), count: 1, expires_at: new Date(window.end).toISOString() })
      .onConflict((conflict) =>
        conflict
          .columns(['scope', 'subject', 'window_start'])
          .doUpdateSet({ count: sql<number>`request_counters.count + 1` })
          .where('request_counters.count', '<', limit.max),
      )
      .returning('count')
      .executeTakeFirst();
    if (row) return 0;
    return Math.max(1, Math.ceil((window.end - now) / 1000));
  }

  /** A rolling window's one row: it starts at the first take and ends `windowMs` later. */
  const rolling = 'rolling';

  /**
   * Claims one slot in a window that starts at the subject's first take (not on the clock's
   * boundaries), in one guarded upsert: 0 when there was room, else the seconds until it ends.
   */
  async function takeRolling(scope: string, subject: string, limit: { max: number; windowMs: number }): Promise<number> {
    const now = clock.now();
    const nowIso = now.toISOString();
    const end = new Date(now.getTime() + limit.windowMs).toISOString();
    const over = sql<boolean>`request_counters.expires_at <= ${nowIso}`;
    const row = await db
      .insertInto('request_counters')
      .values({ scope, subject, window_start: rolling, count: 1, expires_at: end })
      .onConflict((conflict) =>
        conflict
          .columns(['scope', 'subject', 'window_start'])
          .doUpdateSet({
            count: sql<number>`case when ${over} then 1 else request_counters.count + 1 end`,
            expires_at: sql<string>`case when ${over} then ${end} else request_counters.expires_at end`,
          })
          .where((eb) => eb.or([eb('request_counters.expires_at', '<=', nowIso), eb('request_counters.count', '<', limit.max)])),
      )
      .returning('count')
      .executeTakeFirst();
    if (row) return 0;
    const held = await db.selectFrom('request_counters').select('expires_at').where('scope', '=', scope).where('subject', '=', subject).where('window_start', '=', rolling).executeTakeFirst();
    const ends = held ? Date.parse(held.expires_at) : now.getTime() + limit.windowMs;
    return Math.max(1, Math.ceil((ends - now.getTime()) / 1000));
  }

  /** Gives back a slot taken by `takeRolling` (a try that turned out not to count), while its window lasts. */
  async function giveBack(scope: string, subject: string): Promise<void> {
    await db
      .updateTable('request_counters')
      .set({ count: sql<number>`count - 1` })
      .where('scope', '=', scope)
      .where('subject', '=', subject)
      .where('window_start', '=', rolling)
      .where('count', '>', 0)
      .where('expires_at', '>', clock.now().toISOString())
      .execute();
  }

  async function prune(): Promise<void> {
    await db.deleteFrom('request_counters').where('expires_at', '<', clock.now().toISOString()).execute();
  }

  return {
    /**
     * Claims a slot under every limit, in order, stopping at the first that is full (slots taken
     * under earlier limits stay taken: a refused request still counts there).
     * Returns 0 when every limit had room, else the seconds to wait.
     */
    async take(scope: string, subject: string, limits: readonly (WindowLimit & { name: string })[]): Promise<{ waitSeconds: number; limit: string | null }> {
      takesSincePrune += 1;
      if (takesSincePrune >= 500) {
        takesSincePrune = 0;
        await prune();
      }
      for (const limit of limits) {
        const wait = await takeOne(`${scope}:${limit.name}`, subject, limit);
        if (wait > 0) return { waitSeconds: wait, limit: limit.name };
      }
      return { waitSeconds: 0, limit: null };
    },
    takeRolling,
    giveBack,
    prune,
  };
}
export type RequestCounters = ReturnType<typeof createRequestCounters>;

