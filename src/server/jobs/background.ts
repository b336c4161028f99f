import type { Logger } from '../log.ts';

/** What the background jobs drive: the pending-payment re-query and the bill catalogue. */
type JobServices = {
  log: Logger;
  payments: { requery(): Promise<unknown> };
  bills: { catalogue(): Promise<unknown> };
};

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The server process's timers (tests and CLIs start none). Pending interbank transfers and bill
 * purchases are re-queried on one timer, one run at a time; the bill catalogue is warmed so the
 * first purchase page does not wait for the aggregator. Returns a stop function: no new run
 * starts, and its promise settles when the run under way (if any) has finished, so the
 * database can be closed after it.
 */
export function startBackgroundJobs(services: JobServices, options: { requeryIntervalMs: number }): () => Promise<void> {
  const { log, payments, bills } = services;
  if (options.requeryIntervalMs <= 0) return async () => {};
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = payments
      .requery()
      .then(
        () => undefined,
        (error: unknown) => log.error('requery_failed', { error: messageOf(error) }),
      )
      .finally(() => (running = null));
  }, options.requeryIntervalMs);
  timer.unref();
  bills.catalogue().catch((error: unknown) => log.warn('bills.catalogue_failed', { error: messageOf(error) }));
  return async () => {
    clearInterval(timer);
    await running;
  };
}
