import { said, type Said } from '../../i18n/said.ts';
import type { LivenessOutcomeJson } from '../core/kyc/liveness-check.ts';

/** What a liveness verdict says to the customer (the API's message and the page's notice). */
export function livenessSaid(outcome: LivenessOutcomeJson): Said {
  if (outcome.review_case) return said('said.liveness.review', { number: outcome.review_case });
  return said(outcome.verdict === 'pass' ? 'said.liveness.pass' : outcome.verdict === 'fail' ? 'said.liveness.fail' : 'said.liveness.retry');
}
