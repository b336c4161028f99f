import type { Db } from '../../db/connection.ts';
import type { IdentityService } from '../../integrations/identity/ports.ts';
import { withTimeout } from '../../integrations/with-timeout.ts';
import { fail, type Failure } from '../result.ts';
import type { BvnFingerprints } from './bvn-fingerprint.ts';
import { inTransaction, Refusal, type Trx } from '../ledger/ledger.ts';
import type { UserProfile } from '../users/user-repository.ts';
import type { Logger } from '../../log.ts';
import { said } from '../../../i18n/said.ts';
import type { MessageKey } from '../../../i18n/messages/en.ts';
import { maxFailedKycChecksPerDay, type KycChecks } from './kyc-checks.ts';

/** The two numbers an identity is proved by: a BVN (NIBSS) and a NIN (NIMC). */
export type IdentityNumberKind = 'bvn' | 'nin';

type ByTries = Record<'None' | 'One' | 'Many', MessageKey>;

/** What differs between the two: the codes, the words, the proof and fingerprint columns. */
const kinds = {
  bvn: {
    notFoundCode: 'BVN_NOT_FOUND',
    mismatchCode: 'BVN_MISMATCH',
    proof: 'bvn_verified_at',
    fingerprint: 'bvn_fingerprint',
    words: {
      already: 'said.bvn.already',
      linked: 'said.bvn.linked',
      noRecord: 'said.bvn.noRecord',
      dobMismatch: 'said.bvn.dobMismatch',
      nameMismatch: 'said.bvn.nameMismatch',
      notFound: { None: 'said.kyc.notFoundNone', One: 'said.kyc.notFoundOne', Many: 'said.kyc.notFoundMany' } as ByTries,
      mismatch: { None: 'said.kyc.mismatchNone', One: 'said.kyc.mismatchOne', Many: 'said.kyc.mismatchMany' } as ByTries,
    },
  },
  nin: {
    notFoundCode: 'NIN_NOT_FOUND',
    mismatchCode: 'NIN_MISMATCH',
    proof: 'nin_verified_at',
    fingerprint: 'nin_fingerprint',
    words: {
      already: 'said.nin.already',
      linked: 'said.nin.linked',
      noRecord: 'said.nin.noRecord',
      dobMismatch: 'said.nin.dobMismatch',
      nameMismatch: 'said.nin.nameMismatch',
      notFound: { None: 'said.nin.notFoundNone', One: 'said.nin.notFoundOne', Many: 'said.nin.notFoundMany' } as ByTries,
      mismatch: { None: 'said.nin.mismatchNone', One: 'said.nin.mismatchOne', Many: 'said.nin.mismatchMany' } as ByTries,
    },
  },
} as const;

/**
 * A BVN or a NIN checked against its register: one of the day's tries taken first, the register
 * asked (NIBSS or NIMC, through the identity port), and a match kept as a keyed fingerprint (each
 * number its own subkey) and the last four digits. One customer per number: a number another
 * customer verified is refused, and the unique index on verified fingerprints decides a race
 * neither request could see. Which detail differs is said; what the record holds never is.
 * Returns the tier before and after, and the register's reference, or a failure.
 */
export async function verifyIdentityNumber(
  deps: { db: Db; log: Logger; identity: IdentityService; fingerprints: BvnFingerprints; checks: KycChecks; timeoutMs: number },
  profile: UserProfile,
  kind: IdentityNumberKind,
  input: { number: string; date_of_birth: string },
): Promise<{ before: number; after: number; reference: string | undefined } | Failure> {
  const { db, log, identity, fingerprints, checks, timeoutMs } = deps;
  const { words, ...the } = kinds[kind];
  const userId = profile.user.id;
  const already = said(words.already);
  if (profile.user[the.proof] !== null) return fail('DUPLICATE', already);
  const last4 = input.number.slice(-4);
  const checkId = await checks.takeTry({ userId, kind, [kind]: input.number, dateOfBirth: input.date_of_birth });
  if (checkId === null) return checks.limitFailure(kind);
  const asker = { firstName: profile.user.first_name, lastName: profile.user.last_name, dateOfBirth: input.date_of_birth };
  let answer;
  try {
    answer = await withTimeout(kind === 'bvn' ? identity.matchBvn({ bvn: input.number, ...asker }) : identity.matchNin({ nin: input.number, ...asker }), timeoutMs, 'identity service');
  } catch (error) {
    return checks.providerFailure(userId, kind, error, checkId);
  }

  if (answer.outcome !== 'match') {
    await checks.settle(db, checkId, answer.outcome, answer.reference);
    const left = Math.max(0, maxFailedKycChecksPerDay - (await checks.failuresToday(userId, kind)));
    const tries = left === 0 ? 'None' : left === 1 ? 'One' : 'Many';
    const leftParams = left > 1 ? { left } : undefined;
    log.info(`kyc.${kind}_failed`, { user: userId, outcome: answer.outcome, last4, reference: answer.reference });
    if (answer.outcome === 'not_found') return fail(the.notFoundCode, said(words.notFound[tries], leftParams), { errors: { [kind]: [said(words.noRecord)] } });
    const onlyDate = answer.fields.length === 1 && answer.fields[0] === 'date_of_birth';
    return fail(the.mismatchCode, said(words.mismatch[tries], leftParams), {
      errors: onlyDate ? { date_of_birth: [said(words.dobMismatch)] } : { [kind]: [said(words.nameMismatch)] },
    });
  }

  // Under every key in the ring: a number verified before a key rotation still binds its customer.
  const candidates = fingerprints.candidates(input.number);
  const linked = said(words.linked);
  const duplicate = () => fail('DUPLICATE', linked, { errors: { [kind]: [linked] } });
  const takenByAnother = (executor: Db | Trx) =>
    executor
      .selectFrom('kyc_checks')
      .select('id')
      .where(the.fingerprint, 'in', candidates)
      .where('kind', '=', kind)
      .where('outcome', '=', 'verified')
      .where('user_id', '<>', userId)
      .executeTakeFirst();
  if (await takenByAnother(db)) {
    log.warn(`kyc.${kind}_linked_elsewhere`, { user: userId, last4 });
    await checks.forget(checkId);
    return duplicate();
  }
  const raised = await inTransaction(db, async (trx) => {
    if (await takenByAnother(trx)) throw new Refusal(duplicate());
    await checks.settle(trx, checkId, 'verified', answer.reference);
    const tiers = await checks.prove(trx, userId, the.proof);
    if (tiers === null) throw new Refusal(fail('DUPLICATE', already));
    return tiers;
  }).catch((error: unknown) => {
    // The unique index on verified fingerprints decides a race the check above could not see.
    if (error instanceof Error && /unique|duplicate/i.test(error.message)) return duplicate();
    throw error;
  });
  if (!raised.ok) {
    await checks.forget(checkId);
    return raised;
  }
  log.info(`kyc.${kind}_verified`, { user: userId, last4, tier: raised.value.after, reference: answer.reference });
  return { ...raised.value, reference: answer.reference };
}
