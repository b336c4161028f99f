import { describe, expect, it } from 'vitest';
import { maxBodyBytes, readBody } from './body.ts';

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
