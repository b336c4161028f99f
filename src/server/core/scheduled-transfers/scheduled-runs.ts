import type { Db } from '../../db/connection.ts';
import type { Config } from '../../config.ts';
import type { Logger } from '../../log.ts';
import type { Clock } from '../clock.ts';
import type { Mailer } from '../../integrations/mail/ports.ts';
import type { ScheduledTransfersTable } from '../../db/schema.ts';
import type { Selectable } from 'kysely';
import type { MoneyResult } from '../money/money-gate.ts';
import type { TransferService } from '../transfers/transfer-service.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { scheduledTransferMissedEmail } from '../money-notifications.ts';
import { formatNaira } from '../../../lib/money.ts';
import { profileLocale } from '../../../i18n/locales.ts';
import { catalogues, sayRefusal, storedSaid, t } from '../../../i18n/translate.ts';
import type { MessageKey } from '../../../i18n/messages/en.ts';
import type { Said } from '../../../i18n/said.ts';
import { formatLagosDate, lagosDate } from '../../../lib/lagos-time.ts';
import { dateAfterRun, latestDueDate, nextRunInstantAfter, runInstant, type Cadence, type Ending } from './calendar.ts';

export type ScheduleRow = Selectable<ScheduledTransfersTable>;

/** The job that runs one date of one schedule, and the daily sweep that enqueues them. */
export const scheduledRunJob = 'scheduled_transfers.run';
export const scheduledSweepJob = 'scheduled_transfers.sweep';
export const scheduledMissedEmailJob = 'scheduled_transfers.missed_email';
const sweepKey = 'scheduled_transfers.sweep';
const runKey = (scheduleId: string, date: string) => `scheduled-run:${scheduleId}:${date}`;
/** The idempotency key of a run: the same schedule and date can move money once. */
export const runIdempotencyKey = (scheduleId: string, date: string) => `sched:${scheduleId}:${date}`;

/** Three missed dates in a row pause a schedule. */
export const missesBeforePause = 3;
/** A run refused for funds or a limit (its own, or the recipient's on money in) is tried again at 16:00 Lagos that day (or an hour later if that has passed). */
const retryHourLagos = 16;
const sweepBatch = 500;
// The recipient's cap on money in is a limit too: their window may have closed by the afternoon.
const retryable = new Set(['INSUFFICIENT_FUNDS', 'LIMIT_EXCEEDED', 'RECIPIENT_CAP_REACHED']);

export const cadenceOf = (row: ScheduleRow): Cadence => ({ repeat: row.repeat, firstDate: row.first_date, dayOfMonth: row.day_of_month });
export const endingOf = (row: ScheduleRow): Ending => ({ endDate: row.end_date, maxRuns: row.max_runs });

/**
 * The running side of scheduled transfers: the daily sweep that finds due dates, the run job that
 * moves one date's money through `runTransfers` and records its outcome, and the email for a missed
 * date. The customer's side (making, listing, pausing, resuming, cancelling) is
 * scheduled-transfer-service.ts, which composes this; the jobs are registered once, here.
 */
