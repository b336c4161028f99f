import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { Database, OneTimeCodeRow } from '../../db/schema.ts';
import { addMs, type Clock } from '../clock.ts';
import { fail, succeed, type Result } from '../result.ts';
import { randomInt } from 'node:crypto';
import { newId } from '../ids.ts';
import { sha256Hex } from '../digest.ts';
import { withUserLocked } from '../limits/attempts.ts';
import { said, type Said } from '../../../i18n/said.ts';

/** Six random digits: what is mailed for email verification and password reset. */
export function newOneTimeCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export type CodePurpose = OneTimeCodeRow['purpose'];
/** `maxPerDay`: an optional cap over the last 24 hours besides the hour's. */
export type CodePolicy = { ttlMs: number; maxAttempts: number; minIntervalMs: number; maxPerHour: number; maxPerDay?: number };

export const emailVerificationPolicy: CodePolicy = { ttlMs: 10 * 60_000, maxAttempts: 5, minIntervalMs: 60_000, maxPerHour: 5 };
/** Forgotten password: 15 minutes, single use, dead after 5 wrong tries, 1 a minute and 5 an hour per user. */
export const passwordResetPolicy: CodePolicy = { ttlMs: 15 * 60_000, maxAttempts: 5, minIntervalMs: 60_000, maxPerHour: 5 };

/** `field`: where a wrong code's field error goes (`otp` for email verification, `token` for password reset). */
export type AttemptOptions = { field?: string; executor?: Db | Transaction<Database> };

/** What a refused code says, whatever it is for. */
export const codeMessages = {
  gone: said('said.code.gone'),
  expired: said('said.code.expired'),
  dead: said('said.code.dead'),
  wrong: (left: number): Said => (left === 1 ? said('said.code.wrongOne') : said('said.code.wrongMany', { left })),
};

/**
 * One-time codes: 6 digits from a CSPRNG, stored as a hash bound to the code's id, single use,
 * dead after too many wrong tries, and throttled per user and purpose. A new code kills the old.
 */
