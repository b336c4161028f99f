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
 * first purchase page does not wait for the aggregator. Returns a stop function.
 */
export function startBackgroundJobs(services: JobServices, options: { requeryIntervalMs: number }): () => void {
  const { log, payments, bills } = services;
  if (options.requeryIntervalMs <= 0) return () => {};
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    payments
      .requery()
      .catch((error: unknown) => log.error('requery_failed', { error: messageOf(error) }))
      .finally(() => (running = false));
  }, options.requeryIntervalMs);
  timer.unref();
  bills.catalogue().catch((error: unknown) => log.warn('bills.catalogue_failed', { error: messageOf(error) }));
  return () => clearInterval(timer);
}
