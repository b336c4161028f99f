import type { Db } from '../../db/connection.ts';
import type { Config, TierLimits } from '../../config.ts';
import type { AddressRejection, IdentityService } from '../../integrations/identity/ports.ts';
import { withTimeout } from '../../integrations/with-timeout.ts';
import type { BvnInput, KycAddressInput } from '../../../lib/kyc-schemas.ts';
import { formatLagosDateTime, lagosDate, lagosDayStartUtc, toLagosIso } from '../../../lib/lagos-time.ts';
import { profileLocale } from '../../../i18n/locales.ts';
import { fail, succeed, type Failure, type Result } from '../result.ts';
import { newId } from '../ids.ts';
import type { BvnFingerprints } from './bvn-fingerprint.ts';
import { inTransaction, Refusal, type Trx } from '../ledger/ledger.ts';
import { withUserLocked } from '../limits/attempts.ts';
import { tierLimits } from '../tiers/tier-limits.ts';
import { sendLogged, tierRaisedEmail } from '../notifications.ts';
import type { TransactionRepository } from '../transactions/transaction-repository.ts';
import type { UserProfile } from '../users/user-repository.ts';
import { presentUser, type UserJson } from '../users/present-user.ts';
import type { CustomerServiceDeps } from '../service-deps.ts';
import type { MoneyWords } from '../payments/words.ts';
import { kobo, type Kobo } from '../../../lib/money.ts';
import { said, type Said } from '../../../i18n/said.ts';

/** Failed checks (mismatch, not found; not provider errors) a customer may have per Lagos day, per kind. */
export const maxFailedKycChecksPerDay = 5;
const identityTimeoutMs = 10_000;

/** A verifier's reason in English, inside the refusal's sentences (said.errors.address.* word them again at the edge). */
/** Why an address was not verified: the refusal and the document field's note, each a whole sentence. */
export const addressRejectionWords: Record<AddressRejection, { message: Said; field: Said }> = {
  address_not_on_document: { message: said('said.errors.address.notShown'), field: said('said.errors.address.notShownField') },
  document_not_found: { message: said('said.errors.address.noDocument'), field: said('said.errors.address.noDocumentField') },
  name_not_on_document: { message: said('said.errors.address.notYourName'), field: said('said.errors.address.notYourNameField') },
};

export type TierJson = { tier: 1 | 2 | 3; daily_debit: Kobo; max_balance: Kobo | null; requires: string };
/** GET /v1/kyc: amounts in kobo, times in Lagos ISO. */
export type KycStatusJson = {
  tier: number;
  limits: { daily_debit: Kobo; max_balance: Kobo | null };
  /** Debited today toward the daily limit (the money gate's own sum). */
  used_today: Kobo;
  tiers: TierJson[];
  bvn: { verified: boolean; last4: string | null; verified_at: string | null };
  address: {
    verified: boolean;
    /** The verified address, one line; null until verified. */
    line: string | null;
    verified_at: string | null;
    /** The address on file (from onboarding, or the verified one): what the address form starts with. */
    on_file: { address: string; city: string; state: string; lga: string } | null;
  };
  next_step: 'bvn' | 'address' | null;
  /** Failed checks today for the next step (at most `max_failed_attempts_per_day`). */
  failed_attempts_today: number;
  max_failed_attempts_per_day: number;
};
export type KycOutcome = { user: UserJson; kyc: KycStatusJson };

const requirements: Record<1 | 2 | 3, string> = {
  1: 'your phone number and email address',
  2: 'your BVN',
  3: 'your BVN and a verified home address',
};

/** A P.O. Box, PMB or private mail bag is a postal address, not where someone lives. */
const postalAddress = /\b(p\s*\.?\s*o\s*\.?\s*box|post\s+office\s+box|p\s*\.?\s*m\s*\.?\s*b\b|private\s+mail\s+bag)/i;

const addressLine = (address: { address: string; city: string; state: string; lga: string }) => `${address.address}, ${address.city}, ${address.lga}, ${address.state}`;

/**
 * Raising a customer's KYC tier (DOMAIN.md, CBN three-tiered KYC): Tier 1 → 2 by a BVN match,
 * Tier 2 → 3 by a verified residential address. Every answered check is kept in kyc_checks
 * (the BVN only as a fingerprint and its last four digits); a raise is one transaction with a
 * guarded `tier < n` update, and the money gate reads users.tier on every debit, so the new
 * limits apply at once.
 */
