import fs from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { writeJsonLine } from '../json-line.ts';
import { serverProcessKey } from '../server-process-key.ts';
import type { ServerProcess, StartupProblem } from '../server-process.ts';
import { installJsonConsole, reportCrashes } from './console.ts';
import { admissionGate, gracefulStop, withAccessLog, type GracefulStop } from './lifecycle.ts';
import { staticFiles } from './static-files.ts';
import { isUndecodable, undecodableApiAnswer } from './undecodable-url.ts';

/**
 * The Node server: one process serving the built app. The files of dist/client through sirv
 * (static-files.ts: precompressed copies, ETags, immutable hashed assets), the guest pages from
 * their kept templates (http/page-cache.ts), everything else through Astro's handler (the node
 * adapter in middleware mode: it never looks at the disk).
 *
 * Start: the configuration is parsed and the database opened and migrated before it listens; a
 * bad setting exits 1 with one JSON line naming the variable. Every line it writes is JSON, with
 * one access line per request. SIGTERM/SIGINT drain the requests under way (10 s at most), stop
 * the background jobs, close the database and exit 0.
 *
 * This file and the rest of node/ are compiled by the build (scripts/build-node-server.mjs) into
 * dist/server/node/, beside Astro's bundle and apart from it: they import the app only as types,
 * and reach it through the bundle's registration (server-process.ts), so the app is loaded once.
 */
type AstroHandler = (request: IncomingMessage, response: ServerResponse, next?: (error?: unknown) => void, locals?: object) => Promise<void>;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** One JSON line saying why the server cannot start, and exit 1 (never a secret's value: server-process.ts redacts). */
export function failStart(problems: readonly StartupProblem[]): never {
  const [first, ...more] = problems;
  writeJsonLine('error', 'startup.failed', { variable: first?.variable ?? 'unknown', reason: first?.reason ?? 'the server could not start', ...(more.length > 0 ? { more } : {}) });
  process.exit(1);
}

/** Astro's request handler and the app's start and stop, from the build in dist/server. */
export async function loadBuiltApp(): Promise<{ handler: AstroHandler; serverProcess: ServerProcess }> {
  const entry = path.join(root, 'dist/server/entry.mjs');
  let handler: AstroHandler;
  try {
    ({ handler } = (await import(pathToFileURL(entry).href)) as { handler: AstroHandler });
    // The app lives in Astro's middleware bundle, which registers its start and stop
    // (server-process.ts) when it loads; the entry names that bundle.
    const middlewareFile = /middleware: \(\) => import\("\.\/([^"]+)"\)/.exec(fs.readFileSync(entry, 'utf8'))?.[1] ?? 'virtual_astro_middleware.mjs';
    await import(pathToFileURL(path.join(root, 'dist/server', middlewareFile)).href);
  } catch (error) {
    failStart([{ variable: 'dist', reason: `the built app could not be loaded (${error instanceof Error ? error.message : String(error)}); build it with npm run build` }]);
  }
  const serverProcess = (globalThis as Record<symbol, ServerProcess | undefined>)[serverProcessKey];
  if (!serverProcess) failStart([{ variable: 'dist', reason: 'the build does not register the server start (src/server/server-process.ts); rebuild with npm run build' }]);
  return { handler, serverProcess };
}

/** Health checks and the static assets are never held in the admission queue. */
const exemptFromAdmission = (request: IncomingMessage) => {
  const url = request.url ?? '';
  return url.startsWith('/api/health') || url.startsWith('/_astro/') || url === '/favicon.svg';
};

