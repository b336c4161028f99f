import type { Db } from '../../db/connection.ts';
import type { Config } from '../../config.ts';
import type { KycChecksTable } from '../../db/schema.ts';
import { lagosDate, lagosDayStartUtc } from '../../../lib/lagos-time.ts';
import { profileLocale } from '../../../i18n/locales.ts';
import { fail, type Failure } from '../result.ts';
import { newId } from '../ids.ts';
import type { BvnFingerprints } from './bvn-fingerprint.ts';
import type { Trx } from '../ledger/ledger.ts';
import { lockUserRow, withUserLocked } from '../limits/attempts.ts';
import { tierLimits } from '../tiers/tier-limits.ts';
import { sendLogged, tierRaisedEmail } from '../notifications.ts';
import type { UserProfile } from '../users/user-repository.ts';
import type { CustomerServiceDeps } from '../service-deps.ts';
import { said } from '../../../i18n/said.ts';
import { tierFromProofs } from './identity-rule.ts';

/** Failed checks (mismatch, not found, a failed liveness; not provider errors) a customer may have per Lagos day, per kind. */
export const maxFailedKycChecksPerDay = 5;
export const identityTimeoutMs = 10_000;

export type CheckKind = KycChecksTable['kind'];
export type CheckRow = { userId: string; kind: CheckKind; bvn?: string; nin?: string; dateOfBirth?: string; address?: string };
export type CheckOutcome = KycChecksTable['outcome'];
/** The outcomes that use up one of the day's tries. */
const failedOutcomes: CheckOutcome[] = ['mismatch', 'not_found', 'fail'];

const triedKeys = { bvn: 'said.kyc.triedBvn', nin: 'said.kyc.triedNin', liveness: 'said.kyc.triedLiveness', address: 'said.kyc.triedAddress' } as const;

/**
 * What every identity check shares (BVN, NIN, liveness, address): the check's row, the day's
 * tries taken before the provider is asked, the provider's failures, and raising the tier from
 * what is now proved (core/kyc/identity-rule.ts).
 */
