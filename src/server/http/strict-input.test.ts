import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, type TestApp } from '../testing/test-app.ts';
import { customer, newKey, testPin } from '../testing/customers.ts';
import { inProcessApi, type InProcessApi } from '../testing/in-process-api.ts';
import { operations } from './openapi.ts';
import { drainLimitBytes, maxBodyBytes } from './body.ts';

/**
 * Strict input (docs/security.md) through the API as a client calls it (in process: the endpoint
 * files behind the middleware's /api steps), on both engines.
 */
describe.each(engines)('strict input over the API (%s)', (engine) => {
  let t: TestApp;
  let api: InProcessApi;
  let token: string;
  let own: { userId: string; accountNumber: string };
  let other: { userId: string; accountNumber: string };

  const call = async (method: string, path: string, options: { json?: unknown; body?: BodyInit; type?: string; headers?: Record<string, string>; auth?: boolean } = {}) => {
    const headers: Record<string, string> = { ...(options.auth === false ? {} : { authorization: `Bearer ${token}` }), ...options.headers };
    let body = options.body;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers['content-type'] = 'application/json';
    }
    if (options.type) headers['content-type'] = options.type;
    const response = await api.fetch(new Request(`http://bank.test${path}`, { method, headers, body, ...(body instanceof ReadableStream ? { duplex: 'half' } : {}) } as RequestInit));
    const text = method === 'HEAD' ? '' : await response.text();
    return { status: response.status, type: response.headers.get('content-type') ?? '', allow: response.headers.get('allow'), json: text ? (JSON.parse(text) as Record<string, any>) : null };
  };
  const balance = async (accountNumber: string) => Number((await t.app.db.selectFrom('accounts').select('balance').where('account_number', '=', accountNumber).executeTakeFirstOrThrow()).balance);

  beforeAll(async () => {
    t = await createTestApp(engine);
    api = inProcessApi(t.app);
    own = await customer(t.app, { balance: 5_000_000 });
    other = await customer(t.app, { balance: 1_000_000 });
    token = (await t.app.sessions.create(own.userId)).token;
  });
  afterAll(async () => t?.close());

  it('moves no money for an amount that is not a JSON integer, even with the right PIN', async () => {
    const before = await balance(own.accountNumber);
    const probes: unknown[] = ['500', ' 500 ', '0x1f4', '0b111110100', '1e3', '500.0', [500], [[500]], '50000', 500.5, 1e308, -0, null, true, { amount: 500 }];
    for (const amount of probes) {
      const transfer = await call('POST', `/api/v1/transfer/local/${own.accountNumber}`, { json: { account_number: other.accountNumber, amount, pin: testPin }, headers: { 'idempotency-key': newKey() } });
      expect(transfer.status, JSON.stringify(amount)).toBe(422);
      expect(transfer.json).toMatchObject({ success: false, code: 'VALIDATION_FAILED', errors: { amount: expect.any(Array) } });
      const airtime = await call('POST', `/api/v1/bills/airtime/purchase/${own.accountNumber}`, { json: { network_id: 'mtn', phone_number: '08031234567', amount, pin: testPin }, headers: { 'idempotency-key': newKey() } });
      expect(airtime.status, JSON.stringify(amount)).toBe(422);
      expect(airtime.json?.errors?.amount).toBeDefined();
    }
    expect(await balance(own.accountNumber)).toBe(before);
    // The control: a JSON integer moves money, and a urlencoded form's plain digits are that integer.
    const sent = await call('POST', `/api/v1/transfer/local/${own.accountNumber}`, { json: { account_number: other.accountNumber, amount: 500, pin: testPin }, headers: { 'idempotency-key': newKey() } });
    expect(sent.status).toBe(200);
    const form = await call('POST', `/api/v1/transfer/local/${own.accountNumber}`, { body: `account_number=${other.accountNumber}&amount=700&pin=${testPin}`, type: 'application/x-www-form-urlencoded', headers: { 'idempotency-key': newKey() } });
    expect(form.status).toBe(200);
    const hex = await call('POST', `/api/v1/transfer/local/${own.accountNumber}`, { body: `account_number=${other.accountNumber}&amount=0x1f4&pin=${testPin}`, type: 'application/x-www-form-urlencoded', headers: { 'idempotency-key': newKey() } });
    expect(hex.status).toBe(422);
    expect(await balance(own.accountNumber)).toBe(before - 1_200);
  });

  it('answers text with NUL or other control characters with 422 on the field, and such a path parameter with 404', async () => {
    const address = await call('POST', '/api/v1/onboarding/address', { json: { address: '14 Admiralty Way', city: '\u0000', state: 'Lagos', lga: 'Eti-Osa' } });
    expect(address.status).toBe(422);
    expect(address.json?.errors?.city?.[0]).toMatch(/control characters/);
    const nickname = await call('POST', `/api/v1/beneficiaries/create/${own.accountNumber}`, { json: { account_number: other.accountNumber, bank_code: t.app.config.bank.nipCode, nickname: '\u0000' } });
    expect(nickname.status).toBe(422);
    expect(nickname.json?.errors?.nickname).toBeDefined();
    const search = await call('GET', `/api/v1/transaction/history/${own.accountNumber}?q=%00`);
    expect(search.status).toBe(422);
    expect(search.json?.errors?.q).toBeDefined();
    for (const path of ['/api/v1/transaction/%00', `/api/v1/beneficiaries/delete/${own.accountNumber}/%00`, '/api/v1/bills/data-plans/%1F', `/api/v1/transaction/history/${own.accountNumber}%00`]) {
      const answer = await call(path.includes('delete') ? 'POST' : 'GET', path);
      expect(answer.status, path).toBe(404);
      expect(answer.json).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
    for (const field of ['narration', 'nickname']) {
      const body = { account_number: other.accountNumber, bank_code: t.app.config.bank.nipCode, amount: 500, pin: '1111', [field]: 'line\nbreak' };
      const path = field === 'narration' ? `/api/v1/transfer/local/${own.accountNumber}` : `/api/v1/beneficiaries/create/${own.accountNumber}`;
      const answer = await call('POST', path, { json: body, headers: { 'idempotency-key': newKey() } });
      expect(answer.status, field).toBe(422);
      expect(answer.json?.errors?.[field], field).toBeDefined();
    }
  });

  it('refuses a name that is not letters, spaces, apostrophes and hyphens', async () => {
    const body = { first_name: 'Visit harmattan-verify.ng now', last_name: 'Okafor', email: `name${Date.now()}@example.com`, phone_number: '08031234999', password: 'a long enough passphrase', password_confirmation: 'a long enough passphrase', terms: true };
    const answer = await call('POST', '/api/v1/auth/register', { json: body, auth: false });
    expect(answer.status).toBe(422);
    expect(answer.json?.errors?.first_name?.[0]).toMatch(/letters/);
    expect(t.mailer.sent.some((mail) => mail.text.includes('harmattan-verify'))).toBe(false);
  });

  it('answers every wrong method with 405, Allow and the envelope', async () => {
    let checked = 0;
    for (const operation of operations) {
      const path = '/api' + operation.path.replace(/\{\w+\}/g, own.accountNumber);
      // A path may take more than one method (GET and POST /v1/alerts/settings): Allow lists each it takes.
      const taken = operations.filter((other) => other.path === operation.path).map((other) => other.method.toUpperCase());
      const allow = taken.flatMap((method) => (method === 'GET' ? ['GET', 'HEAD'] : [method]));
      const wrong = (operation.method === 'get' ? ['POST', 'PUT', 'DELETE'] : ['GET', 'PUT', 'PATCH', 'DELETE']).filter((method) => !taken.includes(method));
      for (const method of wrong) {
        const answer = await call(method, path);
        expect(answer.status, `${method} ${path}`).toBe(405);
        expect(answer.allow?.split(', ').sort()).toEqual([...allow].sort());
        expect(answer.type).toMatch(/^application\/json/);
        expect(answer.json).toMatchObject({ success: false, code: 'METHOD_NOT_ALLOWED' });
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(150);
  });

  it('answers odd paths in the envelope: malformed encoding 400, empty segment 404, inherited keys 404', async () => {
    const malformed = await call('GET', '/api/v1/transaction/%E0%A4%A');
    expect(malformed).toMatchObject({ status: 400, json: { success: false, code: 'MALFORMED_REQUEST' } });
    const empty = await call('POST', '/api/v1/beneficiaries/create/', { json: {} });
    expect(empty).toMatchObject({ status: 404, json: { success: false, code: 'NOT_FOUND' } });
    for (const key of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']) {
      for (const path of [`/api/v1/bills/data-plans/${key}`, `/api/v1/bills/cable-packages/${key}`]) {
        const answer = await call('GET', path, { auth: false });
        expect(answer.status, path).toBe(404);
        expect(answer.json).toMatchObject({ success: false, code: 'NOT_FOUND' });
      }
    }
    expect((await call('GET', '/api/v1/bills/data-plans/mtn', { auth: false })).json?.data?.length).toBeGreaterThan(0);
  });

  it('holds the 64 KiB cap for a chunked multipart body with no Content-Length', async () => {
    const boundary = 'fuzz-boundary';
    const encoder = new TextEncoder();
    let sent = 0;
    const total = 3 * 1024 * 1024;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(`--${boundary}\r\ncontent-disposition: form-data; name="nickname"\r\n\r\n`));
      },
      pull(controller) {
        if (sent >= total) {
          controller.enqueue(encoder.encode(`\r\n--${boundary}--\r\n`));
          return controller.close();
        }
        sent += 16 * 1024;
        controller.enqueue(new Uint8Array(16 * 1024).fill(0x61));
      },
    });
    const answer = await call('POST', `/api/v1/beneficiaries/create/${own.accountNumber}`, { body, type: `multipart/form-data; boundary=${boundary}` });
    expect(answer.status).toBe(413);
    expect(answer.json).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
    // The rest is read and dropped (so a real connection is not reset before the 413 arrives),
    // but never past the adapter's own limit.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sent).toBeGreaterThan(maxBodyBytes);
    expect(sent).toBeLessThanOrEqual(drainLimitBytes + 2 * 16 * 1024);
  });
});
