import type { Db } from '../../db/connection.ts';
import type { Config, TierLimits } from '../../config.ts';
import type { AddressRejection, IdentityService } from '../../integrations/identity/ports.ts';
import { withTimeout } from '../../integrations/with-timeout.ts';
import type { BvnInput, KycAddressInput } from '../../../lib/kyc-schemas.ts';
import type { NinInput } from '../../../lib/kyc-schemas.ts';
import { lagosDate, toLagosIso } from '../../../lib/lagos-time.ts';
import { fail, succeed, type Result } from '../result.ts';
import type { BvnFingerprints } from './bvn-fingerprint.ts';
import { inTransaction, Refusal, type Trx } from '../ledger/ledger.ts';
import { tierLimits } from '../tiers/tier-limits.ts';
import type { CaseService } from '../cases/case-service.ts';
import { canMoveMoney } from './identity-rule.ts';
import { createKycChecks, identityTimeoutMs, maxFailedKycChecksPerDay } from './kyc-checks.ts';
import { verifyIdentityNumber, type IdentityNumberKind } from './identity-number-check.ts';
import { checkLivenessOf, type LivenessOutcomeJson } from './liveness-check.ts';
import type { TransactionRepository } from '../transactions/transaction-repository.ts';
import type { UserProfile } from '../users/user-repository.ts';
import { presentUser, type UserJson } from '../users/present-user.ts';
import type { CustomerServiceDeps } from '../service-deps.ts';
import type { MoneyWords } from '../payments/words.ts';
import { kobo, type Kobo } from '../../../lib/money.ts';
import { said, type Said } from '../../../i18n/said.ts';

export { maxFailedKycChecksPerDay };

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
  nin: { verified: boolean; last4: string | null; verified_at: string | null };
  liveness: { passed: boolean; passed_at: string | null };
  /** An identity and a passed liveness check (core/kyc/identity-rule.ts): money may move. */
  can_move_money: boolean;
  address: {
    verified: boolean;
    /** The verified address, one line; null until verified. */
    line: string | null;
    verified_at: string | null;
    /** The address on file (from onboarding, or the verified one): what the address form starts with. */
    on_file: { address: string; city: string; state: string; lga: string } | null;
  };
  /** What to prove next: an identity (a BVN or a NIN), a selfie, the other identity, the address; null at the top. */
  next_step: 'bvn' | 'nin' | 'liveness' | 'address' | null;
  /** Failed checks today for the next step (at most `max_failed_attempts_per_day`). */
  failed_attempts_today: number;
  max_failed_attempts_per_day: number;
};
export type KycOutcome = { user: UserJson; kyc: KycStatusJson };

const requirements: Record<1 | 2 | 3, string> = {
  1: 'a verified BVN or NIN',
  2: 'a verified BVN and NIN',
  3: 'a verified BVN and NIN and a verified home address',
};

/** A P.O. Box, PMB or private mail bag is a postal address, not where someone lives. */
const postalAddress = /\b(p\s*\.?\s*o\s*\.?\s*box|post\s+office\s+box|p\s*\.?\s*m\s*\.?\s*b\b|private\s+mail\s+bag)/i;

const addressLine = (address: { address: string; city: string; state: string; lga: string }) => `${address.address}, ${address.city}, ${address.lga}, ${address.state}`;

/**
 * A customer's KYC tier from what they proved (DOMAIN.md, CBN three-tiered KYC,
 * docs/decisions/024-identity-before-money.md): a BVN or a NIN match gives Tier 1, both Tier 2,
 * both and a verified residential address Tier 3 (core/kyc/identity-rule.ts); a selfie that
 * passes liveness lets money move. Every answered check is kept in kyc_checks (a BVN or NIN
 * only as a fingerprint and its last four digits); a proof and the tier it gives are one
 * transaction under the customer's row lock (kyc-checks.ts prove), and the money gate reads
 * users.tier on every debit, so the new limits apply at once.
 */
