import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import sirv from 'sirv';
import { chosenEncoding } from '../http/accept-encoding.ts';

/**
 * dist/client's files (the hashed assets under /_astro/, the favicon), served by sirv: the files
 * are listed once at start (nothing is added while serving), each answered from disk with its
 * weak ETag (304 on If-None-Match), and the build's precompressed `.br` / `.gz` copies
 * (scripts/precompress.mjs; on slow mobile data ~325 kB of island JavaScript is ~90 kB on the
 * wire) sent with Content-Encoding, each copy with an ETag of its own. Hashed assets are cached
 * for a year as immutable; the rest revalidate. The Astro handler never sees these requests, so
 * a page costs no stat() of the disk on libuv's pool (shared with argon2).
 *
 * The encoding is chosen by accept-encoding.ts, as for pages: sirv itself only looks for "br" or
 * "gzip" in the header and would send brotli to `br;q=0`. So sirv is handed a view of the request
 * whose Accept-Encoding names the one coding chosen (or none).
 */
export type StaticFiles = {
  /** Answers a GET or HEAD of one of the files (or a plain 404 for an unknown /_astro/ path) and returns true; else false, the response untouched. */
  serve(request: IncomingMessage, response: ServerResponse): boolean;
};

const hashedPrefix = '/_astro/';
const immutable = 'public, max-age=31536000, immutable';
const revalidate = 'public, max-age=0';
/** Types sirv's table gives without a charset, or not at all. */
const ownTypes: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.ico': 'image/x-icon',
};
/** Set before sirv answers, so its 304 (which carries no header of its own) has them too. */
const everyAnswer = { 'x-content-type-options': 'nosniff', vary: 'accept-encoding' } as const;

/** The URL paths of the directory's files, found once; the precompressed copies are sent in place of their file, never asked for by name. */
function filePaths(directory: string): Set<string> {
  if (!fs.existsSync(directory)) return new Set();
  const entries = fs.readdirSync(directory, { withFileTypes: true, recursive: true }).filter((entry) => entry.isFile() && !/\.(br|gz)$/.test(entry.name));
  return new Set(entries.map((entry) => `/${path.relative(directory, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')}`));
}

export function staticFiles(directory: string): StaticFiles {
  const handler = sirv(directory, {
    etag: true,
    brotli: true,
    gzip: true,
    // Exact paths only: no /x → /x.html or /x/index.html guessing (the app's routes are Astro's).
    extensions: [],
    dotfiles: false,
    setHeaders(response, pathname) {
      const type = ownTypes[/\.[^./]+$/.exec(pathname)?.[0] ?? ''];
      if (type) response.setHeader('content-type', type);
    },
  });

  // Looked up before sirv is asked, so a page (most requests) costs one Set lookup here.
  const files = filePaths(directory);

  function notFound(request: IncomingMessage, response: ServerResponse) {
    response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' });
    response.end(request.method === 'HEAD' ? undefined : 'Not found.');
  }

  function serve(request: IncomingMessage, response: ServerResponse): boolean {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const url = request.url ?? '';
    const query = url.indexOf('?');
    const pathname = query >= 0 ? url.slice(0, query) : url;
    if (!files.has(pathname)) {
      if (!pathname.startsWith(hashedPrefix)) return false;
      // Every asset the build made is known: another one is a plain 404 (the app's 404 page would cost a render).
      notFound(request, response);
      return true;
    }
    response.setHeader('cache-control', pathname.startsWith(hashedPrefix) ? immutable : revalidate);
    for (const [name, value] of Object.entries(everyAnswer)) response.setHeader(name, value);
    const encoding = chosenEncoding(request.headers['accept-encoding']);
    // A view of the request that differs only in the Accept-Encoding sirv reads.
    const view: IncomingMessage = Object.create(request, { headers: { value: { ...request.headers, 'accept-encoding': encoding ?? 'identity' } } });
    // sirv listed the same files at start; should it not find one, it is a 404 all the same.
    handler(view, response, () => notFound(request, response));
    return true;
  }

  return { serve };
}
