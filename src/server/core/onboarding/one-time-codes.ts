import type { Transaction } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { Database, OneTimeCodeRow } from '../../db/schema.ts';
import { addMs, type Clock } from '../clock.ts';
import { fail, succeed, type Result } from '../result.ts';
import { newId, newOneTimeCode, sha256Hex } from '../auth/secrets.ts';

export type CodePurpose = OneTimeCodeRow['purpose'];
export type CodePolicy = { ttlMs: number; maxAttempts: number; minIntervalMs: number; maxPerHour: number };

export const emailVerificationPolicy: CodePolicy = { ttlMs: 10 * 60_000, maxAttempts: 5, minIntervalMs: 60_000, maxPerHour: 5 };

/**
 * One-time codes: 6 digits from a CSPRNG, stored as a hash bound to the code's id, single use,
 * dead after too many wrong tries, and throttled per user and purpose. A new code kills the old.
 */
export function createOneTimeCodes(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  const hashOf = (id: string, code: string) => sha256Hex(`${id}:${code}`);

  return {
    async issue(
      userId: string,
      purpose: CodePurpose,
      policy: CodePolicy,
      executor: Db | Transaction<Database> = db,
    ): Promise<Result<{ code: string; expiresAt: Date }>> {
      const now = clock.now();
      const recent = await executor
        .selectFrom('one_time_codes')
        .select('created_at')
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .where('created_at', '>', addMs(now, -3_600_000).toISOString())
        .orderBy('created_at', 'desc')
        .execute();
      const newest = recent[0];
      if (newest && now.getTime() - Date.parse(newest.created_at) < policy.minIntervalMs) {
        const waitSeconds = Math.ceil((policy.minIntervalMs - (now.getTime() - Date.parse(newest.created_at))) / 1000);
        return fail('RATE_LIMITED', `Please wait ${waitSeconds} seconds before asking for another code.`, { retryAfterSeconds: waitSeconds });
      }
      if (recent.length >= policy.maxPerHour) {
        const oldest = recent[recent.length - 1]!;
        const waitSeconds = Math.ceil((Date.parse(oldest.created_at) + 3_600_000 - now.getTime()) / 1000);
        return fail('RATE_LIMITED', `You have asked for ${policy.maxPerHour} codes this hour. Try again in ${Math.ceil(waitSeconds / 60)} minutes.`, {
          retryAfterSeconds: waitSeconds,
        });
      }
      await executor
        .updateTable('one_time_codes')
        .set({ consumed_at: now.toISOString() })
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .where('consumed_at', 'is', null)
        .execute();
      const id = newId('otp');
      const code = newOneTimeCode();
      const expiresAt = addMs(now, policy.ttlMs);
      await executor
        .insertInto('one_time_codes')
        .values({ id, user_id: userId, purpose, code_hash: hashOf(id, code), expires_at: expiresAt.toISOString(), consumed_at: null, created_at: now.toISOString() })
        .execute();
      return succeed({ code, expiresAt });
    },

    async verify(userId: string, purpose: CodePurpose, code: string, policy: CodePolicy): Promise<Result<void>> {
      const now = clock.now();
      const current = await db
        .selectFrom('one_time_codes')
        .selectAll()
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .where('consumed_at', 'is', null)
        .orderBy('created_at', 'desc')
        .executeTakeFirst();
      if (!current) return fail('INVALID_OTP', 'That code is not valid any more. Ask for a new code.');
      if (now.getTime() >= Date.parse(current.expires_at)) {
        return fail('OTP_EXPIRED', 'That code has expired. Ask for a new code.');
      }
      if (hashOf(current.id, code) === current.code_hash) {
        // Consume with a guard on consumed_at so two racing correct submissions succeed once.
        const consumed = await db
          .updateTable('one_time_codes')
          .set({ consumed_at: now.toISOString() })
          .where('id', '=', current.id)
          .where('consumed_at', 'is', null)
          .executeTakeFirst();
        if (Number(consumed.numUpdatedRows) === 0) return fail('INVALID_OTP', 'That code is not valid any more. Ask for a new code.');
        return succeed(undefined);
      }
      const attempts = current.attempts + 1;
      const dead = attempts >= policy.maxAttempts;
      await db
        .updateTable('one_time_codes')
        .set({ attempts, consumed_at: dead ? now.toISOString() : null })
        .where('id', '=', current.id)
        .execute();
      if (dead) return fail('INVALID_OTP', 'Too many wrong tries: that code no longer works. Ask for a new code.');
      const left = policy.maxAttempts - attempts;
      return fail('INVALID_OTP', `That code is not right. You have ${left} ${left === 1 ? 'try' : 'tries'} left.`, {
        errors: { otp: [`That code is not right. You have ${left} ${left === 1 ? 'try' : 'tries'} left.`] },
      });
    },
  };
}
export type OneTimeCodes = ReturnType<typeof createOneTimeCodes>;
