import { sql, type Transaction } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { Database } from '../db/schema.ts';
import type { Logger } from '../log.ts';
import type { Clock } from '../core/clock.ts';
import { newId, orderedId } from '../core/ids.ts';
import { groupedWrite } from '../db/group-commit.ts';
import { engineOf } from '../db/engine.ts';
import { insertRows, type Rider } from '../db/insert-rows.ts';

type Executor = Db | Transaction<Database>;

/** What a handler may answer: nothing (done), or when to run again (a recurring job). */
export type JobOutcome = void | { again: Date };
/**
 * `lastTry`: a failure now gives the job up (the handler may record that on its own rows).
 * `batch`: what the kind's `loadBatch` answered for the claimed batch this job came in (undefined
 * when the kind has none, or when it failed: the handler then reads for itself).
 */
export type JobRun<B = unknown> = { attempt: number; lastTry: boolean; batch?: B };
export type JobHandler<B = unknown> = (payload: unknown, run: JobRun<B>) => Promise<JobOutcome>;
/**
 * Reads, in one go, what the jobs of one kind in a claimed batch need (ten alerts read
 * their ten transaction rows in one statement, where each read its own: a round trip each).
 * Given the payloads of that kind's jobs in the batch; never the only way a job finds its rows.
 */
export type BatchLoader<B> = (payloads: unknown[]) => Promise<B>;

/** Tries before a job is given up (logged at error level, kept as `failed`). */
export const maxJobAttempts = 8;
/** Jobs claimed at once by a worker. */
const batchSize = 10;
const firstRetryMs = 30_000;
const maxRetryMs = 3_600_000;
/**
 * How long a claimed job is ours; a process that dies holding it loses it when this runs out, so
 * an alert or a statement of a killed process waits at most this long for another one. A job
 * that takes longer keeps its lease by the heartbeat (`heartbeatMs`).
 */
export const jobLeaseMs = 30_000;
/** How often a running batch renews its jobs' leases: three renewals a lease, so one missed beat loses nothing. */
export const jobHeartbeatMs = 10_000;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Writes a job, inside the caller's transaction when given one, so the job exists exactly when
 * the change that needs it was committed. A `uniqueKey` keeps at most one such job (a second
 * enqueue of the same key does nothing).
 */
export async function enqueueJob(executor: Executor, clock: Clock, job: NewJob): Promise<void> {
  await enqueueJobs(executor, clock, [job]);
}

type NewJob = { kind: string; payload: unknown; uniqueKey?: string; runAt?: Date };

function jobRows(jobs: NewJob[], now: Date) {
  return jobs.map((job) => ({
    id: orderedId('job', now),
    kind: job.kind,
    payload: JSON.stringify(job.payload ?? null),
    unique_key: job.uniqueKey ?? null,
    status: 'pending' as const,
    run_at: (job.runAt ?? now).toISOString(),
    locked_until: null,
    locked_by: null,
    last_error: null,
    created_at: now.toISOString(),
    finished_at: null,
  }));
}

/** Several jobs in one statement (a transfer's alerts, one per transaction row it writes); a job whose key is queued already is skipped. */
export async function enqueueJobs(executor: Executor, clock: Clock, jobs: NewJob[]): Promise<void> {
  if (jobs.length === 0) return;
  await jobsInsert(jobs, clock.now()).execute(executor);
}

/** enqueueJobs as a statement to run later or as a rider of postEntry (in the postings' statement on PostgreSQL). Needs at least one job. */
export function jobsInsert(jobs: NewJob[], now: Date): Rider {
  return insertRows('jobs', jobRows(jobs, now), sql` on conflict (unique_key) do nothing`);
}

/**
 * How the worker gives way to requests (docs/decisions/008-durable-jobs.md). A run that finds more than one batch due (a
 * backlog: every transfer queues two alerts, each costing CPU to compose and send) used to
 * claim batch after batch for as long as there were any, taking the event loop from the requests
 * under way: during a burst of transfers it took a share of every transfer's CPU and of their
 * throughput (docs/benchmark-history.md). Now, after each batch, while
 * `busy()` says requests are under way, the worker waits long enough that its batches take at
 * most `share` of the time: a batch that took 15 ms waits 135 ms at a share of 0.1, at most
 * `maxWaitMs`. So alerts still go out under any load (at 0.1, about 60 a second in a process,
 * each a transfer's half), and a backlog left by a burst is sent at full speed once it is over.
 * The first batch of a run never waits, nor does the claim after a batch that was not full: at
 * ordinary traffic, where a run finds fewer than a batch's worth, nothing changes. `wait` and
 * `now` are for tests.
 */
