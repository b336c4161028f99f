import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { gracefulStop, requestIdFor, withAccessLog } from './http-lifecycle.mjs';
import { jsonLine } from './json-console.mjs';

type Line = { event: string; [field: string]: unknown };

function recorder() {
  const lines: Line[] = [];
  const at = (level: string) => (event: string, fields = {}) => void lines.push({ level, event, ...fields });
  return { lines, log: { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') } };
}

const servers: http.Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

async function listen(server: http.Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('request ids', () => {
  const request = (id: unknown) => ({ headers: { 'x-request-id': id } });
  it('keeps a well-formed id only from a trusted proxy', () => {
    expect(requestIdFor(request('edge-1234.abc'), true)).toBe('edge-1234.abc');
    expect(requestIdFor(request('edge-1234.abc'), false)).not.toBe('edge-1234.abc');
    for (const bad of ['', 'a'.repeat(65), 'has space', 'new\nline', '<script>', ['a', 'b']]) {
      expect(requestIdFor(request(bad), true)).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe('the access log', () => {
  it('writes one line per request: method, path without its query, status, duration and the id it echoes', async () => {
    const { lines, log } = recorder();
    const base = await listen(http.createServer(withAccessLog((_request: http.IncomingMessage, response: http.ServerResponse) => response.writeHead(418).end('tea'), { log })));
    const answers = await Promise.all(Array.from({ length: 20 }, (_, index) => fetch(`${base}/api/v1/profile?token=secret-${index}`)));
    expect(answers.every((answer) => answer.status === 418)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const access = lines.filter((line) => line.event === 'http.request');
    expect(access).toHaveLength(20);
    for (const line of access) {
      expect(line).toMatchObject({ level: 'info', method: 'GET', path: '/api/v1/profile', status: 418 });
      expect(typeof line.ms).toBe('number');
      expect(JSON.stringify(line)).not.toContain('secret');
    }
    const ids = answers.map((answer) => answer.headers.get('x-request-id'));
    expect(new Set(ids).size).toBe(20);
    expect(new Set(access.map((line) => line.request_id))).toEqual(new Set(ids));
  });

  it('takes the id from a trusted proxy only', async () => {
    const { log } = recorder();
    const trusted = await listen(http.createServer(withAccessLog((_q: unknown, response: http.ServerResponse) => response.end(), { log, trustsPeer: () => true })));
    const untrusted = await listen(http.createServer(withAccessLog((_q: unknown, response: http.ServerResponse) => response.end(), { log, trustsPeer: () => false })));
    const headers = { 'x-request-id': 'proxy-42' };
    expect((await fetch(trusted, { headers })).headers.get('x-request-id')).toBe('proxy-42');
    expect((await fetch(untrusted, { headers })).headers.get('x-request-id')).not.toBe('proxy-42');
  });
});

describe('a graceful stop', () => {
  it('lets requests under way finish, refuses new ones, closes the app once and exits 0', async () => {
    const { lines, log } = recorder();
    let closes = 0;
    const exits: number[] = [];
    const server = http.createServer((request, response) => {
      if (lifecycle.refuseWhileStopping(request, response)) return;
      setTimeout(() => response.end('done'), 300);
    });
    const lifecycle = gracefulStop(server, { graceMs: 5_000, log, closeApp: async () => void (closes += 1), exit: (code: number) => void exits.push(code) });
    const base = await listen(server);
    const slow = Array.from({ length: 10 }, () => fetch(base).then((answer) => answer.text()));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const stopping = lifecycle.stop('SIGTERM');
    void lifecycle.stop('SIGINT');
    const late = await fetch(base).then(
      (answer) => answer.status,
      () => 'refused',
    );
    expect(late === 503 || late === 'refused').toBe(true);
    expect(await Promise.all(slow)).toEqual(Array(10).fill('done'));
    await stopping;
    expect(closes).toBe(1);
    expect(exits).toEqual([0]);
    expect(lines.map((line) => line.event)).toEqual(['server.stopping', 'server.stopped']);
  });

  it('cuts what is still running after the grace period, then closes the app', async () => {
    const { lines, log } = recorder();
    const exits: number[] = [];
    let closed = false;
    const server = http.createServer(() => {
      // never answers
    });
    const lifecycle = gracefulStop(server, { graceMs: 200, log, closeApp: async () => void (closed = true), exit: (code: number) => void exits.push(code) });
    const base = await listen(server);
    const hanging = fetch(base).then(
      () => 'answered',
      () => 'cut',
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    await lifecycle.stop('SIGTERM');
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await hanging).toBe('cut');
    expect(closed).toBe(true);
    expect(exits).toEqual([0]);
    expect(lines.map((line) => line.event)).toContain('server.drain_timeout');
  });
});

describe('console lines', () => {
  it('become JSON, a JSON line going out as it is', () => {
    const wrapped = JSON.parse(jsonLine('error', ['\u001b[31m[ERROR]\u001b[39m [router] %s failed', '/x']));
    expect(wrapped).toMatchObject({ level: 'error', event: 'console', msg: '[ERROR] [router] /x failed' });
    expect(jsonLine('info', ['{"level":"info","event":"db.migrated"}'])).toBe('{"level":"info","event":"db.migrated"}');
    expect(JSON.parse(jsonLine('warn', ['{not json'])).msg).toBe('{not json');
    expect(JSON.parse(jsonLine('info', ['two\nlines'])).msg).toBe('two\nlines');
  });
});
