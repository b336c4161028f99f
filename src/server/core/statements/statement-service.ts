import type { Db } from '../../db/connection.ts';
import type { Config } from '../../config.ts';
import type { Logger } from '../../log.ts';
import type { Clock } from '../clock.ts';
import type { Mailer } from '../../integrations/mail/ports.ts';
import { fail, succeed, type Result } from '../result.ts';
import { newId } from '../ids.ts';
import { withUserLocked } from '../limits/attempts.ts';
import type { TransactionRepository } from '../transactions/transaction-repository.ts';
import type { StatementInput } from '../../../lib/money-schemas.ts';
import { lagosDate, toLagosIso, formatLagosDate } from '../../../lib/lagos-time.ts';
import { profileLocale } from '../../../i18n/locales.ts';
import { statementCsv, statementPdf } from '../documents/statement.ts';
import { statementEmail } from '../money-notifications.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { said } from '../../../i18n/said.ts';

/** The job that builds and mails one statement request (payload: `{ requestId }`). */
export const statementJob = 'statement.send';

/** Statements per customer per hour: each one is work for the server and a mail in their inbox. */
export const statementsPerHour = 5;

/**
 * Account statements: the request is recorded and answered at once (202), and in the same
 * transaction a durable job is written (src/server/jobs/job-queue.ts); a worker builds and mails
 * the document, and after a crash or restart the job is still there, so a request is never left
 * `queued` for ever. `settled()` runs the due jobs (tests and the CLI).
 */
export function createStatementService(deps: {
  db: Db;
  config: Config;
  clock: Clock;
  log: Logger;
  mailer: Mailer;
  transactions: TransactionRepository;
  jobs: Pick<JobQueue, 'register' | 'enqueue' | 'runDue' | 'nudge'>;
}) {
  const { db, config, clock, log, mailer, transactions, jobs } = deps;

  /**
   * The job: builds and mails a request still `queued`. A request already sent (a second run
   * after a crash between the mail and this mark) is not mailed again; a mail that fails throws,
   * and the job is retried with backoff, then the request is marked `failed`.
   */
  async function send(requestId: string): Promise<void> {
    const request = await db.selectFrom('statement_requests').selectAll().where('id', '=', requestId).executeTakeFirst();
    if (!request || request.status !== 'queued') return;
    const user = await db.selectFrom('users').select(['email', 'first_name', 'last_name', 'language']).where('id', '=', request.user_id).executeTakeFirstOrThrow();
    const input = { start_date: request.start_date, end_date: request.end_date, format: request.format } as StatementInput;
    await build(requestId, user, request.account_number, input);
  }

  async function build(requestId: string, user: { email: string; first_name: string; last_name: string; language: string }, accountNumber: string, input: StatementInput) {
    const [rows, openingBalance, account] = await Promise.all([
      transactions.between(accountNumber, input.start_date, input.end_date),
      transactions.balanceBefore(accountNumber, input.start_date),
      db.selectFrom('accounts').select(['account_name', 'balance']).where('account_number', '=', accountNumber).executeTakeFirstOrThrow(),
    ]);
    const closingBalance = rows.length > 0 ? rows.at(-1)!.balance_after : openingBalance;
    const document = {
      bankName: config.bank.name,
      customerName: account.account_name,
      accountNumber,
      from: input.start_date,
      to: input.end_date,
      generatedAt: toLagosIso(clock.now()),
      openingBalance,
      closingBalance,
      transactions: rows,
      locale: profileLocale(user.language),
    };
    const filename = `statement-${accountNumber}-${input.start_date}-to-${input.end_date}.${input.format}`;
    const content = input.format === 'pdf' ? statementPdf(document) : statementCsv(document);
    await mailer.send({
      ...statementEmail({ bankName: config.bank.name, to: user.email, firstName: user.first_name, accountNumber, from: formatLagosDate(input.start_date, profileLocale(user.language)), until: formatLagosDate(input.end_date, profileLocale(user.language)), count: rows.length, format: input.format, language: profileLocale(user.language) }),
      attachments: [{ filename, content, contentType: input.format === 'pdf' ? 'application/pdf' : 'text/csv; charset=utf-8' }],
    });
    await db.updateTable('statement_requests').set({ status: 'sent', sent_at: clock.now().toISOString() }).where('id', '=', requestId).where('status', '=', 'queued').execute();
    log.info('statement.sent', { requestId, format: input.format, transactions: rows.length });
  }

  jobs.register(statementJob, async (payload, run) => {
    const { requestId } = payload as { requestId: string };
    try {
      await send(requestId);
    } catch (error) {
      log.error('statement.failed', { requestId, attempt: run.attempt, error: error instanceof Error ? error.message : String(error) });
      if (run.lastTry) await db.updateTable('statement_requests').set({ status: 'failed' }).where('id', '=', requestId).where('status', '=', 'queued').execute();
      throw error;
    }
  });

  return {
    async request(userId: string, accountNumber: string, input: StatementInput): Promise<Result<{ id: string; email: string }>> {
      const now = clock.now();
      if (input.end_date > lagosDate(now)) return fail('VALIDATION_FAILED', said('said.statement.future'), { errors: { end_date: [said('said.statement.futureField')] } });
      const user = await db.selectFrom('users').select(['email', 'first_name', 'last_name', 'language']).where('id', '=', userId).executeTakeFirstOrThrow();
      // Counted and recorded under the customer's row lock: of a burst, exactly the allowance is accepted.
      const id = await withUserLocked<string | null>(db, userId, async (trx) => {
        const recent = await trx
          .selectFrom('statement_requests')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('user_id', '=', userId)
          .where('created_at', '>', new Date(now.getTime() - 3_600_000).toISOString())
          .executeTakeFirstOrThrow();
        if (Number(recent.count) >= statementsPerHour) return null;
        const requestId = newId('stm');
        await trx
          .insertInto('statement_requests')
          .values({ id: requestId, user_id: userId, account_number: accountNumber, start_date: input.start_date, end_date: input.end_date, format: input.format, status: 'queued', created_at: now.toISOString(), sent_at: null })
          .execute();
        await jobs.enqueue(trx, { kind: statementJob, payload: { requestId } });
        return requestId;
      });
      if (id === null) return fail('RATE_LIMITED', said('said.statement.perHour', { count: statementsPerHour }), { retryAfterSeconds: 3600 });
      jobs.nudge();
      return succeed({ id, email: user.email });
    },
    /** Runs the jobs due now (statements among them): resolves when each has been sent or has failed a try. */
    async settled(): Promise<void> {
      await jobs.runDue();
    },
  };
}
export type StatementService = ReturnType<typeof createStatementService>;
