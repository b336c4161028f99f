// Serves the built app: Astro's handler for everything, except hashed client assets that have
// a precompressed copy (scripts/precompress.mjs), which go out as brotli or gzip. On slow mobile
// data that turns ~325 kB of island JavaScript into ~90 kB on the wire.
// Start: the configuration is parsed and the database opened and migrated before it listens;
// a bad setting exits 1 with one JSON line naming the variable. Every line it writes is JSON,
// with one access line per request. SIGTERM/SIGINT drain the requests under way (10 s at most),
// stop the background jobs, close the database and exit 0.
import './node-version.mjs';
import './malloc-env.mjs';
import './load-env.mjs';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { undecodableApiAnswer } from './undecodable-url.mjs';
import { installJsonConsole } from './json-console.mjs';
import { admissionGate, gracefulStop, withAccessLog } from './http-lifecycle.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const clientDir = path.join(root, 'dist/client');
process.env.ASTRO_NODE_AUTOSTART = 'disabled';
// React renders with its development build (about half the speed) unless told otherwise.
process.env.NODE_ENV ??= 'production';
installJsonConsole();
// A crash is a JSON line too (then exit 1, as Node would).
process.on('uncaughtException', (error) => {
  const stack = error instanceof Error ? error.stack?.split('\n').slice(0, 8).join(' | ') : undefined;
  process.stderr.write(JSON.stringify({ time: new Date().toISOString(), level: 'error', event: 'process.crashed', error: error instanceof Error ? error.message : String(error), stack }) + '\n');
  process.exit(1);
});

/** One JSON line saying why the server cannot start, and exit 1 (never a secret's value: server-process.ts redacts). */
function failStart(problems) {
  const [first, ...more] = problems;
  const line = { time: new Date().toISOString(), level: 'error', event: 'startup.failed', variable: first.variable, reason: first.reason };
  process.stderr.write(JSON.stringify(more.length > 0 ? { ...line, more } : line) + '\n');
  process.exit(1);
}

const entry = path.join(root, 'dist/server/entry.mjs');
let handler;
try {
  ({ handler } = await import(pathToFileURL(entry).href));
  // The app lives in Astro's middleware bundle, which registers its start and stop
  // (src/server/server-process.ts) when it loads; the entry names that bundle.
  const middlewareFile = /middleware: \(\) => import\("\.\/([^"]+)"\)/.exec(fs.readFileSync(entry, 'utf8'))?.[1] ?? 'virtual_astro_middleware.mjs';
  await import(pathToFileURL(path.join(root, 'dist/server', middlewareFile)).href);
} catch (error) {
  failStart([{ variable: 'dist', reason: `the built app could not be loaded (${error instanceof Error ? error.message : String(error)}); build it with npm run build` }]);
}
const serverProcess = globalThis[Symbol.for('harmattan-bank.server-process')];
if (!serverProcess) failStart([{ variable: 'dist', reason: 'the build does not register the server start (src/server/server-process.ts); rebuild with npm run build' }]);
let started;
try {
  started = await serverProcess.start();
} catch (error) {
  failStart(serverProcess.problems(error));
}
const { log } = started;

const types = { '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.svg': 'image/svg+xml', '.json': 'application/json' };
const encodings = [
  ['br', '.br'],
  ['gzip', '.gz'],
];

function precompressed(request) {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  const pathname = (request.url ?? '').split('?')[0];
  const type = types[path.extname(pathname)];
  if (!pathname.startsWith('/_astro/') || !type) return null;
  const accepted = String(request.headers['accept-encoding'] ?? '');
  for (const [encoding, suffix] of encodings) {
    if (!new RegExp(`(^|[\\s,])${encoding}($|[\\s,;])`).test(accepted)) continue;
    const file = path.join(clientDir, path.posix.normalize(pathname)) + suffix;
    if (!file.startsWith(clientDir + path.sep)) return null;
    try {
      return { file, encoding, type, size: fs.statSync(file).size };
    } catch {
      // no compressed copy of this one
    }
  }
  return null;
}

let lifecycle;
// At most MAX_CONCURRENT_REQUESTS at once, the rest first come, first served for up to
// REQUEST_QUEUE_WAIT_MS, then 503 with Retry-After; the health checks and the static assets never wait.
if (!started.admission) failStart([{ variable: 'dist', reason: 'the build predates the admission settings (MAX_CONCURRENT_REQUESTS); rebuild with npm run build' }]);
const gate = admissionGate({
  ...started.admission,
  log,
  exempt: (request) => {
    const url = request.url ?? '';
    return url.startsWith('/api/health') || url.startsWith('/_astro/') || url === '/favicon.svg';
  },
});
export const server = http.createServer(withAccessLog(gate.wrap((request, response) => {
  if (lifecycle.refuseWhileStopping(request, response)) return;
  const undecodable = undecodableApiAnswer(request.url ?? '');
  if (undecodable) {
    response.writeHead(undecodable.status, undecodable.headers);
    return response.end(undecodable.body);
  }
  const asset = precompressed(request);
  if (!asset) {
    // The same URL has compressed copies, so caches must key it on Accept-Encoding either way.
    if ((request.url ?? '').startsWith('/_astro/')) response.setHeader('vary', 'accept-encoding');
    return handler(request, response);
  }
  response.writeHead(200, {
    'content-type': asset.type,
    'content-encoding': asset.encoding,
    'content-length': asset.size,
    'cache-control': 'public, max-age=31536000, immutable',
    vary: 'accept-encoding',
    'x-content-type-options': 'nosniff',
  });
  if (request.method === 'HEAD') return response.end();
  fs.createReadStream(asset.file).pipe(response);
}), { log, trustsPeer: started.trustsPeer }));
lifecycle = gracefulStop(server, { graceMs: 10_000, log, closeApp: () => serverProcess.close() });

// HOST and PORT as the configuration parsed them (a bad PORT has already stopped the start).
const { host, port } = started;
server.requestTimeout = 30_000;
server.headersTimeout = 15_000;
await new Promise((resolve) => {
  server.once('error', (error) => failStart([{ variable: error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND' ? 'HOST' : 'PORT', reason: `cannot listen on ${host}:${port}: ${error.code ?? error.message}` }]));
  server.listen(port, host, resolve);
});
log.info('server.listening', { url: `http://${host}:${port}`, version: started.version, pid: process.pid });
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => lifecycle.stop(signal));
