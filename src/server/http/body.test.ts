import { describe, expect, it } from 'vitest';
import { bodyWithinCap, drainLimitBytes, maxBodyBytes, readBody, readRequestBody } from './body.ts';

const post = (body: BodyInit, type: string) => new Request('http://bank.test/api', { method: 'POST', body, headers: { 'content-type': type } });

describe('readBody', () => {
  it('reads JSON, urlencoded and multipart into the same shape', async () => {
    const json = await readBody(post(JSON.stringify({ email: 'a@b.ng', terms: true }), 'application/json'));
    const form = await readBody(post('email=a%40b.ng&terms=on', 'application/x-www-form-urlencoded'));
    const multipart = new FormData();
    multipart.set('email', 'a@b.ng');
    const parts = await readBody(new Request('http://bank.test/api', { method: 'POST', body: multipart }));
    expect(json).toEqual({ ok: true, value: { email: 'a@b.ng', terms: true } });
    expect(form).toEqual({ ok: true, value: { email: 'a@b.ng', terms: 'on' } });
    expect(parts).toEqual({ ok: true, value: { email: 'a@b.ng' } });
  });

  it('treats an empty body as no fields', async () => {
    expect(await readBody(post('', 'application/json'))).toEqual({ ok: true, value: {} });
  });

  it('refuses malformed JSON and non-object JSON with MALFORMED_BODY', async () => {
    expect(await readBody(post('{"email":', 'application/json'))).toMatchObject({ ok: false, code: 'MALFORMED_BODY' });
    expect(await readBody(post('[1,2]', 'application/json'))).toMatchObject({ ok: false, code: 'MALFORMED_BODY' });
  });

  it('refuses bodies over the cap, declared or not', async () => {
    const big = 'x'.repeat(maxBodyBytes + 1);
    expect(await readBody(post(JSON.stringify({ big }), 'application/json'))).toMatchObject({ ok: false, code: 'PAYLOAD_TOO_LARGE' });
  });
});

/** A body with no Content-Length, sent in chunks as a client streaming it would (chunked framing). */
function streamed(size: number, type: string, chunk = 8 * 1024): Request {
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= size) return controller.close();
      const length = Math.min(chunk, size - sent);
      sent += length;
      controller.enqueue(new Uint8Array(length).fill(0x61));
    },
  });
  return new Request('http://bank.test/api', { method: 'POST', body, headers: { 'content-type': type }, duplex: 'half' } as RequestInit);
}

