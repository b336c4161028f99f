import { randomUUID } from 'node:crypto';
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import type { Logger } from '../log.ts';

/**
 * The Node server's request wrapper, its admission of requests and its stop, kept apart from
 * the server's start (main.ts) so tests can drive them: a request id and one access line per
 * request; a bounded queue of requests in turns of the event loop; on SIGTERM a drain of the
 * requests under way.
 */
type Listener = (request: IncomingMessage, response: ServerResponse) => unknown;

const wellFormedId = /^[A-Za-z0-9._:@+=-]{1,64}$/;

/** A trusted proxy's well-formed X-Request-Id is kept (so lines join across hops); otherwise a new one. */
export function requestIdFor(request: Pick<IncomingMessage, 'headers'>, fromTrustedProxy: boolean): string {
  const incoming = request.headers['x-request-id'];
  if (fromTrustedProxy && typeof incoming === 'string' && wellFormedId.test(incoming)) return incoming;
  return randomUUID();
}

/**
 * Wraps a Node request listener: the id goes out as `x-request-id`, and when the answer has gone
 * (or the client went away) one `http.request` line says method, path without its query, status,
 * duration and the id.
 */
export function withAccessLog(listener: Listener, { log, trustsPeer = () => false }: { log: Pick<Logger, 'info'>; trustsPeer?: (address: string | null) => boolean }): RequestListener {
  return (request, response) => {
    const started = process.hrtime.bigint();
    const id = requestIdFor(request, trustsPeer(request.socket.remoteAddress ?? null));
    response.setHeader('x-request-id', id);
    response.once('close', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      log.info('http.request', {
        method: request.method,
        path: (request.url ?? '').split('?')[0]!.slice(0, 2048),
        status: response.statusCode,
        ms: Math.round(ms * 10) / 10,
        request_id: id,
        // Which process answered, when several serve one port (WORKERS).
        pid: process.pid,
        ...(response.writableFinished ? {} : { aborted: true }),
      });
    });
    void listener(request, response);
  };
}

export type GracefulStop = {
  /** Starts the stop once (later calls get the same promise). */
  stop(signal: string): Promise<void>;
  /** For the request listener: true once stopping, after answering 503 itself. */
  refuseWhileStopping(request: IncomingMessage, response: ServerResponse): boolean;
};

/**
 * SIGTERM and SIGINT: stop accepting connections, let the requests under way finish (a request
 * arriving meanwhile on a kept-alive connection gets 503 and `connection: close`), cut whatever
 * is left after `graceMs`, then `close()` the app (jobs, database) and exit 0.
 */
