import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { Config } from '../../config.ts';
import type { Database, SupportCasesTable } from '../../db/schema.ts';
import { caseNumberPattern, type CaseInput, type CaseStatus } from '../../../lib/safety-schemas.ts';
import { profileLocale } from '../../../i18n/locales.ts';
import { lagosDate, toLagosIso } from '../../../lib/lagos-time.ts';
import { fail, succeed, type Result } from '../result.ts';
import { caseEmail, sendLogged } from '../notifications.ts';
import { newId } from '../ids.ts';
import type { TransactionRepository } from '../transactions/transaction-repository.ts';
import type { AccountFreeze } from '../safety/account-freeze.ts';
import type { CustomerServiceDeps } from '../service-deps.ts';
import { said } from '../../../i18n/said.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { appendAudit } from '../staff/audit-log.ts';
import { caseDueAt } from './case-clocks.ts';

/** A case as the customer and the API see it, with every status it has had (oldest first). */
export type CaseJson = {
  number: string;
  reference: string;
  account_number: string;
  kind: CustomerCaseKind;
  description: string;
  status: CaseStatus;
  created_at: string;
  updated_at: string;
  history: { status: CaseStatus; note: string | null; at: string }[];
};

/** The most cases one customer has open at once: far above any honest need, a bound on what one session can store. */
export const maxOpenCasesPerCustomer = 50;

/** HB-CASE-2026-000123: the year (Lagos) and its sequence number. */
export function caseNumber(year: string, sequence: number): string {
  return `HB-CASE-${year}-${String(sequence).padStart(6, '0')}`;
}

const stillOpen: CaseStatus[] = ['open', 'investigating'];

/**
 * A new case, open, with its first event, numbered in its Lagos year: one counter row per year,
 * whose upsert's row lock (PostgreSQL) or the write lock (SQLite) hands out each number once.
 */
async function insertCase(trx: Transaction<Database>, now: Date, about: Pick<SupportCasesTable, 'user_id' | 'account_number' | 'reference' | 'kind' | 'description'>): Promise<SupportCasesTable> {
  const nowIso = now.toISOString();
  const year = lagosDate(now).slice(0, 4);
  const counter = await trx
    .insertInto('counters')
    .values({ name: `support_case:${year}`, value: 1 })
    .onConflict((conflict) => conflict.column('name').doUpdateSet({ value: sql<number>`counters.value + 1` }))
    .returning('value')
    .executeTakeFirstOrThrow();
  const inserted: SupportCasesTable = {
    id: newId('case'), number: caseNumber(year, Number(counter.value)), ...about, status: 'open', created_at: nowIso, updated_at: nowIso,
    due_at: caseDueAt(about.kind, now).toISOString(), escalated_at: null,
  };
  await trx.insertInto('support_cases').values(inserted).execute();
  await trx.insertInto('support_case_events').values({ case_id: inserted.id, line: 1, status: 'open', note: null, created_at: nowIso, staff_id: null }).execute();
  return inserted;
}

/** The kinds a customer opens; the bank's own (a liveness review) are for its staff and not listed to the customer. */
type CustomerCaseKind = Exclude<SupportCasesTable['kind'], 'liveness_review'>;
export const customerKinds: readonly CustomerCaseKind[] = ['fraud', 'not_received', 'wrong_amount', 'wrong_charge'];

/** The durable job that emails the customer an answer (or a status change) on their case. */
export const caseAnswerMailJob = 'mail.case_answer';

/** Who moves a case: a member on the screen, or the command line (no member). */
export type CaseActor = { staffId: string | null; address: string | null; via: 'screen' | 'cli' };

export type CaseMoveRefusal = 'NOT_FOUND' | 'CLOSED';

/**
 * How a move is made: `refuseClosed`, a closed case takes no answer; `kinds`, only cases of these
 * kinds are moved (another is not found: support answers reports, KYC resolves identity reviews);
 * `openOnly`, only an open or investigating case is moved; `action`, the audit entry's action (`case.answer` unless said).
 */
export type CaseMoveRules = { refuseClosed: boolean; openOnly?: boolean; kinds?: readonly SupportCasesTable['kind'][]; action?: string; detail?: Record<string, unknown> };

/**
 * Cases: a customer reports a problem with one of their own transactions (fraud, not received,
 * wrong amount); the case gets a number from a per-year sequence, is stored with its first
 * status, acknowledged by email at once, and its status changes (an answer in the back office,
 * or npm run ops:case) are stored, shown, audited and mailed through `record`. Another customer's case or transaction is "not found",
 * never "forbidden". Reporting fraud may freeze the account in the same step (with the password),
 * and then the freeze comes first: a wrong password opens nothing.
 */
