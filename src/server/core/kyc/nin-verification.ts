import type { Db } from '../../db/connection.ts';
import type { IdentityService } from '../../integrations/identity/ports.ts';
import { withTimeout } from '../../integrations/with-timeout.ts';
import type { NinInput } from '../../../lib/kyc-schemas.ts';
import { fail, type Failure } from '../result.ts';
import type { BvnFingerprints } from './bvn-fingerprint.ts';
import { inTransaction, Refusal, type Trx } from '../ledger/ledger.ts';
import type { UserProfile } from '../users/user-repository.ts';
import type { Logger } from '../../log.ts';
import { said } from '../../../i18n/said.ts';
import { maxFailedKycChecksPerDay, type KycChecks } from './kyc-checks.ts';

/**
 * A NIN verified as a BVN is (kyc-service.ts verifyBvn): one of the day's tries taken first, the
 * register asked, and a match kept as a keyed fingerprint (its own subkey) and the last four
 * digits. One customer per NIN: a NIN another customer verified is refused, and the unique index
 * on verified NIN fingerprints decides a race neither request could see. Returns the tier before
 * and after, or a failure.
 */
export async function verifyNinCheck(
  deps: { db: Db; log: Logger; identity: IdentityService; ninFingerprints: BvnFingerprints; checks: KycChecks; timeoutMs: number },
  profile: UserProfile,
  input: NinInput,
): Promise<{ before: number; after: number } | Failure> {
  const { db, log, identity, ninFingerprints, checks, timeoutMs } = deps;
  const userId = profile.user.id;
  const already = said('said.nin.already');
  if (profile.user.nin_verified_at !== null) return fail('DUPLICATE', already);
  const last4 = input.nin.slice(-4);
  const checkId = await checks.takeTry({ userId, kind: 'nin', nin: input.nin, dateOfBirth: input.date_of_birth });
  if (checkId === null) return checks.limitFailure('nin');
  let answer;
  try {
    answer = await withTimeout(
      identity.matchNin({ nin: input.nin, firstName: profile.user.first_name, lastName: profile.user.last_name, dateOfBirth: input.date_of_birth }),
      timeoutMs,
      'identity service',
    );
  } catch (error) {
    return checks.providerFailure(userId, 'nin', error, checkId);
  }

  if (answer.outcome !== 'match') {
    await checks.settle(db, checkId, answer.outcome, answer.reference);
    const left = Math.max(0, maxFailedKycChecksPerDay - (await checks.failuresToday(userId, 'nin')));
    const tries = left === 0 ? 'None' : left === 1 ? 'One' : 'Many';
    log.info('kyc.nin_failed', { user: userId, outcome: answer.outcome, last4, reference: answer.reference });
    if (answer.outcome === 'not_found') {
      return fail('NIN_NOT_FOUND', said(({ None: 'said.nin.notFoundNone', One: 'said.nin.notFoundOne', Many: 'said.nin.notFoundMany' } as const)[tries], left > 1 ? { left } : undefined), {
        errors: { nin: [said('said.nin.noRecord')] },
      });
    }
    // Which detail differs is said; what the record holds is never revealed.
    const onlyDate = answer.fields.length === 1 && answer.fields[0] === 'date_of_birth';
    return fail('NIN_MISMATCH', said(({ None: 'said.nin.mismatchNone', One: 'said.nin.mismatchOne', Many: 'said.nin.mismatchMany' } as const)[tries], left > 1 ? { left } : undefined), {
      errors: onlyDate ? { date_of_birth: [said('said.nin.dobMismatch')] } : { nin: [said('said.nin.nameMismatch')] },
    });
  }

  // Under every key in the ring: a NIN verified before a key rotation still binds its customer.
  const fingerprints = ninFingerprints.candidates(input.nin);
  const linked = said('said.nin.linked');
  const duplicate = () => fail('DUPLICATE', linked, { errors: { nin: [linked] } });
  const takenByAnother = (executor: Db | Trx) =>
    executor
      .selectFrom('kyc_checks')
      .select('id')
      .where('nin_fingerprint', 'in', fingerprints)
      .where('kind', '=', 'nin')
      .where('outcome', '=', 'verified')
      .where('user_id', '<>', userId)
      .executeTakeFirst();
  if (await takenByAnother(db)) {
    log.warn('kyc.nin_linked_elsewhere', { user: userId, last4 });
    await checks.forget(checkId);
    return duplicate();
  }
  const raised = await inTransaction(db, async (trx) => {
    if (await takenByAnother(trx)) throw new Refusal(duplicate());
    await checks.settle(trx, checkId, 'verified', answer.reference);
    const tiers = await checks.prove(trx, userId, 'nin_verified_at');
    if (tiers === null) throw new Refusal(fail('DUPLICATE', already));
    return tiers;
  }).catch((error: unknown) => {
    // The unique index on verified NIN fingerprints decides a race the check above could not see.
    if (error instanceof Error && /unique|duplicate/i.test(error.message)) return duplicate();
    throw error;
  });
  if (!raised.ok) {
    await checks.forget(checkId);
    return raised;
  }
  log.info('kyc.nin_verified', { user: userId, last4, tier: raised.value.after, reference: answer.reference });
  return raised.value;
}
