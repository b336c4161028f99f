import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staticFiles } from './static-files.ts';

/** A dist/client of its own: a hashed script with the build's .br and .gz copies, a favicon without. */
const script = `export const greeting = ${JSON.stringify('Ẹ kú àárọ̀ '.repeat(300))};\n`;
let directory: string;
let server: http.Server;
let base: string;

beforeAll(async () => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), 'static-files-'));
  fs.mkdirSync(path.join(directory, '_astro'));
  const file = path.join(directory, '_astro', 'app.B1a2C3d4.js');
  fs.writeFileSync(file, script);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(script));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(script));
  fs.writeFileSync(path.join(directory, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const assets = staticFiles(directory);
  // What is not a file goes on, untouched, to the app (here a teapot).
  server = http.createServer((request, response) => {
    if (assets.serve(request, response)) return;
    const before = Object.keys(response.getHeaders()).join(',');
    response.writeHead(418, { 'content-type': 'text/plain' });
    response.end(`app: ${before}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(directory, { recursive: true, force: true });
});

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer; text: string };

function ask(pathname: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}${pathname}`, { method, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const body = Buffer.concat(chunks);
        const encoding = response.headers['content-encoding'];
        const plain = body.byteLength === 0 ? body : encoding === 'br' ? zlib.brotliDecompressSync(body) : encoding === 'gzip' ? zlib.gunzipSync(body) : body;
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body, text: plain.toString('utf8') });
      });
    });
    request.on('error', reject);
    request.end();
  });
}

const asset = '/_astro/app.B1a2C3d4.js';

describe('static files (sirv)', () => {
  it.each([
    ['br;q=0, gzip', 'gzip'],
    ['gzip, br', 'br'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['*', 'br'],
    ['br;q=0, gzip;q=0', undefined],
    ['identity', undefined],
    ['', undefined],
  ] as const)('sends the precompressed copy Accept-Encoding %j chooses (%s), the same script once decoded', async (acceptEncoding, encoding) => {
    const answer = await ask(asset, { 'accept-encoding': acceptEncoding });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe(encoding);
    expect(answer.text).toBe(script);
    expect(answer.headers['content-length']).toBe(String(answer.body.byteLength));
    expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
  });

  it('caches a hashed asset for a year as immutable, with an ETag for each encoding, and answers 304 for the one the browser has', async () => {
    const brotli = await ask(asset, { 'accept-encoding': 'br' });
    const gzip = await ask(asset, { 'accept-encoding': 'gzip' });
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers.etag).toMatch(/^W\/"/);
    expect(gzip.headers.etag).toMatch(/^W\/"/);
    expect(brotli.headers.etag).not.toBe(gzip.headers.etag);
    const again = await ask(asset, { 'accept-encoding': 'br', 'if-none-match': brotli.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.body.byteLength).toBe(0);
    expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The brotli copy's tag is not the gzip copy's: a browser now taking gzip gets the whole file.
    expect((await ask(asset, { 'accept-encoding': 'br;q=0, gzip', 'if-none-match': brotli.headers.etag! })).status).toBe(200);
  });

  it('lets the other files revalidate, and ignores a query string', async () => {
    const icon = await ask('/favicon.svg?v=2');
    expect(icon.status).toBe(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=0');
    expect(icon.headers['content-type']).toBe('image/svg+xml');
    expect((await ask('/favicon.svg', { 'if-none-match': icon.headers.etag! })).status).toBe(304);
  });

  it('answers HEAD with the headers and no body', async () => {
    const head = await ask(asset, { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.byteLength).toBe(0);
    expect(head.headers['content-encoding']).toBe('gzip');
    expect(Number(head.headers['content-length'])).toBe(zlib.gzipSync(script).byteLength);
  });

  it('answers an unknown /_astro/ path, or a copy asked for by name, with a plain 404, never the app', async () => {
    for (const pathname of ['/_astro/missing.js', `${asset}.br`, `${asset}.gz`]) {
      const answer = await ask(pathname, { 'accept-encoding': 'br' });
      expect(answer.status, pathname).toBe(404);
      expect(answer.text).toBe('Not found.');
      expect(answer.headers['cache-control']).toBe('no-store');
    }
  });

  it('hands everything else to the app with the response untouched: pages, other methods, guessed extensions', async () => {
    for (const [pathname, method] of [['/login', 'GET'], ['/favicon.svg', 'POST'], [asset, 'DELETE'], ['/favicon', 'GET'], ['/', 'GET']] as const) {
      const answer = await ask(pathname, { 'accept-encoding': 'br' }, method);
      expect(answer.status, `${method} ${pathname}`).toBe(418);
      expect(answer.text, `${method} ${pathname}`).toBe('app: ');
    }
  });
});