export function createCaseService(deps: CustomerServiceDeps & {
  db: Db;
  config: Pick<Config, 'bank'>;
  transactions: Pick<TransactionRepository, 'findOwn'>;
  freeze: Pick<AccountFreeze, 'freeze'>;
  jobs: Pick<JobQueue, 'register' | 'enqueue'>;
}) {
  const { db, config, clock, log, mailer, users, transactions, freeze, jobs } = deps;

  async function present(rows: SupportCasesTable[]): Promise<CaseJson[]> {
    if (rows.length === 0) return [];
    const events = await db
      .selectFrom('support_case_events')
      .selectAll()
      .where('case_id', 'in', rows.map((row) => row.id))
      .orderBy('case_id')
      .orderBy('line')
      .execute();
    return rows.map((row) => ({
      number: row.number,
      reference: row.reference,
      account_number: row.account_number,
      // Only a customer's own kinds reach here: list and get leave the bank's reviews out, move does not present them.
      kind: row.kind as CustomerCaseKind,
      description: row.description,
      status: row.status,
      created_at: toLagosIso(row.created_at),
      updated_at: toLagosIso(row.updated_at),
      history: events.filter((event) => event.case_id === row.id).map((event) => ({ status: event.status, note: event.note, at: toLagosIso(event.created_at) })),
    }));
  }

  /** The acknowledgement with the case number, sent at once (the customer is waiting on the page for it). */
  async function acknowledge(userId: string, kase: CaseJson): Promise<void> {
    const user = await users.findById(userId);
    if (!user) return;
    await sendLogged(
      mailer,
      log,
      caseEmail({ bankName: config.bank.name, to: user.email, firstName: user.first_name, number: kase.number, reference: kase.reference, kind: kase.kind, status: kase.status, note: null, opened: true, language: profileLocale(user.language) }),
      'case_opened',
    );
  }

  // The answer's email, sent by the worker after the answer committed; a second run sends it again
  // only if the first failed before the mail server took it (at least once, as every job).
  jobs.register(caseAnswerMailJob, async (payload) => {
    const { caseId, line } = payload as { caseId: string; line: number };
    const row = await db.selectFrom('support_cases').selectAll().where('id', '=', caseId).executeTakeFirst();
    const event = await db.selectFrom('support_case_events').selectAll().where('case_id', '=', caseId).where('line', '=', line).executeTakeFirst();
    if (!row || !event || row.kind === 'liveness_review') return;
    const user = await users.findById(row.user_id);
    if (!user) return;
    await mailer.send(
      caseEmail({ bankName: config.bank.name, to: user.email, firstName: user.first_name, number: row.number, reference: row.reference, kind: row.kind, status: event.status, note: event.note, opened: false, language: profileLocale(user.language) }),
    );
  });

  /**
   * The one way a case moves (the back office's answer and npm run ops:case): the status, the event
   * with its note and who wrote it, the customer's email as a job and the audit entry, in one
   * transaction. The case row is updated first, so two answers at once take their turn (its row
   * lock on PostgreSQL) and each gets its own line.
   */
  async function record(number: string, status: CaseStatus, note: string | null, by: CaseActor, rules: CaseMoveRules): Promise<{ ok: true; row: SupportCasesTable; line: number; before: CaseStatus } | { ok: false; code: CaseMoveRefusal }> {
    const now = clock.now();
    const nowIso = now.toISOString();
    return db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('support_cases')
        .select(['id', 'status'])
        .where('number', '=', number)
        .$if(rules.kinds !== undefined, (query) => query.where('kind', 'in', rules.kinds!))
        .executeTakeFirst();
      if (!before) return { ok: false as const, code: 'NOT_FOUND' as const };
      const updated = await trx
        .updateTable('support_cases')
        .set({ status, updated_at: nowIso })
        .where('id', '=', before.id)
        .$if(rules.refuseClosed, (query) => query.where('status', '!=', 'closed'))
        .$if(rules.openOnly === true, (query) => query.where('status', 'in', stillOpen))
        .returningAll()
        .executeTakeFirst();
      if (!updated) return { ok: false as const, code: 'CLOSED' as const };
      // Read after the update: on PostgreSQL the status is the one this transaction's lock saw.
      const last = await trx.selectFrom('support_case_events').select((eb) => eb.fn.max<number>('line').as('line')).where('case_id', '=', updated.id).executeTakeFirst();
      const events = await trx.selectFrom('support_case_events').select('status').where('case_id', '=', updated.id).orderBy('line', 'desc').limit(1).executeTakeFirst();
      const line = Number(last?.line ?? 0) + 1;
      await trx.insertInto('support_case_events').values({ case_id: updated.id, line, status, note, created_at: nowIso, staff_id: by.staffId }).execute();
      // The bank's own review is not the customer's report: it is not mailed as one.
      if (updated.kind !== 'liveness_review') await jobs.enqueue(trx, { kind: caseAnswerMailJob, payload: { caseId: updated.id, line }, uniqueKey: `${caseAnswerMailJob}:${updated.id}:${line}` });
      const previous = events?.status ?? before.status;
      await appendAudit(trx, now, {
        staffId: by.staffId,
        address: by.address,
        action: rules.action ?? 'case.answer',
        customerUserId: updated.user_id,
        // The answer's words are kept in the case's history; the audit keeps which line and how long.
        detail: { case: updated.number, line, length: note?.length ?? 0, via: by.via, ...rules.detail },
        before: previous,
        after: status,
      });
      return { ok: true as const, row: updated, line, before: previous };
    });
  }

  return {
    record,

    /** Opens a case about one of the caller's transactions (and, for fraud when asked, freezes the account first). */
    async open(
      caller: { id: string; accounts: readonly { account_number: string }[] },
      sessionId: string | null,
      input: CaseInput,
    ): Promise<Result<{ case: CaseJson; frozen: { signedOutSessions: number } | null }>> {
      const found = await transactions.findOwn(caller.accounts, input.reference);
      if (!found) return fail('NOT_FOUND', said('said.case.noTransaction'), { errors: { reference: [said('said.case.noTransactionField')] } });

      const duplicate = await db
        .selectFrom('support_cases')
        .select('number')
        .where('user_id', '=', caller.id)
        .where('reference', '=', input.reference)
        .where('kind', '=', input.kind)
        .where('status', 'in', stillOpen)
        .executeTakeFirst();
      if (duplicate) return fail('DUPLICATE', said('said.case.duplicate', { number: duplicate.number }));
      const open = await db.selectFrom('support_cases').select((eb) => eb.fn.countAll<number>().as('count')).where('user_id', '=', caller.id).where('status', 'in', stillOpen).executeTakeFirst();
      if (Number(open?.count ?? 0) >= maxOpenCasesPerCustomer) return fail('LIMIT_EXCEEDED', said('said.case.tooMany', { count: maxOpenCasesPerCustomer }));

      let frozen: { signedOutSessions: number } | null = null;
      if (input.freeze_account && input.kind === 'fraud') {
        const froze = await freeze.freeze(caller.id, sessionId, { password: input.password ?? '' });
        if (!froze.ok) return froze;
        frozen = { signedOutSessions: froze.value.signedOutSessions };
      }

      const row = await db.transaction().execute((trx) =>
        insertCase(trx, clock.now(), { user_id: caller.id, account_number: found.account.account_number, reference: found.transaction.reference, kind: input.kind, description: input.description }),
      );
      const [kase] = await present([row]);
      log.info('case.opened', { user: caller.id, case: row.number, kind: row.kind, frozen: frozen !== null });
      await acknowledge(caller.id, kase!);
      return succeed({ case: kase!, frozen });
    },

    /**
     * A case the bank opens for a person to look at (three failed liveness checks in a Lagos day):
     * numbered as every case, on the customer's first account, about the check's reference. One
     * open review per reference; not listed to the customer (their answer says a person will look).
     */
    async openReview(userId: string, input: { kind: 'liveness_review'; reference: string; description: string }): Promise<{ number: string }> {
      return db.transaction().execute(async (trx) => {
        const open = await trx.selectFrom('support_cases').select('number').where('user_id', '=', userId).where('kind', '=', input.kind).where('status', 'in', stillOpen).executeTakeFirst();
        if (open) return { number: open.number };
        const account = await trx.selectFrom('accounts').select('account_number').where('user_id', '=', userId).orderBy('created_at').executeTakeFirst();
        const { number } = await insertCase(trx, clock.now(), { user_id: userId, account_number: account?.account_number ?? '', reference: input.reference, kind: input.kind, description: input.description });
        log.info('case.opened', { user: userId, case: number, kind: input.kind });
        return { number };
      });
    },

    /** The caller's cases, newest first. */
    async list(userId: string): Promise<CaseJson[]> {
      const rows = await db.selectFrom('support_cases').selectAll().where('user_id', '=', userId).where('kind', 'in', customerKinds).orderBy('created_at', 'desc').orderBy('number', 'desc').limit(200).execute();
      return present(rows);
    },

    /** One of the caller's cases; another customer's, or none, is not found. */
    async get(userId: string, number: string): Promise<Result<CaseJson>> {
      const notFound = fail('NOT_FOUND', said('said.errors.noCase'));
      if (!caseNumberPattern.test(number)) return notFound;
      const row = await db.selectFrom('support_cases').selectAll().where('number', '=', number).where('user_id', '=', userId).where('kind', 'in', customerKinds).executeTakeFirst();
      if (!row) return notFound;
      const [kase] = await present([row]);
      return succeed(kase!);
    },

    /**
     * An operator moves a case from the command line (npm run ops:case): stored, audited (no
     * member: the command line) and emailed to the customer by the worker, as an answer on the screen is.
     */
    async move(number: string, status: CaseStatus, note: string | null, by: CaseActor = { staffId: null, address: 'cli', via: 'cli' }): Promise<Result<CaseJson>> {
      const moved = await record(number, status, note, by, { refuseClosed: false });
      if (!moved.ok) return fail('NOT_FOUND', said('said.case.noNumber', { number }));
      const [kase] = await present([moved.row]);
      log.info('case.moved', { case: number, status, via: by.via });
      return succeed(kase!);
    },
  };
}
export type CaseService = ReturnType<typeof createCaseService>;