export function createKycService(deps: CustomerServiceDeps & {
  db: Db;
  config: Pick<Config, 'bank' | 'money'>;
  identity: IdentityService;
  transactions: Pick<TransactionRepository, 'debitedOn'>;
  /** Keyed BVN fingerprints (HMAC under a server key, never a plain hash). */
  bvnFingerprints: BvnFingerprints;
  /** The edge's wording of the limits a raised tier brings (the service hands over kobo). */
  words: Pick<MoneyWords, 'tierLimits' | 'newTierLimits'>;
  /** How long to wait for the identity service (tests shorten it). */
  timeoutMs?: number;
}) {
  const { db, config, clock, log, mailer, users, identity, transactions, bvnFingerprints, words } = deps;
  const timeoutMs = deps.timeoutMs ?? identityTimeoutMs;

  async function profileOf(userId: string, executor: Db | Trx = db): Promise<UserProfile> {
    const profile = await users.loadProfile(userId, executor);
    if (!profile) throw new Error(`signed-in user ${userId} has no row`);
    return profile;
  }

  function limitsOf(tier: number) {
    const limits: TierLimits = tierLimits(config.money, tier);
    return { daily_debit: limits.dailyDebitKobo, max_balance: limits.maxBalanceKobo };
  }

  function todayStartUtc(): string {
    return lagosDayStartUtc(lagosDate(clock.now()));
  }

  async function failuresToday(userId: string, kind: 'bvn' | 'address'): Promise<number> {
    const row = await db
      .selectFrom('kyc_checks')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .where('outcome', 'in', ['mismatch', 'not_found'])
      .where('created_at', '>=', todayStartUtc())
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** 429 once today's failures are used up, until Lagos midnight. */
  function limitFailure(kind: 'bvn' | 'address'): Failure {
    const tomorrow = new Date(Date.parse(`${lagosDate(clock.now())}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const retryAfterSeconds = Math.max(1, Math.ceil((Date.parse(lagosDayStartUtc(tomorrow)) - clock.now().getTime()) / 1000));
    return fail('RATE_LIMITED', said(kind === 'bvn' ? 'said.kyc.triedBvn' : 'said.kyc.triedAddress', { count: maxFailedKycChecksPerDay }), { retryAfterSeconds });
  }

  type CheckRow = { userId: string; kind: 'bvn' | 'address'; bvn?: string; dateOfBirth?: string; address?: string };

  async function record(executor: Db | Trx, row: CheckRow & { outcome: 'pending' | 'verified' | 'mismatch' | 'not_found' | 'failed'; reference?: string }): Promise<string> {
    const id = newId('kyc');
    await executor
      .insertInto('kyc_checks')
      .values({
        id,
        user_id: row.userId,
        kind: row.kind,
        outcome: row.outcome,
        // Never the BVN itself: a fingerprint for the one-customer rule, the last four to show.
        bvn_fingerprint: row.bvn ? bvnFingerprints.of(row.bvn).fingerprint : null,
        bvn_key_version: row.bvn ? bvnFingerprints.of(row.bvn).keyVersion : null,
        bvn_last4: row.bvn ? row.bvn.slice(-4) : null,
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
        .where((eb) => eb.or([eb('outcome', 'in', ['mismatch', 'not_found']), eb.and([eb('outcome', '=', 'pending'), eb('created_at', '>', staleBefore)])]))
        .executeTakeFirstOrThrow();
      if (Number(used.count) >= maxFailedKycChecksPerDay) return null;
      return record(trx, { ...row, outcome: 'pending' });
    });
  }

  /** The identity service's answer, on the check taken for it. */
  async function settle(executor: Db | Trx, checkId: string, outcome: 'verified' | 'mismatch' | 'not_found' | 'failed', reference?: string): Promise<void> {
    await executor.updateTable('kyc_checks').set({ outcome, provider_reference: reference ?? null }).where('id', '=', checkId).execute();
  }

  /** A match that raised nothing (linked to another customer, or another request raised first): as before, no check is kept. */
  async function forget(checkId: string): Promise<void> {
    await db.deleteFrom('kyc_checks').where('id', '=', checkId).where('outcome', '=', 'pending').execute();
  }

  async function latestVerified(userId: string, kind: 'bvn' | 'address') {
    return db
      .selectFrom('kyc_checks')
      .selectAll()
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .where('outcome', '=', 'verified')
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
  }

  async function status(userId: string): Promise<KycStatusJson> {
    const profile = await profileOf(userId);
    const tier = profile.user.tier;
    const account = profile.accounts[0];
    const [usedToday, bvnCheck, addressCheck, onFile] = await Promise.all([
      account ? transactions.debitedOn(db, account.account_number, lagosDate(clock.now())) : Promise.resolve(kobo(0)),
      latestVerified(userId, 'bvn'),
      latestVerified(userId, 'address'),
      db.selectFrom('addresses').select(['address', 'city', 'state', 'lga']).where('user_id', '=', userId).executeTakeFirst(),
    ]);
    const nextStep = tier < 2 ? 'bvn' : tier < 3 ? 'address' : null;
    // A customer raised some other way (the demo data, a branch) is verified by their tier.
    const bvnVerified = tier >= 2 || bvnCheck !== undefined;
    const addressVerified = tier >= 3 || addressCheck !== undefined;
    return {
      tier,
      limits: limitsOf(tier),
      used_today: usedToday,
      tiers: ([1, 2, 3] as const).map((key) => ({ tier: key, ...limitsOf(key), requires: requirements[key] })),
      bvn: { verified: bvnVerified, last4: bvnCheck?.bvn_last4 ?? null, verified_at: bvnCheck ? toLagosIso(bvnCheck.created_at) : null },
      address: {
        verified: addressVerified,
        line: addressVerified ? (addressCheck?.address ?? (onFile ? addressLine(onFile) : null)) : null,
        verified_at: addressCheck ? toLagosIso(addressCheck.created_at) : null,
        on_file: onFile ?? null,
      },
      next_step: nextStep,
      failed_attempts_today: nextStep ? await failuresToday(userId, nextStep) : 0,
      max_failed_attempts_per_day: maxFailedKycChecksPerDay,
    };
  }

  async function outcomeFor(userId: string): Promise<KycOutcome> {
    return { user: presentUser(await profileOf(userId)), kyc: await status(userId) };
  }

  /** A thrown error or a timeout from the identity service: nothing changes, the customer may retry. */
  async function providerFailure(userId: string, kind: 'bvn' | 'address', error: unknown, checkId: string): Promise<Failure> {
    const timedOut = error instanceof Error && error.message === 'identity service timeout';
    log.warn('kyc.provider_failed', { user: userId, kind, timedOut, error: error instanceof Error ? error.message : String(error) });
    await settle(db, checkId, 'failed');
    return timedOut
      ? fail('PROVIDER_TIMEOUT', said('said.kyc.timeout'))
      : fail('PROVIDER_FAILED', said('said.kyc.unavailable'));
  }

  /** The new limits, by email; the tier is raised either way and the page shows it. */
  async function announce(profile: UserProfile, tier: 2 | 3) {
    const limits = tierLimits(config.money, tier);
    const message = tierRaisedEmail({
      bankName: config.bank.name,
      to: profile.user.email,
      firstName: profile.user.first_name,
      tier,
      ...words.tierLimits(limits),
      at: formatLagosDateTime(clock.now().toISOString(), profileLocale(profile.user.language)),
      language: profileLocale(profile.user.language),
    });
    await sendLogged(mailer, log, message, 'tier_raised');
  }

  /** Raises users.tier to `tier` only from below it, or refuses (a second request got there first). */
  async function raiseTier(trx: Trx, userId: string, tier: 2 | 3, message: Said) {
    const now = clock.now().toISOString();
    const raised = await trx.updateTable('users').set({ tier, updated_at: now }).where('id', '=', userId).where('tier', '<', tier).executeTakeFirst();
    if (Number(raised.numUpdatedRows) === 0) throw new Refusal(fail('DUPLICATE', message));
  }

  const newLimitsSentence = (tier: 2 | 3) => words.newTierLimits({ tier, ...tierLimits(config.money, tier) });

  return {
    status,
    newLimitsSentence,

    /** Tier 1 → 2. */
    async verifyBvn(userId: string, input: BvnInput): Promise<Result<KycOutcome>> {
      const profile = await profileOf(userId);
      const already = said('said.bvn.already');
      if (profile.user.tier >= 2) return fail('DUPLICATE', already);
      const last4 = input.bvn.slice(-4);
      const row = { userId, kind: 'bvn' as const, bvn: input.bvn, dateOfBirth: input.date_of_birth };
      const checkId = await takeTry(row);
      if (checkId === null) return limitFailure('bvn');
      let answer;
      try {
        answer = await withTimeout(
          identity.matchBvn({ bvn: input.bvn, firstName: profile.user.first_name, lastName: profile.user.last_name, dateOfBirth: input.date_of_birth }),
          timeoutMs,
          'identity service',
        );
      } catch (error) {
        return providerFailure(userId, 'bvn', error, checkId);
      }

      if (answer.outcome !== 'match') {
        await settle(db, checkId, answer.outcome, answer.reference);
        const left = Math.max(0, maxFailedKycChecksPerDay - (await failuresToday(userId, 'bvn')));
        const tries = left === 0 ? 'None' : left === 1 ? 'One' : 'Many';
        log.info('kyc.bvn_failed', { user: userId, outcome: answer.outcome, last4, reference: answer.reference });
        if (answer.outcome === 'not_found') {
          return fail('BVN_NOT_FOUND', said(({ None: 'said.kyc.notFoundNone', One: 'said.kyc.notFoundOne', Many: 'said.kyc.notFoundMany' } as const)[tries], left > 1 ? { left } : undefined), {
            errors: { bvn: [said('said.bvn.noRecord')] },
          });
        }
        // Which detail differs is said; what the record holds is never revealed.
        const onlyDate = answer.fields.length === 1 && answer.fields[0] === 'date_of_birth';
        return fail('BVN_MISMATCH', said(({ None: 'said.kyc.mismatchNone', One: 'said.kyc.mismatchOne', Many: 'said.kyc.mismatchMany' } as const)[tries], left > 1 ? { left } : undefined), {
          errors: onlyDate
            ? { date_of_birth: [said('said.bvn.dobMismatch')] }
            : { bvn: [said('said.bvn.nameMismatch')] },
        });
      }

      // Under every key in the ring: a BVN verified before a key rotation still binds its customer.
      const fingerprints = bvnFingerprints.candidates(input.bvn);
      const linked = said('said.bvn.linked');
      const takenByAnother = (executor: Db | Trx) =>
        executor
          .selectFrom('kyc_checks')
          .select('id')
          .where('bvn_fingerprint', 'in', fingerprints)
          .where('kind', '=', 'bvn')
          .where('outcome', '=', 'verified')
          .where('user_id', '<>', userId)
          .executeTakeFirst();
      if (await takenByAnother(db)) {
        log.warn('kyc.bvn_linked_elsewhere', { user: userId, last4 });
        await forget(checkId);
        return fail('DUPLICATE', linked, { errors: { bvn: [linked] } });
      }
      const raised = await inTransaction(db, async (trx) => {
        if (await takenByAnother(trx)) throw new Refusal(fail('DUPLICATE', linked, { errors: { bvn: [linked] } }));
        await settle(trx, checkId, 'verified', answer.reference);
        await raiseTier(trx, userId, 2, already);
      }).catch((error: unknown) => {
        // The unique index on verified fingerprints decides a race the check above could not see.
        if (error instanceof Error && /unique|duplicate/i.test(error.message)) return fail('DUPLICATE', linked, { errors: { bvn: [linked] } });
        throw error;
      });
      if (!raised.ok) {
        await forget(checkId);
        return raised;
      }
      log.info('kyc.tier_raised', { user: userId, tier: 2, last4, reference: answer.reference });
      await announce(profile, 2);
      return succeed(await outcomeFor(userId));
    },

    /** Tier 2 → 3. */
    async verifyAddress(userId: string, input: KycAddressInput): Promise<Result<KycOutcome>> {
      const profile = await profileOf(userId);
      if (profile.user.tier < 2) return fail('FORBIDDEN', said('said.bvn.first'));
      const already = said('said.kyc.addressAlready');
      if (profile.user.tier >= 3) return fail('DUPLICATE', already);
      if (postalAddress.test(input.address)) {
        const message = said('said.address.poBox');
        return fail('VALIDATION_FAILED', message, { errors: { address: [message] } });
      }
      const line = addressLine(input);
      const row = { userId, kind: 'address' as const, address: line };
      const checkId = await takeTry(row);
      if (checkId === null) return limitFailure('address');
      let answer;
      try {
        answer = await withTimeout(
          identity.verifyAddress({
            firstName: profile.user.first_name,
            lastName: profile.user.last_name,
            address: input.address,
            city: input.city,
            state: input.state,
            lga: input.lga,
            proofType: input.proof_type,
            proofReference: input.proof_reference,
          }),
          timeoutMs,
          'identity service',
        );
      } catch (error) {
        return providerFailure(userId, 'address', error, checkId);
      }

      if (answer.outcome === 'not_verified') {
        await settle(db, checkId, 'mismatch', answer.reference);
        log.info('kyc.address_failed', { user: userId, reference: answer.reference });
        const reason = addressRejectionWords[answer.reason];
        return fail('VALIDATION_FAILED', reason.message, {
          errors: { proof_reference: [reason.field] },
        });
      }

      const raised = await inTransaction(db, async (trx) => {
        await settle(trx, checkId, 'verified', answer.reference);
        await users.upsertAddress({ user_id: userId, address: input.address, city: input.city, state: input.state, lga: input.lga, created_at: clock.now().toISOString() }, trx);
        await raiseTier(trx, userId, 3, already);
      });
      if (!raised.ok) {
        await forget(checkId);
        return raised;
      }
      log.info('kyc.tier_raised', { user: userId, tier: 3, reference: answer.reference });
      await announce(profile, 3);
      return succeed(await outcomeFor(userId));
    },
  };
}
export type KycService = ReturnType<typeof createKycService>;
