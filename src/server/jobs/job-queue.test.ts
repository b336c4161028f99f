import { expect, it } from 'vitest';
import { describeOnEngines } from '../testing/on-engines.ts';
import { enqueueJob } from './job-queue.ts';

const hung = Symbol('hung');
const within = <T>(promise: Promise<T>, ms: number) => Promise.race([promise, new Promise<typeof hung>((resolve) => setTimeout(() => resolve(hung), ms))]);

describeOnEngines('job queue: runs in one process', (t) => {
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
});
