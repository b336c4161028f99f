import type { Db } from '../../db/connection.ts';
import type { Clock } from '../clock.ts';
import type { Payments } from '../payments/payments.ts';
import { overduePendingPayments, type OverduePayment } from '../payments/escalation.ts';
import type { AuditLog } from './audit-log.ts';
import type { Member, ProposalResult } from './proposals.ts';

/**
 * The settlement queue (/ops/settlement): transfers to other banks and bills pending past 24
 * hours, the list `npm run ops:pending` prints. A re-query asks the switch or the biller now and,
 * on a definite answer, settles through the payment machine as the timer's re-query does: a
 * delivery settles, a failure reverses the whole debit at once. A failure the switch confirms is
 * the normal path and needs no second pair of eyes; returning money the switch has not said
 * failed is a reversal, which is proposed (core/staff/proposals.ts).
 */
export function createSettlementQueue(deps: { db: Db; clock: Clock; audit: AuditLog; payments: Pick<Payments, 'requeryOne'> }) {
  const { db, clock, audit, payments } = deps;

  async function statusOf(reference: string): Promise<{ rail: OverduePayment['rail']; status: string; userId: string } | null> {
    for (const rail of ['interbank_transfers', 'bill_purchases'] as const) {
      const row = await db.selectFrom(rail).select(['status', 'user_id']).where('reference', '=', reference).executeTakeFirst();
      if (row) return { rail, status: row.status, userId: row.user_id };
    }
    return null;
  }

  return {
    /** The overdue payments, the oldest first; the read of these customers' payments is audited. */
    async list(member: Member): Promise<OverduePayment[]> {
      const overdue = await overduePendingPayments(db, clock.now());
      await audit.append({ staffId: member.staffId, address: member.address, action: 'settlement.queue_read', detail: { references: overdue.map((row) => row.reference) } });
      return overdue;
    },

    /** Asks the switch or the biller about one pending payment now and settles it on a definite answer. */
    async requery(member: Member, reference: string): Promise<ProposalResult<{ reference: string; before: string; after: string }>> {
      const before = await statusOf(reference.trim());
      if (!before) return { ok: false, status: 404, message: `No transfer to another bank or bill has the reference ${reference}.` };
      if (before.status !== 'pending') return { ok: false, status: 409, message: `${reference} is ${before.status} already: nothing to re-query.` };
      await payments.requeryOne(before.rail, reference.trim());
      const after = (await statusOf(reference.trim()))!;
      await audit.append({ staffId: member.staffId, address: member.address, action: 'settlement.requery', customerUserId: before.userId, detail: { reference, rail: before.rail }, before: before.status, after: after.status });
      return { ok: true, value: { reference, before: before.status, after: after.status } };
    },
  };
}
export type SettlementQueue = ReturnType<typeof createSettlementQueue>;