export function gracefulStop(
  server: Server,
  { graceMs = 10_000, log, closeApp, exit = (code) => process.exit(code) }: { graceMs?: number; log: Pick<Logger, 'info' | 'warn' | 'error'>; closeApp: () => Promise<void>; exit?: (code: number) => void },
): GracefulStop {
  let stopping: Promise<void> | null = null;
  const inFlight = new Set<ServerResponse>();
  server.on('request', (_request: IncomingMessage, response: ServerResponse) => {
    inFlight.add(response);
    response.once('close', () => {
      inFlight.delete(response);
      if (stopping) server.closeIdleConnections();
    });
  });

  function refuseWhileStopping(_request: IncomingMessage, response: ServerResponse): boolean {
    if (!stopping) return false;
    response.writeHead(503, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', connection: 'close', 'retry-after': '5' });
    response.end(JSON.stringify({ success: false, message: 'The server is restarting. Try again in a moment.', code: 'UNAVAILABLE' }));
    return true;
  }

  function stop(signal: string): Promise<void> {
    stopping ??= (async () => {
      log.info('server.stopping', { signal, in_flight: inFlight.size, grace_ms: graceMs });
      // The answers under way close their connection when sent, so no client reuses a closing socket.
      for (const response of inFlight) if (!response.headersSent) response.setHeader('connection', 'close');
      const closed = new Promise((resolve) => server.close(resolve));
      server.closeIdleConnections();
      const timer = setTimeout(() => {
        log.warn('server.drain_timeout', { in_flight: inFlight.size });
        server.closeAllConnections();
      }, graceMs);
      await closed;
      clearTimeout(timer);
      try {
        await closeApp();
        log.info('server.stopped', { signal });
        exit(0);
      } catch (error) {
        log.error('server.stop_failed', { error: error instanceof Error ? error.message : String(error) });
        exit(1);
      }
    })();
    return stopping;
  }

  return { stop, refuseWhileStopping };
}

export type AdmissionOptions = {
  concurrency: number;
  queueLength: number;
  maxWaitMs: number;
  sliceMs?: number;
  retryAfterSeconds?: number;
  exempt?: (request: IncomingMessage) => boolean;
  log?: Pick<Logger, 'warn'>;
  schedule?: (fn: () => void, ms: number) => unknown;
  cancel?: (timer: unknown) => void;
  now?: () => number;
  defer?: (fn: () => void) => unknown;
};

export type AdmissionGate = {
  /** Wraps a Node request listener. */
  wrap(listener: Listener): Listener;
  stats(): { active: number; waiting: number; refused: number };
};

type Waiting = { request: IncomingMessage; response: ServerResponse; run: () => void; timer: unknown; done: boolean };

/**
 * Admission: at most `concurrency` requests are served at once; the rest wait in one first-come,
 * first-served queue of at most `queueLength`. A request that finds the queue full, or waits
 * longer than `maxWaitMs` without a turn, is answered 503 with `Retry-After` (the JSON envelope
 * under /api/, a short page elsewhere) instead of hanging: under overload every answer stays
 * bounded, and one burst cannot starve the requests that came before it. Requests for which
 * `exempt(request)` holds (health checks) skip the queue. A client that goes away while waiting
 * leaves the queue.
 *
 * Turns (`sliceMs`): requests start during at most `sliceMs` of one turn of the event
 * loop; a request arriving after that waits in the same queue, and the queue is served again on
 * the next turn (setImmediate), after Node has read the sockets once more. Without it, a turn
 * started every request its poll had read, one after another (a server-rendered page runs to
 * its end without yielding on SQLite): at 16 connections that was ~16 renders a turn, and a
 * request that arrived just after the poll waited for that turn and then for its place in the
 * next one, about two turns in all, while the rest waited about one. With a slice, arrivals
 * queue in the order they were read and each waits about one queue's length. Measured on
 * /dashboard at 16 connections (SQLite, 2 ms, 17 alternating pairs of runs): p99 60–96 → 35–69
 * ms and 333–557 → 520–808 req/s. The server also spent less CPU a request (2.2–3.4 → 1.6–2.4
 * ms, its kernel time halved); why is not established, and a slice of 0 (one start a turn) got
 * neither gain. PostgreSQL's default is no slice (config.ts admission). The exempt requests never
 * wait for a turn. `now`, `defer`, `schedule` and `cancel` are for tests.
 */
export function admissionGate({
  concurrency,
  queueLength,
  maxWaitMs,
  sliceMs = Infinity,
  retryAfterSeconds = 1,
  exempt = () => false,
  log,
  schedule = setTimeout,
  cancel = (timer) => clearTimeout(timer as NodeJS.Timeout),
  now = () => performance.now(),
  defer = setImmediate,
}: AdmissionOptions): AdmissionGate {
  let active = 0;
  /** When the first request of this turn started (null: none yet), and whether the next turn is scheduled. */
  let turnStartedAt: number | null = null;
  let nextTurnScheduled = false;
  const sliceOpen = () => turnStartedAt === null || now() - turnStartedAt < sliceMs;
  /** The next turn of the event loop: a new slice, and the queue served from its head. */
  function scheduleNextTurn() {
    if (nextTurnScheduled) return;
    nextTurnScheduled = true;
    defer(() => {
      nextTurnScheduled = false;
      turnStartedAt = null;
      next();
    });
  }
  const waiting: Waiting[] = [];
  let refused = 0;

  function refuse(request: IncomingMessage, response: ServerResponse, reason: string) {
    refused += 1;
    // A warn line for the first refusal and every 100th after: an overload must not become a flood of log lines.
    if (log && refused % 100 === 1) log.warn('http.overloaded', { reason, active, waiting: waiting.length, refused });
    if (response.headersSent || response.writableEnded) return;
    const api = (request.url ?? '').startsWith('/api/');
    const headers = { 'cache-control': 'no-store', 'retry-after': String(retryAfterSeconds) };
    if (api) {
      response.writeHead(503, { ...headers, 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify({ success: false, message: 'The bank is busy. Nothing was done; try again in a moment.', code: 'UNAVAILABLE' }));
    } else {
      response.writeHead(503, { ...headers, 'content-type': 'text/html; charset=utf-8' });
      response.end(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Busy — try again</title></head>' +
          '<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem"><h1>We are busy right now</h1>' +
          '<p>Nothing was done. Please try again in a moment.</p><p><a href="" style="display:inline-block;padding:0.75rem 0">Try again</a></p></body></html>',
      );
    }
  }

  function admit(entry: Waiting) {
    active += 1;
    if (sliceMs !== Infinity) {
      turnStartedAt ??= now();
      scheduleNextTurn();
    }
    entry.response.once('close', () => {
      active -= 1;
      next();
    });
    entry.run();
  }

  function next() {
    while (active < concurrency && waiting.length > 0 && sliceOpen()) {
      const entry = waiting.shift()!;
      if (entry.done) continue;
      entry.done = true;
      cancel(entry.timer);
      admit(entry);
    }
    if (waiting.length > 0 && active < concurrency) scheduleNextTurn();
  }

  function wrap(listener: Listener): Listener {
    return (request, response) => {
      const run = () => void listener(request, response);
      if (exempt(request)) return run();
      const entry: Waiting = { request, response, run, timer: null, done: false };
      if (active < concurrency && waiting.length === 0 && sliceOpen()) {
        entry.done = true;
        return admit(entry);
      }
      // Full when the places and the queue are: a request waiting only for the next turn, with a
      // place free, is not refused for it (with REQUEST_QUEUE_LENGTH=0 too).
      if (active + waiting.length >= concurrency + queueLength) return refuse(request, response, 'queue_full');
      entry.timer = schedule(() => {
        if (entry.done) return;
        entry.done = true;
        remove(entry);
        refuse(request, response, 'waited_too_long');
      }, maxWaitMs);
      waiting.push(entry);
      if (active < concurrency) scheduleNextTurn();
      // The client gave up while waiting: its place goes to the next one.
      response.once('close', () => {
        if (entry.done) return;
        entry.done = true;
        cancel(entry.timer);
        remove(entry);
      });
    };
  }

  function remove(entry: Waiting) {
    const at = waiting.indexOf(entry);
    if (at >= 0) waiting.splice(at, 1);
  }

  return { wrap, stats: () => ({ active, waiting: waiting.length, refused }) };
}
