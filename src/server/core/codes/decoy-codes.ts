import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { Clock } from '../clock.ts';
import { fail, type Failure } from '../result.ts';
import type { RequestCounters } from '../throttle/request-counters.ts';
import { codeMessages, type CodePolicy } from './one-time-codes.ts';

/** The two tables of imitation codes: the same columns but for the name of the key. */
export type DecoyTable = { table: 'password_reset_decoys'; key: 'email' } | { table: 'freeze_decoys'; key: 'subject' };

/**
 * Imitation one-time codes for an email or account number with no customer behind it (password
 * reset, the signed-out freeze). Nothing is mailed, but the imitation is kept in the database and
 * answers as a real code does, whichever server process answers: "issued" under the same throttle
 * (one a minute, `policy.maxPerHour` an hour, counted under `scope`), its tries counted, dead
 * after `policy.maxAttempts`, expired after `policy.ttlMs`. Every check is refused, with the
 * message a wrong, dead, gone or expired real code gets, also under `field` as codes.check puts it.
 */
export function createDecoyCodes(deps: { db: Db; clock: Clock; counters: RequestCounters }, options: DecoyTable & { scope: string; policy: CodePolicy; field: string }) {
  const { db, clock, counters } = deps;
  const { policy, field } = options;
  // Typed as one of the two tables, which have the same columns; the SQL names the one given.
  const table = options.table as 'freeze_decoys';
  const key = options.key as 'subject';
  const refused = (failure: Failure): Failure => ({ ...failure, errors: { ...failure.errors, [field]: [failure.message] } });

  return {
    /** An unknown subject "gets" a code under the same throttle as a real one. */
    async issue(subject: string): Promise<void> {
      const now = clock.now();
      const current = await db.selectFrom(table).select('issued_at').where(key, '=', subject).executeTakeFirst();
      if (current && now.getTime() - Date.parse(current.issued_at) < policy.minIntervalMs) return;
      if ((await counters.takeRolling(options.scope, subject, { max: policy.maxPerHour, windowMs: 3_600_000 })) > 0) return;
      const fresh = { attempts: 0, alive: 1, issued_at: now.toISOString(), expires_at: new Date(now.getTime() + policy.ttlMs).toISOString() };
      await db
        .insertInto(table)
        .values({ ...fresh, [key]: subject } as typeof fresh & { subject: string })
        .onConflict((conflict) => conflict.column(key).doUpdateSet(fresh))
        .execute();
    },

    /** What checking a code for an unknown subject answers: what a wrong code would. The try is taken in one guarded update. */
    async check(subject: string): Promise<Failure> {
      const nowIso = clock.now().toISOString();
      const max = policy.maxAttempts;
      const taken = await db
        .updateTable(table)
        .set({ attempts: sql<number>`attempts + 1`, alive: sql<number>`case when attempts + 1 >= ${max} then 0 else 1 end` })
        .where(key, '=', subject)
        .where('alive', '=', 1)
        .where('expires_at', '>', nowIso)
        .returning('attempts')
        .executeTakeFirst();
      if (taken) return refused(fail('INVALID_OTP', taken.attempts >= max ? codeMessages.dead : codeMessages.wrong(max - taken.attempts)));
      const entry = await db.selectFrom(table).select(['alive', 'expires_at']).where(key, '=', subject).executeTakeFirst();
      if (!entry || entry.alive !== 1) return refused(fail('INVALID_OTP', codeMessages.gone));
      return refused(fail('OTP_EXPIRED', codeMessages.expired));
    },
  };
}
