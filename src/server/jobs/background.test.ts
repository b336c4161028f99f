import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../log.ts';
import { startBackgroundJobs } from './background.ts';

describe('the background jobs', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  function services(requery: () => Promise<unknown>) {
    const lines: string[] = [];
    const catalogue = vi.fn(async () => []);
    return { lines, catalogue, services: { log: createLogger('debug', (line) => lines.push(line)), payments: { requery: vi.fn(requery) }, bills: { catalogue } } };
  }

  it('re-queries on the interval, never two runs at once, and stops when told', async () => {
    vi.useFakeTimers();
    let finish: () => void = () => {};
    const { services: jobServices, catalogue } = services(() => new Promise<void>((resolve) => (finish = resolve)));
    const stop = startBackgroundJobs(jobServices, { requeryIntervalMs: 1_000 });
    expect(catalogue).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(3_500);
    expect(jobServices.payments.requery).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(jobServices.payments.requery).toHaveBeenCalledTimes(2);
    // Stopping waits for the run under way, which ends with finish().
    const stopped = stop();
    finish();
    await stopped;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(jobServices.payments.requery).toHaveBeenCalledTimes(2);
  });

  it("stop waits for the run under way before it settles (SIGTERM closes the database after it)", async () => {
    vi.useFakeTimers();
    let finish: () => void = () => {};
    const { services: jobServices } = services(() => new Promise<void>((resolve) => (finish = resolve)));
    const stop = startBackgroundJobs(jobServices, { requeryIntervalMs: 1_000 });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(jobServices.payments.requery).toHaveBeenCalledTimes(1);
    let stopped = false;
    const stopping = stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(stopped).toBe(true);
    expect(jobServices.payments.requery).toHaveBeenCalledTimes(1);
  });

  it('logs a failed run and keeps going', async () => {
    vi.useFakeTimers();
    const { services: jobServices, lines } = services(async () => {
      throw new Error('switch down');
    });
    const stop = startBackgroundJobs(jobServices, { requeryIntervalMs: 1_000 });
    await vi.advanceTimersByTimeAsync(2_000);
    await stop();
    expect(jobServices.payments.requery).toHaveBeenCalledTimes(2);
    expect(lines.filter((line) => line.includes('requery_failed') && line.includes('switch down'))).toHaveLength(2);
  });

  it('starts nothing when the interval is 0', async () => {
    vi.useFakeTimers();
    const { services: jobServices, catalogue } = services(async () => {});
    startBackgroundJobs(jobServices, { requeryIntervalMs: 0 });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(jobServices.payments.requery).not.toHaveBeenCalled();
    expect(catalogue).not.toHaveBeenCalled();
  });
});
