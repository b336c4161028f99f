import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { chosenEncoding, compressResponse, withCharset } from './compression.ts';

const html = `<!doctype html><html lang="en-NG"><body>${'<p>Your balance is ₦12,500.00</p>'.repeat(200)}</body></html>`;
const page = () => new Response(html, { status: 200, headers: { 'content-type': 'text/html' } });
const asking = (acceptEncoding: string | null, method = 'GET') => new Request('http://bank.test/dashboard', { method, headers: acceptEncoding === null ? {} : { 'accept-encoding': acceptEncoding } });

describe('response compression', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0.5, br;q=0', 'gzip'],
    ['*', 'br'],
    ['*;q=0', null],
    ['identity', null],
    ['', null],
  ] as const)('Accept-Encoding %j → %s', (header, expected) => {
    expect(chosenEncoding(header)).toBe(expected);
  });

  it('sends brotli to a browser that takes it, and the page reads the same once decoded', async () => {
    const response = compressResponse(asking('gzip, deflate, br'), page());
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.byteLength).toBeLessThan(Buffer.byteLength(html) / 5);
    expect(zlib.brotliDecompressSync(body).toString('utf8')).toBe(html);
  });

  it('sends gzip where brotli is not taken', async () => {
    const response = compressResponse(asking('gzip'), page());
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(zlib.gunzipSync(Buffer.from(await response.arrayBuffer())).toString('utf8')).toBe(html);
  });

  it('sends it as it is, still varying by Accept-Encoding, to a client that asks for no encoding', async () => {
    const response = compressResponse(asking(null), page());
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(await response.text()).toBe(html);
  });

  it('leaves small answers, HEAD, 304, PDFs and already-encoded bodies alone, but names the charset of text', async () => {
    const small = compressResponse(asking('br'), new Response('ok', { headers: { 'content-type': 'text/plain', 'content-length': '2' } }));
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(small.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(compressResponse(asking('br', 'HEAD'), page()).headers.get('content-encoding')).toBeNull();
    expect(compressResponse(asking('br'), new Response(null, { status: 304 })).headers.get('content-encoding')).toBeNull();
    const pdf = compressResponse(asking('br'), new Response(new Uint8Array(4096), { headers: { 'content-type': 'application/pdf' } }));
    expect(pdf.headers.get('content-encoding')).toBeNull();
    const encoded = compressResponse(asking('br'), new Response(new Uint8Array(4096), { headers: { 'content-type': 'text/html', 'content-encoding': 'gzip' } }));
    expect(encoded.headers.get('content-encoding')).toBe('gzip');
  });

  it('compresses JSON answers too, whose charset is UTF-8 by definition', async () => {
    const json = JSON.stringify({ data: Array.from({ length: 100 }, (_, index) => ({ name: `State ${index}`, lgas: ['Ikeja', 'Agege'] })) });
    const response = compressResponse(asking('br'), new Response(json, { headers: { 'content-type': 'application/json' } }));
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(zlib.brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString('utf8')).toBe(json);
  });

  it.each([
    ['text/html', 'text/html; charset=utf-8'],
    ['text/csv; charset=utf-8', 'text/csv; charset=utf-8'],
    ['application/json', 'application/json'],
    [null, null],
  ] as const)('charset of %s', (type, expected) => {
    expect(withCharset(type)).toBe(expected);
  });
});
