import { z } from 'zod';
import type { Db } from '../../db/connection.ts';
import type { Config } from '../../config.ts';
import type { Logger } from '../../log.ts';
import type { Clock } from '../clock.ts';
import { orderedId } from '../ids.ts';
import type { MoneyResult } from '../money/money-gate.ts';
import type { OutflowScreen, Payments } from '../payments/payments.ts';
import type { AccountFreeze } from '../safety/account-freeze.ts';
import { appendAudit } from '../staff/audit-log.ts';
import { may } from '../staff/policy.ts';
import type { Member, Proposals } from '../staff/proposals.ts';
import { formatNaira } from '../../../lib/money.ts';
import { isCleanLine } from '../../../lib/text.ts';
import { judgeOutflow } from './judge.ts';
import { closeHeldFlags } from './hold-flags.ts';
import type { FraudRules } from './rules.ts';
import type { FraudActor, FraudResult } from './fraud-service.ts';

/** Only transfers to other banks are held: money sent there cannot be taken back (decision 032). */
const heldRail = 'interbank_transfers' as const;

/** What the customer reads on their receipt when the bank stops a held transfer (the officer's reason stays in the audit log). */
export const rejectedReason = 'Stopped by the bank after a security check';
export const cancelledReason = 'Cancelled by you';

const holdDecisionSchema = z.object({
  flag: z.string().regex(/^flg_[A-Za-z0-9_-]{1,40}$/, 'Unknown flag.'),
  reason: z.string().trim().min(5, 'Give a reason of at least 5 characters.').max(500, 'Keep the reason under 500 characters.').refine(isCleanLine, 'The reason has characters that cannot be stored.'),
  freeze: z.enum(['1', 'on', 'true']).optional(),
});

const refuse = (status: 400 | 403 | 404 | 409, message: string, errors?: Record<string, string>) => ({ ok: false as const, status, message, ...(errors ? { errors } : {}) });

export type HoldOutcome = { kind: 'released' | 'rejected' | 'proposed'; reference: string; result: string };

/**
 * Fraud holds (decision 032): a transfer to another bank that an outflow rule flags when it is
 * asked for is kept in suspense (the payment machine's pending row, `held`) and not sent. The
 * fraud officer releases it (sent once, with the reference and session id of the request;
 * above OPS_APPROVAL_NAIRA through a four-eyes proposal) or rejects it (the whole debit returned
 * by the payment machine's reversal, the account frozen too if asked); the customer may cancel
 * it. Each is one conditional update from `held`, so of any number racing, one wins.
 */
