import { z } from 'zod';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { FraudFlagsTable } from '../../db/schema.ts';
import type { Config } from '../../config.ts';
import type { Logger } from '../../log.ts';
import type { Clock } from '../clock.ts';
import { orderedId } from '../ids.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { appendAudit } from '../staff/audit-log.ts';
import { may, type StaffRole } from '../staff/policy.ts';
import type { AccountFreeze } from '../safety/account-freeze.ts';
import { fraudEvaluateJob } from './fraud-jobs.ts';
import { defaultFraudRules, evidenceInWords, inflowAfterFreezeRule, ruleTitles, type Evidence, type FraudRule, type FraudRules } from './rules.ts';
import { judgeOutflow, outflowCategories } from './judge.ts';
import { formatLagosDateTime } from '../../../lib/lagos-time.ts';

/** A staff member acting: who, from where, with which role (the policy table decides what it may do). */
export type FraudActor = { staffId: string; address: string | null; role: StaffRole };
export type FraudFailure = { ok: false; status: 400 | 403 | 404 | 409; message: string; errors?: Record<string, string> };
export type FraudResult<T> = { ok: true; value: T } | FraudFailure;

type FlagTableRow = Selectable<FraudFlagsTable>;

const refuse = (status: FraudFailure['status'], message: string, errors?: Record<string, string>): FraudFailure => ({ ok: false, status, message, ...(errors ? { errors } : {}) });

/** What the officer gives with an action: the flag, and why (kept in the audit log and on the flag). */
export const fraudDecisionSchema = z.object({
  flag: z.string().regex(/^flg_[A-Za-z0-9_-]{1,40}$/, 'Unknown flag.'),
  reason: z.string().trim().min(5, 'Give a reason of at least 5 characters.').max(500, 'Keep the reason under 500 characters.'),
});

/** Credits in: transfers from another account and deposits. Out: transfers (in the bank and to other banks). Others (fees, reversals, bills) are not judged. */
const payloadSchema = z.object({ transactionId: z.string() });

const inflowCategories = ['transfer', 'deposit'];

const lagos = (iso: string) => formatLagosDateTime(iso, 'en');

/**
 * Real-time fraud monitoring (decision 032): each transaction row is judged by the rules
 * (rules.ts) in a job queued with it, after the movement committed; what a rule finds is a
 * `fraud_flags` row, once per rule and row. A flag never touches the money. The fraud queue
 * lists open flags; the officer dismisses one, or freezes the account, each with a reason, each
 * recorded in the audit log in the transaction that makes the change.
 */
