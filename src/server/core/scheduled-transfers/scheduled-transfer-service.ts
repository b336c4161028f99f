import { identityRequired } from '../money/identity.ts';
import type { Db } from '../../db/connection.ts';
import type { Config } from '../../config.ts';
import type { Logger } from '../../log.ts';
import type { Clock } from '../clock.ts';
import type { Mailer } from '../../integrations/mail/ports.ts';
import { fail, succeed, type Failure, type Result } from '../result.ts';
import { newId } from '../ids.ts';
import { requestHash } from '../money/idempotency.ts';
import type { MoneyGate } from '../money/money-gate.ts';
import type { PinGuard } from '../money/pin-guard.ts';
import type { TransferService } from '../transfers/transfer-service.ts';
import type { NameEnquiries } from '../transfers/name-enquiries.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { findBank } from '../reference/banks.ts';
import { accountFrozen } from '../safety/frozen.ts';
import { loadAccountLimits } from '../customer-limits/limit-guard.ts';
import { lagosDate, toLagosIso } from '../../../lib/lagos-time.ts';
import type { ScheduledTransferInput } from '../../../lib/scheduled-transfer-schemas.ts';
import { addDays, earliestRunDate, occurrenceOnOrAfter, runInstant, withinEnding } from './calendar.ts';
import { cadenceOf, createScheduledRuns, endingOf, type ScheduleRow } from './scheduled-runs.ts';
import { kobo, type Kobo } from '../../../lib/money.ts';
import { say, storedSaid } from '../../../i18n/translate.ts';
import { dayValue, said, wordValue, type Said } from '../../../i18n/said.ts';

/** Each listed run's refusal as data, for a page to say in the customer's language (the JSON carries it in English). */
const runRefusals = new WeakMap<ScheduledRunJson, { code: string; message: Said }>();

/** A listed run's refusal as data (its code and Said), or null: none, or a run stored before refusals were data. */
export function runRefusal(run: ScheduledRunJson): { code: string; message: Said } | null {
  return runRefusals.get(run) ?? null;
}

/** A run as the API shows it: its stored refusal (JSON of its Said, or the English sentence of a run stored before) in English. */
function presentRun(row: { run_date: string; state: ScheduledRunJson['state']; reference: string | null; failure_code: string | null; failure_message: string | null }): ScheduledRunJson {
  const message = row.failure_message === null ? null : storedSaid(row.failure_message);
  const run: ScheduledRunJson = { date: row.run_date, state: row.state, reference: row.reference, failure: message ? say('en', message) : row.failure_message };
  if (message) runRefusals.set(run, { code: row.failure_code ?? 'PROVIDER_FAILED', message });
  return run;
}


export type ScheduledRunJson = { date: string; state: 'due' | 'retry' | 'succeeded' | 'missed'; reference: string | null; failure: string | null };
export type ScheduledTransferJson = {
  id: string;
  send_account: string;
  account_number: string;
  account_name: string;
  bank_code: string;
  bank_name: string;
  amount: Kobo;
  narration: string;
  repeat: ScheduleRow['repeat'];
  first_date: string;
  day_of_month: number;
  end_date: string | null;
  count: number | null;
  runs_made: number;
  misses_in_row: number;
  next_run_date: string | null;
  next_run_at: string | null;
  status: ScheduleRow['status'];
  paused_reason: ScheduleRow['paused_reason'];
  recent_runs: ScheduledRunJson[];
  created_at: string;
};

/** At most this many schedules active or paused per customer; a year ahead at most for the first date. */
export const maxLiveSchedules = 20;
const maxDaysAhead = 366;

function present(row: ScheduleRow, runs: ScheduledRunJson[]): ScheduledTransferJson {
  return {
    id: row.id,
    send_account: row.send_account,
    account_number: row.account_number,
    account_name: row.account_name,
    bank_code: row.bank_code,
    bank_name: row.bank_name,
    amount: kobo(Number(row.amount_kobo)),
    narration: row.narration,
    repeat: row.repeat,
    first_date: row.first_date,
    day_of_month: row.day_of_month,
    end_date: row.end_date,
    count: row.max_runs,
    runs_made: row.runs_made,
    misses_in_row: row.misses_in_row,
    next_run_date: row.status === 'active' ? row.next_run_date : null,
    next_run_at: row.status === 'active' && row.next_run_date ? toLagosIso(runInstant(row.next_run_date)) : null,
    status: row.status,
    paused_reason: row.paused_reason,
    recent_runs: runs,
    created_at: toLagosIso(row.created_at),
  };
}

/**
 * Scheduled and recurring transfers (docs/decisions/014-scheduled-transfers.md). The customer confirms a schedule with the PIN once,
 * when making it (or resuming it); each date then runs at 08:00 Lagos as a normal transfer through
 * `runTransfers`, the transfer service composed with a gate that skips only the PIN (app.ts):
 * ownership, a frozen account, the instant-payments switch, fees, the tier's, the customer's own
 * limit and the new-browser cap all apply. A date runs at most once: its row in
 * scheduled_transfer_runs, its job's unique key and the transfer's idempotency key
 * (`sched:<id>:<date>`) each refuse a second run, across restarts and processes.
 */
