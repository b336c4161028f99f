import { z } from 'zod';
import type { Db } from '../../db/connection.ts';
import type { Database, StaffProposalsTable, TransactionRow } from '../../db/schema.ts';
import { sql, type Transaction } from 'kysely';
import type { Logger } from '../../log.ts';
import type { Clock } from '../clock.ts';
import { orderedId } from '../ids.ts';
import type { Payments } from '../payments/payments.ts';
import type { PaymentTable } from '../payments/rail.ts';
import type { AccountFreeze } from '../safety/account-freeze.ts';
import { formatNaira } from '../../../lib/money.ts';
import { isCleanLine } from '../../../lib/text.ts';
import { appendAudit, type AuditLog } from './audit-log.ts';
import { closeHeldFlags } from '../fraud/hold-flags.ts';
import { isProposalKind, mayApprove, mayPropose, proposalLifetimeMs, type ProposalKind, type StaffRole } from './policy.ts';

/**
 * Four eyes (decision 031): a reversal of a customer's debit, or the lifting of their freeze, is
 * proposed by one member with a reason and approved by another whose role may approve that kind
 * (policy.ts `proposalKinds`). Nobody decides their own proposal; a proposal lapses after 24 hours.
 *
 * Approval is one transaction: a guarded UPDATE (`status = 'proposed'`, not expired, not the
 * proposer's) claims the proposal, the execution runs in the same transaction (the payment
 * machine's own settlement for a reversal, the freeze's own guarded update for an unfreeze), and
 * the audit entry is appended in it. Of any number of parallel approvals one claims it; the others
 * find it decided. The ledger's unique index on reverses_entry_id is the last word on "once".
 *
 * Back office sentences are English (decision 028).
 */
export type Member = { staffId: string; role: StaffRole; address: string | null };
export type ProposalFailure = { ok: false; status: 400 | 403 | 404 | 409; message: string; errors?: Record<string, string> };
export type ProposalResult<T> = { ok: true; value: T } | ProposalFailure;
const refuse = (status: ProposalFailure['status'], message: string, errors?: Record<string, string>): ProposalFailure => ({ ok: false, status, message, ...(errors ? { errors } : {}) });

/** The kinds this service can carry out; the others of policy.ts are decided but not built. */
export const executableKinds = ['reversal', 'unfreeze', 'hold_release'] as const satisfies readonly ProposalKind[];
type Executable = (typeof executableKinds)[number];
const isExecutable = (kind: ProposalKind): kind is Executable => (executableKinds as readonly string[]).includes(kind);

/** What the proposer is shown and what is stored with the proposal (`payload`). */
export type ReversalPreview = {
  kind: 'reversal';
  reference: string;
  customerUserId: string;
  customer: string;
  accountNumber: string;
  rail: PaymentTable;
  amountKobo: number;
  feeKobo: number;
  transferFeeKobo: number | null;
  stampDutyKobo: number | null;
  totalKobo: number;
  counterparty: string | null;
  createdAt: string;
  caseNumber: string | null;
};
export type UnfreezePreview = { kind: 'unfreeze'; customerUserId: string; customer: string; email: string; frozenAt: string; frozenVia: string | null };
/** A transfer to another bank held by a fraud rule, to be sent (decision 032). */
export type HoldReleasePreview = { kind: 'hold_release'; reference: string; customerUserId: string; customer: string; accountNumber: string; amountKobo: number; feeKobo: number; counterparty: string | null; rules: string[]; createdAt: string };
export type Preview = ReversalPreview | UnfreezePreview | HoldReleasePreview;

const proposalSchema = z.object({
  kind: z.string(),
  target: z.string().trim().min(1, 'Give the transaction reference or the customer.').max(80),
  reason: z.string().trim().min(10, 'Give a reason of at least 10 characters.').max(500, 'Keep the reason under 500 characters.').refine(isCleanLine, 'The reason has characters that cannot be stored.'),
  case_number: z.string().trim().max(40).optional(),
});
const noteSchema = z.string().trim().max(500, 'Keep the note under 500 characters.').refine(isCleanLine, 'The note has characters that cannot be stored.');

