import type { Db } from '../../db/connection.ts';
import type { IdentityService, LivenessVerdict } from '../../integrations/identity/ports.ts';
import { withTimeout } from '../../integrations/with-timeout.ts';
import { fail, succeed, type Result } from '../result.ts';
import type { Clock } from '../clock.ts';
import type { Logger } from '../../log.ts';
import type { CaseService } from '../cases/case-service.ts';
import type { UserProfile } from '../users/user-repository.ts';
import { hasIdentity } from './identity-rule.ts';
import { sniffSelfie } from './selfie-image.ts';
import { said } from '../../../i18n/said.ts';
import { lagosDate } from '../../../lib/lagos-time.ts';
import type { KycChecks } from './kyc-checks.ts';

/** Failed liveness checks in a Lagos day after which a person looks at the customer's case. */
export const livenessFailsBeforeReview = 3;

export type LivenessOutcomeJson = {
  verdict: LivenessVerdict;
  /** The case a person now looks at (three failed selfies today), else null. */
  review_case: string | null;
};

/**
 * A selfie compared with the record of the customer's verified BVN or NIN (by the match's
 * reference). The picture is sniffed by its bytes (JPEG or PNG, at most 5 MiB), handed to the
 * provider and dropped: the bank keeps the verdict and the provider's reference in kyc_checks,
 * never the image (it is never written to disk or to the database). A pass sets
 * users.liveness_passed_at. `retry` (the picture could not be judged) uses no try; a `fail` does,
 * and the third in a Lagos day opens a case for a person (kind liveness_review).
 */
export async function checkLivenessOf(
  deps: { db: Db; clock: Clock; log: Logger; identity: IdentityService; cases: Pick<CaseService, 'openReview'>; checks: KycChecks; timeoutMs: number },
  profile: UserProfile,
  image: Uint8Array,
): Promise<Result<LivenessOutcomeJson>> {
  const { db, clock, log, identity, cases, checks, timeoutMs } = deps;
  const userId = profile.user.id;
  if (!hasIdentity(profile.user)) return fail('NO_IDENTITY', said('said.liveness.identityFirst'));
  const sniffed = await sniffSelfie(image);
  if (!sniffed.ok) {
    if (sniffed.reason === 'too_large') return fail('PAYLOAD_TOO_LARGE', said('said.liveness.tooLarge', { size: 5 }));
    const message = said(sniffed.reason === 'empty' ? 'said.liveness.empty' : 'said.liveness.notImage');
    return fail('VALIDATION_FAILED', message, { errors: { selfie: [message] } });
  }
  // The record the selfie is compared with: the newest verified BVN or NIN match.
  const match = await db
    .selectFrom('kyc_checks')
    .select('provider_reference')
    .where('user_id', '=', userId)
    .where('kind', 'in', ['bvn', 'nin'])
    .where('outcome', '=', 'verified')
    .where('provider_reference', 'is not', null)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  // An identity proved some other way (a branch, the data before checks were kept) has no reference to compare with.
  if (!match?.provider_reference) return fail('NO_IDENTITY', said('said.liveness.noRecord'));

  const checkId = await checks.takeTry({ userId, kind: 'liveness' });
  if (checkId === null) return checks.limitFailure('liveness');
  let answer;
  try {
    answer = await withTimeout(identity.checkLiveness({ image, mime: sniffed.mime, identityReference: match.provider_reference }), timeoutMs, 'identity service');
  } catch (error) {
    return checks.providerFailure(userId, 'liveness', error, checkId);
  }
  await checks.settle(db, checkId, answer.verdict, answer.reference);
  log.info('kyc.liveness', { user: userId, verdict: answer.verdict, reference: answer.reference });
  if (answer.verdict === 'pass') {
    const now = clock.now().toISOString();
    await db.updateTable('users').set({ liveness_passed_at: now, updated_at: now }).where('id', '=', userId).execute();
    return succeed({ verdict: 'pass', review_case: null });
  }
  if (answer.verdict === 'retry') return succeed({ verdict: 'retry', review_case: null });
  const failsToday = await db
    .selectFrom('kyc_checks')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('kind', '=', 'liveness')
    .where('outcome', '=', 'fail')
    .where('created_at', '>=', checks.todayStartUtc())
    .executeTakeFirstOrThrow();
  if (Number(failsToday.count) < livenessFailsBeforeReview) return succeed({ verdict: 'fail', review_case: null });
  const review = await cases.openReview(userId, {
    kind: 'liveness_review',
    reference: answer.reference,
    description: `${Number(failsToday.count)} failed liveness checks on ${lagosDate(clock.now())} (Lagos day); last reference ${answer.reference}`,
  });
  return succeed({ verdict: 'fail', review_case: review.number });
}
