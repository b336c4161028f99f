// Serves the built app: Astro's handler for everything, except hashed client assets that have
// a precompressed copy (scripts/precompress.mjs), which go out as brotli or gzip. On slow mobile
// data that turns ~325 kB of island JavaScript into ~90 kB on the wire.
import './node-version.mjs';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { undecodableApiAnswer } from './undecodable-url.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const clientDir = path.join(root, 'dist/client');
process.env.ASTRO_NODE_AUTOSTART = 'disabled';
// React renders with its development build (about half the speed) unless told otherwise.
process.env.NODE_ENV ??= 'production';
const { handler } = await import(path.join(root, 'dist/server/entry.mjs'));

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

export const server = http.createServer((request, response) => {
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
});

const host = process.env.HOST ?? 'localhost';
const port = Number(process.env.PORT ?? 4321);
server.requestTimeout = 30_000;
server.headersTimeout = 15_000;
await new Promise((resolve) => server.listen(port, host, resolve));
console.log(`Listening on http://${host}:${port}`);
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => server.close(() => process.exit(0)));
