import http from 'node:http';
import { expect, test } from '@playwright/test';
import { appOrigin } from './support/customers.ts';

/**
 * Routing and strict input against the built server (scripts/serve.mjs in front of Astro's Node adapter): what
 * only the real HTTP stack decides. Every /api answer is the JSON envelope, whatever the method,
 * the path's encoding or the body's framing; a page's oversized form post gets a clear page.
 * Raw node:http requests, so the path goes out exactly as written and a body can be chunked.
 */

type Raw = { status: number; headers: http.IncomingHttpHeaders; text: string };

function raw(method: string, path: string, options: { headers?: Record<string, string>; chunks?: { size: number; count: number } } = {}): Promise<Raw> {
  const { hostname, port } = new URL(appOrigin());
  return new Promise((resolve, reject) => {
    let answered = false;
    // A fresh connection each time (agent: false): Node's global agent keeps sockets alive, and a
    // socket the server is just closing for idleness (5 s) resets a request sent on it.
    const request = http.request({ hostname, port, method, path, headers: options.headers, agent: false }, (response) => {
      answered = true;
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }));
    });
    // The server may answer 413 and close before the whole body is sent: the answer may still
    // be on its way, so a broken pipe fails the call only if none comes.
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') return reject(error);
      setTimeout(() => (answered ? undefined : reject(new Error(`${method} ${path}: connection closed with no answer (${error.code})`))), 3_000);
    });
    if (options.chunks) {
      const chunk = Buffer.alloc(options.chunks.size, 'a');
      let sent = 0;
      const write = () => {
        while (sent < options.chunks!.count) {
          sent += 1;
          if (!request.write(chunk)) return request.once('drain', write);
        }
        request.end();
      };
      write();
    } else {
      request.end();
    }
  });
}

function envelope(answer: Raw): { success: boolean; code: string; message: string } {
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  const body = JSON.parse(answer.text);
  expect(body).toMatchObject({ success: false, code: expect.any(String), message: expect.any(String) });
  return body;
}

test.describe('API hardening over real HTTP', () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'HTTP only: one run is enough');

  test('a path or query that is not valid percent-encoding is 400 in the envelope', async () => {
    for (const path of ['/api/v1/transaction/%E0%A4%A', '/api/v1/transaction/history/0123456789?q=%E0%A4%A']) {
      const answer = await raw('GET', path);
      expect(answer.status, path).toBe(400);
      expect(envelope(answer).code).toBe('MALFORMED_REQUEST');
    }
  });

  test('a wrong method is 405 with Allow; HEAD works where GET does', async () => {
    for (const [method, path, allow] of [
      ['POST', '/api/v1/profile', 'GET, HEAD'],
      ['GET', '/api/v1/auth/login', 'POST'],
      ['DELETE', '/api/v1/transfer/local/0123456789', 'POST'],
      ['PUT', '/api/health', 'GET, HEAD'],
      ['OPTIONS', '/api/v1/general/banks', 'GET, HEAD'],
    ] as const) {
      const answer = await raw(method, path, { headers: { origin: appOrigin() } });
      expect(answer.status, `${method} ${path}`).toBe(405);
      expect(answer.headers.allow).toBe(allow);
      expect(envelope(answer).code).toBe('METHOD_NOT_ALLOWED');
    }
    const head = await raw('HEAD', '/api/v1/general/banks');
    expect(head.status).toBe(200);
  });

  test('empty segments, control characters in the path and inherited keys are 404 in the envelope', async () => {
    for (const [method, path] of [
      ['POST', '/api/v1/beneficiaries/create/'],
      ['GET', '/api/v1/transaction/%00'],
      ['GET', '/api/v1/bills/data-plans/constructor'],
      ['GET', '/api/v1/bills/cable-packages/__proto__'],
      ['GET', '/api/v1/no-such-call'],
    ] as const) {
      const answer = await raw(method, path, { headers: { origin: appOrigin() } });
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(envelope(answer).code).toBe('NOT_FOUND');
    }
  });

  test('API clients without an Origin (apps, scripts) may post forms; a cross-site form post is 403 in the envelope', async () => {
    const form = await raw('POST', '/api/v1/auth/login', { headers: { 'content-type': 'application/x-www-form-urlencoded' }, chunks: { size: 0, count: 0 } });
    expect(form.status).toBe(422);
    expect(envelope(form).code).toBe('VALIDATION_FAILED');
    const bare = await raw('POST', '/api/v1/auth/logout', { headers: { authorization: 'Bearer not-a-session' } });
    expect(bare.status).toBe(401);
    expect(envelope(bare).code).toBe('UNAUTHENTICATED');
    const crossSite = await raw('POST', '/api/v1/auth/login', { headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' } });
    expect(crossSite.status).toBe(403);
    expect(envelope(crossSite).code).toBe('FORBIDDEN');
    // Pages keep Astro's rule: a form from another site is refused.
    const page = await raw('POST', '/login', { headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' } });
    expect(page.status).toBe(403);
  });

  test('the 64 KiB cap holds for a chunked body with no Content-Length', async () => {
    const answer = await raw('POST', '/api/v1/auth/login', {
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'transfer-encoding': 'chunked', origin: appOrigin() },
      chunks: { size: 16 * 1024, count: 56 },
    });
    expect(answer.status).toBe(413);
    expect(envelope(answer).code).toBe('PAYLOAD_TOO_LARGE');
  });

  // The middleware reads the refused rest of the body before answering, so the 413 page arrives
  // instead of a reset connection (src/server/http/body.ts, discard).
  test('an oversized form post to a page gets a clear 413 page', async () => {
    const answer = await raw('POST', '/login', {
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'transfer-encoding': 'chunked', origin: appOrigin() },
      chunks: { size: 16 * 1024, count: 6 },
    });
    expect(answer.status).toBe(413);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.text).toContain('too large');
  });
});