export function createOneTimeCodes(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  const hashOf = (id: string, code: string) => sha256Hex(`${id}:${code}`);

  /**
   * A try is TAKEN before the code is compared: one guarded UPDATE adds it while the code is live
   * and has tries left, so however many submissions arrive at once, at most `maxAttempts` codes
   * are ever compared with it. A wrong code keeps its try (the last one kills the code); a right
   * one that is only checked gives its try back, so checking before spending costs nothing.
   */
  async function attempt(
    userId: string,
    purpose: CodePurpose,
    code: string,
    policy: CodePolicy,
    consume: boolean,
    { field = 'otp', executor = db }: AttemptOptions,
  ): Promise<Result<void>> {
    const now = clock.now();
    const current = await executor
      .selectFrom('one_time_codes')
      .select(['id', 'code_hash', 'expires_at'])
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('consumed_at', 'is', null)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    if (!current) return fail('INVALID_OTP', codeMessages.gone);
    if (now.getTime() >= Date.parse(current.expires_at)) {
      return fail('OTP_EXPIRED', codeMessages.expired);
    }
    const taken = await executor
      .updateTable('one_time_codes')
      .set({ attempts: sql<number>`attempts + 1` })
      .where('id', '=', current.id)
      .where('consumed_at', 'is', null)
      .where('attempts', '<', policy.maxAttempts)
      .returning('attempts')
      .executeTakeFirst();
    // Used, killed, or its tries all taken by submissions still being compared: no longer valid.
    if (!taken) return fail('INVALID_OTP', codeMessages.gone);

    if (hashOf(current.id, code) === current.code_hash) {
      // Spent, or the try given back, only while the code is still live: of two racing right
      // submissions one spends it, and a code killed meanwhile stays dead.
      const settled = await executor
        .updateTable('one_time_codes')
        .set(consume ? { consumed_at: now.toISOString() } : { attempts: sql<number>`attempts - 1` })
        .where('id', '=', current.id)
        .where('consumed_at', 'is', null)
        .executeTakeFirst();
      if (Number(settled.numUpdatedRows) === 0) return fail('INVALID_OTP', codeMessages.gone);
      return succeed(undefined);
    }
    if (taken.attempts >= policy.maxAttempts) {
      await executor.updateTable('one_time_codes').set({ consumed_at: now.toISOString() }).where('id', '=', current.id).where('consumed_at', 'is', null).execute();
      return fail('INVALID_OTP', codeMessages.dead);
    }
    const wrong = codeMessages.wrong(policy.maxAttempts - taken.attempts);
    return fail('INVALID_OTP', wrong, { errors: { [field]: [wrong] } });
  }

  return {
    async issue(
      userId: string,
      purpose: CodePurpose,
      policy: CodePolicy,
      executor: Db | Transaction<Database> = db,
    ): Promise<Result<{ code: string; expiresAt: Date }>> {
      // The count and the insert under the customer's row lock: a burst of requests issues (and mails) at most what the policy allows.
      return withUserLocked<Result<{ code: string; expiresAt: Date }>>(executor, userId, async (trx) => {
        const now = clock.now();
        const recent = await trx
          .selectFrom('one_time_codes')
          .select('created_at')
          .where('user_id', '=', userId)
          .where('purpose', '=', purpose)
          .where('created_at', '>', addMs(now, policy.maxPerDay === undefined ? -3_600_000 : -86_400_000).toISOString())
          .orderBy('created_at', 'desc')
          .execute();
        if (policy.maxPerDay !== undefined && recent.length >= policy.maxPerDay) {
          const waitSeconds = Math.ceil((Date.parse(recent[recent.length - 1]!.created_at) + 86_400_000 - now.getTime()) / 1000);
          return fail('RATE_LIMITED', said('said.errors.codesPerDay', { count: policy.maxPerDay, hours: Math.ceil(waitSeconds / 3600) }), { retryAfterSeconds: waitSeconds });
        }
        const hourAgo = now.getTime() - 3_600_000;
        const lastHour = recent.filter((row) => Date.parse(row.created_at) > hourAgo);
        const newest = recent[0];
        if (newest && now.getTime() - Date.parse(newest.created_at) < policy.minIntervalMs) {
          const waitSeconds = Math.ceil((policy.minIntervalMs - (now.getTime() - Date.parse(newest.created_at))) / 1000);
          return fail('RATE_LIMITED', said('said.verify.wait', { seconds: waitSeconds }), { retryAfterSeconds: waitSeconds });
        }
        if (lastHour.length >= policy.maxPerHour) {
          const oldest = lastHour[lastHour.length - 1]!;
          const waitSeconds = Math.ceil((Date.parse(oldest.created_at) + 3_600_000 - now.getTime()) / 1000);
          return fail('RATE_LIMITED', said('said.errors.codesPerHour', { count: policy.maxPerHour, minutes: Math.ceil(waitSeconds / 60) }), {
            retryAfterSeconds: waitSeconds,
          });
        }
        await trx
          .updateTable('one_time_codes')
          .set({ consumed_at: now.toISOString() })
          .where('user_id', '=', userId)
          .where('purpose', '=', purpose)
          .where('consumed_at', 'is', null)
          .execute();
        const id = newId('otp');
        const code = newOneTimeCode();
        const expiresAt = addMs(now, policy.ttlMs);
        await trx
          .insertInto('one_time_codes')
          .values({ id, user_id: userId, purpose, code_hash: hashOf(id, code), expires_at: expiresAt.toISOString(), consumed_at: null, created_at: now.toISOString() })
          .execute();
        return succeed({ code, expiresAt });
      });
    },

    /** Checks the code and uses it up (single use). Wrong tries count; field errors go under `otp`. */
    verify(userId: string, purpose: CodePurpose, code: string, policy: CodePolicy, options: AttemptOptions = {}): Promise<Result<void>> {
      return attempt(userId, purpose, code, policy, true, options);
    },

    /**
     * Checks the code WITHOUT using it up (a step before the one that uses it). Wrong tries still
     * count towards the policy's limit, so checking cannot be used to guess for free.
     */
    check(userId: string, purpose: CodePurpose, code: string, policy: CodePolicy, options: AttemptOptions = {}): Promise<Result<void>> {
      return attempt(userId, purpose, code, policy, false, options);
    },
  };
}
export type OneTimeCodes = ReturnType<typeof createOneTimeCodes>;