export function createScheduledRuns(deps: {
  db: Db;
  config: Config;
  clock: Clock;
  log: Logger;
  mailer: Mailer;
  runTransfers: Pick<TransferService, 'sendToBank'>;
  jobs: Pick<JobQueue, 'register' | 'enqueue'>;
}) {
  const { db, config, clock, log, mailer, runTransfers, jobs } = deps;

  /**
   * Enqueues a run job for every active schedule whose date is due (today from 08:00 Lagos, or an
   * earlier date a stopped server missed). The job's unique key (schedule and date) makes a second
   * sweep, in this process or another, add nothing. Answers how many were due.
   */
  async function sweep(): Promise<number> {
    const due = await db
      .selectFrom('scheduled_transfers')
      .select(['id', 'next_run_date'])
      .where('status', '=', 'active')
      .where('next_run_date', 'is not', null)
      .where('next_run_date', '<=', latestDueDate(clock.now()))
      .orderBy('next_run_date')
      .limit(sweepBatch)
      .execute();
    for (const row of due) {
      await jobs.enqueue(db, { kind: scheduledRunJob, payload: { scheduleId: row.id, runDate: row.next_run_date }, uniqueKey: runKey(row.id, row.next_run_date!) });
    }
    if (due.length > 0) log.info('scheduled_transfer.swept', { due: due.length });
    return due.length;
  }

  /** The run's money movement, or what a finished earlier try stored under its key (even past the 24-hour replay window). */
  async function send(row: ScheduleRow, date: string): Promise<MoneyResult> {
    const key = runIdempotencyKey(row.id, date);
    const stored = await db.selectFrom('idempotency_keys').select(['state', 'response_body']).where('user_id', '=', row.user_id).where('key', '=', key).executeTakeFirst();
    if (stored?.state === 'done' && stored.response_body) return { ...(JSON.parse(stored.response_body) as MoneyResult), replayed: true };
    // The PIN was given when the schedule was made; the run's gate does not ask for it (app.ts).
    const input = { account_number: row.account_number, bank_code: row.bank_code, amount: Number(row.amount_kobo), narration: row.narration, pin: '', save_beneficiary: false };
    return runTransfers.sendToBank(row.user_id, row.send_account, input, key);
  }

  type Finish = { state: 'succeeded'; reference: string } | { state: 'missed'; code: string; message: Said; reference: string | null };

  /**
   * Records the date's outcome and moves the schedule on, in one transaction; only the first
   * of two racing finishes applies (the run's state is the guard). A missed date queues its email
   * in the same transaction.
   */
  async function finish(scheduleId: string, date: string, outcome: Finish): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      const now = clock.now();
      const at = now.toISOString();
      const ran = await trx
        .updateTable('scheduled_transfer_runs')
        .set({ state: outcome.state, reference: outcome.reference, failure_code: outcome.state === 'missed' ? outcome.code : null, failure_message: outcome.state === 'missed' ? JSON.stringify(outcome.message) : null, updated_at: at })
        .where('schedule_id', '=', scheduleId)
        .where('run_date', '=', date)
        .where('state', 'in', ['due', 'retry'])
        .executeTakeFirst();
      if (Number(ran.numUpdatedRows) === 0) return false;
      const row = await trx.selectFrom('scheduled_transfers').selectAll().where('id', '=', scheduleId).executeTakeFirstOrThrow();
      const runsMade = row.runs_made + 1;
      const misses = outcome.state === 'missed' ? row.misses_in_row + 1 : 0;
      const next = dateAfterRun(cadenceOf(row), endingOf(row), date, lagosDate(now), runsMade);
      // A customer's pause or cancel that landed during the run stays; otherwise the schedule goes on, ends, or pauses after three misses.
      const status: ScheduleRow['status'] = row.status !== 'active' ? row.status : next === null ? 'finished' : misses >= missesBeforePause ? 'paused' : 'active';
      await trx
        .updateTable('scheduled_transfers')
        .set({
          runs_made: runsMade,
          misses_in_row: misses,
          next_run_date: row.status === 'cancelled' ? null : next,
          status,
          paused_reason: status === 'paused' && row.status === 'active' ? 'missed' : row.paused_reason,
          updated_at: at,
        })
        .where('id', '=', scheduleId)
        .execute();
      if (outcome.state === 'missed') {
        await jobs.enqueue(trx, { kind: scheduledMissedEmailJob, payload: { scheduleId, runDate: date }, uniqueKey: `scheduled-missed:${scheduleId}:${date}` });
      }
      return true;
    });
  }

  /** When a refused first try is tried again: 16:00 Lagos on the run's day, or an hour from now if that has passed. */
  function retryAt(date: string): Date {
    const now = clock.now();
    const afternoon = runInstant(date, retryHourLagos);
    return now < afternoon ? afternoon : new Date(now.getTime() + 3_600_000);
  }

  /**
   * Runs one date of one schedule (the run job). Nothing happens for a schedule no longer active
   * or already past that date, or a date already finished. A refusal for funds or a limit is tried
   * once more later that day; then (or for any other refusal) the date is missed and the customer
   * emailed. Returns when to try again, if it should.
   */
  async function runDate(scheduleId: string, date: string): Promise<{ again: Date } | void> {
    const row = await db.selectFrom('scheduled_transfers').selectAll().where('id', '=', scheduleId).executeTakeFirst();
    if (!row || row.status !== 'active' || row.next_run_date !== date) return;
    const at = clock.now().toISOString();
    await db
      .insertInto('scheduled_transfer_runs')
      .values({ schedule_id: scheduleId, run_date: date, state: 'due', attempts: 0, reference: null, failure_code: null, failure_message: null, created_at: at, updated_at: at })
      .onConflict((conflict) => conflict.columns(['schedule_id', 'run_date']).doNothing())
      .execute();
    const run = await db.selectFrom('scheduled_transfer_runs').selectAll().where('schedule_id', '=', scheduleId).where('run_date', '=', date).executeTakeFirstOrThrow();
    if (run.state === 'succeeded' || run.state === 'missed') return;
    await db.updateTable('scheduled_transfer_runs').set({ attempts: run.attempts + 1, updated_at: at }).where('schedule_id', '=', scheduleId).where('run_date', '=', date).execute();

    const result = await send(row, date);
    if (result.ok) {
      const { transaction } = result.value;
      const refused = transaction.status === 'reversed' || transaction.status === 'failed';
      await finish(scheduleId, date, refused ? { state: 'missed', code: 'PROVIDER_FAILED', message: result.value.message, reference: transaction.reference } : { state: 'succeeded', reference: transaction.reference });
      log.info('scheduled_transfer.ran', { schedule: scheduleId, date, reference: transaction.reference, status: transaction.status, replayed: result.replayed ?? false });
      return;
    }
    // Another process is making this very transfer: try again when it has finished (its outcome is then replayed).
    if (result.code === 'REQUEST_IN_PROGRESS') throw new Error(`scheduled run ${scheduleId} ${date} is in progress elsewhere`);
    if (retryable.has(result.code) && run.state === 'due') {
      const moved = await db.updateTable('scheduled_transfer_runs').set({ state: 'retry', failure_code: result.code, failure_message: JSON.stringify(result.message), updated_at: clock.now().toISOString() }).where('schedule_id', '=', scheduleId).where('run_date', '=', date).where('state', '=', 'due').executeTakeFirst();
      if (Number(moved.numUpdatedRows) > 0) {
        log.info('scheduled_transfer.retry_later', { schedule: scheduleId, date, code: result.code });
        return { again: retryAt(date) };
      }
      return;
    }
    await finish(scheduleId, date, { state: 'missed', code: result.code, message: result.message, reference: null });
    log.warn('scheduled_transfer.missed', { schedule: scheduleId, date, code: result.code });
  }

  async function sendMissedEmail(scheduleId: string, date: string): Promise<void> {
    const found = await db
      .selectFrom('scheduled_transfers')
      .innerJoin('users', 'users.id', 'scheduled_transfers.user_id')
      .innerJoin('scheduled_transfer_runs', (join) => join.onRef('scheduled_transfer_runs.schedule_id', '=', 'scheduled_transfers.id').on('scheduled_transfer_runs.run_date', '=', date))
      .select(['users.email', 'users.first_name', 'users.language', 'scheduled_transfers.account_name', 'scheduled_transfers.bank_name', 'scheduled_transfers.amount_kobo', 'scheduled_transfers.status', 'scheduled_transfers.paused_reason', 'scheduled_transfers.next_run_date', 'scheduled_transfer_runs.failure_code', 'scheduled_transfer_runs.failure_message'])
      .where('scheduled_transfers.id', '=', scheduleId)
      .executeTakeFirst();
    if (!found) return;
    // In the language on the customer's profile, as the alerts are; the refusal said again in it.
    const language = profileLocale(found.language);
    const stored = found.failure_message === null ? null : storedSaid(found.failure_message);
    const code = found.failure_code ?? 'PROVIDER_FAILED';
    // A run refused before refusals were stored as data holds its English sentence: that in English, else the code's own sentence.
    const reason = stored
      ? sayRefusal(language, { code, message: stored })
      : found.failure_message === null
        ? t(language, 'requests.missed.refused')
        : language === 'en'
          ? found.failure_message
          : t(language, `error.${code}` in catalogues.en ? (`error.${code}` as MessageKey) : 'error.PROVIDER_FAILED');
    await mailer.send(
      scheduledTransferMissedEmail({
        bankName: config.bank.name,
        to: found.email,
        firstName: found.first_name,
        amount: formatNaira(Number(found.amount_kobo)),
        recipient: `${found.account_name} (${found.bank_name})`,
        date: formatLagosDate(date, language),
        reason,
        paused: found.status === 'paused' && found.paused_reason === 'missed',
        next: found.status === 'active' && found.next_run_date ? formatLagosDate(found.next_run_date, language) : null,
        misses: missesBeforePause,
        language,
      }),
    );
  }

  const payloadOf = (payload: unknown) => {
    const { scheduleId, runDate } = payload as { scheduleId?: unknown; runDate?: unknown };
    if (typeof scheduleId !== 'string' || typeof runDate !== 'string') throw new Error('scheduled transfer job without a schedule and date');
    return { scheduleId, runDate };
  };
  jobs.register(scheduledRunJob, async (payload) => {
    const { scheduleId, runDate: date } = payloadOf(payload);
    return runDate(scheduleId, date);
  });
  jobs.register(scheduledMissedEmailJob, async (payload) => {
    const { scheduleId, runDate: date } = payloadOf(payload);
    await sendMissedEmail(scheduleId, date);
  });
  // The daily sweep: a durable job that puts itself back at the next 08:00 Lagos.
  jobs.register(scheduledSweepJob, async () => {
    const due = await sweep();
    return { again: due >= sweepBatch ? new Date(clock.now().getTime() + 60_000) : nextRunInstantAfter(clock.now()) };
  });

  /**
   * The server's start (getApp): the sweep job made due now, so dates a stopped server missed run
   * once when it is back (their run jobs' unique keys keep a second start from adding any). A sweep
   * job given up after failing is revived.
   */
  async function startSweeps(): Promise<void> {
    const now = clock.now().toISOString();
    await jobs.enqueue(db, { kind: scheduledSweepJob, payload: null, uniqueKey: sweepKey });
    await db.updateTable('jobs').set({ run_at: now, status: 'pending', attempts: 0, finished_at: null }).where('unique_key', '=', sweepKey).where((eb) => eb.or([eb('status', '=', 'failed'), eb('run_at', '>', now)])).execute();
  }


  return { sweep, runDate, startSweeps };
}