export function createKycService(deps: CustomerServiceDeps & {
  db: Db;
  config: Pick<Config, 'bank' | 'money'>;
  identity: IdentityService;
  transactions: Pick<TransactionRepository, 'debitedOn'>;
  /** Keyed BVN fingerprints (HMAC under a server key, never a plain hash). */
  bvnFingerprints: BvnFingerprints;
  /** Keyed NIN fingerprints: the same construction under their own subkey. */
  ninFingerprints: BvnFingerprints;
  /** Where three failed selfies in a day become a case for a person. */
  cases: Pick<CaseService, 'openReview'>;
  /** The edge's wording of the limits a raised tier brings (the service hands over kobo). */
  words: Pick<MoneyWords, 'newTierLimits'>;
  /** How long to wait for the identity service (tests shorten it). */
  timeoutMs?: number;
}) {
  const { db, config, clock, log, users, identity, transactions, bvnFingerprints, ninFingerprints, cases, words } = deps;
  const timeoutMs = deps.timeoutMs ?? identityTimeoutMs;
  const checks = createKycChecks({ ...deps, timeoutMs });
  const { failuresToday, limitFailure, takeTry, settle, forget, providerFailure, announce, prove } = checks;

  async function profileOf(userId: string, executor: Db | Trx = db): Promise<UserProfile> {
    const profile = await users.loadProfile(userId, executor);
    if (!profile) throw new Error(`signed-in user ${userId} has no row`);
    return profile;
  }

  function limitsOf(tier: number) {
    const limits: TierLimits = tierLimits(config.money, tier);
    return { daily_debit: limits.dailyDebitKobo, max_balance: limits.maxBalanceKobo };
  }

  async function latestVerified(userId: string, kind: 'bvn' | 'nin' | 'address') {
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
    const { user } = profile;
    const [usedToday, bvnCheck, ninCheck, addressCheck, onFile] = await Promise.all([
      account ? transactions.debitedOn(db, account.account_number, lagosDate(clock.now())) : Promise.resolve(kobo(0)),
      latestVerified(userId, 'bvn'),
      latestVerified(userId, 'nin'),
      latestVerified(userId, 'address'),
      db.selectFrom('addresses').select(['address', 'city', 'state', 'lga']).where('user_id', '=', userId).executeTakeFirst(),
    ]);
    // A customer proved some other way (a branch, the data before checks were kept) is verified by the row's times.
    const bvnVerified = user.bvn_verified_at !== null;
    const ninVerified = user.nin_verified_at !== null;
    const addressVerified = tier >= 3 || addressCheck !== undefined;
    const nextStep: KycStatusJson['next_step'] =
      !bvnVerified && !ninVerified ? 'bvn' : user.liveness_passed_at === null ? 'liveness' : !bvnVerified ? 'bvn' : !ninVerified ? 'nin' : !addressVerified ? 'address' : null;
    const when = (at: string | null, check: { created_at: string } | undefined) => (check ? toLagosIso(check.created_at) : at ? toLagosIso(at) : null);
    return {
      tier,
      limits: limitsOf(tier),
      used_today: usedToday,
      tiers: ([1, 2, 3] as const).map((key) => ({ tier: key, ...limitsOf(key), requires: requirements[key] })),
      bvn: { verified: bvnVerified, last4: bvnVerified ? (bvnCheck?.bvn_last4 ?? null) : null, verified_at: bvnVerified ? when(user.bvn_verified_at, bvnCheck) : null },
      nin: { verified: ninVerified, last4: ninVerified ? (ninCheck?.nin_last4 ?? null) : null, verified_at: ninVerified ? when(user.nin_verified_at, ninCheck) : null },
      liveness: { passed: user.liveness_passed_at !== null, passed_at: user.liveness_passed_at ? toLagosIso(user.liveness_passed_at) : null },
      can_move_money: canMoveMoney(user),
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

  /** The limits a proof brought: the tier it is now on (at least 1 once an identity is proved). */
  const newLimitsSentence = (tier: number) => {
    const shown = Math.min(3, Math.max(1, tier)) as 1 | 2 | 3;
    return words.newTierLimits({ tier: shown, ...tierLimits(config.money, shown) });
  };

  /** The email that announces a raised tier, only when the proof raised it. */
  /** A BVN or a NIN checked (identity-number-check.ts), and the customer told of the tier it brings. */
  async function verifyNumber(userId: string, kind: IdentityNumberKind, input: { number: string; date_of_birth: string }): Promise<Result<KycOutcome>> {
    const profile = await profileOf(userId);
    const fingerprints = kind === 'bvn' ? bvnFingerprints : ninFingerprints;
    const tiers = await verifyIdentityNumber({ db, log, identity, fingerprints, checks, timeoutMs }, profile, kind, input);
    if ('ok' in tiers) return tiers;
    await told(profile, tiers, { last4: input.number.slice(-4), ...(tiers.reference !== undefined ? { reference: tiers.reference } : {}) });
    return succeed(await outcomeFor(userId));
  }

  async function told(profile: UserProfile, tiers: { before: number; after: number }, detail: Record<string, unknown>) {
    if (tiers.after <= tiers.before) return;
    log.info('kyc.tier_raised', { user: profile.user.id, tier: tiers.after, ...detail });
    await announce(profile, tiers.after);
  }

  return {
    status,
    newLimitsSentence,

    /** A BVN proved: Tier 1, or 2 beside a NIN (3 with a verified address). */
    async verifyBvn(userId: string, input: BvnInput): Promise<Result<KycOutcome>> {
      return verifyNumber(userId, 'bvn', { number: input.bvn, date_of_birth: input.date_of_birth });
    },

    /** A NIN proved: Tier 1, or 2 beside a BVN (3 with a verified address). */
    async verifyNin(userId: string, input: NinInput): Promise<Result<KycOutcome>> {
      return verifyNumber(userId, 'nin', { number: input.nin, date_of_birth: input.date_of_birth });
    },

    /** A selfie against the verified identity's record (liveness-check.ts). */
    async checkLiveness(userId: string, image: Uint8Array): Promise<Result<LivenessOutcomeJson & KycOutcome>> {
      const result = await checkLivenessOf({ db, clock, log, identity, cases, checks, timeoutMs }, await profileOf(userId), image);
      return result.ok ? succeed({ ...result.value, ...(await outcomeFor(userId)) }) : result;
    },

    /**
     * A verified residential address: it may be verified at any tier, and counts (Tier 3) once
     * both identities are proved (docs/decisions/024-identity-before-money.md).
     */
    async verifyAddress(userId: string, input: KycAddressInput): Promise<Result<KycOutcome>> {
      const profile = await profileOf(userId);
      const already = said('said.kyc.addressAlready');
      if (profile.user.tier >= 3 || (await latestVerified(userId, 'address'))) return fail('DUPLICATE', already);
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
        // Under the row lock prove takes first: a second address verified at the same time finds the first.
        const tiers = await prove(trx, userId, null);
        const earlier = await trx.selectFrom('kyc_checks').select('id').where('user_id', '=', userId).where('kind', '=', 'address').where('outcome', '=', 'verified').executeTakeFirst();
        if (earlier) throw new Refusal(fail('DUPLICATE', already));
        await settle(trx, checkId, 'verified', answer.reference);
        await users.upsertAddress({ user_id: userId, address: input.address, city: input.city, state: input.state, lga: input.lga, created_at: clock.now().toISOString() }, trx);
        // The tier again, now that this address is on record.
        return { before: tiers!.before, after: (await prove(trx, userId, null))!.after };
      });
      if (!raised.ok) {
        await forget(checkId);
        return raised;
      }
      await told(profile, raised.value, { reference: answer.reference });
      return succeed(await outcomeFor(userId));
    },
  };
}
export type KycService = ReturnType<typeof createKycService>;
