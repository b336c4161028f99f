// The built server's request wrapper and its stop, kept apart from serve.mjs so tests can drive them:
// a request id and one access line per request, and on SIGTERM a drain of the requests under way.
import { randomUUID } from 'node:crypto';

const wellFormedId = /^[A-Za-z0-9._:@+=-]{1,64}$/;

/** A trusted proxy's well-formed X-Request-Id is kept (so lines join across hops); otherwise a new one. */
export function requestIdFor(request, fromTrustedProxy) {
  const incoming = request.headers['x-request-id'];
  if (fromTrustedProxy && typeof incoming === 'string' && wellFormedId.test(incoming)) return incoming;
  return randomUUID();
}

/**
 * Wraps a Node request listener: the id goes out as `x-request-id`, and when the answer has gone
 * (or the client went away) one `http.request` line says method, path without its query, status,
 * duration and the id.
 */
export function withAccessLog(listener, { log, trustsPeer = () => false }) {
  return (request, response) => {
    const started = process.hrtime.bigint();
    const id = requestIdFor(request, trustsPeer(request.socket.remoteAddress ?? null));
    response.setHeader('x-request-id', id);
    response.once('close', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      log.info('http.request', {
        method: request.method,
        path: (request.url ?? '').split('?')[0].slice(0, 2048),
        status: response.statusCode,
        ms: Math.round(ms * 10) / 10,
        request_id: id,
        // Which process answered, when several serve one port (WORKERS).
        pid: process.pid,
        ...(response.writableFinished ? {} : { aborted: true }),
      });
    });
    return listener(request, response);
  };
}

/**
 * SIGTERM and SIGINT: stop accepting connections, let the requests under way finish (a request
 * arriving meanwhile on a kept-alive connection gets 503 and `connection: close`), cut whatever
 * is left after `graceMs`, then `close()` the app (jobs, database) and exit 0.
 */
/**
 * @param {import('node:http').Server} server
 * @param {{ graceMs?: number; log: { info: Function; warn: Function; error: Function }; closeApp: () => Promise<void>; exit?: (code: number) => void }} options
 */
export function gracefulStop(server, { graceMs = 10_000, log, closeApp, exit = (code) => process.exit(code) }) {
  let stopping = null;
  const inFlight = new Set();
  server.on('request', (request, response) => {
    inFlight.add(response);
    response.once('close', () => {
      inFlight.delete(response);
      if (stopping) server.closeIdleConnections();
    });
  });

  /** For the request listener: true once stopping, after answering 503 itself. */
  function refuseWhileStopping(request, response) {
    if (!stopping) return false;
    response.writeHead(503, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', connection: 'close', 'retry-after': '5' });
    response.end(JSON.stringify({ success: false, message: 'The server is restarting. Try again in a moment.', code: 'UNAVAILABLE' }));
    return true;
  }

  function stop(signal) {
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
