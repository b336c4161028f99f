import http from 'node:http';
import { EventEmitter } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { admissionGate, gracefulStop, requestIdFor, withAccessLog } from './lifecycle.ts';

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
  // Any value a header may hold, an array and non-strings included, as an untyped caller could pass.
  const request = (id: unknown) => ({ headers: { 'x-request-id': id } }) as unknown as http.IncomingMessage;
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

describe('the admission gate', () => {
  /** A request and response that need no socket: the response says "close" when it ends, as Node's does. */
  function exchange(url: string) {
    const request = { url } as http.IncomingMessage;
    const response = new EventEmitter() as EventEmitter & { status?: number; headers?: Record<string, string>; body?: string; headersSent: boolean; writableEnded: boolean; writeHead: (status: number, headers: Record<string, string>) => unknown; end: (body?: string) => void };
    response.headersSent = false;
    response.writableEnded = false;
    response.writeHead = (status, headers) => {
      response.status = status;
      response.headers = headers;
      response.headersSent = true;
      return response;
    };
    response.end = (body) => {
      response.body = body;
      response.writableEnded = true;
      response.emit('close');
    };
    return { request, response };
  }

  /** Timers run only when the test says so: no test here depends on how fast the machine is. */
  function manualTimers() {
    const pending = new Map<number, () => void>();
    let next = 0;
    return {
      schedule: (fn: () => void) => {
        next += 1;
        pending.set(next, fn);
        return next;
      },
      cancel: (timer: unknown) => void pending.delete(timer as number),
      fireAll: () => {
        const due = [...pending.values()];
        pending.clear();
        for (const fn of due) fn();
      },
      get size() {
        return pending.size;
      },
    };
  }

  /** A gate over `exchange`s; with `sliceMs`, a clock and a next turn the test moves, each request served taking `costMs` of the clock. */
  function gateWith(options: { concurrency: number; queueLength: number; sliceMs?: number; costMs?: number }) {
    const timers = manualTimers();
    let clock = 0;
    const turns: (() => void)[] = [];
    const served: string[] = [];
    const open = new Map<string, ReturnType<typeof exchange>['response']>();
    const gate = admissionGate({
      concurrency: options.concurrency,
      queueLength: options.queueLength,
      maxWaitMs: 1000,
      retryAfterSeconds: 2,
      exempt: (request: http.IncomingMessage) => request.url === '/api/health',
      schedule: timers.schedule,
      cancel: timers.cancel,
      ...(options.sliceMs === undefined ? {} : { sliceMs: options.sliceMs, now: () => clock, defer: (fn: () => void) => turns.push(fn) }),
    });
    const listener = gate.wrap((request: http.IncomingMessage, response: ReturnType<typeof exchange>['response']) => {
      served.push(request.url!);
      open.set(request.url!, response);
      clock += options.costMs ?? 0;
    });
    const send = (url: string) => {
      const { request, response } = exchange(url);
      listener(request, response as unknown as http.ServerResponse);
      return response;
    };
    const finish = (url: string) => {
      const response = open.get(url)!;
      open.delete(url);
      response.writeHead(200, {});
      response.end('done');
    };
    /** The event loop's next turn: what the gate deferred runs. */
    const nextTurn = () => {
      const due = turns.splice(0);
      for (const fn of due) fn();
    };
    return { gate, timers, served, send, finish, nextTurn, pendingTurns: () => turns.length };
  }

  it('serves up to its limit at once, then first come first served as turns free up', () => {
    const { gate, served, send, finish } = gateWith({ concurrency: 2, queueLength: 10 });
    for (const url of ['/a', '/b', '/c', '/d', '/e']) send(url);
    expect(served).toEqual(['/a', '/b']);
    expect(gate.stats()).toMatchObject({ active: 2, waiting: 3 });
    finish('/b');
    expect(served).toEqual(['/a', '/b', '/c']);
    // A request arriving now waits behind those already waiting, even though a turn frees up next.
    send('/f');
    finish('/a');
    finish('/c');
    expect(served).toEqual(['/a', '/b', '/c', '/d', '/e']);
    finish('/d');
    expect(served).toEqual(['/a', '/b', '/c', '/d', '/e', '/f']);
    finish('/e');
    finish('/f');
    expect(gate.stats()).toMatchObject({ active: 0, waiting: 0, refused: 0 });
  });

  it('answers 503 with Retry-After at once when the queue is full, as JSON under /api/ and as a page elsewhere', () => {
    const { gate, served, send } = gateWith({ concurrency: 1, queueLength: 1 });
    send('/dashboard');
    send('/transactions');
    const api = send('/api/v1/transfer/local/0123456789');
    const page = send('/login');
    expect(served).toEqual(['/dashboard']);
    expect(api.status).toBe(503);
    expect(api.headers).toMatchObject({ 'retry-after': '2', 'cache-control': 'no-store', 'content-type': 'application/json; charset=utf-8' });
    expect(JSON.parse(api.body!)).toEqual({ success: false, message: expect.stringContaining('Nothing was done'), code: 'UNAVAILABLE' });
    expect(page.status).toBe(503);
    expect(page.headers).toMatchObject({ 'retry-after': '2', 'content-type': 'text/html; charset=utf-8' });
    expect(page.body).toContain('try again');
    expect(gate.stats()).toMatchObject({ active: 1, waiting: 1, refused: 2 });
  });

  it('answers 503 with Retry-After a request that waited too long, and the next one in line gets the turn', () => {
    const { timers, served, send, finish } = gateWith({ concurrency: 1, queueLength: 5 });
    send('/first');
    const late = send('/second');
    expect(timers.size).toBe(1);
    timers.fireAll();
    expect(late.status).toBe(503);
    expect(late.headers?.['retry-after']).toBe('2');
    send('/third');
    finish('/first');
    expect(served).toEqual(['/first', '/third']);
  });

  it('lets health checks through when full, and frees the place of a client that went away', () => {
    const { gate, timers, served, send, finish } = gateWith({ concurrency: 1, queueLength: 1 });
    send('/busy');
    const gone = send('/gone');
    send('/api/health');
    expect(served).toEqual(['/busy', '/api/health']);
    gone.emit('close');
    expect(gate.stats()).toMatchObject({ waiting: 0 });
    expect(timers.size).toBe(0);
    send('/next');
    finish('/busy');
    expect(served).toEqual(['/busy', '/api/health', '/next']);
    expect(gone.status).toBeUndefined();
  });

  describe('turns (sliceMs)', () => {
    it('starts requests until the slice of the turn is spent; later ones wait for the next turn, in the order they came', () => {
      const { gate, served, send, nextTurn } = gateWith({ concurrency: 32, queueLength: 10, sliceMs: 2, costMs: 1.5 });
      for (const url of ['/a', '/b', '/c', '/d']) send(url);
      // /a took 1.5 ms of the 2 ms slice, /b took it past: /c and /d wait, with a place kept for them.
      expect(served).toEqual(['/a', '/b']);
      expect(gate.stats()).toMatchObject({ active: 2, waiting: 2 });
      nextTurn();
      expect(served).toEqual(['/a', '/b', '/c', '/d']);
      // A request read in the next poll, behind one still waiting, goes behind it.
      send('/e');
      send('/f');
      send('/g');
      expect(served).toEqual(['/a', '/b', '/c', '/d']);
      send('/h');
      nextTurn();
      expect(served).toEqual(['/a', '/b', '/c', '/d', '/e', '/f']);
      nextTurn();
      expect(served).toEqual(['/a', '/b', '/c', '/d', '/e', '/f', '/g', '/h']);
      expect(gate.stats()).toMatchObject({ active: 8, waiting: 0, refused: 0 });
    });

    it('with no queue at all, a request waiting only for the next turn is not refused while a place is free', () => {
      const { gate, served, send, finish, nextTurn } = gateWith({ concurrency: 3, queueLength: 0, sliceMs: 2, costMs: 5 });
      send('/a');
      const b = send('/b');
      const c = send('/c');
      const d = send('/d');
      // Three places: /a has one, /b and /c wait for a turn, /d finds every place taken.
      expect(d.status).toBe(503);
      expect(gate.stats()).toMatchObject({ active: 1, waiting: 2, refused: 1 });
      nextTurn();
      nextTurn();
      expect(served).toEqual(['/a', '/b', '/c']);
      expect([b.status, c.status]).toEqual([undefined, undefined]);
      finish('/a');
      nextTurn();
      send('/e');
      expect(served).toEqual(['/a', '/b', '/c', '/e']);
    });

    it('with a slice of 0 starts one request a turn', () => {
      const { served, send, nextTurn } = gateWith({ concurrency: 32, queueLength: 10, sliceMs: 0, costMs: 0.1 });
      for (const url of ['/a', '/b', '/c']) send(url);
      expect(served).toEqual(['/a']);
      nextTurn();
      expect(served).toEqual(['/a', '/b']);
      nextTurn();
      expect(served).toEqual(['/a', '/b', '/c']);
    });

    it('a turn freed by an answer waits for the next slice too, and the limit at once still holds', () => {
      const { gate, served, send, finish, nextTurn } = gateWith({ concurrency: 2, queueLength: 10, sliceMs: 2, costMs: 3 });
      for (const url of ['/a', '/b', '/c']) send(url);
      expect(served).toEqual(['/a']);
      nextTurn();
      expect(served).toEqual(['/a', '/b']);
      finish('/a');
      // The slice of this turn is spent (/b took 3 ms): /c starts on the next one.
      expect(served).toEqual(['/a', '/b']);
      nextTurn();
      expect(served).toEqual(['/a', '/b', '/c']);
      send('/d');
      nextTurn();
      // Two at once: /d waits for an answer, not for a turn.
      expect(served).toEqual(['/a', '/b', '/c']);
      expect(gate.stats()).toMatchObject({ active: 2, waiting: 1 });
      finish('/b');
      expect(served).toEqual(['/a', '/b', '/c', '/d']);
    });

    it('health checks never wait for a turn, and a request that waits too long for one is answered 503', () => {
      const { timers, served, send, nextTurn, pendingTurns } = gateWith({ concurrency: 32, queueLength: 10, sliceMs: 2, costMs: 5 });
      send('/a');
      const late = send('/b');
      send('/api/health');
      expect(served).toEqual(['/a', '/api/health']);
      expect(pendingTurns()).toBe(1);
      timers.fireAll();
      expect(late.status).toBe(503);
      nextTurn();
      expect(served).toEqual(['/a', '/api/health']);
    });

    it('over real sockets: with one start a turn, twelve requests at once are all answered', async () => {
      const order: string[] = [];
      const gate = admissionGate({ concurrency: 32, queueLength: 100, maxWaitMs: 10_000, sliceMs: 0 });
      const base = await listen(
        http.createServer(
          gate.wrap((request: http.IncomingMessage, response: http.ServerResponse) => {
            order.push(request.url!);
            response.writeHead(200).end(request.url);
          }),
        ),
      );
      const answers = await Promise.all(Array.from({ length: 12 }, (_, index) => fetch(`${base}/r${index}`).then((answer) => answer.text())));
      expect(answers).toEqual(Array.from({ length: 12 }, (_, index) => `/r${index}`));
      expect(order.toSorted()).toEqual(answers.toSorted());
      expect(gate.stats()).toMatchObject({ active: 0, waiting: 0, refused: 0 });
    });
  });

  it('over a real socket: the refused request gets 503 and Retry-After while the admitted one is still served', async () => {
    const held: http.ServerResponse[] = [];
    const gate = admissionGate({ concurrency: 1, queueLength: 0, maxWaitMs: 60_000 });
    const base = await listen(http.createServer(gate.wrap((_request: http.IncomingMessage, response: http.ServerResponse) => void held.push(response))));
    const first = fetch(`${base}/api/v1/profile`);
    while (held.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const refused = await fetch(`${base}/api/v1/profile`);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await refused.json()).toMatchObject({ success: false, code: 'UNAVAILABLE' });
    held[0]!.writeHead(200).end('ok');
    expect((await first).status).toBe(200);
  });
});
