import { z } from 'zod';
import type { Db } from '../../db/connection.ts';
import type { KycChecksTable } from '../../db/schema.ts';
import type { Logger } from '../../log.ts';
import type { Clock } from '../clock.ts';
import type { StaffResult } from '../staff/staff-service.ts';
import type { AuditEntry } from '../staff/audit-log.ts';
import type { CaseActor, CaseService } from './case-service.ts';
import { slaBand, type SlaBand } from './case-clocks.ts';

/**
 * The identity review queue (the `kyc` role, decision 030): the reviews the bank opened after
 * failed liveness checks, each with the checks the app keeps (outcome, the identity service's
 * reference, when; never a selfie, which is not stored), and the recent name or date-of-birth
 * mismatches on a BVN or NIN check (the last four digits and the date of birth the customer gave).
 * A reviewer resolves a review as "identity confirmed" or "refused" with a reason: the finding is
 * the case's last event and is audited. It changes no automatic decision: lifting one (an
 * override) needs four eyes and is not done here.
 */
export const reviewOutcomes = ['confirmed', 'refused'] as const;
export const reviewOutcomeWords: Record<(typeof reviewOutcomes)[number], string> = { confirmed: 'Identity confirmed', refused: 'Refused' };

export const reviewResolutionSchema = z.object({
  outcome: z.enum(reviewOutcomes, { error: 'Choose the finding: identity confirmed or refused.' }),
  reason: z
    .string({ error: 'Give the reason for the finding.' })
    .trim()
    .min(10, 'Give the reason for the finding, at least 10 characters.')
    .max(500, 'The reason is at most 500 characters.')
    .regex(/^[^\p{Cc}]*$/u, 'The reason may not contain control characters.'),
});

/** How far back the queue lists mismatches. */
export const mismatchWindowMs = 30 * 24 * 3_600_000;
const listLimit = 200;

export type IdentityReview = {
  number: string;
  customerName: string;
  description: string;
  createdAt: string;
  dueAt: string;
  band: SlaBand;
  checks: { outcome: KycChecksTable['outcome']; reference: string | null; at: string }[];
};
export type IdentityMismatch = { id: string; customerName: string; kind: 'bvn' | 'nin'; last4: string | null; dateOfBirth: string | null; at: string };

export function createIdentityReviews(deps: { db: Db; clock: Clock; log: Logger; cases: Pick<CaseService, 'record'>; audit: { append(entry: AuditEntry): Promise<number> } }) {
  const { db, clock, log, cases, audit } = deps;

  return {
    /** Open reviews (the soonest due first) with their evidence, and the last 30 days' mismatches (newest first); the read is audited. */
    async queue(by: CaseActor): Promise<{ reviews: IdentityReview[]; mismatches: IdentityMismatch[] }> {
      const now = clock.now();
      const rows = await db
        .selectFrom('support_cases')
        .innerJoin('users', 'users.id', 'support_cases.user_id')
        .select(['support_cases.number', 'support_cases.user_id', 'support_cases.description', 'support_cases.created_at', 'support_cases.due_at', 'users.first_name', 'users.last_name'])
        .where('support_cases.kind', '=', 'liveness_review')
        .where('support_cases.status', 'in', ['open', 'investigating'])
        .orderBy('support_cases.due_at')
        .orderBy('support_cases.number')
        .limit(listLimit)
        .execute();
      const userIds = [...new Set(rows.map((row) => row.user_id))];
      const checks = userIds.length === 0
        ? []
        : await db.selectFrom('kyc_checks').select(['user_id', 'outcome', 'provider_reference', 'created_at']).where('user_id', 'in', userIds).where('kind', '=', 'liveness').orderBy('created_at', 'desc').limit(20 * userIds.length).execute();
      const mismatchRows = await db
        .selectFrom('kyc_checks')
        .innerJoin('users', 'users.id', 'kyc_checks.user_id')
        .select(['kyc_checks.id', 'kyc_checks.user_id', 'kyc_checks.kind', 'kyc_checks.bvn_last4', 'kyc_checks.nin_last4', 'kyc_checks.date_of_birth', 'kyc_checks.created_at', 'users.first_name', 'users.last_name'])
        .where('kyc_checks.outcome', '=', 'mismatch')
        .where('kyc_checks.kind', 'in', ['bvn', 'nin'])
        .where('kyc_checks.created_at', '>=', new Date(now.getTime() - mismatchWindowMs).toISOString())
        .orderBy('kyc_checks.created_at', 'desc')
        .limit(listLimit)
        .execute();
      await audit.append({
        staffId: by.staffId,
        address: by.address,
        action: 'kyc.queue',
        detail: { reviews: rows.map((row) => row.number), mismatches: mismatchRows.map((row) => row.id), customers: [...new Set([...userIds, ...mismatchRows.map((row) => row.user_id)])] },
      });
      return {
        reviews: rows.map((row) => ({
          number: row.number,
          customerName: `${row.first_name} ${row.last_name}`,
          description: row.description,
          createdAt: row.created_at,
          dueAt: row.due_at,
          band: slaBand(row.created_at, row.due_at, now),
          checks: checks.filter((check) => check.user_id === row.user_id).slice(0, 10).map((check) => ({ outcome: check.outcome, reference: check.provider_reference, at: check.created_at })),
        })),
        mismatches: mismatchRows.map((row) => ({
          id: row.id,
          customerName: `${row.first_name} ${row.last_name}`,
          kind: row.kind as 'bvn' | 'nin',
          last4: row.kind === 'bvn' ? row.bvn_last4 : row.nin_last4,
          dateOfBirth: row.date_of_birth,
          at: row.created_at,
        })),
      };
    },

    /** Resolves an open review with the finding and its reason (the case's last event, audited as `kyc.review`); changes no automatic decision. */
    async resolve(number: string, input: unknown, by: CaseActor): Promise<StaffResult<{ outcome: (typeof reviewOutcomes)[number] }>> {
      const parsed = reviewResolutionSchema.safeParse(input);
      if (!parsed.success) {
        const errors: Record<string, string> = {};
        for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? 'reason')] ??= issue.message;
        return { ok: false, status: 400, message: 'The review was not resolved.', errors };
      }
      const { outcome, reason } = parsed.data;
      const done = await cases.record(number, 'resolved', `${reviewOutcomeWords[outcome]}: ${reason}`, by, {
        refuseClosed: true,
        openOnly: true,
        kinds: ['liveness_review'],
        action: 'kyc.review',
        detail: { outcome },
      });
      if (!done.ok) return { ok: false, status: 404, message: `There is no open identity review ${number}.` };
      log.info('kyc.reviewed', { case: number, outcome, staff: by.staffId });
      return { ok: true, value: { outcome } };
    },
  };
}
export type IdentityReviews = ReturnType<typeof createIdentityReviews>;