export function createFraudMonitoring(deps: { db: Db; config: Pick<Config, 'bank'>; clock: Clock; log: Logger; jobs: Pick<JobQueue, 'register'>; freeze: Pick<AccountFreeze, 'freezeByStaff' | 'staffFrozen'>; rules?: FraudRules }) {
  const { db, clock, log, jobs, freeze } = deps;
  const rules = deps.rules ?? defaultFraudRules;

  const movementColumns = ['id', 'reference', 'account_number', 'user_id', 'type', 'category', 'amount', 'counterparty_account', 'counterparty_bank_code', 'counterparty_bank_name', 'counterparty_name', 'created_at'] as const;
  const movements = () => db.selectFrom('transactions').select(movementColumns);
  type Movement = NonNullable<Awaited<ReturnType<ReturnType<typeof movements>['executeTakeFirst']>>>;

  /** A claimed batch's rows, read in one statement (as the alerts' are). */
  async function loadMovements(payloads: unknown[]): Promise<Map<string, Movement>> {
    const ids = [...new Set(payloads.map((payload) => payloadSchema.safeParse(payload)).flatMap((parsed) => (parsed.success ? [parsed.data.transactionId] : [])))];
    if (ids.length === 0) return new Map();
    return new Map((await movements().where('id', 'in', ids).execute()).map((row) => [row.id, row]));
  }

  /** The facts of one transaction row the rules judge, read with indexed queries bounded by the rules' windows. */
  async function judge(transactionId: string, loaded?: Movement): Promise<{ row: { id: string; reference: string; account_number: string; user_id: string; amount: number }; direction: 'in' | 'out'; found: [FraudRule, Evidence][] } | null> {
    const row = loaded ?? (await movements().where('id', '=', transactionId).executeTakeFirst());
    if (!row) return null;
    const at = new Date(row.created_at);
    const amountKobo = Number(row.amount);
    const found: [FraudRule, Evidence][] = [];
    if (row.type === 'credit') {
      if (!inflowCategories.includes(row.category)) return null;
      const user = await db.selectFrom('users').select('frozen_at').where('id', '=', row.user_id).executeTakeFirst();
      const afterFreeze = inflowAfterFreezeRule(rules.inflowAfterFreeze, at, { frozenAt: user?.frozen_at ? new Date(user.frozen_at) : null, amountKobo });
      if (afterFreeze) found.push(['inflow_after_freeze', afterFreeze]);
      return { row: { ...row, amount: amountKobo }, direction: 'in', found };
    }
    if (!outflowCategories.includes(row.category)) return null;
    found.push(...(await judgeOutflow(db, rules, {
      accountNumber: row.account_number, userId: row.user_id, amountKobo, at, writtenId: row.id,
      counterpartyAccount: row.counterparty_account, counterpartyBankCode: row.counterparty_bank_code, counterpartyBankName: row.counterparty_bank_name, counterpartyName: row.counterparty_name,
    })));
    return { row: { ...row, amount: amountKobo }, direction: 'out', found };
  }

  /** Judges one transaction row and records what the rules found (a second run records nothing new). Returns the rules that flagged it. */
  async function evaluate(transactionId: string, loaded?: Movement): Promise<FraudRule[]> {
    const judged = await judge(transactionId, loaded);
    if (!judged || judged.found.length === 0) return [];
    const { row, direction, found } = judged;
    const nowIso = clock.now().toISOString();
    await db
      .insertInto('fraud_flags')
      .values(found.map(([rule, evidence]) => ({
        id: orderedId('flg', clock.now()), rule, direction, account_number: row.account_number, user_id: row.user_id, transaction_id: row.id, reference: row.reference,
        amount: row.amount, evidence: JSON.stringify(evidence), status: 'open' as const, created_at: nowIso, updated_at: nowIso, decided_by: null, decided_at: null, decision_reason: null,
      })))
      .onConflict((conflict) => conflict.columns(['rule', 'transaction_id']).doNothing())
      .execute();
    log.warn('fraud.flagged', { transaction: row.id, reference: row.reference, account: row.account_number, direction, rules: found.map(([rule]) => rule) });
    return found.map(([rule]) => rule);
  }

  jobs.register<Map<string, Movement>>(
    fraudEvaluateJob,
    async (payload, run) => {
      const parsed = payloadSchema.safeParse(payload);
      if (!parsed.success) return log.error('fraud.bad_payload', { payload: JSON.stringify(payload) });
      await evaluate(parsed.data.transactionId, run.batch?.get(parsed.data.transactionId));
    },
    { loadBatch: loadMovements },
  );

  function flagsWithCustomer() {
    return db
      .selectFrom('fraud_flags')
      .innerJoin('users', 'users.id', 'fraud_flags.user_id')
      .selectAll('fraud_flags')
      .select(['users.first_name', 'users.last_name', 'users.frozen_at']);
  }
  type FlagRow = FlagTableRow & { first_name: string; last_name: string; frozen_at: string | null };

  function present(row: FlagRow) {
    const rule = row.rule as FraudRule;
    return {
      id: row.id, rule, title: ruleTitles[rule], direction: row.direction, status: row.status,
      evidence: evidenceInWords(rule, JSON.parse(row.evidence) as Evidence, lagos),
      customer: `${row.first_name} ${row.last_name}`, userId: row.user_id, accountNumber: row.account_number, reference: row.reference,
      amountKobo: Number(row.amount), at: lagos(row.created_at), frozen: Boolean(row.frozen_at),
      decidedAt: row.decided_at ? lagos(row.decided_at) : null, decisionReason: row.decision_reason,
    };
  }
  type Flag = ReturnType<typeof present>;

  /**
   * Closes an open flag as `status` with the officer's reason, and runs `also` (the freeze) in the
   * same transaction as the audit entry: the change and its record commit together or not at all.
   */
  async function decide(input: unknown, by: FraudActor, status: 'dismissed' | 'rejected', action: string, also?: (trx: Parameters<typeof appendAudit>[0], flag: FlagTableRow) => Promise<Record<string, unknown>>): Promise<FraudResult<Flag>> {
    if (!may(by.role, 'fraud.queue')) return refuse(403, `Your role (${by.role}) does not act on fraud flags.`);
    const parsed = fraudDecisionSchema.safeParse(input);
    if (!parsed.success) {
      const errors = Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
      return refuse(400, 'Check the form.', errors);
    }
    const { flag: flagId, reason } = parsed.data;
    const now = clock.now();
    const outcome = await db.transaction().execute(async (trx): Promise<FraudResult<FlagTableRow>> => {
      const flag = await trx.selectFrom('fraud_flags').selectAll().where('id', '=', flagId).executeTakeFirst();
      if (!flag) return refuse(404, 'There is no such flag.');
      const closed = await trx.updateTable('fraud_flags').set({ status, decided_by: by.staffId, decided_at: now.toISOString(), decision_reason: reason, updated_at: now.toISOString() })
        .where('id', '=', flagId).where('status', '=', 'open').executeTakeFirst();
      if (Number(closed.numUpdatedRows) === 0) return refuse(409, `This flag is ${flag.status} already.`);
      const detail = also ? await also(trx, flag) : {};
      await appendAudit(trx, now, {
        staffId: by.staffId, address: by.address, action, customerUserId: flag.user_id,
        detail: { flag: flag.id, rule: flag.rule, reference: flag.reference, account: flag.account_number, reason, ...detail }, before: 'open', after: status,
      });
      return { ok: true, value: flag };
    });
    if (!outcome.ok) return outcome;
    log.info(action, { flag: flagId, staff: by.staffId });
    return { ok: true, value: (await read(flagId))! };
  }

  async function read(flagId: string): Promise<Flag | null> {
    const row = await flagsWithCustomer().where('fraud_flags.id', '=', flagId).executeTakeFirst();
    return row ? present(row) : null;
  }

  return {
    rules,
    evaluate,

    /** Open and held flags, newest first (the queue); flags raised at one instant, by their movements' order (transaction ids sort as written). */
    async queue(limit = 100): Promise<Flag[]> {
      const rows = await flagsWithCustomer().where('fraud_flags.status', 'in', ['open', 'held']).orderBy('fraud_flags.created_at', 'desc').orderBy('fraud_flags.transaction_id', 'desc').limit(limit).execute();
      return rows.map(present);
    },

    /** One flag, for the flag page; the read of the customer's record is audited. */
    async open(flagId: string, by: FraudActor): Promise<FraudResult<Flag>> {
      if (!may(by.role, 'fraud.queue')) return refuse(403, `Your role (${by.role}) does not open fraud flags.`);
      const flag = await read(flagId);
      if (!flag) return refuse(404, 'There is no such flag.');
      await db.transaction().execute((trx) => appendAudit(trx, clock.now(), { staffId: by.staffId, address: by.address, action: 'fraud.flag_read', customerUserId: flag.userId, detail: { flag: flag.id, rule: flag.rule, reference: flag.reference } }));
      return { ok: true, value: flag };
    },

    /** Not fraud: the flag closes as dismissed, with the reason. */
    dismiss: (input: unknown, by: FraudActor) => decide(input, by, 'dismissed', 'fraud.dismiss'),

    /**
     * Fraud: the account is frozen (the customer's freeze: no money leaves, credits land), the
     * flag closes as rejected; then the customer's sessions end and they are told by email.
     */
    async freeze(input: unknown, by: FraudActor): Promise<FraudResult<Flag>> {
      if (!may(by.role, 'account.freeze')) return refuse(403, `Your role (${by.role}) does not freeze accounts.`);
      let frozeUser: string | null = null;
      const done = await decide(input, by, 'rejected', 'fraud.freeze', async (trx, flag) => {
        const changed = await freeze.freezeByStaff(trx, flag.user_id);
        frozeUser = changed ? flag.user_id : null;
        return { froze: changed ? 'frozen now' : 'frozen already' };
      });
      if (done.ok && frozeUser) await freeze.staffFrozen(frozeUser);
      return done;
    },
  };
}
export type FraudMonitoring = ReturnType<typeof createFraudMonitoring>;
