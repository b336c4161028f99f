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
  const inserted: SupportCasesTable = { id: newId('case'), number: caseNumber(year, Number(counter.value)), ...about, status: 'open', created_at: nowIso, updated_at: nowIso };
  await trx.insertInto('support_cases').values(inserted).execute();
  await trx.insertInto('support_case_events').values({ case_id: inserted.id, line: 1, status: 'open', note: null, created_at: nowIso }).execute();
  return inserted;
}

/** The kinds a customer opens; the bank's own (a liveness review) are for its staff and not listed to the customer. */
type CustomerCaseKind = Exclude<SupportCasesTable['kind'], 'liveness_review'>;
const customerKinds: CustomerCaseKind[] = ['fraud', 'not_received', 'wrong_amount'];

/**
 * Cases: a customer reports a problem with one of their own transactions (fraud, not received,
 * wrong amount); the case gets a number from a per-year sequence, is stored with its first
 * status, acknowledged by email at once, and its status changes (by an operator: npm run
 * ops:case) are stored, shown and mailed. Another customer's case or transaction is "not found",
 * never "forbidden". Reporting fraud may freeze the account in the same step (with the password),
 * and then the freeze comes first: a wrong password opens nothing.
 */
export function createCaseService(deps: CustomerServiceDeps & {
  db: Db;
  config: Pick<Config, 'bank'>;
  transactions: Pick<TransactionRepository, 'findOwn'>;
  freeze: Pick<AccountFreeze, 'freeze'>;
}) {
  const { db, config, clock, log, mailer, users, transactions, freeze } = deps;

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

  async function mailAbout(userId: string, kase: CaseJson, opened: boolean, note: string | null): Promise<void> {
    const user = await users.findById(userId);
    if (!user) return;
    await sendLogged(
      mailer,
      log,
      caseEmail({ bankName: config.bank.name, to: user.email, firstName: user.first_name, number: kase.number, reference: kase.reference, kind: kase.kind, status: kase.status, note, opened, language: profileLocale(user.language) }),
      opened ? 'case_opened' : 'case_status',
    );
  }

  return {
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
      await mailAbout(caller.id, kase!, true, null);
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

    /** An operator moves a case (npm run ops:case): the status and its note are stored and mailed to the customer. */
    async move(number: string, status: CaseStatus, note: string | null): Promise<Result<CaseJson>> {
      const nowIso = clock.now().toISOString();
      const moved = await db.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('support_cases').selectAll().where('number', '=', number).executeTakeFirst();
        if (!row) return null;
        const last = await trx.selectFrom('support_case_events').select((eb) => eb.fn.max<number>('line').as('line')).where('case_id', '=', row.id).executeTakeFirst();
        await trx.updateTable('support_cases').set({ status, updated_at: nowIso }).where('id', '=', row.id).execute();
        // The primary key (case_id, line) refuses a second writer of the same line: two moves at once cannot both claim it.
        await trx.insertInto('support_case_events').values({ case_id: row.id, line: Number(last?.line ?? 0) + 1, status, note, created_at: nowIso }).execute();
        return { ...row, status, updated_at: nowIso };
      });
      if (!moved) return fail('NOT_FOUND', said('said.case.noNumber', { number }));
      const [kase] = await present([moved]);
      log.info('case.moved', { case: number, status });
      // The bank's own review is not the customer's report: it is not mailed as one.
      if (moved.kind === 'liveness_review') return succeed(kase!);
      await mailAbout(moved.user_id, kase!, false, note);
      return succeed(kase!);
    },
  };
}
export type CaseService = ReturnType<typeof createCaseService>;