/** Starts the app and listens on HOST:PORT; resolves with the listening server. */
export async function serve(): Promise<http.Server> {
  // React renders with its development build (about half the speed) unless told otherwise.
  process.env.NODE_ENV ??= 'production';
  process.env.ASTRO_NODE_AUTOSTART = 'disabled';
  installJsonConsole();
  reportCrashes();
  const { handler, serverProcess } = await loadBuiltApp();

  // The admission gate below is made from what the start answers; until then no request is under
  // way. The job worker asks it between batches and gives way to requests while there are any.
  let requestsUnderWay = () => 0;
  let started: Awaited<ReturnType<ServerProcess['start']>>;
  try {
    started = await serverProcess.start({ requestsUnderWay: () => requestsUnderWay() });
  } catch (error) {
    failStart(serverProcess.problems(error));
  }
  const { log, pageCache } = started;
  const assets = staticFiles(path.join(root, 'dist/client'));

  // At most MAX_CONCURRENT_REQUESTS at once, the rest first come, first served for up to
  // REQUEST_QUEUE_WAIT_MS, then 503 with Retry-After; requests start for at most REQUEST_SLICE_MS of
  // a turn of the event loop (2 on SQLite unless set), later arrivals on the next turn, in order.
  const gate = admissionGate({ ...started.admission, sliceMs: started.admission.sliceMs ?? Infinity, log, exempt: exemptFromAdmission });
  requestsUnderWay = () => {
    const { active, waiting } = gate.stats();
    return active + waiting;
  };

  let lifecycle: GracefulStop | null = null;
  // With OPS_PORT the back office has a listener of its own (decision 029): the same handler, told
  // through `locals.listener` which side it is on, so the middleware serves /ops there and only there.
  const opsLocals = { listener: 'ops' as const };
  const onRequest = (side: 'public' | 'ops') =>
    withAccessLog(
      gate.wrap((request, response) => {
        if ((side === 'ops' ? opsLifecycle : lifecycle)?.refuseWhileStopping(request, response)) return;
        const undecodable = undecodableApiAnswer(request.url ?? '');
        if (undecodable) {
          response.writeHead(undecodable.status, undecodable.headers);
          return response.end(undecodable.body);
        }
        if (assets.serve(request, response)) return;
        // As the adapter's standalone handler did: a request line it cannot percent-decode is refused.
        if (isUndecodable(request.url ?? '')) {
          response.writeHead(400);
          return response.end('Bad request.');
        }
        // Guest pages (/login, /register, /password/forgot, /terms, /privacy) are filled in from a kept
        // template, with this browser's own form token, when a guest asked for the same page in the same
        // language before (GUEST_PAGE_CACHE=false turns it off). Here, not in the middleware: a hit skips
        // Astro altogether (the request and response conversions, routing, cookies, the render and its
        // CSP hashing), which is most of what /login cost, while it stays inside the access log, the
        // admission gate and the stop's refusal above. What the middleware adds (security headers,
        // no-store, the CSP) is in the kept headers, which the middleware records for the cache.
        if (side === 'ops') return handler(request, response, undefined, opsLocals);
        if (pageCache) return pageCache.handle(request, response, (locals) => handler(request, response, undefined, locals));
        return handler(request, response);
      }),
      { log, trustsPeer: started.trustsPeer },
    );
  const server = http.createServer(onRequest('public'));
  const opsServer = started.ops ? http.createServer(onRequest('ops')) : null;
  // The back office's listener drains with the public one; the app closes once both have.
  const opsLifecycle = opsServer ? gracefulStop(opsServer, { graceMs: 10_000, log, closeApp: async () => {}, exit: () => {} }) : null;
  lifecycle = gracefulStop(server, {
    graceMs: 10_000,
    log,
    closeApp: async () => {
      await opsLifecycle?.stop('server.stopping');
      await serverProcess.close();
    },
  });

  // HOST and PORT (and OPS_HOST, OPS_PORT) as the configuration parsed them (a bad PORT has already stopped the start).
  await listen(server, started.host, started.port, { host: 'HOST', port: 'PORT' });
  log.info('server.listening', { url: `http://${started.host}:${started.port}`, version: started.version, pid: process.pid });
  if (opsServer && started.ops) {
    await listen(opsServer, started.ops.host, started.ops.port, { host: 'OPS_HOST', port: 'OPS_PORT' });
    log.info('server.listening', { url: `http://${started.ops.host}:${started.ops.port}`, side: 'ops', pid: process.pid });
  }
  const stopping = lifecycle;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void opsLifecycle?.stop(signal);
      void stopping.stop(signal);
    });
  }
  return server;
}

async function listen(server: http.Server, host: string, port: number, names: { host: string; port: string }): Promise<void> {
  server.requestTimeout = 30_000;
  server.headersTimeout = 15_000;
  await new Promise<void>((resolve) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      failStart([{ variable: error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND' ? names.host : names.port, reason: `cannot listen on ${host}:${port}: ${error.code ?? error.message}` }]),
    );
    server.listen(port, host, resolve);
  });
}