export function createKycChecks(deps: CustomerServiceDeps & {
  db: Db;
  config: Pick<Config, 'bank' | 'money'>;
  bvnFingerprints: BvnFingerprints;
  ninFingerprints: BvnFingerprints;
  timeoutMs: number;
}) {
  const { db, config, clock, log, mailer, bvnFingerprints, ninFingerprints, timeoutMs } = deps;

  function todayStartUtc(): string {
    return lagosDayStartUtc(lagosDate(clock.now()));
  }

  async function failuresToday(userId: string, kind: CheckKind): Promise<number> {
    const row = await db
      .selectFrom('kyc_checks')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .where('outcome', 'in', failedOutcomes)
      .where('created_at', '>=', todayStartUtc())
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** 429 once today's failures are used up, until Lagos midnight. */
  function limitFailure(kind: CheckKind): Failure {
    const tomorrow = new Date(Date.parse(`${lagosDate(clock.now())}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const retryAfterSeconds = Math.max(1, Math.ceil((Date.parse(lagosDayStartUtc(tomorrow)) - clock.now().getTime()) / 1000));
    return fail('RATE_LIMITED', said(triedKeys[kind], { count: maxFailedKycChecksPerDay }), { retryAfterSeconds });
  }

  async function record(executor: Db | Trx, row: CheckRow & { outcome: CheckOutcome; reference?: string }): Promise<string> {
    const id = newId('kyc');
    const bvn = row.bvn ? bvnFingerprints.of(row.bvn) : null;
    const nin = row.nin ? ninFingerprints.of(row.nin) : null;
    await executor
      .insertInto('kyc_checks')
      .values({
        id,
        user_id: row.userId,
        kind: row.kind,
        outcome: row.outcome,
        // Never the number itself: a fingerprint for the one-customer rule, the last four to show.
        bvn_fingerprint: bvn?.fingerprint ?? null,
        bvn_key_version: bvn?.keyVersion ?? null,
        bvn_last4: row.bvn ? row.bvn.slice(-4) : null,
        nin_fingerprint: nin?.fingerprint ?? null,
        nin_key_version: nin?.keyVersion ?? null,
        nin_last4: row.nin ? row.nin.slice(-4) : null,
        date_of_birth: row.dateOfBirth ?? null,
        address: row.address ?? null,
        provider_reference: row.reference ?? null,
        created_at: clock.now().toISOString(),
      })
      .execute();
    return id;
  }

  /**
   * Takes one of today's tries BEFORE the identity service is asked: under the customer's row
   * lock, today's failures and the checks still waiting for an answer are counted and, if that
   * leaves a try, a `pending` check is recorded. So however many checks arrive at once, at most
   * `maxFailedKycChecksPerDay` can fail in a day. A pending check older than the service's
   * timeout (a server stopped mid-check) no longer holds a try. Returns the check's id, or null.
   */
  async function takeTry(row: CheckRow): Promise<string | null> {
    return withUserLocked(db, row.userId, async (trx) => {
      const staleBefore = new Date(clock.now().getTime() - timeoutMs - 60_000).toISOString();
      const used = await trx
        .selectFrom('kyc_checks')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', row.userId)
        .where('kind', '=', row.kind)
        .where('created_at', '>=', todayStartUtc())
        .where((eb) => eb.or([eb('outcome', 'in', failedOutcomes), eb.and([eb('outcome', '=', 'pending'), eb('created_at', '>', staleBefore)])]))
        .executeTakeFirstOrThrow();
      if (Number(used.count) >= maxFailedKycChecksPerDay) return null;
      return record(trx, { ...row, outcome: 'pending' });
    });
  }

  /** The identity service's answer, on the check taken for it. */
  async function settle(executor: Db | Trx, checkId: string, outcome: Exclude<CheckOutcome, 'pending'>, reference?: string): Promise<void> {
    await executor.updateTable('kyc_checks').set({ outcome, provider_reference: reference ?? null }).where('id', '=', checkId).execute();
  }

  /** A match that raised nothing (linked to another customer, or another request raised first): as before, no check is kept. */
  async function forget(checkId: string): Promise<void> {
    await db.deleteFrom('kyc_checks').where('id', '=', checkId).where('outcome', '=', 'pending').execute();
  }

  /** A thrown error or a timeout from the identity service: nothing changes, the customer may retry. */
  async function providerFailure(userId: string, kind: CheckKind, error: unknown, checkId: string): Promise<Failure> {
    const timedOut = error instanceof Error && error.message === 'identity service timeout';
    log.warn('kyc.provider_failed', { user: userId, kind, timedOut, error: error instanceof Error ? error.message : String(error) });
    await settle(db, checkId, 'failed');
    return timedOut ? fail('PROVIDER_TIMEOUT', said('said.kyc.timeout')) : fail('PROVIDER_FAILED', said('said.kyc.unavailable'));
  }

  /** The new limits, by email; the tier is raised either way and the page shows it. */
  async function announce(profile: UserProfile, tier: number) {
    const limits = tierLimits(config.money, tier);
    const message = tierRaisedEmail({
      bankName: config.bank.name,
      to: profile.user.email,
      firstName: profile.user.first_name,
      tier,
      dailyLimit: limits.dailyDebitKobo,
      maxBalance: limits.maxBalanceKobo,
      at: clock.now().toISOString(),
      language: profileLocale(profile.user.language),
    });
    await sendLogged(mailer, log, message, 'tier_raised');
  }

  /**
   * Records a proof on the customer's row and sets the tier it now gives, in `trx`. The row is
   * locked first, so two checks of the same customer at once (a BVN and a NIN) are taken one
   * after the other and the second reads the first's proof: neither is lost. `proof` null: an
   * address, whose verified check is already in `trx`. The tier is only ever raised here.
   * Returns the tier before and after, or null when the proof was already on record.
   */
  async function prove(trx: Trx, userId: string, proof: 'bvn_verified_at' | 'nin_verified_at' | null): Promise<{ before: number; after: number } | null> {
    await lockUserRow(trx, userId);
    const now = clock.now().toISOString();
    const row = await trx.selectFrom('users').select(['tier', 'bvn_verified_at', 'nin_verified_at']).where('id', '=', userId).executeTakeFirstOrThrow();
    if (proof !== null && row[proof] !== null) return null;
    const proofs = { bvn_verified_at: row.bvn_verified_at, nin_verified_at: row.nin_verified_at, ...(proof ? { [proof]: now } : {}) };
    const address = await trx.selectFrom('kyc_checks').select('id').where('user_id', '=', userId).where('kind', '=', 'address').where('outcome', '=', 'verified').executeTakeFirst();
    const tier = Math.max(Number(row.tier), tierFromProofs(proofs, address !== undefined));
    await trx
      .updateTable('users')
      .set({ ...(proof ? { [proof]: now } : {}), tier, updated_at: now })
      .where('id', '=', userId)
      .execute();
    return { before: Number(row.tier), after: tier };
  }

  return { failuresToday, limitFailure, record, takeTry, settle, forget, providerFailure, announce, prove, todayStartUtc };
}
export type KycChecks = ReturnType<typeof createKycChecks>;