export type GiveWay = { busy: () => boolean; share: number; maxWaitMs?: number; wait?: (ms: number, stop: AbortSignal) => Promise<void>; now?: () => number };

/** A timer that ends early when `stop` fires (the worker's stop does not wait out a pause). */
function pause(ms: number, stop: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (stop.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      stop.removeEventListener('abort', done);
      resolve();
    }
    stop.addEventListener('abort', done, { once: true });
  });
}

/** Runs `work` over `items`, at most `limit` at a time; resolves when every one has finished. */
async function atMost<T>(limit: number, items: T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/**
 * Durable background work, one small table (src/server/db/migrations/2026-11-22T1810_jobs.ts).
 * A worker claims due jobs with a lease in one statement: on PostgreSQL `… for update skip
 * locked`, so processes sharing the database never claim the same job; on SQLite the single
 * UPDATE holds the write lock. A job that fails is retried with a doubling wait; one whose
 * lease ran out (its process crashed or was killed) is claimed again, so work is done at least
 * once and handlers make a second run harmless (they check what is already done).
 */
export function createJobQueue(deps: { db: Db; clock: Clock; log: Logger; heartbeatMs?: number }) {
  const { db, clock, log, heartbeatMs = jobHeartbeatMs } = deps;
  const workerId = newId('wrk');
  const handlers = new Map<string, JobHandler>();
  const loaders = new Map<string, BatchLoader<unknown>>();
  /** Kinds whose jobs of a claimed batch may run at once, and how many at a time (register's `concurrency`). */
  const concurrency = new Map<string, number>();
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = false;
  let giveWay: GiveWay | null = null;
  /** Fired by stop(): a pause between batches ends at once. */
  const stopping = new AbortController();

  type ClaimedJob = { id: string; kind: string; payload: string; attempts: number };

  async function claim(limit: number) {
    const now = clock.now();
    const nowIso = now.toISOString();
    const lease = new Date(now.getTime() + jobLeaseMs).toISOString();
    const kinds = [...handlers.keys()];
    if (kinds.length === 0) return [];
    const lock = engineOf(db) === 'postgres' ? sql`for update skip locked` : sql``;
    const rows = sql<ClaimedJob>`
      update jobs set locked_until = ${lease}, locked_by = ${workerId}, attempts = attempts + 1
      where id in (
        select id from jobs
        where status = 'pending' and run_at <= ${nowIso} and (locked_until is null or locked_until <= ${nowIso})
          and kind in (${sql.join(kinds)})
        order by run_at limit ${limit} ${lock}
      )
      returning id, kind, payload, attempts`;
    // The worker's writes (claim, finish, retry) share COMMITs with the money on SQLite (db/group-commit.ts): one fsync each cost more than the job.
    return (await groupedWrite(db, (executor) => rows.execute(executor))).rows;
  }

  /** A job that asked to run again later (its handler answered `{ again }`): back to pending, with a fresh count of tries. */
  async function reschedule(id: string, again: Date): Promise<void> {
    await groupedWrite(db, (executor) =>
      executor.updateTable('jobs').set({ run_at: again.toISOString(), attempts: 0, locked_until: null, locked_by: null, last_error: null }).where('id', '=', id).where('locked_by', '=', workerId).execute(),
    );
  }

  /**
   * Renews the leases of the jobs of the batch under way, by the timer, until the returned stop
   * is called: a mail server that takes a minute to answer does not let another process take the
   * job and send it a second time.
   */
  function heartbeat(ids: string[]): () => void {
    const beat = setInterval(() => {
      const lease = new Date(clock.now().getTime() + jobLeaseMs).toISOString();
      groupedWrite(db, (executor) => executor.updateTable('jobs').set({ locked_until: lease }).where('id', 'in', ids).where('locked_by', '=', workerId).where('status', '=', 'pending').execute()).catch((error: unknown) =>
        log.warn('job.heartbeat_failed', { jobs: ids.length, error: messageOf(error) }),
      );
    }, heartbeatMs);
    beat.unref();
    return () => clearInterval(beat);
  }

  async function finishAll(ids: string[]): Promise<void> {
    await groupedWrite(db, (executor) =>
      executor.updateTable('jobs').set({ status: 'done', finished_at: clock.now().toISOString(), locked_until: null, locked_by: null }).where('id', 'in', ids).where('locked_by', '=', workerId).execute(),
    );
  }

  async function failed(job: { id: string; kind: string; attempts: number }, error: unknown): Promise<void> {
    const message = messageOf(error).slice(0, 500);
    const now = clock.now();
    const update = (executor: Db) => executor.updateTable('jobs').where('id', '=', job.id).where('locked_by', '=', workerId);
    if (job.attempts >= maxJobAttempts) {
      log.error('job.gave_up', { job: job.id, kind: job.kind, attempts: job.attempts, error: message });
      await groupedWrite(db, (executor) => update(executor).set({ status: 'failed', last_error: message, finished_at: now.toISOString(), locked_until: null, locked_by: null }).execute());
      return;
    }
    const wait = Math.min(maxRetryMs, firstRetryMs * 2 ** (job.attempts - 1));
    log.warn('job.retry', { job: job.id, kind: job.kind, attempts: job.attempts, retry_in_ms: wait, error: message });
    await groupedWrite(db, (executor) => update(executor).set({ run_at: new Date(now.getTime() + wait).toISOString(), last_error: message, locked_until: null, locked_by: null }).execute());
  }

  /** Each kind's loadBatch over its jobs' payloads in this batch; a kind whose load fails is left out (its jobs read for themselves). */
  async function loadBatches(jobs: { kind: string; payload: string }[]): Promise<Map<string, unknown>> {
    const batches = new Map<string, unknown>();
    for (const [kind, load] of loaders) {
      const payloads: unknown[] = [];
      for (const job of jobs) {
        if (job.kind !== kind) continue;
        try {
          payloads.push(JSON.parse(job.payload));
        } catch {
          // Its handler's own parse fails and records the failure.
        }
      }
      if (payloads.length === 0) continue;
      try {
        batches.set(kind, await load(payloads));
      } catch (error) {
        log.warn('job.batch_load_failed', { kind, jobs: payloads.length, error: messageOf(error) });
      }
    }
    return batches;
  }

  /** Milliseconds, for a batch's time (GiveWay's `now` in tests). */
  const readClock = () => (giveWay?.now ? giveWay.now() : performance.now());

  /** Claims and runs due jobs until none is left; the number run. */
  async function runDueOnce(): Promise<number> {
    let total = 0;
    let batchTookMs: number | null = null;
    for (;;) {
      if (batchTookMs !== null && giveWay?.busy()) {
        const { share, maxWaitMs = 1_000, wait = pause } = giveWay;
        await wait(Math.min(maxWaitMs, (batchTookMs * (1 - share)) / share), stopping.signal);
        if (stopped) return total;
      }
      const started = readClock();
      const jobs = await claim(batchSize);
      if (jobs.length === 0) return total;
      // Jobs done in this batch are marked done together, in one statement (two alert
      // jobs a payment had cost two writes, and on PostgreSQL two commits). A crash before that
      // statement runs them again after their lease: delivery is at least once, as ever.
      const done: string[] = [];
      const endBeat = heartbeat(jobs.map((job) => job.id));
      try {
        const batches = await loadBatches(jobs);
        const run = async (job: ClaimedJob) => {
          const handler = handlers.get(job.kind)!;
          try {
            const outcome = await handler(JSON.parse(job.payload), { attempt: job.attempts, lastTry: job.attempts >= maxJobAttempts, batch: batches.get(job.kind) });
            if (outcome && 'again' in outcome) await reschedule(job.id, outcome.again);
            else done.push(job.id);
          } catch (error) {
            await failed(job, error).catch((e: unknown) => log.error('job.record_failed', { job: job.id, error: messageOf(e) }));
          }
        };
        // A kind registered with a concurrency runs its jobs of the batch that many at a time (an
        // alert waits on the mail server, and ten alerts one after another waited ten times);
        // then every other job, one at a time, in the order claimed.
        for (const [kind, limit] of concurrency) await atMost(limit, jobs.filter((job) => job.kind === kind), run);
        for (const job of jobs) if (!concurrency.has(job.kind)) await run(job);
        if (done.length > 0) await finishAll(done).catch((e: unknown) => log.error('job.record_failed', { jobs: done, error: messageOf(e) }));
      } finally {
        endBeat();
      }
      total += jobs.length;
      if (stopped) return total;
      // A batch not full has likely taken what was due: the claim after it needs no wait.
      batchTookMs = jobs.length < batchSize ? null : readClock() - started;
    }
  }

  /**
   * One run at a time in this process; a call during a run asks for one more pass after it and
   * waits for that pass too. The passes are a loop, not a chain of calls: two callers answering
   * each other's "once more" (the poll and a nudge) once kept a run going for ever, starving the
   * event loop with queries that found nothing.
   */
  function runDue(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      do {
        again = false;
        total += await runDueOnce();
      } while (again && !stopped);
      return total;
    })().finally(() => {
      running = null;
    });
    return running;
  }

  const tick = () => {
    runDue().catch((error: unknown) => log.error('job.run_failed', { error: messageOf(error) }));
  };

  return {
    workerId,
    /**
     * `loadBatch`: read what a claimed batch of this kind needs in one go (BatchLoader); each job
     * gets it as `run.batch`. `concurrency` (above 1): the kind's jobs of a claimed batch run that
     * many at a time, for handlers that wait on something outside (a mail server) and are safe to
     * run side by side; jobs of other processes may run beside them anyway.
     */
    register<B = unknown>(kind: string, handler: JobHandler<B>, options: { loadBatch?: BatchLoader<B>; concurrency?: number } = {}): void {
      handlers.set(kind, handler as JobHandler);
      if (options.loadBatch) loaders.set(kind, options.loadBatch);
      else loaders.delete(kind);
      if (options.concurrency !== undefined && options.concurrency > 1) concurrency.set(kind, Math.floor(options.concurrency));
      else concurrency.delete(kind);
    },
    enqueue: (executor: Executor, job: { kind: string; payload: unknown; uniqueKey?: string; runAt?: Date }) => enqueueJob(executor, clock, job),
    runDue,
    /**
     * Runs `work` at most once per `periodMs` across every process sharing the database (the
     * re-query sweep): the first to move the key's turn on, in one guarded update, runs it; the
     * others answer null. The key's row is a job of kind `lease` that no worker claims.
     */
    async once<T>(key: string, periodMs: number, work: () => Promise<T>): Promise<T | null> {
      await enqueueJob(db, clock, { kind: 'lease', payload: null, uniqueKey: key });
      const now = clock.now();
      const turn = await db
        .updateTable('jobs')
        .set({ run_at: new Date(now.getTime() + periodMs).toISOString(), locked_by: workerId })
        .where('unique_key', '=', key)
        .where('run_at', '<=', now.toISOString())
        .executeTakeFirst();
      if (Number(turn.numUpdatedRows) === 0) return null;
      return work();
    },
    /** Deletes jobs done (or given up) more than `keepMs` ago; a failed one stays a week for the operator to read. */
    async prune(keepMs = 7 * 24 * 3_600_000): Promise<void> {
      await db.deleteFrom('jobs').where('status', 'in', ['done', 'failed']).where('finished_at', '<', new Date(clock.now().getTime() - keepMs).toISOString()).execute();
    },
    /** From now on, a run gives way to requests between its batches as `options` say (GiveWay); null: never. */
    giveWay(options: GiveWay | null): void {
      if (options && !(options.share > 0 && options.share <= 1)) throw new RangeError(`the worker's share must be above 0 and at most 1, got ${options.share}`);
      giveWay = options;
    },
    /** Runs due jobs soon, when this process has a worker running (the server); else nothing. */
    nudge(): void {
      if (timer && !stopped) setImmediate(tick);
    },
    /** Polls for due jobs every `pollMs` (the server process only). */
    start(options: { pollMs: number }): void {
      if (timer || stopped) return;
      timer = setInterval(tick, options.pollMs);
      timer.unref();
      setImmediate(tick);
    },
    /**
     * Takes back at once every job lease held by another worker: for a server starting on the
     * embedded database, which only one process serves, so whoever held them has died (a crash,
     * a SIGKILL) and their jobs would otherwise wait out the lease. A job taken back may run a
     * second time if its holder had in fact sent it; handlers are idempotent. Lease rows of
     * `once` are left alone (their turn is their run_at). The number taken back.
     */
    async takeBackLeases(): Promise<number> {
      const taken = await db.updateTable('jobs').set({ locked_until: null, locked_by: null }).where('status', '=', 'pending').where('kind', '!=', 'lease').where('locked_by', 'is not', null).where('locked_by', '!=', workerId).executeTakeFirst();
      const count = Number(taken.numUpdatedRows);
      if (count > 0) log.info('job.leases_taken_back', { jobs: count });
      return count;
    },
    /** Stops polling, lets the run in progress finish, and gives back any lease still held. */
    async stop(): Promise<void> {
      stopped = true;
      stopping.abort();
      if (timer) clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
      await db.updateTable('jobs').set({ locked_until: null, locked_by: null }).where('locked_by', '=', workerId).where('status', '=', 'pending').execute();
    },
  };
}
export type JobQueue = ReturnType<typeof createJobQueue>;
