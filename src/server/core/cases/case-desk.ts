import { z } from 'zod';
import type { Db } from '../../db/connection.ts';
import type { SupportCasesTable } from '../../db/schema.ts';
import type { Logger } from '../../log.ts';
import type { Mailer } from '../../integrations/mail/ports.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { Clock } from '../clock.ts';
import type { TransactionRepository } from '../transactions/transaction-repository.ts';
import type { TransactionJson } from '../../../lib/transaction.ts';
import { formatLagosDateTime } from '../../../lib/lagos-time.ts';
import { caseNumberPattern } from '../../../lib/safety-schemas.ts';
import { layout } from '../email-layout.ts';
import type { StaffResult } from '../staff/staff-service.ts';
import { appendAudit, type AuditEntry } from '../staff/audit-log.ts';
import { customerKinds, type CaseActor, type CaseService } from './case-service.ts';
import { durationWords, slaBand, slaBands, type SlaBand } from './case-clocks.ts';

/** The statuses a member may answer with: "open" is only how a case starts. */
export const answerStatuses = ['investigating', 'resolved', 'closed'] as const;

/**
 * An answer from the screen: the words the customer will read (1 to 2,000 characters, no
 * control characters; the page folds line breaks into spaces first) and the case's new status.
 */
export const caseAnswerSchema = z.object({
  text: z
    .string({ error: 'Write the answer the customer will read.' })
    .trim()
    .min(1, 'Write the answer the customer will read.')
    .max(2000, 'The answer is at most 2,000 characters.')
    .regex(/^[^\p{Cc}]*$/u, 'The answer may not contain control characters.'),
  status: z.enum(answerStatuses, { error: 'Choose the new status: investigating, resolved or closed.' }),
});
export type CaseAnswer = z.infer<typeof caseAnswerSchema>;

export const caseEscalatedMailJob = 'mail.case_escalated';

const stillOpen = ['open', 'investigating'] as const;
/** What support's queue holds and answers: the customers' reports. The bank's identity reviews are the KYC queue's. */
const customerReportKinds = customerKinds;
/** The most cases a queue or the board lists at once; the board says when there are more. */
export const deskListLimit = 500;
/** The most cases one sweep escalates: a backlog is taken over the next sweeps. */
export const escalationBatch = 100;

export type QueuedCase = {
  number: string;
  kind: SupportCasesTable['kind'];
  status: SupportCasesTable['status'];
  customerName: string;
  createdAt: string;
  dueAt: string;
  escalatedAt: string | null;
  band: SlaBand;
  leftMs: number;
};

export type CaseDetail = QueuedCase & {
  customerUserId: string;
  reference: string;
  accountNumber: string;
  description: string;
  transaction: Pick<TransactionJson, 'reference' | 'amount' | 'fee' | 'status' | 'type' | 'category' | 'created_at'> | null;
  /** Every event, oldest first, with the member who wrote it (staff see that; the customer never does). */
  history: { line: number; status: SupportCasesTable['status']; note: string | null; at: string; by: string | null }[];
};

/**
 * The back office's side of cases (decision 030): support's queue (open cases, the soonest due
 * first), one case with its history and transaction, the answer (through the case service's one
 * write: event, customer's email as a job, audit entry), the supervisors' SLA board, and the
 * escalation of a case past its due time, once, to every active supervisor by email.
 */