export function createProposals(deps: { db: Db; clock: Clock; log: Logger; audit: AuditLog; payments: Pick<Payments, 'settleIn' | 'afterSettled' | 'requeryOne' | 'releaseIn' | 'sendReleased'>; freeze: Pick<AccountFreeze, 'liftIn' | 'tellUnfrozen'> }) {
  const { db, clock, log, audit, payments, freeze } = deps;

  async function railOf(executor: Db | Transaction<Database>, reference: string): Promise<{ rail: PaymentTable; status: 'held' | 'pending' | 'successful' | 'failed' } | null> {
    for (const rail of ['interbank_transfers', 'bill_purchases'] as const) {
      const row = await executor.selectFrom(rail).select('status').where('reference', '=', reference).executeTakeFirst();
      if (row) return { rail, status: row.status };
    }
    return null;
  }

  /**
   * Which debits may be reversed: only one still pending at the switch or the biller. A settled
   * one has paid the other side (the suspense account no longer holds it: a recall goes to the
   * other bank); a failed one was reversed already; an in-bank transfer's money is now another
   * customer's, and the bank does not take it back without them.
   */
  async function reversalPreview(reference: string, caseNumber: string | null): Promise<ProposalResult<ReversalPreview>> {
    const row = await db.selectFrom('transactions').selectAll().where('reference', '=', reference).where('type', '=', 'debit').executeTakeFirst();
    if (!row) return refuse(404, `No customer debit has the reference ${reference}.`);
    if (row.status === 'reversed') return refuse(409, `${reference} has been reversed already: the customer has the money back.`);
    const pending = await railOf(db, reference);
    if (!pending) return refuse(409, `${reference} is not a payment to another bank or a biller: an in-bank transfer's money is with the other customer and is not taken back without them.`);
    if (pending.status === 'successful') return refuse(409, `The switch confirmed that ${reference} was delivered: the money is with the other side. Ask the beneficiary's bank for a recall instead.`);
    if (pending.status === 'held') return refuse(409, `${reference} is held by a fraud rule and was never sent: the fraud queue releases or rejects it.`);
    if (pending.status !== 'pending') return refuse(409, `${reference} failed at the switch and was reversed automatically.`);
    const user = await db.selectFrom('users').select(['first_name', 'last_name']).where('id', '=', row.user_id).executeTakeFirstOrThrow();
    if (caseNumber) {
      const opened = await db.selectFrom('support_cases').select('number').where('number', '=', caseNumber).where('user_id', '=', row.user_id).executeTakeFirst();
      if (!opened) return refuse(400, `Case ${caseNumber} is not one of this customer's.`, { case_number: 'Not one of this customer’s cases.' });
    }
    return { ok: true, value: presentReversal(row, `${user.first_name} ${user.last_name}`, pending.rail, caseNumber) };
  }

  function presentReversal(row: TransactionRow, customer: string, rail: PaymentTable, caseNumber: string | null): ReversalPreview {
    const details = JSON.parse(row.details) as Record<string, unknown>;
    const part = (name: string) => (typeof details[name] === 'number' ? (details[name] as number) : null);
    const amountKobo = Number(row.amount);
    const feeKobo = Number(row.fee);
    return {
      kind: 'reversal', reference: row.reference, customerUserId: row.user_id, customer, accountNumber: row.account_number, rail,
      amountKobo, feeKobo, transferFeeKobo: part('transfer_fee'), stampDutyKobo: part('stamp_duty'), totalKobo: amountKobo + feeKobo,
      counterparty: row.counterparty_name, createdAt: row.created_at, caseNumber,
    };
  }

  async function unfreezePreview(userId: string): Promise<ProposalResult<UnfreezePreview>> {
    const user = await db.selectFrom('users').select(['id', 'first_name', 'last_name', 'email', 'frozen_at', 'frozen_via']).where('id', '=', userId).executeTakeFirst();
    if (!user) return refuse(404, 'No customer has this id.');
    if (!user.frozen_at) return refuse(409, 'This customer’s account is not frozen.');
    return { ok: true, value: { kind: 'unfreeze', customerUserId: user.id, customer: `${user.first_name} ${user.last_name}`, email: user.email, frozenAt: user.frozen_at, frozenVia: user.frozen_via } };
  }

  async function holdPreview(reference: string): Promise<ProposalResult<HoldReleasePreview>> {
    const held = await db.selectFrom('interbank_transfers').select(['status', 'transaction_id']).where('reference', '=', reference).executeTakeFirst();
    if (!held) return refuse(404, `No transfer to another bank has the reference ${reference}.`);
    if (held.status !== 'held') return refuse(409, `${reference} is not held any more (${held.status}).`);
    const row = await db.selectFrom('transactions').selectAll().where('id', '=', held.transaction_id).executeTakeFirstOrThrow();
    const user = await db.selectFrom('users').select(['first_name', 'last_name']).where('id', '=', row.user_id).executeTakeFirstOrThrow();
    const flags = await db.selectFrom('fraud_flags').select('rule').where('transaction_id', '=', row.id).execute();
    return {
      ok: true,
      value: {
        kind: 'hold_release', reference, customerUserId: row.user_id, customer: `${user.first_name} ${user.last_name}`, accountNumber: row.account_number,
        amountKobo: Number(row.amount), feeKobo: Number(row.fee), counterparty: row.counterparty_name, rules: flags.map((flag) => flag.rule), createdAt: row.created_at,
      },
    };
  }

  function previewOf(kind: Executable, target: string, caseNumber: string | null): Promise<ProposalResult<Preview>> {
    if (kind === 'reversal') return reversalPreview(target, caseNumber);
    if (kind === 'hold_release') return holdPreview(target);
    return unfreezePreview(target);
  }

  function kindOf(member: Member, kind: unknown): ProposalResult<Executable> {
    if (!isProposalKind(kind)) return refuse(400, 'Choose what to propose: a reversal or an unfreeze.', { kind: 'Choose a reversal or an unfreeze.' });
    if (!mayPropose(member.role, kind)) return refuse(403, `Your role (${member.role}) does not propose a ${kind.replace('_', ' ')}.`);
    if (!isExecutable(kind)) return refuse(400, `A ${kind.replace('_', ' ')} cannot be proposed here yet.`);
    return { ok: true, value: kind };
  }

  /** Marks every proposal past its 24 hours expired, each with its audit entry. */
  async function expireDue(): Promise<number> {
    const now = clock.now();
    const due = await db.selectFrom('staff_proposals').select('id').where('status', '=', 'proposed').where('expires_at', '<=', now.toISOString()).limit(100).execute();
    let expired = 0;
    for (const { id } of due) {
      await db.transaction().execute(async (trx) => {
        const row = await trx.updateTable('staff_proposals').set({ status: 'expired', decided_at: now.toISOString() }).where('id', '=', id).where('status', '=', 'proposed').returningAll().executeTakeFirst();
        if (!row) return;
        expired += 1;
        await appendAudit(trx, now, { staffId: null, address: null, action: 'proposal.expire', customerUserId: row.customer_user_id, detail: { proposal: id, kind: row.kind, target: row.target, reason: row.reason, proposed_by: row.proposed_by }, before: 'proposed', after: 'expired' });
      });
    }
    return expired;
  }

  return {
    expireDue,

    /** What a proposal would do, for the form; the read of the customer's record is audited. */
    async preview(member: Member, input: { kind: unknown; target: string; caseNumber?: string | null }): Promise<ProposalResult<Preview>> {
      const kind = kindOf(member, input.kind);
      if (!kind.ok) return kind;
      const target = input.target.trim();
      const shown = await previewOf(kind.value, target, input.caseNumber?.trim() || null);
      await audit.append({ staffId: member.staffId, address: member.address, action: 'proposal.preview', customerUserId: shown.ok ? shown.value.customerUserId : null, detail: { kind: kind.value, target, ...(shown.ok ? {} : { refused: shown.message }) } });
      return shown;
    },

    /** Proposes, with a reason (10–500 characters); at most one open proposal of a kind for a target. */
    async propose(member: Member, input: Record<string, unknown>): Promise<ProposalResult<StaffProposalsTable>> {
      const parsed = proposalSchema.safeParse(input);
      if (!parsed.success) {
        const errors = Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
        return refuse(400, Object.values(errors).join(' '), errors);
      }
      const kind = kindOf(member, parsed.data.kind);
      if (!kind.ok) return kind;
      await expireDue();
      const shown = await previewOf(kind.value, parsed.data.target, parsed.data.case_number || null);
      if (!shown.ok) return shown;
      const now = clock.now();
      const row: StaffProposalsTable = {
        id: orderedId('prp', now), kind: kind.value, target: parsed.data.target, customer_user_id: shown.value.customerUserId, payload: JSON.stringify(shown.value), reason: parsed.data.reason,
        proposed_by: member.staffId, proposed_at: now.toISOString(), expires_at: new Date(now.getTime() + proposalLifetimeMs).toISOString(), status: 'proposed',
        decided_by: null, decided_at: null, decision_note: null, result: null,
      };
      const made = await db.transaction().execute(async (trx) => {
        // The partial unique index decides between two proposers racing: one row, one audit entry.
        const inserted = await trx.insertInto('staff_proposals').values(row).onConflict((conflict) => conflict.columns(['kind', 'target']).where(sql<boolean>`status = 'proposed'`).doNothing()).executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
        await appendAudit(trx, now, { staffId: member.staffId, address: member.address, action: 'proposal.propose', customerUserId: row.customer_user_id, detail: { proposal: row.id, kind: row.kind, target: row.target, reason: row.reason, payload: shown.value }, before: null, after: 'proposed' });
        return true;
      });
      if (!made) return refuse(409, 'There is an open proposal for this already: it is on the proposals page.');
      log.info('proposal.proposed', { proposal: row.id, kind: row.kind, by: member.staffId });
      return { ok: true, value: row };
    },

    /** Approves and carries out a proposal once; the proposer and roles the policy does not name are refused. */
    async approve(member: Member, id: string, note: string): Promise<ProposalResult<StaffProposalsTable>> {
      return decide(member, id, note, 'approve');
    },

    /** Declines a proposal: nothing happens to the customer. */
    async decline(member: Member, id: string, note: string): Promise<ProposalResult<StaffProposalsTable>> {
      return decide(member, id, note, 'decline');
    },

    /** Open proposals, newest first, with the proposer: an approver sees all, anyone else their own. */
    async open(member: Member) {
      await expireDue();
      let query = db
        .selectFrom('staff_proposals')
        .innerJoin('staff', 'staff.id', 'staff_proposals.proposed_by')
        .selectAll('staff_proposals')
        .select(['staff.name as proposer_name', 'staff.role as proposer_role'])
        .where('staff_proposals.status', '=', 'proposed')
        .where('staff_proposals.expires_at', '>', clock.now().toISOString());
      const approves = isProposalKindApprover(member.role);
      if (!approves) query = query.where('staff_proposals.proposed_by', '=', member.staffId);
      const rows = await query.orderBy('staff_proposals.proposed_at', 'desc').limit(200).execute();
      return rows.map((row) => ({ ...row, preview: JSON.parse(row.payload) as Preview, mayDecide: row.proposed_by !== member.staffId && isProposalKind(row.kind) && mayApprove(member.role, row.kind) }));
    },

    /** One proposal as it stands (after a decision, for the page's notice). */
    async byId(id: string): Promise<StaffProposalsTable | undefined> {
      return db.selectFrom('staff_proposals').selectAll().where('id', '=', id).executeTakeFirst();
    },
  };

  function isProposalKindApprover(role: StaffRole): boolean {
    return executableKinds.some((kind) => mayApprove(role, kind));
  }

  async function decide(member: Member, id: string, rawNote: string, decision: 'approve' | 'decline'): Promise<ProposalResult<StaffProposalsTable>> {
    const note = noteSchema.safeParse(rawNote ?? '');
    if (!note.success) return refuse(400, note.error.issues[0]!.message, { note: note.error.issues[0]!.message });
    const found = await db.selectFrom('staff_proposals').selectAll().where('id', '=', id).executeTakeFirst();
    if (!found || !isProposalKind(found.kind)) return refuse(404, 'No proposal has this id.');
    if (!mayApprove(member.role, found.kind)) return refuse(403, `Your role (${member.role}) does not decide a ${found.kind.replace('_', ' ')}.`);
    if (found.proposed_by === member.staffId) return refuse(403, 'You proposed this: another member must decide it.');
    if (decision === 'approve' && found.kind === 'reversal' && found.status === 'proposed') {
      // The switch (or the biller) is asked once more first: if it now says delivered or failed,
      // its answer settles the payment the normal way and the approval finds nothing to reverse.
      // Outside the transaction: a network call never holds the database.
      await payments.requeryOne((JSON.parse(found.payload) as ReversalPreview).rail, found.target);
    }
    const now = clock.now();
    const nowIso = now.toISOString();
    let after: (() => Promise<void>) | null = null;
    const outcome = await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable('staff_proposals')
        .set({ status: decision === 'approve' ? 'approved' : 'declined', decided_by: member.staffId, decided_at: nowIso, decision_note: note.data || null })
        .where('id', '=', id)
        .where('status', '=', 'proposed')
        .where('expires_at', '>', nowIso)
        .where('proposed_by', '<>', member.staffId)
        .returningAll()
        .executeTakeFirst();
      if (!claimed) return null;
      const entry = { staffId: member.staffId, address: member.address, customerUserId: claimed.customer_user_id, detail: { proposal: id, kind: claimed.kind, target: claimed.target, reason: claimed.reason, proposed_by: claimed.proposed_by, note: note.data || null } };
      if (decision === 'decline') {
        await appendAudit(trx, now, { ...entry, action: 'proposal.decline', before: 'proposed', after: 'declined' });
        return claimed;
      }
      const done = await execute(trx, claimed);
      after = done.after;
      const final = { status: done.ok ? ('approved' as const) : ('failed' as const), result: done.result };
      await trx.updateTable('staff_proposals').set(final).where('id', '=', id).execute();
      await appendAudit(trx, now, { ...entry, action: done.ok ? 'proposal.approve' : 'proposal.fail', detail: { ...entry.detail, result: done.result }, before: done.before, after: done.afterText });
      return { ...claimed, ...final };
    });
    if (!outcome) {
      const now2 = await db.selectFrom('staff_proposals').select(['status', 'expires_at']).where('id', '=', id).executeTakeFirst();
      if (now2?.status === 'proposed' && now2.expires_at <= nowIso) {
        await expireDue();
        return refuse(409, 'This proposal expired (24 hours) and cannot be decided. Propose it again if it is still needed.');
      }
      return refuse(409, `This proposal has been decided already (${now2?.status ?? 'gone'}).`);
    }
    const followUp = after as (() => Promise<void>) | null;
    if (followUp) await followUp().catch((error: unknown) => log.error('proposal.after_failed', { proposal: id, error: error instanceof Error ? error.message : String(error) }));
    log.info(`proposal.${decision === 'approve' ? outcome.status : 'declined'}`, { proposal: id, kind: outcome.kind, by: member.staffId });
    return { ok: true, value: outcome };
  }

  /** Carries out an approved proposal in the approval's transaction; what to do once it commits comes back as `after`. */
  async function execute(trx: Transaction<Database>, proposal: StaffProposalsTable): Promise<{ ok: boolean; result: string; before: string; afterText: string; after: (() => Promise<void>) | null }> {
    if (proposal.kind === 'reversal') {
      const preview = JSON.parse(proposal.payload) as ReversalPreview;
      const balance = async () => Number((await trx.selectFrom('accounts').select('balance').where('account_number', '=', preview.accountNumber).executeTakeFirstOrThrow()).balance);
      const before = await balance();
      // The customer's receipt and narration show this reason; the member's own stays in the proposal and the audit log.
      const verdict = { outcome: 'failed' as const, reason: 'Returned by the bank after a review' };
      const settled = await payments.settleIn(trx, preview.rail, proposal.target, verdict);
      if (!settled) {
        const now = await railOf(trx, proposal.target);
        return { ok: false, result: `Nothing was reversed: ${proposal.target} is no longer pending (${now?.status ?? 'unknown'}); the switch's answer settled it first.`, before: `pending; balance ${formatNaira(before)}`, afterText: `${now?.status ?? 'unknown'}; balance ${formatNaira(before)}`, after: null };
      }
      const afterBalance = await balance();
      return {
        ok: true,
        result: `Reversed ${proposal.target}: ${formatNaira(preview.totalKobo)} (amount ${formatNaira(preview.amountKobo)}, charges ${formatNaira(preview.feeKobo)}) returned to ${preview.accountNumber}.`,
        before: `pending; balance ${formatNaira(before)}`,
        afterText: `reversed; balance ${formatNaira(afterBalance)}`,
        after: () => payments.afterSettled(preview.rail, proposal.target, verdict, settled),
      };
    }
    if (proposal.kind === 'hold_release') {
      const released = await payments.releaseIn(trx, 'interbank_transfers', proposal.target);
      if (!released) {
        const now = await railOf(trx, proposal.target);
        return { ok: false, result: `Nothing was sent: ${proposal.target} is not held any more (${now?.status ?? 'unknown'}).`, before: now?.status ?? 'unknown', afterText: now?.status ?? 'unknown', after: null };
      }
      await closeHeldFlags(trx, { transactionId: released.transactionId, status: 'released', by: proposal.decided_by, reason: proposal.reason, at: clock.now() });
      return {
        ok: true, result: `Released ${proposal.target}: sent to the other bank with its original reference.`, before: 'held', afterText: 'pending (sent to the switch)',
        after: async () => {
          await payments.sendReleased('interbank_transfers', proposal.target);
        },
      };
    }
    const userId = proposal.target;
    const lifted = await freeze.liftIn(trx, userId);
    if (!lifted) return { ok: false, result: 'Nothing changed: the account was not frozen any more.', before: 'not frozen', afterText: 'not frozen', after: null };
    return { ok: true, result: 'The freeze is lifted: money may leave the account again.', before: 'frozen', afterText: 'not frozen', after: () => freeze.tellUnfrozen(userId) };
  }
}
export type Proposals = ReturnType<typeof createProposals>;