export function createHolds(deps: { db: Db; config: Pick<Config, 'fourEyes'>; clock: Clock; log: Logger; rules: FraudRules; payments: Pick<Payments, 'releaseIn' | 'sendReleased' | 'settleIn' | 'afterSettled'>; proposals: Pick<Proposals, 'propose'>; freeze: Pick<AccountFreeze, 'freezeByStaff' | 'staffFrozen'> }) {
  const { db, config, clock, log, rules, payments, proposals, freeze } = deps;

  /** The screen the payment machine runs in a screened payment's money transaction. */
  const screen: OutflowScreen = {
    judge: (trx, movement) => judgeOutflow(trx, rules, movement),
    async hold(trx, held) {
      const at = held.at.toISOString();
      await trx.insertInto('fraud_flags').values(held.findings.map(([rule, evidence]) => ({
        id: orderedId('flg', held.at), rule, direction: 'out', account_number: held.accountNumber, user_id: held.userId, transaction_id: held.transactionId, reference: held.reference,
        amount: held.amountKobo, evidence: JSON.stringify(evidence), status: 'held' as const, created_at: at, updated_at: at, decided_by: null, decided_at: null, decision_reason: null,
      }))).execute();
      log.warn('fraud.held', { reference: held.reference, account: held.accountNumber, rules: held.findings.map(([rule]) => rule) });
    },
  };

  function parse(input: unknown) {
    const parsed = holdDecisionSchema.safeParse(input);
    if (parsed.success) return { ok: true as const, value: parsed.data };
    return refuse(400, 'Check the form.', Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
  }

  async function heldFlag(flagId: string) {
    const flag = await db.selectFrom('fraud_flags').selectAll().where('id', '=', flagId).executeTakeFirst();
    if (!flag) return refuse(404, 'There is no such flag.');
    const pending = await db.selectFrom(heldRail).select(['status', 'amount']).where('reference', '=', flag.reference).executeTakeFirst();
    if (!pending) return refuse(409, 'This flag is not on a transfer to another bank: nothing is held.');
    if (pending.status !== 'held') return refuse(409, `This transfer is not held any more (${pending.status}).`);
    return { ok: true as const, value: { flag, amountKobo: Number(pending.amount) } };
  }

  return {
    screen,

    /**
     * Sends a held transfer. Up to OPS_APPROVAL_NAIRA at once: the claim, the flags and the audit
     * entry in one transaction, then the switch is asked. Above it, a `hold_release` proposal that
     * a supervisor approves (its execution is this release).
     */
    async release(input: unknown, by: FraudActor): Promise<FraudResult<HoldOutcome>> {
      if (!may(by.role, 'fraud.release')) return refuse(403, `Your role (${by.role}) does not release held transfers.`);
      const parsed = parse(input);
      if (!parsed.ok) return parsed;
      const found = await heldFlag(parsed.value.flag);
      if (!found.ok) return found;
      const { flag, amountKobo } = found.value;
      if (amountKobo > config.fourEyes.approvalKobo) {
        const member: Member = { staffId: by.staffId, role: by.role, address: by.address };
        const proposed = await proposals.propose(member, { kind: 'hold_release', target: flag.reference, reason: parsed.value.reason });
        if (!proposed.ok) return proposed;
        return { ok: true, value: { kind: 'proposed', reference: flag.reference, result: `Above ${formatNaira(config.fourEyes.approvalKobo)}: proposed for release; a supervisor must approve it.` } };
      }
      const now = clock.now();
      const claimed = await db.transaction().execute(async (trx) => {
        const released = await payments.releaseIn(trx, heldRail, flag.reference);
        if (!released) return false;
        await closeHeldFlags(trx, { transactionId: released.transactionId, status: 'released', by: by.staffId, reason: parsed.value.reason, at: now });
        await appendAudit(trx, now, {
          staffId: by.staffId, address: by.address, action: 'fraud.release', customerUserId: flag.user_id,
          detail: { flag: flag.id, rule: flag.rule, reference: flag.reference, account: flag.account_number, amount: formatNaira(amountKobo), reason: parsed.value.reason }, before: 'held', after: 'pending (sent to the switch)',
        });
        return true;
      });
      if (!claimed) return refuse(409, 'This transfer is not held any more: someone else decided it first.');
      const sent: MoneyResult = await payments.sendReleased(heldRail, flag.reference);
      const status = sent.ok ? sent.value.transaction.status : 'pending';
      log.info('fraud.release', { flag: flag.id, reference: flag.reference, staff: by.staffId, status });
      return { ok: true, value: { kind: 'released', reference: flag.reference, result: `Released and sent: the switch says ${status}.` } };
    },

    /** Returns a held transfer's money (amount and charges); with `freeze`, the account is frozen in the same transaction. */
    async reject(input: unknown, by: FraudActor): Promise<FraudResult<HoldOutcome>> {
      if (!may(by.role, 'fraud.reject')) return refuse(403, `Your role (${by.role}) does not reject held transfers.`);
      const parsed = parse(input);
      if (!parsed.ok) return parsed;
      const alsoFreeze = parsed.value.freeze !== undefined;
      if (alsoFreeze && !may(by.role, 'account.freeze')) return refuse(403, `Your role (${by.role}) does not freeze accounts.`);
      const found = await heldFlag(parsed.value.flag);
      if (!found.ok) return found;
      const { flag, amountKobo } = found.value;
      const verdict = { outcome: 'failed' as const, reason: rejectedReason };
      const now = clock.now();
      let froze = false;
      const settled = await db.transaction().execute(async (trx) => {
        const done = await payments.settleIn(trx, heldRail, flag.reference, verdict, 'held');
        if (!done) return null;
        await closeHeldFlags(trx, { transactionId: flag.transaction_id, status: 'rejected', by: by.staffId, reason: parsed.value.reason, at: now });
        froze = alsoFreeze ? await freeze.freezeByStaff(trx, flag.user_id) : false;
        await appendAudit(trx, now, {
          staffId: by.staffId, address: by.address, action: 'fraud.reject', customerUserId: flag.user_id,
          detail: { flag: flag.id, rule: flag.rule, reference: flag.reference, account: flag.account_number, amount: formatNaira(amountKobo), reason: parsed.value.reason, ...(alsoFreeze ? { froze: froze ? 'frozen now' : 'frozen already' } : {}) },
          before: 'held', after: alsoFreeze ? 'reversed; account frozen' : 'reversed',
        });
        return done;
      });
      if (!settled) return refuse(409, 'This transfer is not held any more: someone else decided it first.');
      await payments.afterSettled(heldRail, flag.reference, verdict, settled);
      if (froze) await freeze.staffFrozen(flag.user_id);
      log.info('fraud.reject', { flag: flag.id, reference: flag.reference, staff: by.staffId, froze });
      return { ok: true, value: { kind: 'rejected', reference: flag.reference, result: `Rejected: the money is back on ${flag.account_number}${froze ? ' and the account is frozen' : ''}.` } };
    },

    /**
     * The customer cancels their own held transfer: the whole debit comes back once (the same
     * conditional update from `held` as a release, so a release and a cancel racing: one wins).
     * False when it is not theirs or not held any more.
     */
    async cancel(userId: string, reference: string): Promise<boolean> {
      const verdict = { outcome: 'failed' as const, reason: cancelledReason };
      const now = clock.now();
      const owned = await db.selectFrom(heldRail).select(['transaction_id']).where('reference', '=', reference).where('user_id', '=', userId).executeTakeFirst();
      if (!owned) return false;
      const settled = await db.transaction().execute(async (trx) => {
        const done = await payments.settleIn(trx, heldRail, reference, verdict, 'held');
        if (done) await closeHeldFlags(trx, { transactionId: owned.transaction_id, status: 'dismissed', by: null, reason: 'Cancelled by the customer', at: now });
        return done;
      });
      if (!settled) return false;
      await payments.afterSettled(heldRail, reference, verdict, settled);
      log.info('fraud.hold_cancelled', { reference, user: userId });
      return true;
    },
  };
}
export type Holds = ReturnType<typeof createHolds>;
