import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { brotliCompressSync, constants, createBrotliCompress, createGzip, gzipSync } from 'node:zlib';
import { chosenEncoding } from './accept-encoding.ts';

// The one reading of Accept-Encoding, for the page cache and the tests as well.
export { chosenEncoding };

/**
 * Pages and API answers go out compressed when the browser asks for it (Accept-Encoding):
 * brotli, else gzip, with `Vary: Accept-Encoding` either way so a cache keeps the two apart.
 * The dashboard's 22 kB of HTML is about 6 kB in brotli. Hashed client assets are compressed
 * once at build time instead (scripts/precompress.mjs, served by src/server/node/static-files.ts).
 * The encoding is chosen by accept-encoding.ts, as for those assets. Every text
 * answer also says it is UTF-8.
 */

/** What is worth compressing: text, JSON, SVG. PDFs and images are compressed already. */
const compressible = /^(?:text\/|application\/(?:json|problem\+json|javascript|xml)|image\/svg\+xml)/i;
/** Below this a compressed answer is hardly smaller, and the headers cost more than the saving. */
const minimumBytes = 1024;

// Quality 5: most of brotli's gain at a fraction of its cost per request (11 is for build-time assets).
const brotliOptions = { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } };
const gzipOptions = { level: 6 };

/** `text/html` → `text/html; charset=utf-8`: every text answer names its charset. */
export function withCharset(contentType: string | null): string | null {
  if (!contentType || !/^text\//i.test(contentType) || /;\s*charset=/i.test(contentType)) return contentType;
  return `${contentType}; charset=utf-8`;
}

/** The response, with its charset named and its body compressed when the request accepts it and it is worth it. */
export function compressResponse(request: Request, response: Response): Response {
  const contentType = response.headers.get('content-type');
  const typed = withCharset(contentType);
  const length = Number(response.headers.get('content-length') ?? Number.NaN);
  const worthIt =
    response.body !== null &&
    request.method !== 'HEAD' &&
    response.status !== 204 &&
    response.status !== 304 &&
    !response.headers.has('content-encoding') &&
    contentType !== null &&
    compressible.test(contentType) &&
    !(length < minimumBytes);
  if (!worthIt) {
    if (typed === contentType) return response;
    const headers = new Headers(response.headers);
    headers.set('content-type', typed!);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
  const headers = new Headers(response.headers);
  headers.append('vary', 'accept-encoding');
  if (typed) headers.set('content-type', typed);
  const encoding = chosenEncoding(request.headers.get('accept-encoding'));
  if (!encoding) return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  const compressor = encoding === 'br' ? createBrotliCompress(brotliOptions) : createGzip(gzipOptions);
  const source = Readable.fromWeb(response.body as unknown as NodeReadableStream<Uint8Array>);
  source.on('error', (error) => compressor.destroy(error));
  const body = Readable.toWeb(source.pipe(compressor)) as unknown as ReadableStream<Uint8Array>;
  headers.set('content-encoding', encoding);
  headers.delete('content-length');
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * A whole page body compressed as `compressResponse` would send it for this Accept-Encoding (the
 * same choice, the same settings), at once: for the guest page cache, which fills a kept page in
 * and has it all in hand. `encoding` null: sent as it is.
 */
export function compressPageSync(acceptEncoding: string | null, body: Buffer): { encoding: 'br' | 'gzip' | null; body: Buffer } {
  const encoding = body.byteLength < minimumBytes ? null : chosenEncoding(acceptEncoding);
  if (encoding === 'br') return { encoding, body: brotliCompressSync(body, brotliOptions) };
  if (encoding === 'gzip') return { encoding, body: gzipSync(body, gzipOptions) };
  return { encoding: null, body };
}
