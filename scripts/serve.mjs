// Serves the built app: the files of dist/client (found once, at start) from disk, hashed client
// assets as brotli or gzip when they have a precompressed copy (scripts/precompress.mjs; on slow
// mobile data that turns ~325 kB of island JavaScript into ~90 kB on the wire), and everything
// else through Astro's handler (the adapter in middleware mode: it never looks at the disk, where
// its standalone handler stat()ed dist/client for every page).
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
import { isUndecodable, undecodableApiAnswer } from './undecodable-url.mjs';
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
// The admission gate below is made from what the start answers; until then no request is under
// way. The job worker asks it between batches and gives way to requests while there are any.
let requestsUnderWay = () => 0;
let started;
try {
  started = await serverProcess.start({ requestsUnderWay: () => requestsUnderWay() });
} catch (error) {
  failStart(serverProcess.problems(error));
}
const { log } = started;

const types = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};
const encodings = [
  ['br', '.br'],
  ['gzip', '.gz'],
];

/** dist/client's files by URL path (what the build made; nothing is added while serving). */
const staticFiles = new Map();
(function collect(dir, prefix) {
  if (!fs.existsSync(dir)) return;
  for (const item of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, item.name);
    if (item.isDirectory()) collect(file, `${prefix}${item.name}/`);
    else if (!item.name.endsWith('.br') && !item.name.endsWith('.gz')) {
      const stat = fs.statSync(file);
      const compressed = encodings.filter(([, suffix]) => fs.existsSync(file + suffix)).map(([encoding, suffix]) => ({ encoding, file: file + suffix, size: fs.statSync(file + suffix).size }));
      staticFiles.set(`${prefix}${item.name}`, { file, size: stat.size, etag: `W/"${stat.size.toString(16)}-${stat.mtimeMs.toString(16)}"`, lastModified: stat.mtime.toUTCString(), type: types[path.extname(item.name)] ?? 'application/octet-stream', compressed });
    }
  }
})(clientDir, '/');

/** A GET or HEAD of one of dist/client's files: sent from disk (304 when the browser has it), else false. */
function serveStatic(request, response) {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const url = request.url ?? '';
  const query = url.indexOf('?');
  const entry = staticFiles.get(query >= 0 ? url.slice(0, query) : url);
  if (!entry && url.startsWith('/_astro/')) {
    // Every asset the build made is in the map: another one is a plain 404 (the app's 404 page would cost a render).
    response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' });
    response.end(request.method === 'HEAD' ? undefined : 'Not found.');
    return true;
  }
  if (!entry) return false;
  const immutable = url.startsWith('/_astro/');
  const headers = { 'content-type': entry.type, 'x-content-type-options': 'nosniff', 'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=0', etag: entry.etag, 'last-modified': entry.lastModified };
  // The same URL has compressed copies, so caches must key it on Accept-Encoding either way.
  if (entry.compressed.length > 0) headers.vary = 'accept-encoding';
  if (request.headers['if-none-match'] === entry.etag) {
    response.writeHead(304, headers);
    response.end();
    return true;
  }
  const accepted = String(request.headers['accept-encoding'] ?? '');
  const copy = entry.compressed.find(({ encoding }) => new RegExp(`(^|[\\s,])${encoding}($|[\\s,;])`).test(accepted));
  response.writeHead(200, { ...headers, 'content-length': copy ? copy.size : entry.size, ...(copy ? { 'content-encoding': copy.encoding } : {}) });
  if (request.method === 'HEAD') response.end();
  else fs.createReadStream(copy ? copy.file : entry.file).pipe(response);
  return true;
}

/** The guest page cache (null when GUEST_PAGE_CACHE=false, or a build from before it). */
const pageCache = started.pageCache ?? null;

let lifecycle;
// At most MAX_CONCURRENT_REQUESTS at once, the rest first come, first served for up to
// REQUEST_QUEUE_WAIT_MS, then 503 with Retry-After; requests start for at most REQUEST_SLICE_MS of
// a turn of the event loop (2 on SQLite unless set), later arrivals on the next turn, in order;
// the health checks and the static assets never wait.
if (!started.admission) failStart([{ variable: 'dist', reason: 'the build predates the admission settings (MAX_CONCURRENT_REQUESTS); rebuild with npm run build' }]);
const gate = admissionGate({
  ...started.admission,
  sliceMs: started.admission.sliceMs ?? Infinity,
  log,
  exempt: (request) => {
    const url = request.url ?? '';
    return url.startsWith('/api/health') || url.startsWith('/_astro/') || url === '/favicon.svg';
  },
});
requestsUnderWay = () => {
  const { active, waiting } = gate.stats();
  return active + waiting;
};
export const server = http.createServer(withAccessLog(gate.wrap((request, response) => {
  if (lifecycle.refuseWhileStopping(request, response)) return;
  const undecodable = undecodableApiAnswer(request.url ?? '');
  if (undecodable) {
    response.writeHead(undecodable.status, undecodable.headers);
    return response.end(undecodable.body);
  }
  if (serveStatic(request, response)) return;
  // As the adapter's standalone handler did: a request line it cannot percent-decode is refused.
  if (isUndecodable(request.url ?? '')) {
    response.writeHead(400);
    return response.end('Bad request.');
  }
  // Guest pages (/login, /register, /password/forgot, /terms, /privacy) are filled in from a kept
  // template, with this browser's own form token, when a guest asked for the same page in the same
  // language before (src/server/http/page-cache.ts; GUEST_PAGE_CACHE=false turns it off). Here, not
  // in the middleware: a hit skips Astro altogether (the request and response conversions,
  // routing, cookies, the render and its CSP hashing), which is most of what /login cost, while it
  // stays inside the access log, the admission gate and the stop's refusal above. What the
  // middleware adds (security headers, no-store, the CSP) is in the kept headers, which are only
  // kept when the middleware names the same key after the render.
  if (pageCache) return pageCache.handle(request, response, (locals) => handler(request, response, undefined, locals));
  return handler(request, response);
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
