import { expect, it } from 'vitest';
import { describeOnEngines } from '../testing/on-engines.ts';
import { createJobQueue, enqueueJob, jobLeaseMs } from './job-queue.ts';
import { createLogger } from '../log.ts';

const hung = Symbol('hung');
const within = <T>(promise: Promise<T>, ms: number) => Promise.race([promise, new Promise<typeof hung>((resolve) => setTimeout(() => resolve(hung), ms))]);

describeOnEngines('job queue: runs in one process', (t) => {
  it('gives way to requests between batches: while they are under way, it waits so that its batches take its share of the time; the first batch never waits', async () => {
    const { jobs, db } = t().app;
    let ran = 0;
    jobs.register('test.backlog', async () => {
      ran += 1;
    });
    for (let n = 1; n <= 25; n += 1) await enqueueJob(db, t().clock, { kind: 'test.backlog', payload: { n } });
    let busy = true;
    let at = 0;
    const waits: number[] = [];
    // Each batch "takes" 2 ms by this clock (two readings: its start and its end).
    jobs.giveWay({ busy: () => busy, share: 0.25, now: () => (at += 2), wait: async (ms) => void waits.push(ms) });
    expect(await jobs.runDue()).toBe(25);
    expect(ran).toBe(25);
    // Three batches (10, 10, 5): a wait after each full one, none before the first, none after the
    // last (not full, so what was due is taken; its claim after finds none).
    expect(waits).toEqual([6, 6]);

    // No request under way: no wait at all, as before.
    for (let n = 26; n <= 45; n += 1) await enqueueJob(db, t().clock, { kind: 'test.backlog', payload: { n } });
    busy = false;
    waits.length = 0;
    expect(await jobs.runDue()).toBe(20);
    expect(waits).toEqual([]);

    // A wait is never longer than maxWaitMs, and a share outside (0, 1] is refused.
    for (let n = 46; n <= 60; n += 1) await enqueueJob(db, t().clock, { kind: 'test.backlog', payload: { n } });
    busy = true;
    jobs.giveWay({ busy: () => busy, share: 0.001, maxWaitMs: 250, now: () => (at += 2), wait: async (ms) => void waits.push(ms) });
    expect(await jobs.runDue()).toBe(15);
    expect(waits).toEqual([250]);
    expect(() => jobs.giveWay({ busy: () => true, share: 0 })).toThrow(RangeError);
    expect(() => jobs.giveWay({ busy: () => true, share: 1.5 })).toThrow(RangeError);
  });

  it('stops at once when stopped during a pause between batches, and gives back the leases it holds', async () => {
    const { jobs, db } = t().app;
    jobs.register('test.paused', async () => undefined);
    for (let n = 1; n <= 15; n += 1) await enqueueJob(db, t().clock, { kind: 'test.paused', payload: { n } });
    let at = 0;
    // A minute's pause after the first batch (the real timer).
    jobs.giveWay({ busy: () => true, share: 0.0001, maxWaitMs: 60_000, now: () => (at += 5_000) });
    const run = jobs.runDue();
    while ((await db.selectFrom('jobs').select('id').where('kind', '=', 'test.paused').where('status', '=', 'done').execute()).length < 10) await new Promise((resolve) => setTimeout(resolve, 10));
    const stoppedAt = Date.now();
    expect(await within(jobs.stop(), 5_000)).not.toBe(hung);
    expect(await within(run, 1_000)).toBe(10);
    expect(Date.now() - stoppedAt).toBeLessThan(5_000);
    const left = await db.selectFrom('jobs').select(['status', 'locked_by']).where('kind', '=', 'test.paused').where('status', '=', 'pending').execute();
    expect(left).toHaveLength(5);
    expect(left.every((row) => row.locked_by === null)).toBe(true);
  });

  it('calls that arrive during a run end with it (the poll and a nudge once kept each other running for ever)', async () => {
    const { jobs, db } = t().app;
    const ran: number[] = [];
    jobs.register('test.note', async (payload) => {
      ran.push((payload as { n: number }).n);
    });
    await enqueueJob(db, t().clock, { kind: 'test.note', payload: { n: 1 } });
    // Two callers at once, as the poll's tick and a nudge after a statement request are.
    const first = jobs.runDue();
    const second = jobs.runDue();
    await enqueueJob(db, t().clock, { kind: 'test.note', payload: { n: 2 } });
    const third = jobs.runDue();
    const answers = await within(Promise.all([first, second, third]), 5_000);
    expect(answers).not.toBe(hung);
    expect(ran.sort()).toEqual([1, 2]);
    // Nothing is left running: a later call starts and ends a run of its own.
    expect(await within(jobs.runDue(), 5_000)).toBe(0);
  });

  it('marks the jobs of a batch done together; a failed one is retried, one asking again is rescheduled', async () => {
    const { jobs, db } = t().app;
    const seen: number[] = [];
    jobs.register('test.batch', async (payload) => {
      const n = (payload as { n: number }).n;
      seen.push(n);
      if (n === 3) throw new Error('the mail server said no');
      if (n === 4) return { again: new Date(t().clock.now().getTime() + 60_000) };
      return undefined;
    });
    for (let n = 1; n <= 6; n += 1) await enqueueJob(db, t().clock, { kind: 'test.batch', payload: { n } });
    expect(await jobs.runDue()).toBe(6);
    expect(seen.sort()).toEqual([1, 2, 3, 4, 5, 6]);
    const rows = await db.selectFrom('jobs').select(['payload', 'status', 'locked_by', 'last_error', 'finished_at']).where('kind', '=', 'test.batch').execute();
    const byN = new Map(rows.map((row) => [(JSON.parse(row.payload) as { n: number }).n, row]));
    for (const n of [1, 2, 5, 6]) expect(byN.get(n)).toMatchObject({ status: 'done', locked_by: null, finished_at: expect.any(String) });
    expect(byN.get(3)).toMatchObject({ status: 'pending', locked_by: null, last_error: 'the mail server said no' });
    expect(byN.get(4)).toMatchObject({ status: 'pending', locked_by: null, finished_at: null });
    // Nothing done runs again.
    seen.length = 0;
    expect(await jobs.runDue()).toBe(0);
    expect(seen).toEqual([]);
  });

  it('a kind with loadBatch reads a claimed batch once and hands it to each job; a load that fails leaves the jobs to read for themselves', async () => {
    const { jobs, db } = t().app;
    const loads: number[][] = [];
    const seen: { n: number; batch: Map<number, string> | undefined }[] = [];
    let loadFails = false;
    jobs.register<Map<number, string>>(
      'test.loaded',
      async (payload, run) => {
        seen.push({ n: (payload as { n: number }).n, batch: run.batch });
      },
      {
        loadBatch: async (payloads) => {
          if (loadFails) throw new Error('the read failed');
          const ns = payloads.map((payload) => (payload as { n: number }).n);
          loads.push(ns);
          return new Map(ns.map((n) => [n, `row ${n}`]));
        },
      },
    );
    jobs.register('test.plain', async () => undefined);
    for (let n = 1; n <= 4; n += 1) await enqueueJob(db, t().clock, { kind: 'test.loaded', payload: { n } });
    await enqueueJob(db, t().clock, { kind: 'test.plain', payload: { n: 99 } });
    expect(await jobs.runDue()).toBe(5);
    // One read for the four jobs of the kind (the plain job is not given to it), and each job got it.
    expect(loads).toHaveLength(1);
    expect(loads[0]!.sort()).toEqual([1, 2, 3, 4]);
    expect(seen.map((job) => job.batch?.get(job.n)).sort()).toEqual(['row 1', 'row 2', 'row 3', 'row 4']);

    loadFails = true;
    seen.length = 0;
    await enqueueJob(db, t().clock, { kind: 'test.loaded', payload: { n: 5 } });
    expect(await jobs.runDue()).toBe(1);
    expect(seen).toEqual([{ n: 5, batch: undefined }]);
    const row = await db.selectFrom('jobs').select(['status']).where('kind', '=', 'test.loaded').where('payload', '=', JSON.stringify({ n: 5 })).executeTakeFirstOrThrow();
    expect(row.status).toBe('done');
  });

  it('a kind registered with a concurrency runs its jobs of a batch that many at a time; other kinds one at a time; a failure among them is retried alone', async () => {
    const { jobs, db } = t().app;
    let inFlight = 0;
    let most = 0;
    let plainInFlight = 0;
    let plainMost = 0;
    const released: (() => void)[] = [];
    const ran: number[] = [];
    // Each side-by-side job waits until three are waiting (or 300 ms), as alerts wait on a mail server.
    jobs.register(
      'test.wide',
      async (payload) => {
        const n = (payload as { n: number }).n;
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise<void>((resolve) => {
          released.push(resolve);
          if (released.length >= 3) released.splice(0).forEach((release) => release());
          setTimeout(resolve, 300);
        });
        inFlight -= 1;
        ran.push(n);
        if (n === 2) throw new Error('the mail server said no');
      },
      { concurrency: 3 },
    );
    jobs.register('test.narrow', async () => {
      plainInFlight += 1;
      plainMost = Math.max(plainMost, plainInFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      plainInFlight -= 1;
    });
    for (let n = 1; n <= 7; n += 1) await enqueueJob(db, t().clock, { kind: 'test.wide', payload: { n } });
    for (let n = 1; n <= 3; n += 1) await enqueueJob(db, t().clock, { kind: 'test.narrow', payload: { n } });
    expect(await jobs.runDue()).toBe(10);
    expect(most).toBe(3);
    expect(plainMost).toBe(1);
    expect(ran.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const rows = await db.selectFrom('jobs').select(['payload', 'status', 'last_error']).where('kind', 'in', ['test.wide', 'test.narrow']).execute();
    const failed = rows.filter((row) => row.status !== 'done');
    expect(failed).toEqual([{ payload: JSON.stringify({ n: 2 }), status: 'pending', last_error: 'the mail server said no' }]);
    expect(rows.filter((row) => row.status === 'done')).toHaveLength(9);
  });

  it('a job that runs longer than its lease keeps it by the heartbeat: no other worker takes it while it runs', async () => {
    const { db } = t().app;
    const { clock } = t();
    const log = createLogger('silent');
    const slow = createJobQueue({ db, clock, log, heartbeatMs: 20 });
    const other = createJobQueue({ db, clock, log });
    let release!: () => void;
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    let runs = 0;
    const handler = async () => {
      runs += 1;
      started();
      await new Promise<void>((resolve) => (release = resolve));
    };
    slow.register('test.slow', handler);
    other.register('test.slow', handler);
    await enqueueJob(db, clock, { kind: 'test.slow', payload: null });
    const run = slow.runDue();
    await running;
    // Three leases' worth of the clock, each step less than a lease, with the beat between them.
    for (let step = 0; step < 3; step += 1) {
      clock.advance(jobLeaseMs - 5_000);
      const renewedTo = new Date(clock.now().getTime() + jobLeaseMs - 1_000).toISOString();
      while (((await db.selectFrom('jobs').select('locked_until').where('kind', '=', 'test.slow').executeTakeFirstOrThrow()).locked_until ?? '') < renewedTo) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(await other.runDue()).toBe(0);
    }
    release();
    expect(await run).toBe(1);
    expect(runs).toBe(1);
    // Its beat has stopped with the batch: nothing renews a job that is done.
    expect((await db.selectFrom('jobs').select(['status', 'locked_until']).where('kind', '=', 'test.slow').executeTakeFirstOrThrow())).toEqual({ status: 'done', locked_until: null });
    await slow.stop();
    await other.stop();
  });

  it('a dead worker\'s lease is taken back at once by takeBackLeases (a server starting on the embedded database); lease rows of `once` are left alone', async () => {
    const { db } = t().app;
    const { clock } = t();
    const log = createLogger('silent');
    const dead = createJobQueue({ db, clock, log });
    const starting = createJobQueue({ db, clock, log });
    let sent = 0;
    dead.register('test.mail', () => new Promise(() => {}));
    starting.register('test.mail', async () => {
      sent += 1;
    });
    await enqueueJob(db, clock, { kind: 'test.mail', payload: null });
    void dead.runDue();
    while (!(await db.selectFrom('jobs').select('locked_by').where('kind', '=', 'test.mail').executeTakeFirstOrThrow()).locked_by) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await dead.once('test.turn', 60_000, async () => 'ran')).toBe('ran');
    // The lease holds against a worker that does not take it back.
    expect(await starting.runDue()).toBe(0);
    expect(await starting.takeBackLeases()).toBe(1);
    expect(await starting.runDue()).toBe(1);
    expect(sent).toBe(1);
    // The once-row's turn is untouched: the period has not passed.
    expect(await starting.once('test.turn', 60_000, async () => 'ran')).toBeNull();
    await starting.stop();
  });
});