export function createCaseDesk(deps: {
  db: Db;
  clock: Clock;
  log: Logger;
  mailer: Mailer;
  bankName: string;
  jobs: Pick<JobQueue, 'register' | 'enqueue'>;
  cases: Pick<CaseService, 'record'>;
  transactions: Pick<TransactionRepository, 'findOwn'>;
  audit: { append(entry: AuditEntry): Promise<number> };
}) {
  const { db, clock, log, mailer, bankName, jobs, cases, transactions, audit } = deps;

  const openCases = () =>
    db
      .selectFrom('support_cases')
      .innerJoin('users', 'users.id', 'support_cases.user_id')
      .select([
        'support_cases.id', 'support_cases.number', 'support_cases.kind', 'support_cases.status', 'support_cases.user_id', 'support_cases.created_at',
        'support_cases.due_at', 'support_cases.escalated_at', 'users.first_name', 'users.last_name',
      ])
      .where('support_cases.status', 'in', stillOpen);

  type Row = { number: string; kind: SupportCasesTable['kind']; status: SupportCasesTable['status']; created_at: string; due_at: string; escalated_at: string | null; first_name: string; last_name: string };
  const queued = (row: Row, now: Date): QueuedCase => ({
    number: row.number,
    kind: row.kind,
    status: row.status,
    customerName: `${row.first_name} ${row.last_name}`,
    createdAt: row.created_at,
    dueAt: row.due_at,
    escalatedAt: row.escalated_at,
    band: slaBand(row.created_at, row.due_at, now),
    leftMs: Date.parse(row.due_at) - now.getTime(),
  });

  jobs.register(caseEscalatedMailJob, async (payload) => {
    const { caseId, staffId } = payload as { caseId: string; staffId: string };
    const row = await db.selectFrom('support_cases').select(['number', 'kind', 'due_at', 'escalated_at']).where('id', '=', caseId).executeTakeFirst();
    const member = await db.selectFrom('staff').select(['name', 'work_email', 'status']).where('id', '=', staffId).executeTakeFirst();
    if (!row?.escalated_at || !member || member.status !== 'active') return;
    const late = durationWords(Date.parse(row.escalated_at) - Date.parse(row.due_at));
    const lines = [
      `${member.name},`,
      `Case ${row.number} (${row.kind.replace(/_/g, ' ')}) was due on ${formatLagosDateTime(row.due_at)} Lagos time and is not answered: it was ${late} late when it was escalated to you.`,
      `Open it in the back office: /ops/cases/${row.number}, or see every case on the SLA board: /ops/sla.`,
    ];
    await mailer.send({ to: member.work_email, subject: `${bankName} back office: case ${row.number} is past its due time`, text: lines.join('\n\n') + '\n', html: layout(bankName, lines) });
  });

  return {
    /** Open cases, the soonest due first (the most overdue at the top); the read is audited with the numbers shown. */
    async queue(by: CaseActor): Promise<QueuedCase[]> {
      const now = clock.now();
      const rows = await openCases().where('support_cases.kind', 'in', customerReportKinds).orderBy('support_cases.due_at').orderBy('support_cases.number').limit(deskListLimit).execute();
      await audit.append({ staffId: by.staffId, address: by.address, action: 'case.queue', detail: { cases: rows.map((row) => row.number) } });
      return rows.map((row) => queued(row, now));
    },

    /** One case as staff see it; its read is audited with the customer's id. Null when there is no such case. */
    async detail(number: string, by: CaseActor): Promise<CaseDetail | null> {
      if (!caseNumberPattern.test(number)) return null;
      const now = clock.now();
      const row = await db
        .selectFrom('support_cases')
        .innerJoin('users', 'users.id', 'support_cases.user_id')
        .selectAll('support_cases')
        .select(['users.first_name', 'users.last_name'])
        .where('support_cases.number', '=', number)
        .executeTakeFirst();
      if (!row) return null;
      const events = await db
        .selectFrom('support_case_events')
        .leftJoin('staff', 'staff.id', 'support_case_events.staff_id')
        .select(['support_case_events.line', 'support_case_events.status', 'support_case_events.note', 'support_case_events.created_at', 'staff.name'])
        .where('support_case_events.case_id', '=', row.id)
        .orderBy('support_case_events.line')
        .execute();
      const found = row.account_number ? await transactions.findOwn([{ account_number: row.account_number }], row.reference) : null;
      await audit.append({ staffId: by.staffId, address: by.address, action: 'case.read', customerUserId: row.user_id, detail: { case: row.number } });
      const transaction = found ? (({ reference, amount, fee, status, type, category, created_at }) => ({ reference, amount, fee, status, type, category, created_at }))(found.transaction) : null;
      return {
        ...queued(row, now),
        customerUserId: row.user_id,
        reference: row.reference,
        accountNumber: row.account_number,
        description: row.description,
        transaction,
        history: events.map((event) => ({ line: Number(event.line), status: event.status, note: event.note, at: event.created_at, by: event.name })),
      };
    },

    /** A member answers: validated, then the case service's one write (event, job, audit). A closed case takes no answer. */
    async answer(number: string, input: unknown, by: CaseActor): Promise<StaffResult<{ status: CaseAnswer['status']; before: string }>> {
      const parsed = caseAnswerSchema.safeParse(input);
      if (!parsed.success) {
        const errors: Record<string, string> = {};
        for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? 'text')] ??= issue.message;
        return { ok: false, status: 400, message: 'The answer was not sent.', errors };
      }
      const done = await cases.record(number, parsed.data.status, parsed.data.text, by, { refuseClosed: true, kinds: customerReportKinds });
      if (!done.ok) {
        return done.code === 'NOT_FOUND'
          ? { ok: false, status: 404, message: `There is no case ${number}.` }
          : { ok: false, status: 409, message: `Case ${number} is closed: it takes no more answers.` };
      }
      log.info('case.answered', { case: number, status: parsed.data.status, staff: by.staffId });
      return { ok: true, value: { status: parsed.data.status, before: done.before } };
    },

    /** Every open case in its band (the soonest due first), and the count per band. */
    async board(): Promise<{ bands: Record<SlaBand, QueuedCase[]>; counts: Record<SlaBand, number>; more: boolean }> {
      const now = clock.now();
      const rows = await openCases().orderBy('support_cases.due_at').orderBy('support_cases.number').limit(deskListLimit + 1).execute();
      const bands = Object.fromEntries(slaBands.map((band) => [band, [] as QueuedCase[]])) as Record<SlaBand, QueuedCase[]>;
      for (const row of rows.slice(0, deskListLimit)) {
        const kase = queued(row, now);
        bands[kase.band].push(kase);
      }
      const counts = Object.fromEntries(slaBands.map((band) => [band, bands[band].length])) as Record<SlaBand, number>;
      return { bands, counts, more: rows.length > deskListLimit };
    },

    /**
     * Escalates open cases whose due time has come, at most `escalationBatch` a run: each in its
     * own transaction, a guarded update (`escalated_at is null`) so of several sweeps at once one
     * wins, and with it a mail job per active supervisor, keyed by case and member, so each is
     * written once. How many it escalated.
     */
    async escalate(): Promise<number> {
      const now = clock.now();
      const nowIso = now.toISOString();
      const due = await db
        .selectFrom('support_cases')
        .select(['id', 'number', 'user_id', 'due_at'])
        .where('status', 'in', stillOpen)
        .where('escalated_at', 'is', null)
        .where('due_at', '<=', nowIso)
        .orderBy('due_at')
        .limit(escalationBatch)
        .execute();
      let escalated = 0;
      for (const kase of due) {
        const supervisors = await db.transaction().execute(async (trx) => {
          const marked = await trx
            .updateTable('support_cases')
            .set({ escalated_at: nowIso })
            .where('id', '=', kase.id)
            .where('escalated_at', 'is', null)
            .where('status', 'in', stillOpen)
            .executeTakeFirst();
          if (Number(marked.numUpdatedRows) === 0) return null;
          const members = await trx.selectFrom('staff').select('id').where('role', '=', 'supervisor').where('status', '=', 'active').execute();
          for (const member of members) {
            await jobs.enqueue(trx, { kind: caseEscalatedMailJob, payload: { caseId: kase.id, staffId: member.id }, uniqueKey: `${caseEscalatedMailJob}:${kase.id}:${member.id}` });
          }
          await appendAudit(trx, now, { staffId: null, address: null, action: 'case.escalated', customerUserId: kase.user_id, detail: { case: kase.number, due_at: kase.due_at, supervisors: members.length } });
          return members.length;
        });
        if (supervisors === null) continue;
        escalated += 1;
        const lateMs = now.getTime() - Date.parse(kase.due_at);
        if (supervisors === 0) log.error('case.escalated_to_nobody', { case: kase.number, late_ms: lateMs });
        else log.warn('case.escalated', { case: kase.number, late_ms: lateMs, supervisors });
      }
      return escalated;
    },
  };
}
export type CaseDesk = ReturnType<typeof createCaseDesk>;