export function createScheduledTransfers(deps: {
  db: Db;
  config: Config;
  clock: Clock;
  log: Logger;
  mailer: Mailer;
  pins: PinGuard;
  gate: Pick<MoneyGate, 'authorise'>;
  nameEnquiries: Pick<NameEnquiries, 'enquire'>;
  runTransfers: Pick<TransferService, 'sendToBank'>;
  jobs: Pick<JobQueue, 'register' | 'enqueue'>;
}) {
  const { db, config, clock, log, mailer, pins, gate, nameEnquiries, runTransfers, jobs } = deps;

  async function recentRuns(ids: string[]): Promise<Map<string, ScheduledRunJson[]>> {
    const byId = new Map<string, ScheduledRunJson[]>();
    if (ids.length === 0) return byId;
    const rows = await db.selectFrom('scheduled_transfer_runs').selectAll().where('schedule_id', 'in', ids).orderBy('run_date', 'desc').execute();
    for (const row of rows) {
      const list = byId.get(row.schedule_id) ?? [];
      if (list.length < 5) list.push(presentRun(row));
      byId.set(row.schedule_id, list);
    }
    return byId;
  }

  async function presentOne(row: ScheduleRow): Promise<ScheduledTransferJson> {
    return present(row, (await recentRuns([row.id])).get(row.id) ?? []);
  }

  /** One of the customer's schedules, or null (another customer's is exactly as unknown). */
  async function owned(userId: string, id: string): Promise<ScheduleRow | null> {
    return (await db.selectFrom('scheduled_transfers').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst()) ?? null;
  }
  const notFound = () => fail('NOT_FOUND', said('said.requests.noSuchSchedule'));

  async function list(userId: string): Promise<ScheduledTransferJson[]> {
    const rows = await db.selectFrom('scheduled_transfers').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').limit(100).execute();
    const runs = await recentRuns(rows.map((row) => row.id));
    const order = { active: 0, paused: 1, finished: 2, cancelled: 3 } as const;
    return rows.map((row) => present(row, runs.get(row.id) ?? [])).sort((a, b) => order[a.status] - order[b.status]);
  }

  async function find(userId: string, id: string): Promise<ScheduledTransferJson | null> {
    const row = await owned(userId, id);
    return row ? presentOne(row) : null;
  }

  const dateProblem = (field: string, message: Said) => fail('VALIDATION_FAILED', message, { errors: { [field]: [message] } });

  /** What the schedule's dates allow at `now`: the first date not past, at most a year ahead. */
  function checkDates(input: Pick<ScheduledTransferInput, 'first_date' | 'end_date'>, now: Date): Failure | null {
    const earliest = earliestRunDate(now);
    if (input.first_date < earliest) return dateProblem('first_date', said('said.requests.earliest', { date: dayValue(earliest) }));
    if (input.first_date > addDays(lagosDate(now), maxDaysAhead)) return dateProblem('first_date', said('said.requests.yearAhead'));
    return null;
  }

  /**
   * Makes a schedule, confirmed with the PIN. `key` (the Idempotency-Key) makes a repeated request
   * answer the first schedule (`replayed`); the same key with other details is 409.
   */
  async function create(userId: string, sendAccount: string, input: ScheduledTransferInput, key: string): Promise<Result<{ schedule: ScheduledTransferJson; replayed: boolean }>> {
    const authorised = await gate.authorise(userId, sendAccount);
    if (!authorised.ok) return authorised;
    const bankCode = input.bank_code ?? config.bank.nipCode;
    const hash = requestHash('transfer.scheduled', { send_account: sendAccount, account_number: input.account_number, bank_code: bankCode, amount: input.amount, narration: input.narration, first_date: input.first_date, repeat: input.repeat, end_date: input.end_date, count: input.count });
    const replay = async (): Promise<Result<{ schedule: ScheduledTransferJson; replayed: boolean }> | null> => {
      const existing = await db.selectFrom('scheduled_transfers').selectAll().where('user_id', '=', userId).where('creation_key', '=', key).executeTakeFirst();
      if (!existing) return null;
      if (existing.request_hash !== hash) return fail('IDEMPOTENCY_KEY_REUSED', said('said.requests.keyReused'));
      return succeed({ schedule: await presentOne(existing), replayed: true });
    };
    const earlier = await replay();
    if (earlier) return earlier;
    if (authorised.value.frozen) return accountFrozen();
    // A schedule that could never run is refused when made, as its runs would be (before the PIN).
    if (!authorised.value.mayMoveMoney) return identityRequired();

    const bank = findBank(config.bank, bankCode);
    if (!bank) return dateProblem('bank_code', said('said.requests.bankList'));
    if (bank.isSelf && input.account_number === sendAccount) return dateProblem('account_number', said('said.transfer.toSelfField'));
    if (!bank.isSelf) {
      const limits = await loadAccountLimits(db, sendAccount);
      if (limits && !limits.instantPaymentsEnabled) {
        return fail('INSTANT_PAYMENTS_OFF', said('said.requests.instantOff'));
      }
    }
    const now = clock.now();
    const problem = checkDates(input, now);
    if (problem) return problem;
    const live = await db.selectFrom('scheduled_transfers').select((eb) => eb.fn.countAll<number>().as('count')).where('user_id', '=', userId).where('status', 'in', ['active', 'paused']).executeTakeFirstOrThrow();
    if (Number(live.count) >= maxLiveSchedules) return fail('LIMIT_EXCEEDED', said('said.requests.maxLive', { max: maxLiveSchedules }));

    // The name first, so a mistyped account number costs no PIN try.
    const recipient = await nameEnquiries.enquire(userId, { account_number: input.account_number, bank_code: bankCode });
    if (!recipient.ok) return recipient;
    const confirmed = await pins.confirm(userId, input.pin);
    if (!confirmed.ok) return confirmed;

    const at = now.toISOString();
    const id = newId('sch');
    const inserted = await db
      .insertInto('scheduled_transfers')
      .values({
        id,
        user_id: userId,
        send_account: sendAccount,
        bank_code: bankCode,
        account_number: input.account_number,
        account_name: recipient.value.account_name,
        bank_name: recipient.value.bank_name,
        amount_kobo: input.amount,
        narration: input.narration,
        repeat: input.repeat,
        first_date: input.first_date,
        day_of_month: Number(input.first_date.slice(8, 10)),
        end_date: input.repeat === 'once' ? null : (input.end_date ?? null),
        max_runs: input.repeat === 'once' ? 1 : (input.count ?? null),
        runs_made: 0,
        misses_in_row: 0,
        next_run_date: input.first_date,
        status: 'active',
        paused_reason: null,
        creation_key: key,
        request_hash: hash,
        created_at: at,
        updated_at: at,
      })
      .onConflict((conflict) => conflict.columns(['user_id', 'creation_key']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return (await replay()) ?? fail('REQUEST_IN_PROGRESS', said('said.requests.inProgress'));
    log.info('scheduled_transfer.created', { user: userId, schedule: id, repeat: input.repeat, first_date: input.first_date });
    return succeed({ schedule: await presentOne((await owned(userId, id))!), replayed: false });
  }

  /** A change of status, guarded by the status it expects, so two changes at once cannot both apply. */
  async function changeStatus(row: ScheduleRow, from: ScheduleRow['status'][], set: Partial<Pick<ScheduleRow, 'status' | 'paused_reason' | 'next_run_date' | 'misses_in_row'>>): Promise<boolean> {
    const updated = await db
      .updateTable('scheduled_transfers')
      .set({ ...set, updated_at: clock.now().toISOString() })
      .where('id', '=', row.id)
      .where('status', 'in', from)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) > 0;
  }
  const answerWith = async (userId: string, id: string) => succeed((await find(userId, id))!);
  const cannot = { paused: 'said.requests.cannotPause', cancelled: 'said.requests.cannotCancel', resumed: 'said.requests.cannotResume' } as const;
  const wrongState = (row: ScheduleRow, verb: keyof typeof cannot) => fail('VALIDATION_FAILED', said(cannot[verb], { status: wordValue(`requests.scheduled.status.${row.status}`) }));

  async function pause(userId: string, id: string): Promise<Result<ScheduledTransferJson>> {
    const row = await owned(userId, id);
    if (!row) return notFound();
    if (!(await changeStatus(row, ['active'], { status: 'paused', paused_reason: 'customer' }))) return wrongState((await owned(userId, id))!, 'paused');
    return answerWith(userId, id);
  }

  /** No PIN: stopping money from leaving is never harder than it must be. */
  async function cancel(userId: string, id: string): Promise<Result<ScheduledTransferJson>> {
    const row = await owned(userId, id);
    if (!row) return notFound();
    if (!(await changeStatus(row, ['active', 'paused'], { status: 'cancelled', next_run_date: null }))) return wrongState((await owned(userId, id))!, 'cancelled');
    return answerWith(userId, id);
  }

  /** With the PIN (money will leave again): the next date from the earliest run a schedule made now could take. */
  async function resume(userId: string, id: string, pin: string): Promise<Result<ScheduledTransferJson>> {
    const row = await owned(userId, id);
    if (!row) return notFound();
    if (row.status !== 'paused') return wrongState(row, 'resumed');
    const next = occurrenceOnOrAfter(cadenceOf(row), earliestRunDate(clock.now()));
    if (!withinEnding(endingOf(row), next, row.runs_made)) return fail('VALIDATION_FAILED', said('said.requests.noDatesLeft'));
    const confirmed = await pins.confirm(userId, pin);
    if (!confirmed.ok) return confirmed;
    if (!(await changeStatus(row, ['paused'], { status: 'active', paused_reason: null, next_run_date: next, misses_in_row: 0 }))) return wrongState((await owned(userId, id))!, 'resumed');
    return answerWith(userId, id);
  }

  const { sweep, runDate, startSweeps } = createScheduledRuns({ db, config, clock, log, mailer, runTransfers, jobs });

  return { list, find, create, pause, resume, cancel, sweep, runDate, startSweeps };
}
export type ScheduledTransfers = ReturnType<typeof createScheduledTransfers>;
