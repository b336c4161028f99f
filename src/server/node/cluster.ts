import cluster, { type Worker } from 'node:cluster';
import { writeJsonLine } from '../json-line.ts';

/**
 * WORKERS=N (N > 1, PostgreSQL only): npm start runs N server processes on the one port with
 * node:cluster. Each worker is scripts/serve.mjs (configuration checked before it listens; SIGTERM
 * drains it). The primary only forks, forwards SIGTERM/SIGINT to every worker and waits for
 * them, and replaces a worker that dies after it was serving. A worker that cannot start (a bad
 * setting: its own JSON line says which) stops the whole start with its exit code.
 * Limits, locks and background jobs are shared through the database, so processes agree.
 */
const line = (level: 'info' | 'error', event: string, fields: Record<string, unknown> = {}) => writeJsonLine(level, event, fields, process.stdout);

/** Forks `count` workers running `serveFile`; resolves once every one is listening. */
export function runCluster(count: number, serveFile: string): Promise<void> {
  cluster.setupPrimary({ exec: serveFile });
  const alive = new Set<Worker>();
  const serving = new Set<number>();
  let stopping = false;
  let exitCode = 0;

  function stopAll(signal: NodeJS.Signals) {
    stopping = true;
    for (const worker of alive) worker.process.kill(signal);
    if (alive.size === 0) process.exit(exitCode);
  }

  function fork() {
    const worker = cluster.fork();
    alive.add(worker);
    return worker;
  }

  const ready = new Promise<void>((resolve) => {
    cluster.on('listening', (worker) => {
      serving.add(worker.id);
      if (serving.size >= count) resolve();
    });
  });

  cluster.on('exit', (worker, code, signal) => {
    alive.delete(worker);
    const wasServing = serving.delete(worker.id);
    if (stopping) {
      if (alive.size === 0) {
        line('info', 'cluster.stopped', { exit_code: exitCode });
        process.exit(exitCode);
      }
      return;
    }
    if (!wasServing) {
      // It never listened: its start failed (it said why). The whole start fails with it.
      exitCode = code || 1;
      line('error', 'cluster.start_failed', { pid: worker.process.pid, exit_code: exitCode });
      stopAll('SIGTERM');
      return;
    }
    line('error', 'cluster.worker_died', { pid: worker.process.pid, exit_code: code, signal });
    fork();
  });

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      line('info', 'cluster.stopping', { signal, workers: alive.size });
      stopAll('SIGTERM');
    });
  }

  line('info', 'cluster.starting', { workers: count, pid: process.pid });
  for (let i = 0; i < count; i += 1) fork();
  return ready;
}