describe('readBody: the cap holds whatever the framing', () => {
  it('refuses a chunked body with no Content-Length once it passes the cap, without reading the rest', async () => {
    const request = streamed(900 * 1024, 'application/json');
    expect(request.headers.get('content-length')).toBeNull();
    expect(await readBody(request)).toMatchObject({ ok: false, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('refuses a chunked multipart body before parsing it', async () => {
    const boundary = 'x-boundary';
    const big = `--${boundary}\r\ncontent-disposition: form-data; name="nickname"\r\n\r\n${'a'.repeat(900 * 1024)}\r\n--${boundary}--\r\n`;
    const bytes = new TextEncoder().encode(big);
    let offset = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (offset >= bytes.length) return controller.close();
        controller.enqueue(bytes.slice(offset, offset + 16 * 1024));
        offset += 16 * 1024;
      },
    });
    const request = new Request('http://bank.test/api', { method: 'POST', body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, duplex: 'half' } as RequestInit);
    expect(await readBody(request)).toMatchObject({ ok: false, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('reads the rest of a refused body before answering, up to the drain limit (a connection closed with unread data loses the 413)', async () => {
    const streamed = (chunks: number) => {
      const seen = { pulled: 0, cancelled: false };
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (seen.pulled >= chunks) return controller.close();
          seen.pulled += 1;
          controller.enqueue(new Uint8Array(16 * 1024).fill(97));
        },
        cancel() {
          seen.cancelled = true;
        },
      });
      const request = new Request('http://bank.test/api', { method: 'POST', body, headers: { 'content-type': 'application/json' }, duplex: 'half' } as RequestInit);
      return { request, seen };
    };
    // 896 KiB: all of it read by the time the refusal is answered, nothing cancelled.
    const within = streamed(56);
    expect(await readBody(within.request)).toMatchObject({ ok: false, code: 'PAYLOAD_TOO_LARGE' });
    expect(within.seen).toEqual({ pulled: 56, cancelled: false });
    // 2 MiB: read up to the drain limit (1 MiB and a chunk), then the rest is abandoned.
    const beyond = streamed(128);
    expect(await readBody(beyond.request)).toMatchObject({ ok: false, code: 'PAYLOAD_TOO_LARGE' });
    expect(beyond.seen.cancelled).toBe(true);
    expect(beyond.seen.pulled).toBeGreaterThanOrEqual(drainLimitBytes / (16 * 1024));
    expect(beyond.seen.pulled).toBeLessThan(128);
  });

  it('refuses urlencoded bodies over the cap and a declared length over it unread', async () => {
    expect(await readBody(post(`a=${'b'.repeat(maxBodyBytes)}`, 'application/x-www-form-urlencoded'))).toMatchObject({ ok: false, code: 'PAYLOAD_TOO_LARGE' });
    const lying = new Request('http://bank.test/api', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json', 'content-length': String(maxBodyBytes + 1) } });
    expect(await readBody(lying)).toMatchObject({ ok: false, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('accepts a streamed body exactly at the cap', async () => {
    const json = `{"a":"${'b'.repeat(maxBodyBytes - 8)}"}`;
    expect(json.length).toBe(maxBodyBytes);
    const encoded = new TextEncoder().encode(json);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoded.slice(0, 1000));
        controller.enqueue(encoded.slice(1000));
        controller.close();
      },
    });
    const result = await readBody(new Request('http://bank.test/api', { method: 'POST', body, headers: { 'content-type': 'application/json' }, duplex: 'half' } as RequestInit));
    expect(result.ok).toBe(true);
  });

  it('bodyWithinCap reads a copy: the page can still read the original', async () => {
    const small = post('a=1', 'application/x-www-form-urlencoded');
    expect(await bodyWithinCap(small)).toBe(true);
    expect(await small.text()).toBe('a=1');
    expect(await bodyWithinCap(streamed(200 * 1024, 'application/x-www-form-urlencoded'))).toBe(false);
  });
});

describe('readRequestBody', () => {
  it('refuses bytes that are not UTF-8 instead of guessing', async () => {
    const request = new Request('http://bank.test/api', { method: 'POST', body: new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x7d]), headers: { 'content-type': 'application/json' } });
    expect(await readRequestBody(request)).toMatchObject({ ok: false, code: 'MALFORMED_BODY' });
  });

  it('says how the fields came, and keeps a field named __proto__ a plain field', async () => {
    const json = await readRequestBody(post('{"__proto__":{"admin":true},"amount":5}', 'application/json'));
    expect(json).toMatchObject({ ok: true, value: { encoding: 'json' } });
    const fields = (json as { value: { fields: Record<string, unknown> } }).value.fields;
    expect(Object.getPrototypeOf(fields)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    const form = new FormData();
    form.set('__proto__', 'x');
    form.set('amount', '500');
    const parts = await readRequestBody(new Request('http://bank.test/api', { method: 'POST', body: form }));
    expect(parts).toMatchObject({ ok: true, value: { encoding: 'form', fields: { amount: '500' } } });
    expect(Object.hasOwn((parts as { value: { fields: object } }).value.fields, '__proto__')).toBe(true);
  });

  it('answers MALFORMED_BODY for a multipart body without its boundary', async () => {
    const request = post('--x\r\ncontent-disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n', 'multipart/form-data');
    expect(await readRequestBody(request)).toMatchObject({ ok: false, code: 'MALFORMED_BODY' });
  });
});
