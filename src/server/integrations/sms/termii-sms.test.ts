import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Logger } from '../../log.ts';
import { createTermiiSms } from './termii-sms.ts';

/**
 * Termii's send endpoint as its documentation answers, on a local port: a success carries a
 * message id, a refusal an error body; one route never answers, to prove the timeout.
 */
type Seen = { path: string; contentType: string | undefined; body: Record<string, unknown> };
const seen: Seen[] = [];
let answer: { status: number; body: string } | 'silence' = { status: 200, body: '' };
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (text += chunk));
    request.on('end', () => {
      seen.push({ path: request.url ?? '', contentType: request.headers['content-type'], body: JSON.parse(text) as Record<string, unknown> });
      if (answer === 'silence') return;
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const logged: { event: string; fields?: Record<string, unknown> }[] = [];
const log: Logger = { debug: () => {}, info: (event, fields) => logged.push({ event, fields }), warn: () => {}, error: () => {} };
const apiKey = 'TLtestkey0123456789secret';
const sender = () => createTermiiSms({ baseUrl: base, apiKey, senderId: 'BankAlert', timeoutMs: 300 }, log);

describe('the Termii SMS adapter', () => {
  it('posts the documented JSON on the dnd channel and takes a message id as sent', async () => {
    answer = { status: 200, body: JSON.stringify({ code: 'ok', message_id: '9122821270554876574', message: 'Successfully Sent', balance: 9, user: 'Bank' }) };
    seen.length = 0;
    await sender().send({ to: '+2348031234567', text: 'Bank: Debit NGN5,000.00' });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.path).toBe('/api/sms/send');
    expect(seen[0]!.contentType).toBe('application/json');
    expect(seen[0]!.body).toEqual({ api_key: apiKey, to: '2348031234567', from: 'BankAlert', sms: 'Bank: Debit NGN5,000.00', type: 'plain', channel: 'dnd' });
    expect(logged.at(-1)).toEqual({ event: 'sms.sent', fields: { transport: 'termii', message_id: '9122821270554876574' } });
  });

  it('throws on an error body, with Termii’s words and never the key, so the job tries again', async () => {
    answer = { status: 400, body: JSON.stringify({ message: 'Insufficient balance' }) };
    const failure = await sender().send({ to: '+2348031234567', text: 'hello' }).catch((error: unknown) => error as Error);
    expect(failure).toBeInstanceOf(Error);
    expect(failure!.message).toBe('termii answered 400: Insufficient balance');
    expect(failure!.message).not.toContain(apiKey);
  });

  it('throws on a 200 without a message id, and on a body that is not JSON', async () => {
    answer = { status: 200, body: JSON.stringify({ message: 'Sender ID not registered' }) };
    await expect(sender().send({ to: '+2348031234567', text: 'hello' })).rejects.toThrow('termii answered 200: Sender ID not registered');
    answer = { status: 502, body: '<html>Bad gateway</html>' };
    await expect(sender().send({ to: '+2348031234567', text: 'hello' })).rejects.toThrow('termii answered 502: no message');
  });

  it('gives up after its timeout instead of holding the job', async () => {
    answer = 'silence';
    const started = Date.now();
    await expect(sender().send({ to: '+2348031234567', text: 'hello' })).rejects.toThrow('termii timeout');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('refuses what no gateway would take before sending anything', async () => {
    seen.length = 0;
    await expect(sender().send({ to: '08031234567', text: 'hello' })).rejects.toThrow('E.164');
    await expect(sender().send({ to: '+2348031234567', text: '' })).rejects.toThrow('characters');
    expect(seen).toHaveLength(0);
  });
});
