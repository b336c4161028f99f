#!/usr/bin/env node
// Benchmark: prints figures, never pass/fail on time (but exits 1 when a correctness check of the
// money runs fails: a transfer or bill purchase answered other than 200 and done, a purchase page
// answered other than 200, or the books do not verify).
//
//   node bench/run.mjs [--build] [--no-build] [--duration=5] [--warmup=1] [--connections=16]
//                      [--login-calls=30] [--login-concurrency=4] [--login-concurrent-calls=40]
//                      [--rounds=1] [--timeout=900] [--node-env=production]
//                      [--transfer-warmup=2] [--transfer-duration=8] [--transfer-clients=16]
//                      [--history=10000] [--page-calls=40] [--only=render,login,js,money,bills]
//
// --rounds=N alternates floor and /login N times and reports the median of each figure (and the
// median of the per-round ratios), which holds up better on a machine busy with other work.
// --only runs some sections (default: all five). money and bills share their servers and
// databases when both run; either alone starts its own (bills alone seeds no long history).
//
// The app server gets this process's environment plus HOST, PORT, DATA_DIR and LOG_LEVEL=warn;
// NODE_ENV is production unless --node-env or the environment says otherwise (it decides
// whether the externalised react/react-dom load their development or production builds).
//
// 1. GET /login server render at N keep-alive connections, beside a floor: a minimal node:http
//    server (this same file, started with --floor-server) measured the same way.
// 2. POST /api/v1/auth/login for the demo customer: sequential, then at 4 concurrent.
// 3. Bytes of JavaScript each page loads (transitive static imports, raw and gzip).
// 4. Money ("money"), on SQLite (a fresh DATA_DIR) and, when BENCH_DATABASE_URL or
//    TEST_DATABASE_URL is set, on a freshly created PostgreSQL database (dropped afterwards):
//    a. transfers inside the bank through the HTTP API (its own server from dist), 1 and 16
//       clients, each client its own tier-3 sender, a common recipient, one Idempotency-Key per
//       request; every answer must be 200, the debits counted in the database must equal the
//       200s, and `scripts/ledger-verify.mjs` must pass;
//    b. the same transfer through the app's transfer service in process (no HTTP, PIN check
//       stubbed), and the floor: the same engine doing a minimal transfer with no application
//       code (journal entry, two balance updates, two postings on the real tables);
//    c. the cost of one PIN check (verifySecret, argon2id), which every API transfer pays;
//    d. GET /dashboard (and /transactions, when that page exists) for a customer with 10,000
//       transactions over 12 months: sequential and at N connections.
// 5. Bill purchases ("bills"), on the same servers and databases as 4 (SQLite, and PostgreSQL
//    when the URL is set), against the sandbox biller the app uses by default:
//    a. GET /artime, /data/purchase, /data/purchase?network=mtn, /bills/electricity and
//       /bills/cable, signed in as an onboarded tier-3 customer: --page-calls sequential calls
//       over one keep-alive connection after 3 warm-up calls, p50 and p99; every answer must be
//       200 (a page answering 404, i.e. not built yet, is skipped with a note);
//    b. airtime purchases through the HTTP API, POST /api/v1/bills/airtime/purchase/{account}
//       (MTN, ₦100, 08031234567), 1 and --transfer-clients clients for --transfer-warmup +
//       --transfer-duration s, each client one of the senders of 4a, one Idempotency-Key per
//       request; every answer must be 200 with data.status 'successful', the airtime debits
//       counted in the database must equal the 200s (none left pending), and
//       `scripts/ledger-verify.mjs` must pass.
//    4a and 5b share one closed-loop driver (moneyLoad) and differ only in the request they send.
//    The helpers that need the TypeScript sources run as `node bench/ledger-bench.mjs …`.
//
// Starts `node scripts/serve.mjs` (the built app, as npm start serves it) on a free loopback port with a fresh DATA_DIR, runs the
// measurements, kills the child and deletes the temp dir. Writes bench/results.json.

import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { percentile, round, summarise } from './stats.mjs';

const HOST = '127.0.0.1';
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const entry = path.join(root, 'dist', 'server', 'entry.mjs');
const resultsFile = path.join(here, 'results.json');

const FLOOR_BODY = '<!doctype html><html><head><title>floor</title></head><body><p>ok</p></body></html>\n';

// ---------------------------------------------------------------------------------------------
// Options
// ---------------------------------------------------------------------------------------------
const sections = ['render', 'login', 'js', 'money', 'bills'];

function parseArgs(argv) {
  const options = {
    build: false,
    noBuild: false,
    duration: 5,
    warmup: 1,
    connections: 16,
    loginCalls: 30,
    loginConcurrency: 4,
    loginConcurrentCalls: 40,
    timeout: 900,
    rounds: 1,
    nodeEnv: null,
    transferWarmup: 2,
    transferDuration: 8,
    transferClients: 16,
    history: 10_000,
    pageCalls: 40,
    only: [...sections],
  };
  for (const arg of argv) {
    const [key, value] = arg.replace(/^--/, '').split('=');
    const camel = key.replace(/-([a-z])/g, (_, c) => c.toUpperCase());
    if (camel === 'build') options.build = true;
    else if (camel === 'noBuild') options.noBuild = true;
    else if (camel === 'nodeEnv' && value) options.nodeEnv = value;
    else if (camel === 'only' && value && value.split(',').every((part) => sections.includes(part))) options.only = value.split(',');
    else if (camel in options && value !== undefined && Number.isFinite(Number(value)) && Number(value) > 0) options[camel] = Number(value);
    else {
      console.error(`unknown or invalid option: ${arg}`);
      process.exit(64);
    }
  }
  return options;
}

// ---------------------------------------------------------------------------------------------
// Small utilities
// ---------------------------------------------------------------------------------------------
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const nowNs = () => process.hrtime.bigint();
const nsToMs = (ns) => Number(ns) / 1e6;

function median(values) {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** One round as is; several: the median of each figure, with every round kept. */
function combineRounds(rounds) {
  if (rounds.length === 1) return rounds[0];
  const pick = (key) => round(median(rounds.map((r) => r[key])));
  const statuses = {};
  for (const r of rounds) for (const [status, count] of Object.entries(r.statuses)) statuses[status] = (statuses[status] ?? 0) + count;
  return {
    ...rounds[0],
    aggregate: `median of ${rounds.length} rounds`,
    requests: rounds.reduce((n, r) => n + r.requests, 0),
    rps: round(median(rounds.map((r) => r.rps)), 1),
    p50_ms: pick('p50_ms'),
    p99_ms: pick('p99_ms'),
    mean_ms: pick('mean_ms'),
    min_ms: round(Math.min(...rounds.map((r) => r.min_ms))),
    max_ms: round(Math.max(...rounds.map((r) => r.max_ms))),
    statuses,
    non_2xx: rounds.reduce((n, r) => n + r.non_2xx, 0),
    errors: rounds.reduce((n, r) => n + r.errors, 0),
    cpu_pct_of_one_core: {
      client_pct: round(median(rounds.map((r) => r.cpu_pct_of_one_core?.client_pct)), 0),
      server_pct: round(median(rounds.map((r) => r.cpu_pct_of_one_core?.server_pct)), 0),
      other_pct: round(Math.max(...rounds.map((r) => r.cpu_pct_of_one_core?.other_pct ?? 0)), 0),
    },
    rounds,
  };
}


function fmt(value, digits = 2) {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'number') return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
  return String(value);
}

function kb(bytes) {
  return bytes === null || bytes === undefined ? '—' : `${(bytes / 1024).toFixed(1)} KiB`;
}

function table(headers, rows, align) {
  const cells = [headers, ...rows].map((row) => row.map((cell) => (cell === null || cell === undefined ? '—' : String(cell))));
  const widths = headers.map((_, i) => Math.max(...cells.map((row) => row[i].length)));
  const line = (row) =>
    row
      .map((cell, i) => ((align?.[i] ?? (i === 0 ? 'l' : 'r')) === 'l' ? cell.padEnd(widths[i]) : cell.padStart(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(cells[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join('\n');
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, HOST, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** One HTTP request over node:http; resolves with status, headers, body and elapsed ms. */
function request({ port, method = 'GET', pathname, headers = {}, body, agent, timeoutMs = 15_000 }) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : Buffer.from(body);
    const start = nowNs();
    const req = http.request(
      {
        host: HOST,
        port,
        method,
        path: pathname,
        agent: agent ?? false,
        headers: { ...headers, ...(payload ? { 'content-length': payload.length } : {}) },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks), ms: nsToMs(nowNs() - start) });
        });
        res.on('error', reject);
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`timeout after ${timeoutMs} ms: ${method} ${pathname}`)));
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

// ---------------------------------------------------------------------------------------------
// Load generator: `connections` workers over one keep-alive Agent, each looping requests for a
// fixed time. Requests that start during the warm-up are not recorded; a request is counted when
// it both starts after the warm-up and finishes before the end of the measuring window.
// ---------------------------------------------------------------------------------------------
/** CPU time (user + system, ms) of another process from /proc; null where unavailable. */
function processCpuMs(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, USER_HZ = 100 on Linux
  } catch {
    return null;
  }
}

/** Busy CPU time (ms, all cores) of the whole machine from /proc/stat; null where unavailable. */
function machineBusyMs() {
  try {
    const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1, 9).map(Number);
    const [user, nice, system, idle, iowait, irq, softirq, steal] = fields;
    return ((user + nice + system + irq + softirq + steal) * 1000) / 100;
  } catch {
    return null;
  }
}

async function loadTest({ port, pathname, headers = {}, connections, warmupMs, durationMs, serverPid }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });
  const latencies = [];
  const statuses = {};
  let errors = 0;
  let bytes = 0;
  const sockets = new Set();
  const t0 = nowNs();
  const measureFrom = t0 + BigInt(Math.round(warmupMs * 1e6));
  const measureTo = measureFrom + BigInt(Math.round(durationMs * 1e6));

  const one = () =>
    new Promise((resolve) => {
      const start = nowNs();
      const req = http.request({ host: HOST, port, path: pathname, method: 'GET', agent, headers }, (res) => {
        let size = 0;
        res.on('data', (chunk) => (size += chunk.length));
        res.on('end', () => {
          const end = nowNs();
          if (start >= measureFrom && end <= measureTo) {
            latencies.push(nsToMs(end - start));
            statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
            bytes += size;
          }
          resolve(true);
        });
        res.on('error', () => {
          errors += 1;
          resolve(false);
        });
      });
      req.on('socket', (socket) => sockets.add(socket));
      req.setTimeout(10_000, () => req.destroy(new Error('request timeout')));
      req.on('error', () => {
        errors += 1;
        resolve(false);
      });
      req.end();
    });

  const worker = async () => {
    while (nowNs() < measureTo) {
      const ok = await one();
      if (!ok) await sleep(5);
    }
  };
  // CPU use over the measuring window: this process (the load generator) and the server.
  let cpuStart = null;
  const cpuTimer = setTimeout(() => {
    cpuStart = { client: process.cpuUsage(), server: serverPid ? processCpuMs(serverPid) : null, machine: machineBusyMs(), at: nowNs() };
  }, warmupMs);
  await Promise.all(Array.from({ length: connections }, worker));
  clearTimeout(cpuTimer);
  let cpu = null;
  if (cpuStart) {
    const wallMs = nsToMs(nowNs() - cpuStart.at);
    const client = process.cpuUsage(cpuStart.client);
    const serverEnd = serverPid ? processCpuMs(serverPid) : null;
    const machineEnd = machineBusyMs();
    const clientMs = (client.user + client.system) / 1000;
    const serverMs = cpuStart.server !== null && serverEnd !== null ? serverEnd - cpuStart.server : null;
    const machineMs = cpuStart.machine !== null && machineEnd !== null ? machineEnd - cpuStart.machine : null;
    cpu = {
      client_pct: round((clientMs / wallMs) * 100, 0),
      server_pct: serverMs !== null ? round((serverMs / wallMs) * 100, 0) : null,
      // Everything else on the machine (other people's builds and tests): the noise indicator.
      other_pct: machineMs !== null && serverMs !== null ? round((Math.max(0, machineMs - clientMs - serverMs) / wallMs) * 100, 0) : null,
    };
  }
  agent.destroy();
  const summary = summarise(latencies);
  const non2xx = Object.entries(statuses).reduce((n, [status, count]) => (Number(status) >= 200 && Number(status) < 300 ? n : n + count), 0);
  return {
    path: pathname,
    connections,
    warmup_s: warmupMs / 1000,
    duration_s: durationMs / 1000,
    requests: summary.count,
    rps: round(summary.count / (durationMs / 1000), 1),
    ...summary,
    statuses,
    non_2xx: non2xx,
    errors,
    sockets_used: sockets.size,
    mean_body_bytes: summary.count ? Math.round(bytes / summary.count) : null,
    cpu_pct_of_one_core: cpu,
  };
}

// ---------------------------------------------------------------------------------------------
// Processes
// ---------------------------------------------------------------------------------------------
const children = new Set();
let tempDir = null;
/** The money section's own data directories, and the PostgreSQL databases it created (name → admin URL). */
const moneyTempDirs = new Set();
const createdDatabases = new Map();

function killChild(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const hard = setTimeout(() => {
      try {
        process.kill(child.pid, 'SIGKILL');
      } catch {}
    }, 3000);
    child.once('exit', () => {
      clearTimeout(hard);
      resolve();
    });
    try {
      process.kill(child.pid, 'SIGTERM');
    } catch {
      clearTimeout(hard);
      resolve();
    }
  });
}

async function cleanup() {
  await Promise.all([...children].map(killChild));
  children.clear();
  if (tempDir) {
    fs.rmSync(tempDir, { recursive: true, force: true });
    tempDir = null;
  }
  for (const dir of moneyTempDirs) fs.rmSync(dir, { recursive: true, force: true });
  moneyTempDirs.clear();
  for (const [name, adminUrl] of createdDatabases) await dropDatabase(adminUrl, name).catch(() => {});
}

function cleanupSync() {
  for (const child of children) {
    try {
      process.kill(child.pid, 'SIGKILL');
    } catch {}
  }
  if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
  for (const dir of moneyTempDirs) fs.rmSync(dir, { recursive: true, force: true });
  moneyTempDirs.clear();
  // No await on the way out: a short-lived node drops what is left.
  for (const [name, adminUrl] of createdDatabases) {
    spawnSync(process.execPath, ['--input-type=module', '-e', `import pg from 'pg'; const c = new pg.Client({ connectionString: process.env.ADMIN_URL }); await c.connect(); await c.query('DROP DATABASE IF EXISTS "${name}" WITH (FORCE)'); await c.end();`], { cwd: root, env: { ...process.env, ADMIN_URL: adminUrl }, stdio: 'ignore', timeout: 15_000 });
  }
  createdDatabases.clear();
}

/** Keeps the last lines a child printed, for diagnostics and to count warn/error log lines. */
function captureOutput(child, label) {
  const log = { label, lines: [], warn: 0, error: 0, events: {} };
  const onData = (chunk) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line.trim()) continue;
      log.lines.push(line);
      if (log.lines.length > 200) log.lines.shift();
      try {
        const parsed = JSON.parse(line);
        if (parsed.level === 'warn') log.warn += 1;
        if (parsed.level === 'error') log.error += 1;
        if (parsed.level === 'warn' || parsed.level === 'error') log.events[`${parsed.level}:${parsed.event}`] = (log.events[`${parsed.level}:${parsed.event}`] ?? 0) + 1;
      } catch {
        if (/error/i.test(line)) log.error += 1;
      }
    }
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  return log;
}

function newestMtime(target) {
  let newest = 0;
  const walk = (p) => {
    let stat;
    try {
      stat = fs.statSync(p);
    } catch {
      return;
    }
    if (stat.isDirectory()) for (const name of fs.readdirSync(p)) walk(path.join(p, name));
    else newest = Math.max(newest, stat.mtimeMs);
  };
  walk(target);
  return newest;
}

function runBuild(timeoutMs) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npx', ['astro', 'build'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    children.add(child);
    const log = captureOutput(child, 'astro build');
    const timer = setTimeout(() => {
      try {
        process.kill(child.pid, 'SIGKILL');
      } catch {}
    }, timeoutMs);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      children.delete(child);
      resolve({ ok: code === 0, code, signal, seconds: round((Date.now() - started) / 1000, 1), tail: log.lines.slice(-25) });
    });
  });
}

async function waitForHealth(port, child, deadlineMs) {
  const until = Date.now() + deadlineMs;
  let last = 'no response';
  while (Date.now() < until) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited early (code ${child.exitCode}, signal ${child.signalCode})`);
    try {
      const res = await request({ port, pathname: '/api/health', timeoutMs: 2000 });
      if (res.status === 200) return;
      last = `HTTP ${res.status} ${res.body.toString().slice(0, 200)}`;
    } catch (error) {
      last = error.message;
    }
    await sleep(100);
  }
  throw new Error(`GET /api/health did not return 200 within ${deadlineMs} ms (last: ${last})`);
}

async function startFloorServer() {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--floor-server'], { stdio: ['pipe', 'pipe', 'pipe'] });
  children.add(child);
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('floor server did not start in 10 s')), 10_000);
    let buffered = '';
    child.stdout.on('data', function onData(chunk) {
      buffered += chunk;
      const newline = buffered.indexOf('\n');
      if (newline >= 0) {
        clearTimeout(timer);
        child.stdout.off('data', onData);
        child.stdout.resume();
        resolve(JSON.parse(buffered.slice(0, newline)).port);
      }
    });
    child.on('exit', () => reject(new Error('floor server exited')));
  });
  child.stderr.resume();
  return { child, port };
}

// ---------------------------------------------------------------------------------------------
// Login API
// ---------------------------------------------------------------------------------------------
const demo = { email: 'demo@harmattan.bank.example', password: 'harmattan-demo-2026' };

function loginRequest(port, agent) {
  return request({
    port,
    method: 'POST',
    pathname: '/api/v1/auth/login',
    agent,
    headers: { 'content-type': 'application/json', origin: `http://${HOST}:${port}`, accept: 'application/json' },
    body: JSON.stringify(demo),
    timeoutMs: 30_000,
  });
}

function sessionCookieFrom(headers) {
  for (const cookie of [headers['set-cookie'] ?? []].flat()) {
    const match = /^session=([^;]*)/.exec(cookie);
    if (match) return match[1];
  }
  return null;
}

class LoginFailed extends Error {}

async function signIn(port, agent) {
  const res = await loginRequest(port, agent);
  if (res.status !== 200) {
    // Stop at the first failure: failed sign-ins count towards the per-email lock.
    throw new LoginFailed(`POST /api/v1/auth/login → HTTP ${res.status}: ${res.body.toString().slice(0, 300)}`);
  }
  const cookie = sessionCookieFrom(res.headers);
  if (!cookie) throw new LoginFailed('POST /api/v1/auth/login succeeded but set no `session` cookie');
  return { res, cookie };
}

async function benchLogin(port, { calls, concurrency, concurrentCalls }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: Math.max(concurrency, 1) });
  try {
    // Warm-up: the first calls load modules and prepare statements.
    for (let i = 0; i < 2; i += 1) await signIn(port, agent);

    const sequential = [];
    const seqStart = nowNs();
    for (let i = 0; i < calls; i += 1) sequential.push((await signIn(port, agent)).res.ms);
    const seqSeconds = nsToMs(nowNs() - seqStart) / 1000;

    const concurrent = [];
    let next = 0;
    const conStart = nowNs();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < concurrentCalls) {
          next += 1;
          concurrent.push((await signIn(port, agent)).res.ms);
        }
      }),
    );
    const conSeconds = nsToMs(nowNs() - conStart) / 1000;
    return {
      sequential: { ...summarise(sequential), calls_per_s: round(sequential.length / seqSeconds, 1) },
      concurrent: { concurrency, ...summarise(concurrent), calls_per_s: round(concurrent.length / conSeconds, 1) },
    };
  } finally {
    agent.destroy();
  }
}

// ---------------------------------------------------------------------------------------------
// JavaScript bytes per page
// ---------------------------------------------------------------------------------------------
function decodeEntities(value) {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#0*39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#x2F;/gi, '/')
    .replace(/&amp;/g, '&');
}

function parseAttributes(source) {
  const attributes = {};
  const pattern = /([^\s=/>"']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+)))?/g;
  let match;
  while ((match = pattern.exec(source))) {
    attributes[match[1].toLowerCase()] = decodeEntities(match[2] ?? match[3] ?? match[4] ?? '');
  }
  return attributes;
}

const executableScriptTypes = new Set(['', 'module', 'text/javascript', 'application/javascript', 'text/ecmascript']);

/** Script URLs, island URLs, modulepreloads and inline scripts of one HTML document. */
function scanHtml(html) {
  const found = { scripts: [], islands: [], preloads: [], inline: [] };
  const withoutComments = html.replace(/<!--[\s\S]*?-->/g, '');
  for (const match of withoutComments.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = parseAttributes(match[1]);
    const type = (attributes.type ?? '').trim().toLowerCase();
    if (!executableScriptTypes.has(type)) continue;
    if (attributes.src) found.scripts.push(attributes.src);
    else if (match[2].trim()) found.inline.push({ module: type === 'module', code: match[2] });
  }
  for (const match of withoutComments.matchAll(/<astro-island\b([^>]*)>/gi)) {
    const attributes = parseAttributes(match[1]);
    for (const name of ['component-url', 'renderer-url', 'before-hydration-url']) if (attributes[name]) found.islands.push(attributes[name]);
  }
  for (const match of withoutComments.matchAll(/<link\b([^>]*)>/gi)) {
    const attributes = parseAttributes(match[1]);
    if ((attributes.rel ?? '').toLowerCase().split(/\s+/).includes('modulepreload') && attributes.href) found.preloads.push(attributes.href);
  }
  return found;
}

const staticImportPattern = /(?:\bfrom|\bimport)\s*(["'])([^"'\s]+)\1/g;
const dynamicImportPattern = /\bimport\s*\(\s*(["'])([^"'\s]+)\1\s*\)/g;

function importsOf(code, base) {
  const resolveSpecifier = (specifier) => {
    if (!/^(\.{1,2}\/|\/|https?:)/.test(specifier)) return null; // bare specifiers do not load in a browser
    try {
      const url = new URL(specifier, base);
      return url.host === new URL(base).host ? url.href : null;
    } catch {
      return null;
    }
  };
  const staticImports = new Set();
  const dynamicImports = new Set();
  // `import("./x.js")` cannot match the static pattern: the character after `import` is `(`.
  for (const match of code.matchAll(staticImportPattern)) {
    const url = resolveSpecifier(match[2]);
    if (url) staticImports.add(url);
  }
  for (const match of code.matchAll(dynamicImportPattern)) {
    const url = resolveSpecifier(match[2]);
    if (url) dynamicImports.add(url);
  }
  return { staticImports: [...staticImports], dynamicImports: [...dynamicImports].filter((url) => !staticImports.has(url)) };
}

function createJsFetcher(port) {
  const cache = new Map();
  return (href) => {
    if (!cache.has(href)) {
      const url = new URL(href);
      cache.set(
        href,
        request({ port, pathname: url.pathname + url.search, timeoutMs: 10_000 }).then((res) => ({
          status: res.status,
          contentType: res.headers['content-type'] ?? '',
          body: res.body,
          raw: res.body.length,
          gzip: zlib.gzipSync(res.body).length,
        })),
      );
    }
    return cache.get(href);
  };
}

/** Follows redirects by hand (up to 5), sending and updating the session cookie. */
async function fetchPage(port, pathname, cookie) {
  let current = pathname;
  let jar = cookie;
  const hops = [];
  for (let i = 0; i <= 5; i += 1) {
    const res = await request({ port, pathname: current, headers: { accept: 'text/html', ...(jar ? { cookie: `session=${jar}` } : {}) } });
    const setCookie = sessionCookieFrom(res.headers);
    if (setCookie !== null) jar = setCookie || null;
    if (res.status >= 300 && res.status < 400 && res.headers.location) {
      hops.push({ from: current, status: res.status, to: res.headers.location });
      const next = new URL(res.headers.location, `http://${HOST}:${port}${current}`);
      if (next.host !== `${HOST}:${port}`) throw new Error(`redirect off loopback: ${res.headers.location}`);
      current = next.pathname + next.search;
      continue;
    }
    return { status: res.status, finalPath: current, hops, html: res.body.toString('utf8'), contentType: res.headers['content-type'] ?? '', cookie: jar };
  }
  throw new Error(`too many redirects from ${pathname}`);
}

async function measurePageJs(port, pathname, cookie, fetchJs) {
  const page = await fetchPage(port, pathname, cookie);
  const pageUrl = `http://${HOST}:${port}${page.finalPath}`;
  const result = {
    path: pathname,
    signed_in: Boolean(cookie),
    status: page.status,
    final_path: page.finalPath,
    redirects: page.hops,
    html_bytes: Buffer.byteLength(page.html),
    html_gzip: zlib.gzipSync(Buffer.from(page.html)).length,
    entry_scripts: [],
    files: [],
    js_raw: 0,
    js_gzip: 0,
    inline_scripts: 0,
    inline_raw: 0,
    inline_gzip: 0,
    lazy_imports: [],
    lazy_raw: 0,
    lazy_gzip: 0,
    missing: [],
  };
  if (page.status !== 200 || !/html/i.test(page.contentType)) return result;

  const found = scanHtml(page.html);
  const roots = new Set();
  for (const src of [...found.scripts, ...found.islands, ...found.preloads]) {
    try {
      const url = new URL(src, pageUrl);
      if (url.host === `${HOST}:${port}`) roots.add(url.href);
    } catch {}
  }
  const lazy = new Set();
  for (const script of found.inline) {
    result.inline_scripts += 1;
    const bytes = Buffer.from(script.code);
    result.inline_raw += bytes.length;
    result.inline_gzip += zlib.gzipSync(bytes).length;
    const { staticImports, dynamicImports } = importsOf(script.code, pageUrl);
    staticImports.forEach((url) => roots.add(url));
    dynamicImports.forEach((url) => lazy.add(url));
  }
  result.entry_scripts = [...roots].map((href) => new URL(href).pathname);

  // Breadth-first over static imports.
  const seen = new Set();
  const queue = [...roots];
  while (queue.length > 0) {
    const href = queue.shift();
    if (seen.has(href)) continue;
    seen.add(href);
    const file = await fetchJs(href);
    if (file.status !== 200) {
      result.missing.push({ url: new URL(href).pathname, status: file.status });
      continue;
    }
    result.files.push({ url: new URL(href).pathname, raw: file.raw, gzip: file.gzip });
    result.js_raw += file.raw;
    result.js_gzip += file.gzip;
    const { staticImports, dynamicImports } = importsOf(file.body.toString('utf8'), href);
    for (const url of staticImports) if (!seen.has(url)) queue.push(url);
    dynamicImports.forEach((url) => lazy.add(url));
  }
  for (const href of lazy) {
    if (seen.has(href)) continue;
    const file = await fetchJs(href);
    if (file.status !== 200) continue;
    result.lazy_imports.push({ url: new URL(href).pathname, raw: file.raw, gzip: file.gzip });
    result.lazy_raw += file.raw;
    result.lazy_gzip += file.gzip;
  }
  result.zero_js = result.files.length === 0 && result.inline_scripts === 0;
  return result;
}

/** Static routes under src/pages (read only), excluding the API and dynamic segments. */
function discoverPageRoutes() {
  const pagesDir = path.join(root, 'src', 'pages');
  const routes = new Set();
  const walk = (dir, prefix) => {
    let entries;
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entryItem of entries) {
      if (entryItem.name.startsWith('_') || entryItem.name.startsWith('.')) continue;
      if (entryItem.isDirectory()) {
        if (prefix === '' && entryItem.name === 'api') continue;
        if (entryItem.name.includes('[')) continue;
        walk(path.join(dir, entryItem.name), `${prefix}/${entryItem.name}`);
      } else if (/\.(astro|md|mdx|html)$/.test(entryItem.name)) {
        const name = entryItem.name.replace(/\.(astro|md|mdx|html)$/, '');
        if (name.includes('[') || name === '404' || name === '500') continue;
        routes.add(name === 'index' ? prefix || '/' : `${prefix}/${name}`);
      }
    }
  };
  walk(pagesDir, '');
  return [...routes].sort();
}

// The guard's route lists (src/server/http/guard.ts), copied so pages that land later are covered.
const guestRoutes = ['/', '/login', '/register', '/password/forgot', '/password/reset/token', '/password/reset'];
const signedInRoutes = [
  '/account/verify', '/address/update', '/profile/created', '/pin/set', '/security/question', '/account/settings', '/dashboard',
  '/transfer', '/transfer/send', '/transfer/success', '/beneficairies', '/transactions', '/kyc-verification', '/artime',
  '/airtime/purchase/success', '/data/purchase', '/data/purchase/success', '/bills/electricity', '/bills/electricity/success',
  '/bills/cable', '/bills/cable/success',
];

/** POST JSON to the API as a browser would: same-origin Origin header, the session cookie. */
async function apiPost(port, pathname, body, cookie) {
  const res = await request({
    port,
    method: 'POST',
    pathname,
    headers: { 'content-type': 'application/json', origin: `http://${HOST}:${port}`, accept: 'application/json', ...(cookie ? { cookie: `session=${cookie}` } : {}) },
    body: JSON.stringify(body),
    timeoutMs: 30_000,
  });
  if (res.status < 200 || res.status >= 300) throw new Error(`POST ${pathname} → HTTP ${res.status}: ${res.body.toString().slice(0, 300)}`);
  return { res, cookie: sessionCookieFrom(res.headers) || cookie };
}

/** The newest verification code mailed to `email`, read from DATA_DIR/outbox (*.eml). */
function latestCodeFor(dataDir, email) {
  const outbox = path.join(dataDir, 'outbox');
  const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.endsWith('.eml')).sort().reverse() : [];
  for (const file of files) {
    const text = fs.readFileSync(path.join(outbox, file), 'utf8');
    if (!text.toLowerCase().includes(email.toLowerCase())) continue;
    const match = /^Subject:\s*(\d{6}) is your/im.exec(text);
    if (match) return match[1];
  }
  return null;
}

/**
 * A fresh customer walked through onboarding over the API, measuring each step's page while it
 * is the pending one (the guard sends a fully onboarded customer away from them).
 */
async function benchOnboardingJs(port, fetchJs, dataDir) {
  const pages = [];
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
  const email = `bench.${suffix}@example.com`;
  const phone = `080${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const password = 'quiet harbour lantern ferry 4729';
  let cookie;
  const measure = async (...paths) => {
    for (const pathname of paths) pages.push({ ...(await measurePageJs(port, pathname, cookie, fetchJs)), onboarding_user: true });
  };
  try {
    ({ cookie } = await apiPost(port, '/api/v1/auth/register', {
      first_name: 'Bench', last_name: 'Runner', email, phone_number: phone, password, password_confirmation: password, terms: true,
    }));
    await measure('/account/verify');
    const code = latestCodeFor(dataDir, email);
    if (!code) throw new Error('no verification code found in DATA_DIR/outbox');
    ({ cookie } = await apiPost(port, '/api/v1/onboarding/verify-otp', { otp: code }, cookie));
    await measure('/address/update');
    ({ cookie } = await apiPost(port, '/api/v1/onboarding/address', { address: '1 Marina Road', city: 'Lagos Island', state: 'Lagos', lga: 'Lagos Island' }, cookie));
    await measure('/profile/created', '/pin/set');
    ({ cookie } = await apiPost(port, '/api/v1/onboarding/set-pin', { pin: '4827', pin_confirmation: '4827' }, cookie));
    await measure('/security/question');
    ({ cookie } = await apiPost(port, '/api/v1/onboarding/set-security-question', { security_question_id: 2, answer: 'Kaduna' }, cookie));
    return { pages, error: null };
  } catch (error) {
    return { pages, error: error.message };
  }
}

async function benchJs(port, dataDir) {
  const fetchJs = createJsFetcher(port);
  const guestHeadline = ['/login', '/register'];
  const signedInHeadline = ['/dashboard'];
  const discovered = discoverPageRoutes();
  const guestSet = new Set(guestRoutes);
  const allGuest = [...new Set([...guestHeadline, ...guestRoutes, ...discovered.filter((r) => guestSet.has(r) || !signedInRoutes.includes(r))])];
  const allSignedIn = [...new Set([...signedInHeadline, ...signedInRoutes, ...discovered.filter((r) => signedInRoutes.includes(r))])];

  const pages = [];
  for (const pathname of allGuest) pages.push(await measurePageJs(port, pathname, null, fetchJs));

  let signInError = null;
  try {
    const agent = new http.Agent({ keepAlive: false });
    const { cookie } = await signIn(port, agent);
    agent.destroy();
    for (const pathname of allSignedIn) pages.push(await measurePageJs(port, pathname, cookie, fetchJs));
  } catch (error) {
    signInError = error.message;
  }
  const onboarding = await benchOnboardingJs(port, fetchJs, dataDir);
  pages.push(...onboarding.pages);
  return { pages, headline: [...guestHeadline, ...signedInHeadline], discovered_routes: discovered, sign_in_error: signInError, onboarding_error: onboarding.error };
}

// ---------------------------------------------------------------------------------------------
// Money: transfers (API, service, floor), the PIN's cost, pages for a long history
// ---------------------------------------------------------------------------------------------
const helper = path.join(here, 'ledger-bench.mjs');

/** Runs `node bench/ledger-bench.mjs <command>` and returns the JSON of its RESULT line. */
function runHelper(command, args, env, timeoutMs = 300_000) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [helper, command, ...args], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => {
      try {
        process.kill(child.pid, 'SIGKILL');
      } catch {}
    }, timeoutMs);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      children.delete(child);
      const line = stdout.split('\n').find((candidate) => candidate.startsWith('RESULT '));
      if (code === 0 && line) resolve(JSON.parse(line.slice('RESULT '.length)));
      else reject(new Error(`ledger-bench ${command} failed (code ${code}${signal ? `, ${signal}` : ''}): ${(stderr || stdout).trim().split('\n').slice(-8).join(' | ')}`));
    });
  });
}

/** `node scripts/ledger-verify.mjs` against the given environment; ok when it exits 0. */
function ledgerVerify(env) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(root, 'scripts', 'ledger-verify.mjs')], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => {
      children.delete(child);
      resolve({ ok: code === 0, exit_code: code, output: output.trim().split('\n').slice(0, 12).join('\n') });
    });
  });
}

async function adminQuery(adminUrl, text) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

async function createDatabase(adminUrl, name) {
  await adminQuery(adminUrl, `CREATE DATABASE "${name}"`);
  createdDatabases.set(name, adminUrl);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropDatabase(adminUrl, name) {
  await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  createdDatabases.delete(name);
}

async function loginAs(port, email, password) {
  const res = await request({
    port,
    method: 'POST',
    pathname: '/api/v1/auth/login',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ email, password }),
    timeoutMs: 30_000,
  });
  if (res.status !== 200) throw new Error(`login ${email} → HTTP ${res.status}: ${res.body.toString().slice(0, 200)}`);
  const token = JSON.parse(res.body.toString()).data?.token;
  if (!token) throw new Error(`login ${email}: no data.token in the answer`);
  return token;
}

/** What a client of moneyLoad sends: a transfer inside the bank to the common recipient. */
function transferRequest({ recipient, amount, pin }) {
  return (sender) => ({ pathname: `/api/v1/transfer/local/${sender.accountNumber}`, body: { account_number: recipient, amount, narration: 'bench', pin } });
}

/** Airtime from the sender's account through the sandbox biller; done only when it says 'successful'. */
function airtimeRequest({ networkId, phoneNumber, amount, pin }) {
  const build = (sender) => ({ pathname: `/api/v1/bills/airtime/purchase/${sender.accountNumber}`, body: { network_id: networkId, phone_number: phoneNumber, amount, pin } });
  build.accept = (data) => data?.status === 'successful';
  return build;
}

/**
 * Closed-loop money requests through the API: `clients` workers, each with its own sender
 * account, its own keep-alive connection and Bearer token, POSTing what `requestFor(sender)`
 * returns ({ pathname, body }) with a new Idempotency-Key per request. An answer of 200 counts as
 * acknowledged when `requestFor.accept(data)` (default: any) holds for its `data`. Latency is
 * recorded for requests that start after the warm-up and end inside the window; every answer
 * (warm-up included) is counted and must be 200 and accepted.
 */
async function moneyLoad({ port, clients, senders, requestFor, warmupMs, durationMs, serverPid, keyPrefix }) {
  const accept = requestFor.accept ?? (() => true);
  const latencies = [];
  const statuses = {};
  const failures = [];
  const acknowledged = [];
  const unaccepted = {};
  let errors = 0;
  let completedAfterCpuStart = 0;
  const t0 = nowNs();
  const measureFrom = t0 + BigInt(Math.round(warmupMs * 1e6));
  const measureTo = measureFrom + BigInt(Math.round(durationMs * 1e6));
  let cpuStart = null;
  const worker = async (index) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const sender = senders[index];
    let seq = 0;
    try {
      while (nowNs() < measureTo) {
        seq += 1;
        const start = nowNs();
        if (cpuStart === null && start >= measureFrom) cpuStart = { server: processCpuMs(serverPid), client: process.cpuUsage(), machine: machineBusyMs(), at: start };
        const { pathname, body } = requestFor(sender);
        try {
          const res = await request({
            port,
            method: 'POST',
            pathname,
            agent,
            headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${sender.token}`, 'idempotency-key': `${keyPrefix}-${index}-${seq}` },
            body: JSON.stringify(body),
            timeoutMs: 30_000,
          });
          const end = nowNs();
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          if (res.status === 200) {
            const data = JSON.parse(res.body.toString()).data;
            if (accept(data)) acknowledged.push(data?.reference);
            else {
              unaccepted[data?.status ?? 'unknown'] = (unaccepted[data?.status ?? 'unknown'] ?? 0) + 1;
              if (failures.length < 5) failures.push(`HTTP 200 not accepted (status ${data?.status}): ${res.body.toString().slice(0, 200)}`);
            }
          } else if (failures.length < 5) failures.push(`HTTP ${res.status}: ${res.body.toString().slice(0, 200)}`);
          if (cpuStart !== null && end >= cpuStart.at) completedAfterCpuStart += 1;
          if (start >= measureFrom && end <= measureTo) latencies.push(nsToMs(end - start));
        } catch (error) {
          errors += 1;
          if (failures.length < 5) failures.push(error.message);
          await sleep(5);
        }
      }
    } finally {
      agent.destroy();
    }
  };
  await Promise.all(Array.from({ length: clients }, (_, index) => worker(index)));
  let cpu = null;
  if (cpuStart) {
    const wallMs = nsToMs(nowNs() - cpuStart.at);
    const serverEnd = processCpuMs(serverPid);
    const client = process.cpuUsage(cpuStart.client);
    const machineEnd = machineBusyMs();
    const serverMs = cpuStart.server !== null && serverEnd !== null ? serverEnd - cpuStart.server : null;
    const clientMs = (client.user + client.system) / 1000;
    cpu = {
      server_pct: serverMs !== null ? round((serverMs / wallMs) * 100, 0) : null,
      client_pct: round((clientMs / wallMs) * 100, 0),
      // The database server (PostgreSQL) and everything else on the machine.
      other_pct: machineEnd !== null && cpuStart.machine !== null && serverMs !== null ? round((Math.max(0, machineEnd - cpuStart.machine - serverMs - clientMs) / wallMs) * 100, 0) : null,
      server_ms_per_request: serverMs !== null && completedAfterCpuStart > 0 ? round(serverMs / completedAfterCpuStart, 1) : null,
    };
  }
  const summary = summarise(latencies);
  const total = Object.values(statuses).reduce((a, b) => a + b, 0);
  return {
    layer: 'api',
    clients,
    warmup_s: warmupMs / 1000,
    duration_s: durationMs / 1000,
    ...summary,
    tps: round(summary.count / (durationMs / 1000), 1),
    answered: total,
    acknowledged: acknowledged.length,
    distinct_references: new Set(acknowledged).size,
    statuses,
    non_200: total - (statuses[200] ?? 0),
    not_accepted: Object.values(unaccepted).reduce((a, b) => a + b, 0),
    not_accepted_statuses: unaccepted,
    errors,
    failures,
    cpu_pct_of_one_core: cpu,
  };
}

/** Sequential GETs over one keep-alive connection. */
async function sequentialGets({ port, pathname, headers, calls, serverPid }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    for (let index = 0; index < 3; index += 1) await request({ port, pathname, headers, agent, timeoutMs: 30_000 });
    const latencies = [];
    const statuses = {};
    let bytes = 0;
    const started = nowNs();
    const serverCpuStart = processCpuMs(serverPid);
    for (let index = 0; index < calls; index += 1) {
      const res = await request({ port, pathname, headers, agent, timeoutMs: 30_000 });
      latencies.push(res.ms);
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      bytes += res.body.length;
    }
    const seconds = nsToMs(nowNs() - started) / 1000;
    const serverCpuEnd = processCpuMs(serverPid);
    const summary = summarise(latencies);
    const serverPct = serverCpuStart !== null && serverCpuEnd !== null ? round(((serverCpuEnd - serverCpuStart) / (seconds * 1000)) * 100, 0) : null;
    return { path: pathname, connections: 1, ...summary, requests: summary.count, rps: round(calls / seconds, 1), statuses, non_2xx: calls - (statuses[200] ?? 0), errors: 0, mean_body_bytes: Math.round(bytes / calls), cpu_pct_of_one_core: { server_pct: serverPct } };
  } finally {
    agent.destroy();
  }
}

/** Pages of a customer with a long history: sequential, then `connections` keep-alive connections. */
async function benchHistoryPages({ port, token, options, serverPid, say, label }) {
  const headers = { accept: 'text/html', cookie: `session=${token}` };
  const pages = {};
  for (const pathname of ['/dashboard', '/transactions']) {
    const probe = await request({ port, pathname, headers, timeoutMs: 30_000 });
    if (probe.status !== 200) {
      pages[pathname] = { status: probe.status, location: probe.headers.location ?? null, skipped: true };
      say(`  ${label} ${pathname}: HTTP ${probe.status}${probe.headers.location ? ` → ${probe.headers.location}` : ''}; not measured`);
      continue;
    }
    say(`  ${label} ${pathname}: ${options.pageCalls} sequential, then ${options.connections} connections for ${options.warmup} s + ${options.duration} s …`);
    const sequential = await sequentialGets({ port, pathname, headers, calls: options.pageCalls, serverPid });
    const concurrent = await loadTest({ port, pathname, headers, connections: options.connections, warmupMs: options.warmup * 1000, durationMs: options.duration * 1000, serverPid });
    pages[pathname] = { status: 200, html_bytes: probe.body.length, sequential, concurrent };
  }
  return pages;
}

/** The purchase pages of section 5a; a page that answers 404 (not built yet) is skipped with a note. */
const billPages = ['/artime', '/data/purchase', '/data/purchase?network=mtn', '/bills/electricity', '/bills/cable'];
/** The airtime every purchase of section 5b buys: ₦100 of MTN (kobo, whole naira). */
const airtimePurchase = { networkId: 'mtn', phoneNumber: '08031234567', amount: 10_000 };

/** Section 5 on one engine's running server: the purchase pages, then airtime through the API. */
async function benchBills({ engine, port, plan, options, serverPid, say, runTag }) {
  const bills = { database: null, customer: 'an onboarded tier-3 customer (the first sender of section 4)', pages: {}, api: [], notes: [] };
  const label = `[${engine}] bills`;
  const headers = { accept: 'text/html', cookie: `session=${plan.senders[0].token}` };
  for (const pathname of billPages) {
    const probe = await request({ port, pathname, headers, timeoutMs: 30_000 });
    if (probe.status !== 200) {
      const where = probe.headers.location ? ` → ${probe.headers.location}` : '';
      bills.pages[pathname] = { status: probe.status, location: probe.headers.location ?? null, skipped: true };
      const note = probe.status === 404 ? `${pathname}: HTTP 404 (page not built yet?); not measured` : `${pathname}: HTTP ${probe.status}${where}; not measured`;
      bills.notes.push(note);
      say(`${label} ${note}`);
      continue;
    }
    say(`${label} GET ${pathname}: ${options.pageCalls} sequential calls after 3 warm-up …`);
    const sequential = await sequentialGets({ port, pathname, headers, calls: options.pageCalls, serverPid });
    bills.pages[pathname] = { status: 200, html_bytes: probe.body.length, sequential };
    say(`${label}   p50 ${sequential.p50_ms} ms, p99 ${sequential.p99_ms} ms, ${sequential.non_2xx} not 200`);
  }

  const requestFor = airtimeRequest({ ...airtimePurchase, pin: plan.pin });
  for (const clients of [...new Set([1, options.transferClients])]) {
    say(`${label} airtime purchases: ${clients} client${clients === 1 ? '' : 's'}, ${options.transferWarmup} s warm-up + ${options.transferDuration} s …`);
    const run = await moneyLoad({
      port,
      clients,
      senders: plan.senders,
      requestFor,
      warmupMs: options.transferWarmup * 1000,
      durationMs: options.transferDuration * 1000,
      serverPid,
      keyPrefix: `bench-air-${engine}-${runTag}-c${clients}`,
    });
    bills.api.push({ ...run, service: 'airtime', amount: airtimePurchase.amount });
    say(`${label}   ${run.tps} purchases/s, p50 ${run.p50_ms} ms, p99 ${run.p99_ms} ms; ${run.answered} answered, ${run.non_200} not 200, ${run.not_accepted} 200 but not successful, ${run.errors} errors`);
  }
  return bills;
}

/**
 * Everything the money section (`parts.transfers`) and the bills section (`parts.bills`) do on
 * one engine: one database, one seed, one app server for both.
 */
async function benchMoneyEngine(engine, options, say, parts = { transfers: true, bills: false }) {
  const out = { engine, notes: [] };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `bank-bench-${engine}-`));
  moneyTempDirs.add(dir);
  const env = { ...process.env, DATA_DIR: dir, LOG_LEVEL: 'warn', SEED_DEMO: 'false', NODE_ENV: options.nodeEnv ?? process.env.NODE_ENV ?? 'production' };
  delete env.DATABASE_URL;
  let dbName = null;
  if (engine === 'postgres') {
    const adminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
    dbName = `bench_${Date.now().toString(36)}_${process.pid}`;
    env.DATABASE_URL = await createDatabase(adminUrl, dbName);
    out.database = `fresh PostgreSQL database ${dbName} on ${new URL(adminUrl).host} (dropped afterwards)`;
  } else out.database = 'fresh DATA_DIR (SQLite, WAL, synchronous=FULL)';

  let server = null;
  try {
    // --- Customers: senders, the recipient, and (for the money section) the long-history customer
    const senderCount = Math.max(1, options.transferClients);
    const history = parts.transfers ? options.history : 0;
    say(`[${engine}] seeding ${senderCount} tier-3 senders, a recipient${history ? ` and a customer with ${history.toLocaleString('en-US')} transactions` : ''} …`);
    const plan = await runHelper('seed', [`--senders=${senderCount}`, `--fund=${1_000_000_000}`, `--history=${history}`], env);
    out.seed = { seconds: plan.seconds, history_seconds: plan.history?.seconds ?? null, history_transactions: plan.history?.transactions ?? null, history_by_kind: plan.history?.by_kind ?? null };
    say(`[${engine}] seeded in ${plan.seconds} s${plan.history ? ` (history: ${plan.history.transactions} transactions in ${plan.history.seconds} s)` : ''}`);

    // --- The app server on that database ---------------------------------------------------
    const port = await freePort();
    server = spawn(process.execPath, [path.join(root, 'scripts', 'serve.mjs')], { cwd: root, env: { ...env, HOST, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(server);
    const serverLog = captureOutput(server, `app (${engine})`);
    await waitForHealth(port, server, 60_000);
    for (const sender of plan.senders) sender.token = await loginAs(port, sender.email, plan.password);
    const historyToken = plan.history ? await loginAs(port, plan.history.email, plan.password) : null;
    const runTag = Date.now().toString(36);

    // --- 4a. transfers through the API ------------------------------------------------------
    if (parts.transfers) {
      out.api = [];
      const requestFor = transferRequest({ recipient: plan.recipient.accountNumber, amount: plan.amount, pin: plan.pin });
      for (const clients of [...new Set([1, options.transferClients])]) {
        say(`[${engine}] API transfers: ${clients} client${clients === 1 ? '' : 's'}, ${options.transferWarmup} s warm-up + ${options.transferDuration} s …`);
        const run = await moneyLoad({
          port,
          clients,
          senders: plan.senders,
          requestFor,
          warmupMs: options.transferWarmup * 1000,
          durationMs: options.transferDuration * 1000,
          serverPid: server.pid,
          keyPrefix: `bench-${engine}-${runTag}-c${clients}`,
        });
        out.api.push(run);
        say(`[${engine}]   ${run.tps} transfers/s, p50 ${run.p50_ms} ms, p99 ${run.p99_ms} ms; ${run.answered} answered, ${run.non_200} not 200, ${run.errors} errors`);
      }
    }

    // --- 5. bill purchases: the pages, then airtime through the API -------------------------
    if (parts.bills) {
      out.bills = await benchBills({ engine, port, plan, options, serverPid: server.pid, say, runTag });
      out.bills.database = out.database;
    }

    // --- 4d. pages for the customer with a long history -------------------------------------
    if (parts.transfers && historyToken) {
      say(`[${engine}] pages for the customer with ${plan.history.transactions.toLocaleString('en-US')} transactions:`);
      out.pages = await benchHistoryPages({ port, token: historyToken, options, serverPid: server.pid, say, label: `[${engine}]` });
    }

    await killChild(server);
    children.delete(server);
    server = null;
    out.server_log = { warn_lines: serverLog.warn, error_lines: serverLog.error, events: serverLog.events, tail: serverLog.error || serverLog.warn ? serverLog.lines.slice(-10) : [] };

    // --- Checks: every answer 200, one debit per 200, the books verify -----------------------
    const planFile = path.join(dir, 'bench-plan.json');
    fs.writeFileSync(planFile, JSON.stringify(plan));
    const counted = await runHelper('count', [`--plan=${planFile}`], env);
    const verify = await ledgerVerify(env);
    if (parts.transfers) {
      const acknowledged = out.api.reduce((n, run) => n + run.acknowledged, 0);
      const answeredNot200 = out.api.reduce((n, run) => n + run.non_200 + run.errors, 0);
      const distinct = out.api.reduce((n, run) => n + run.distinct_references, 0);
      out.checks = {
        every_answer_200: answeredNot200 === 0,
        acknowledged,
        distinct_references: distinct,
        debits_in_database: counted.debits,
        credits_to_recipient: counted.credits,
        debited_kobo: counted.debited,
        expected_kobo: acknowledged * plan.amount,
        one_debit_per_200: counted.debits === acknowledged && counted.credits === acknowledged && distinct === acknowledged && counted.debited === acknowledged * plan.amount,
        ledger_verify: verify,
      };
      out.ok = out.checks.every_answer_200 && out.checks.one_debit_per_200 && verify.ok;
      say(`[${engine}] transfer checks: ${answeredNot200} answers not 200; ${counted.debits} debits in the database for ${acknowledged} 200s; ledger:verify ${verify.ok ? 'OK' : `FAILED (exit ${verify.exit_code})`}`);
    }
    if (parts.bills) {
      const bills = out.bills;
      const acknowledged = bills.api.reduce((n, run) => n + run.acknowledged, 0);
      const answeredBadly = bills.api.reduce((n, run) => n + run.non_200 + run.not_accepted + run.errors, 0);
      const distinct = bills.api.reduce((n, run) => n + run.distinct_references, 0);
      const pagesNot200 = Object.entries(bills.pages).filter(([, page]) => (page.skipped ? page.status !== 404 : page.sequential.non_2xx > 0)).map(([pathname]) => pathname);
      const airtime = counted.airtime;
      bills.checks = {
        every_page_200: pagesNot200.length === 0,
        pages_not_200: pagesNot200,
        every_answer_200_successful: answeredBadly === 0,
        acknowledged,
        distinct_references: distinct,
        airtime_debits_in_database: airtime.debits,
        airtime_successful_in_database: airtime.successful,
        debited_kobo: airtime.debited,
        expected_kobo: acknowledged * airtimePurchase.amount,
        purchases_pending: airtime.pending_purchases,
        one_debit_per_200: airtime.debits === acknowledged && airtime.successful === acknowledged && distinct === acknowledged && airtime.debited === acknowledged * airtimePurchase.amount && airtime.pending_purchases === 0,
        ledger_verify: verify,
      };
      bills.ok = bills.checks.every_page_200 && bills.checks.every_answer_200_successful && bills.checks.one_debit_per_200 && verify.ok;
      say(`[${engine}] bills checks: ${answeredBadly} answers not 200/successful; ${airtime.debits} airtime debits (${airtime.successful} successful, ${airtime.pending_purchases} pending) in the database for ${acknowledged} 200s; ledger:verify ${verify.ok ? 'OK' : `FAILED (exit ${verify.exit_code})`}`);
    }
    if (!parts.transfers) return out;

    // --- 4b. the service layer without HTTP and PIN, and the floor ----------------------------
    const timingArgs = [`--warmup=${options.transferWarmup}`, `--duration=${options.transferDuration}`, `--plan=${planFile}`];
    out.service = [];
    out.floor = [];
    for (const clients of [...new Set([1, options.transferClients])]) {
      say(`[${engine}] service layer (no HTTP, PIN stubbed): ${clients} client${clients === 1 ? '' : 's'} …`);
      out.service.push({ layer: 'service', ...(await runHelper('service', [`--clients=${clients}`, ...timingArgs], env)) });
    }
    for (const clients of [...new Set([1, options.transferClients])]) {
      say(`[${engine}] floor (${engine === 'sqlite' ? 'node:sqlite' : 'pg'} directly, no app code): ${clients} client${clients === 1 ? '' : 's'} …`);
      out.floor.push({ layer: 'floor', ...(await runHelper('floor', [`--clients=${clients}`, ...timingArgs], env)) });
    }
    const after = await ledgerVerify(env);
    out.checks.ledger_verify_after_floor = after;
    if (!after.ok) out.ok = false;
    for (const run of [...out.service, ...out.floor]) {
      if (run.failed > 0) out.notes.push(`${run.layer} at ${run.clients} clients: ${run.failed} failed operations (${JSON.stringify(run.outcomes)}; ${run.errors.join(' | ')})`);
    }
    out.ratio = out.api.map((api) => {
      const floorRun = out.floor.find((run) => run.clients === api.clients);
      const serviceRun = out.service.find((run) => run.clients === api.clients);
      return {
        clients: api.clients,
        api_over_floor_tps: floorRun?.tps ? round(api.tps / floorRun.tps, 4) : null,
        floor_over_api_tps: api.tps ? round(floorRun?.tps / api.tps, 1) : null,
        api_over_service_tps: serviceRun?.tps ? round(api.tps / serviceRun.tps, 3) : null,
      };
    });
    return out;
  } finally {
    if (server) {
      await killChild(server);
      children.delete(server);
    }
    fs.rmSync(dir, { recursive: true, force: true });
    moneyTempDirs.delete(dir);
    if (dbName) await dropDatabase(process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL, dbName).catch((error) => out.notes.push(`could not drop ${dbName}: ${error.message}`));
  }
}

/**
 * The money and bills sections: each engine once, both sections on its server when both are
 * wanted. Returns { money, bills }, each null when its section is not wanted.
 */
async function benchMoney(options, say, parts = { transfers: true, bills: false }) {
  const money = parts.transfers ? { engines: {}, pin: null, notes: [] } : null;
  const bills = parts.bills ? { engines: {}, notes: [], airtime: { ...airtimePurchase } } : null;
  if (money) {
    say('pin: cost of one transaction-PIN check (verifySecret, argon2id) …');
    try {
      money.pin = await runHelper('pin', ['--calls=30', `--concurrency=${options.transferClients}`], { ...process.env });
    } catch (error) {
      money.notes.push(`PIN cost not measured: ${error.message}`);
    }
  }
  const engines = ['sqlite'];
  if (process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL) engines.push('postgres');
  else {
    const note = 'PostgreSQL not measured: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a role that may create databases, e.g. postgres://postgres@127.0.0.1:5432/test';
    for (const section of [money, bills]) section?.notes.push(note);
  }
  for (const engine of engines) {
    try {
      const { bills: billsOut, ...moneyOut } = await benchMoneyEngine(engine, options, say, parts);
      if (money) money.engines[engine] = moneyOut;
      if (bills) bills.engines[engine] = { ...billsOut, server_log: moneyOut.server_log, seed_seconds: moneyOut.seed?.seconds ?? null };
    } catch (error) {
      for (const section of [money, bills]) if (section) section.engines[engine] = { engine, ok: false, error: error.message };
      say(`[${engine}] error: ${error.message}`);
    }
  }
  if (money) {
    money.ok = Object.values(money.engines).every((engine) => engine.ok);
    money.closing_note = closingNote(money, os.cpus().length);
  }
  if (bills) bills.ok = Object.values(bills.engines).every((engine) => engine.ok);
  return { money, bills };
}

/** The paragraph that explains the API/floor ratio from the figures just measured. */
function closingNote(money, cpus) {
  const pin = money.pin?.sequential;
  const lines = [];
  if (pin) {
    const cap = (cpus * 1000) / pin.cpu_ms_per_verify;
    lines.push(
      `Every API transfer checks the 4-digit PIN with argon2id (m=19 MiB, t=2): ${fmt(pin.p50_ms, 1)} ms wall, ${fmt(pin.cpu_ms_per_verify, 1)} ms CPU per check on this machine. ` +
        `With ${cpus} core${cpus === 1 ? '' : 's'}, that alone caps the server near ${fmt(cap, 0)} transfers/s whatever the database, ` +
        `while the floor (the same engine's journal entry, two balance updates and two postings, no application code) does hundreds to thousands per second.`,
    );
  }
  for (const [engine, result] of Object.entries(money.engines)) {
    if (!result.api) continue;
    const one = { api: result.api.find((r) => r.clients === 1), service: result.service?.find((r) => r.clients === 1), floor: result.floor?.find((r) => r.clients === 1) };
    const many = { api: result.api.find((r) => r.clients !== 1), service: result.service?.find((r) => r.clients !== 1), floor: result.floor?.find((r) => r.clients !== 1) };
    if (one.api && one.service && one.floor && pin) {
      const rest = one.api.p50_ms - one.service.p50_ms - pin.p50_ms;
      lines.push(
        `${engine}, 1 client, p50 per transfer: API ${fmt(one.api.p50_ms, 1)} ms ≈ PIN ${fmt(pin.p50_ms, 1)} ms + transfer service without PIN ${fmt(one.service.p50_ms, 1)} ms (the floor's SQL alone: ${fmt(one.floor.p50_ms, 2)} ms) + HTTP, session and the rest ${fmt(Math.max(0, rest), 1)} ms. ` +
          `Server CPU per API transfer: ${fmt(one.api.cpu_pct_of_one_core?.server_ms_per_request, 1)} ms.`,
      );
    }
    if (many.api && many.floor) {
      lines.push(
        `${engine}, ${many.api.clients} clients: API ${fmt(many.api.tps, 1)}/s (server CPU ${many.api.cpu_pct_of_one_core?.server_pct ?? '—'} % of one core, ${fmt(many.api.cpu_pct_of_one_core?.server_ms_per_request, 1)} ms per transfer), ` +
          `service without PIN ${fmt(many.service?.tps, 1)}/s, floor ${fmt(many.floor.tps, 1)}/s: the API reaches ${fmt((100 * many.api.tps) / many.floor.tps, 1)} % of the floor.`,
      );
    }
  }
  for (const [engine, result] of Object.entries(money.engines)) {
    const dashboard = result.pages?.['/dashboard'];
    const transactions = result.pages?.['/transactions'];
    if (dashboard?.sequential && transactions?.sequential) {
      lines.push(
        `${engine}, ${fmt(result.seed?.history_transactions, 0)} transactions: /dashboard p50 ${fmt(dashboard.sequential.p50_ms, 1)} ms sequential (${fmt(dashboard.concurrent.rps, 0)} req/s at ${dashboard.concurrent.connections} connections) ` +
          `against ${fmt(transactions.sequential.p50_ms, 1)} ms for the first page of /transactions: the dashboard's 12-month statistics aggregate every transaction of the year on each render.`,
      );
    }
  }
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------
async function main() {
  const options = parseArgs(process.argv.slice(2));
  const results = {
    generated_at: new Date().toISOString(),
    machine: { node: process.version, platform: `${os.platform()} ${os.release()}`, arch: os.arch(), cpus: os.cpus().length, cpu_model: os.cpus()[0]?.model ?? null, loadavg_at_start: os.loadavg().map((v) => round(v)) },
    options,
    build: null,
    floor: null,
    login_page: null,
    ratio: null,
    login_api: null,
    javascript: null,
    server_log: null,
    money: null,
    bills: null,
    notes: [],
  };
  const want = (section) => options.only.includes(section);

  const globalTimer = setTimeout(() => {
    console.error(`\nglobal timeout (${options.timeout} s) reached; stopping.`);
    cleanupSync();
    try {
      fs.writeFileSync(resultsFile, JSON.stringify({ ...results, aborted: 'global timeout' }, null, 2) + '\n');
    } catch {}
    process.exit(2);
  }, options.timeout * 1000);
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      cleanupSync();
      process.exit(130);
    });
  }
  process.on('exit', cleanupSync);

  const say = (line = '') => process.stdout.write(line + '\n');
  say(`bench: node ${process.version}, ${os.cpus().length} CPU(s) (${os.cpus()[0]?.model ?? 'unknown'}), load ${os.loadavg().map((v) => v.toFixed(2)).join(' ')}`);

  // --- Build -----------------------------------------------------------------------------
  const sourcesNewest = Math.max(newestMtime(path.join(root, 'src')), newestMtime(path.join(root, 'astro.config.mjs')), newestMtime(path.join(root, 'package-lock.json')));
  const entryExists = fs.existsSync(entry);
  const stale = entryExists && sourcesNewest > fs.statSync(entry).mtimeMs;
  if (!options.noBuild && (!entryExists || options.build)) {
    say(`build: ${entryExists ? '--build given' : 'dist/server/entry.mjs missing'}; running npx astro build …`);
    const build = await runBuild(Math.min(300_000, options.timeout * 1000 - 60_000));
    results.build = { ran: true, ok: build.ok, seconds: build.seconds };
    if (!build.ok) {
      results.build.tail = build.tail;
      say(`build: FAILED (code ${build.code}${build.signal ? `, ${build.signal}` : ''}) after ${build.seconds} s; last lines:`);
      for (const line of build.tail) say(`  | ${line}`);
    } else say(`build: ok in ${build.seconds} s`);
  } else {
    results.build = { ran: false, stale };
    if (stale) {
      const note = 'dist/ is older than src/ — figures are for the last build; run with --build to rebuild';
      results.notes.push(note);
      say(`build: ${note}`);
    }
  }

  try {
    if (want('render') || want('login') || want('js')) await benchPagesAndLogin(options, results, say, want);
    // --- Money and bills: transfers, PIN, a long history, purchases (own servers and databases)
    if (want('money') || want('bills')) {
      if (!fs.existsSync(entry)) results.notes.push('no dist/server/entry.mjs: money and bills measurements skipped');
      else {
        const { money, bills } = await benchMoney(options, say, { transfers: want('money'), bills: want('bills') });
        results.money = money;
        results.bills = bills;
        if ((money && !money.ok) || (bills && !bills.ok)) process.exitCode = 1;
      }
    }
  } catch (error) {
    results.error = error.message;
    say(`\nerror: ${error.message}`);
  } finally {
    await cleanup();
  }
  clearTimeout(globalTimer);
  results.machine.loadavg_at_end = os.loadavg().map((v) => round(v));

  report(results, say);
  fs.writeFileSync(resultsFile, JSON.stringify(results, null, 2) + '\n');
  say(`\nwrote ${path.relative(process.cwd(), resultsFile) || resultsFile}`);
}

/** Sections 1–3: the /login render beside the node:http floor, the login API, JavaScript bytes. */
async function benchPagesAndLogin(options, results, say, want) {
  // --- Servers -----------------------------------------------------------------------------
  const load = { connections: options.connections, warmupMs: options.warmup * 1000, durationMs: options.duration * 1000 };
  const floorServer = want('render') ? await startFloorServer() : null;

  let port = null;
  let server = null;
  let serverLog = null;
  if (!fs.existsSync(entry)) {
    results.notes.push('no dist/server/entry.mjs: app measurements skipped');
  } else {
    tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bank-bench-'));
    port = await freePort();
    server = spawn(process.execPath, [path.join(root, 'scripts', 'serve.mjs')], {
      cwd: root,
      env: { ...process.env, HOST, PORT: String(port), DATA_DIR: tempDir, LOG_LEVEL: 'warn', NODE_ENV: options.nodeEnv ?? process.env.NODE_ENV ?? 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(server);
    serverLog = captureOutput(server, 'app');
    const startedAt = Date.now();
    await waitForHealth(port, server, 60_000);
    const childNodeEnv = options.nodeEnv ?? process.env.NODE_ENV ?? 'production';
    results.app_server = { node_env: childNodeEnv, startup_ms: Date.now() - startedAt };
    say(`app: ${path.relative(root, entry)} on http://${HOST}:${port}, NODE_ENV=${childNodeEnv ?? '(unset)'}, healthy after ${Date.now() - startedAt} ms (fresh DATA_DIR, migrated + seeded)`);
  }

  // --- Floor and GET /login, alternating for --rounds rounds ---------------------------------
  let loginOk = false;
  if (port && want('render')) {
    const probe = await request({ port, pathname: '/login', headers: { accept: 'text/html' } });
    loginOk = probe.status === 200;
    if (!loginOk) {
      const note = `GET /login → HTTP ${probe.status}; render throughput not measured`;
      results.notes.push(note);
      results.login_page = { status: probe.status, skipped: true };
      say(`login page: ${note}`);
    }
  }
  const floorRounds = [];
  const loginRounds = [];
  for (let round_ = 1; floorServer && round_ <= options.rounds; round_ += 1) {
    const tag = options.rounds > 1 ? ` (round ${round_}/${options.rounds})` : '';
    say(`floor: minimal node:http server, ${options.connections} keep-alive connections, ${options.warmup} s warm-up + ${options.duration} s${tag} …`);
    floorRounds.push(await loadTest({ port: floorServer.port, pathname: '/', serverPid: floorServer.child.pid, ...load }));
    if (loginOk) {
      say(`login page: GET /login, ${options.connections} keep-alive connections, ${options.warmup} s warm-up + ${options.duration} s${tag} …`);
      loginRounds.push(await loadTest({ port, pathname: '/login', headers: { accept: 'text/html' }, serverPid: server.pid, ...load }));
    }
  }
  if (floorServer) {
    await killChild(floorServer.child);
    children.delete(floorServer.child);
    results.floor = combineRounds(floorRounds);
  }
  if (loginOk) {
    results.login_page = combineRounds(loginRounds);
    const ratios = floorRounds.map((floor, i) => ({
      rps: floor.rps / loginRounds[i].rps,
      p50: loginRounds[i].p50_ms / floor.p50_ms,
      p99: loginRounds[i].p99_ms / floor.p99_ms,
    }));
    const rpsRatio = median(ratios.map((r) => r.rps));
    results.ratio = {
      rps_floor_over_login: round(rpsRatio, 1),
      login_rps_share_of_floor_pct: round(100 / rpsRatio, 1),
      p50_login_over_floor: round(median(ratios.map((r) => r.p50)), 1),
      p99_login_over_floor: round(median(ratios.map((r) => r.p99)), 1),
      per_round: ratios.map((r) => ({ rps_floor_over_login: round(r.rps, 1), p50: round(r.p50, 1), p99: round(r.p99, 1) })),
    };
  }
  if (!port) throw new Error('no build to run (dist/server/entry.mjs missing)');

  // --- Login API -------------------------------------------------------------------------
  if (want('login')) {
    say(`login API: ${options.loginCalls} sequential calls, then ${options.loginConcurrentCalls} calls at ${options.loginConcurrency} concurrent …`);
    try {
      results.login_api = await benchLogin(port, { calls: options.loginCalls, concurrency: options.loginConcurrency, concurrentCalls: options.loginConcurrentCalls });
    } catch (error) {
      if (!(error instanceof LoginFailed)) throw error;
      results.login_api = { error: error.message };
      results.notes.push(error.message);
      say(`login API: ${error.message}`);
    }
  }

  // --- JavaScript bytes ------------------------------------------------------------------
  if (want('js')) {
    say('javascript: fetching pages and following static imports …');
    results.javascript = await benchJs(port, tempDir);
  }

  results.server_log = { warn_lines: serverLog.warn, error_lines: serverLog.error, events: serverLog.events, tail: serverLog.lines.slice(-20) };
  // The money section starts servers of its own; this one would only sit beside them.
  await killChild(server);
  children.delete(server);
}

// ---------------------------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------------------------
function report(results, say) {
  const want = (section) => results.options.only.includes(section);
  if (want('render')) reportRender(results, say);
  if (want('login')) reportLogin(results, say);
  if (want('js')) reportJs(results, say);
  if (results.server_log && (results.server_log.warn_lines || results.server_log.error_lines)) {
    say(`\napp log during the run: ${results.server_log.warn_lines} warn, ${results.server_log.error_lines} error line(s): ${JSON.stringify(results.server_log.events)}`);
  }
  if (results.money) reportMoney(results.money, say);
  if (results.bills) reportBills(results.bills, results.money, say);
  for (const note of results.notes) say(`note: ${note}`);
  const { loadavg_at_start: before, loadavg_at_end: after } = results.machine;
  const others = [results.floor, results.login_page].map((r) => r?.cpu_pct_of_one_core?.other_pct).filter((v) => typeof v === 'number');
  const busy = others.length > 0 && Math.max(...others) > 20;
  say(`\nload average (1/5/15 min): start ${before?.join(' ')}, end ${after?.join(' ')}`);
  if (busy) say(`warning: other processes used up to ${Math.max(...others)} % of a core during the load tests; figures are noisy — rerun when the machine is quiet (or use --rounds=3).`);
}

function reportRender(results, say) {
  say('\n== 1. Server render: GET /login vs node:http floor ==');
  const rows = [];
  const pct = (v) => (v === null || v === undefined ? '—' : `${v} %`);
  const row = (label, r) => [label, r.path, r.connections, fmt(r.rps, 1), fmt(r.p50_ms), fmt(r.p99_ms), fmt(r.mean_ms), r.requests, r.non_2xx + r.errors, r.mean_body_bytes, pct(r.cpu_pct_of_one_core?.server_pct), pct(r.cpu_pct_of_one_core?.client_pct), pct(r.cpu_pct_of_one_core?.other_pct)];
  if (results.floor) rows.push(row('floor (node:http static)', results.floor));
  if (results.login_page && !results.login_page.skipped) rows.push(row('app GET /login', results.login_page));
  say(table(['server', 'path', 'conns', 'req/s', 'p50 ms', 'p99 ms', 'mean ms', 'requests', 'non-2xx/err', 'body B', 'server CPU', 'client CPU', 'other CPU'], rows));
  if (results.floor?.rounds) say(`(median of ${results.floor.rounds.length} alternating rounds; requests summed)`);
  if (results.ratio) {
    say(
      `ratio: floor is ${fmt(results.ratio.rps_floor_over_login, 1)}× the /login throughput ` +
        `(/login = ${fmt(results.ratio.login_rps_share_of_floor_pct, 1)} % of floor); ` +
        `p50 ${fmt(results.ratio.p50_login_over_floor, 1)}×, p99 ${fmt(results.ratio.p99_login_over_floor, 1)}× the floor's`,
    );
  } else if (results.login_page?.skipped) say(`/login not measured (HTTP ${results.login_page.status})`);
  say(
    `note: load generator and server share this ${results.machine.cpus}-CPU machine (CPU % is of one core). A client near 100 % means that figure is bounded by the load generator, ` +
      `not the server; "other CPU" is everything else running meanwhile (the worst round when several).`,
  );
}

function reportLogin(results, say) {
  say('\n== 2. POST /api/v1/auth/login (demo customer, argon2id m=19 MiB t=2) ==');
  const api = results.login_api;
  if (api?.sequential) {
    say(
      table(
        ['mode', 'calls', 'p50 ms', 'p99 ms', 'mean ms', 'min ms', 'max ms', 'calls/s'],
        [
          ['sequential', api.sequential.count, fmt(api.sequential.p50_ms), fmt(api.sequential.p99_ms), fmt(api.sequential.mean_ms), fmt(api.sequential.min_ms), fmt(api.sequential.max_ms), fmt(api.sequential.calls_per_s, 1)],
          [`${api.concurrent.concurrency} concurrent`, api.concurrent.count, fmt(api.concurrent.p50_ms), fmt(api.concurrent.p99_ms), fmt(api.concurrent.mean_ms), fmt(api.concurrent.min_ms), fmt(api.concurrent.max_ms), fmt(api.concurrent.calls_per_s, 1)],
        ],
      ),
    );
  } else say(api?.error ? `not measured: ${api.error}` : 'not measured');
}

function reportJs(results, say) {
  say('\n== 3. JavaScript loaded per page (transitive static imports) ==');
  const js = results.javascript;
  if (js) {
    const headlineRows = [];
    for (const p of js.pages.filter((page) => js.headline.includes(page.path))) {
      headlineRows.push([
        p.path,
        p.signed_in ? 'yes' : 'no',
        p.status === 200 ? (p.final_path === p.path ? '200' : `200 via ${p.final_path}`) : String(p.status),
        p.files.length,
        kb(p.js_raw),
        kb(p.js_gzip),
        p.inline_scripts ? `${p.inline_scripts} / ${kb(p.inline_raw)}` : '0',
        p.lazy_imports.length ? `${p.lazy_imports.length} / ${kb(p.lazy_gzip)} gz` : '0',
        kb(p.html_bytes),
      ]);
    }
    say(table(['page', 'signed in', 'status', 'JS files', 'JS raw', 'JS gzip', 'inline (n / raw)', 'lazy (n / gzip)', 'HTML raw'], headlineRows));
    for (const p of js.pages.filter((page) => js.headline.includes(page.path) && page.files.length > 0)) {
      say(`  ${p.path}: ${p.files.map((f) => `${f.url} ${kb(f.raw)} (${kb(f.gzip)} gz)`).join(', ')}`);
      if (p.missing.length) say(`    missing: ${p.missing.map((m) => `${m.url} → ${m.status}`).join(', ')}`);
    }

    const present = js.pages.filter((p) => p.status === 200);
    const who = (p) => (p.onboarding_user ? 'new customer' : p.signed_in ? 'demo' : 'no');
    const measuredByNewCustomer = new Set(present.filter((p) => p.onboarding_user && p.final_path === p.path).map((p) => p.path));
    const others = present.filter((p) => !js.headline.includes(p.path) && !(p.signed_in && !p.onboarding_user && measuredByNewCustomer.has(p.path)));
    if (others.length) {
      say('\nother pages found:');
      say(
        table(
          ['page', 'signed in', 'status', 'JS files', 'JS raw', 'JS gzip', 'inline'],
          others.map((p) => [p.path, who(p), p.final_path === p.path ? '200' : `200 via ${p.final_path}`, p.files.length, kb(p.js_raw), kb(p.js_gzip), p.inline_scripts]),
        ),
      );
    }
    const zero = present.filter((p) => p.zero_js && p.final_path === p.path).map((p) => p.path + (p.signed_in ? ' (signed in)' : ''));
    const inlineOnly = present.filter((p) => p.files.length === 0 && p.inline_scripts > 0 && p.final_path === p.path).map((p) => p.path);
    say(`\npages with zero JS: ${zero.length ? zero.join(', ') : 'none'}`);
    if (inlineOnly.length) say(`pages with inline JS only (no JS files): ${inlineOnly.join(', ')}`);
    const absent = js.pages.filter((p) => p.status === 404).map((p) => p.path);
    if (absent.length) say(`routes answering 404 (not built yet?): ${absent.join(', ')}`);
    const odd = js.pages.filter((p) => p.status !== 200 && p.status !== 404).map((p) => `${p.path} → ${p.status}`);
    if (odd.length) say(`routes with other statuses: ${odd.join(', ')}`);
    if (js.sign_in_error) say(`signed-in pages not measured: ${js.sign_in_error}`);
    if (js.onboarding_error) say(`onboarding journey stopped: ${js.onboarding_error}`);
  } else say('not measured');
}

/** Sections 4–6 of the report: transfers, the PIN's cost, pages with a long history, the closing note. */
function reportMoney(money, say) {
  const pct = (v) => (v === null || v === undefined ? '—' : `${v} %`);
  say('\n== 4. Transfers inside the bank: API vs service vs floor ==');
  const rows = [];
  const layerName = { api: 'API: POST /transfer/local (HTTP)', service: 'service, no HTTP, PIN stubbed', floor: 'floor: engine only, no app code' };
  for (const [engine, result] of Object.entries(money.engines)) {
    if (result.error) {
      rows.push([engine, `error: ${result.error.slice(0, 80)}`, '', '', '', '', '', '', '', '', '']);
      continue;
    }
    const clientsList = [...new Set(result.api.map((run) => run.clients))];
    for (const clients of clientsList) {
      const floorRun = result.floor.find((run) => run.clients === clients);
      for (const run of [result.api.find((r) => r.clients === clients), result.service.find((r) => r.clients === clients), floorRun]) {
        if (!run) continue;
        const failed = run.layer === 'api' ? run.non_200 + run.errors : run.failed;
        const cpu = run.layer === 'api' ? `${pct(run.cpu_pct_of_one_core?.server_pct)} / ${pct(run.cpu_pct_of_one_core?.other_pct)}` : `${pct(run.cpu_pct_of_one_core?.process_pct)} / ${pct(run.cpu_pct_of_one_core?.machine_pct)}`;
        const ratio = floorRun?.tps ? `${fmt((100 * run.tps) / floorRun.tps, 1)} %` : '—';
        rows.push([engine, layerName[run.layer], clients, fmt(run.tps, 1), fmt(run.p50_ms), fmt(run.p99_ms), fmt(run.mean_ms), run.count, failed, cpu, ratio]);
      }
    }
  }
  say(table(['engine', 'layer', 'clients', 'transfers/s', 'p50 ms', 'p99 ms', 'mean ms', 'count', 'failed', 'CPU', 'of floor'], rows, ['l', 'l']));
  say('CPU: API rows "server process / everything else (PostgreSQL, other work)"; service and floor rows "that process / whole machine" (% of one core).');
  for (const [engine, result] of Object.entries(money.engines)) {
    if (result.error) continue;
    const floorMode = result.floor.map((run) => `${run.clients}: ${run.mode}`).join('; ');
    say(`${engine}: ${result.database}. Floor = BEGIN; INSERT journal_entries; UPDATE accounts (sender, guarded balance >= amount); UPDATE accounts (recipient); 2 × INSERT postings; COMMIT — on the app's real tables and rows (the same senders and recipient), ${engine === 'sqlite' ? "through node:sqlite with the app's pragmas" : 'through pg with named prepared statements'}; ${floorMode}.`);
    const checks = result.checks;
    say(
      `${engine} checks: ${checks.every_answer_200 ? 'every answer 200' : 'SOME ANSWERS NOT 200'}; ${checks.debits_in_database} debits and ${checks.credits_to_recipient} recipient credits for ${checks.acknowledged} answers of 200 (${checks.distinct_references} distinct references) → ${checks.one_debit_per_200 ? 'match' : 'MISMATCH'}; ` +
        `ledger:verify after the API run ${checks.ledger_verify.ok ? 'OK' : 'FAILED'}, after the service and floor runs ${checks.ledger_verify_after_floor?.ok ? 'OK' : 'FAILED'}.`,
    );
    if (!checks.ledger_verify.ok) say(checks.ledger_verify.output);
    for (const run of result.api) if (run.failures.length) say(`  API ${run.clients} client(s) failures: ${run.failures.join(' | ')}`);
    if (result.server_log?.warn_lines || result.server_log?.error_lines) say(`  ${engine} server log: ${result.server_log.warn_lines} warn, ${result.server_log.error_lines} error: ${JSON.stringify(result.server_log.events)}`);
    for (const note of result.notes) say(`  note: ${note}`);
  }

  say('\n== 5. Where the time goes: one transaction-PIN check (verifySecret, argon2id m=19 MiB t=2 p=1) ==');
  if (money.pin) {
    const { sequential, concurrent } = money.pin;
    say(
      table(
        ['PIN check', 'calls', 'p50 ms', 'p99 ms', 'mean ms', 'CPU ms/check', 'checks/s'],
        [
          ['sequential', sequential.count, fmt(sequential.p50_ms), fmt(sequential.p99_ms), fmt(sequential.mean_ms), fmt(sequential.cpu_ms_per_verify), fmt(sequential.per_s, 1)],
          [`${concurrent.concurrency} concurrent`, concurrent.count, fmt(concurrent.p50_ms), fmt(concurrent.p99_ms), fmt(concurrent.mean_ms), fmt(concurrent.cpu_ms_per_verify), fmt(concurrent.per_s, 1)],
        ],
      ),
    );
    say(`(libuv thread pool of ${money.pin.threadpool_size} on ${money.pin.cpus} CPU(s): concurrent checks queue for the cores)`);
  } else say('not measured');

  say('\n== 6. Pages for a customer with a long history (signed in, server render) ==');
  const pageRows = [];
  for (const [engine, result] of Object.entries(money.engines)) {
    if (!result.pages) continue;
    for (const [pathname, page] of Object.entries(result.pages)) {
      if (page.skipped) {
        pageRows.push([engine, pathname, `HTTP ${page.status}${page.location ? ` → ${page.location}` : ''}: not measured`, '', '', '', '', '', '', '', '']);
        continue;
      }
      for (const [mode, run] of [['sequential', page.sequential], [`${page.concurrent.connections} connections`, page.concurrent]]) {
        pageRows.push([engine, pathname, mode, fmt(run.rps, 1), fmt(run.p50_ms), fmt(run.p99_ms), fmt(run.mean_ms), run.requests, run.non_2xx + run.errors, run.mean_body_bytes, pct(run.cpu_pct_of_one_core?.server_pct)]);
      }
    }
  }
  const history = Object.values(money.engines).find((result) => result.seed)?.seed;
  if (history) say(`customer: ${history.history_transactions?.toLocaleString('en-US')} transactions over 12 months (${Object.entries(history.history_by_kind ?? {}).map(([kind, n]) => `${kind} ${n}`).join(', ')}), written through postEntry + recordTransaction`);
  say(table(['engine', 'page', 'mode', 'req/s', 'p50 ms', 'p99 ms', 'mean ms', 'requests', 'non-2xx/err', 'body B', 'server CPU'], pageRows, ['l', 'l', 'l']));

  say('\n== Closing note ==');
  say(money.closing_note || '—');
  for (const note of money.notes) say(`note: ${note}`);
  if (!money.ok) say('\nMONEY CHECKS FAILED: see above (exit code 1).');
}

/** Sections 7–8 of the report: the purchase pages and airtime purchases through the API. */
function reportBills(bills, money, say) {
  const pct = (v) => (v === null || v === undefined ? '—' : `${v} %`);
  say('\n== 7. Bill purchase pages (signed in, onboarded tier-3 customer, server render, sequential over keep-alive) ==');
  const pageRows = [];
  for (const [engine, result] of Object.entries(bills.engines)) {
    if (result.error) {
      pageRows.push([engine, `error: ${result.error.slice(0, 80)}`, '', '', '', '', '', '', '', '', '']);
      continue;
    }
    for (const [pathname, page] of Object.entries(result.pages)) {
      if (page.skipped) {
        pageRows.push([engine, pathname, `HTTP ${page.status}${page.location ? ` → ${page.location}` : ''}: not measured`, '', '', '', '', '', '', '', '']);
        continue;
      }
      const run = page.sequential;
      pageRows.push([engine, pathname, run.requests, fmt(run.p50_ms), fmt(run.p99_ms), fmt(run.mean_ms), fmt(run.max_ms), fmt(run.rps, 1), run.non_2xx, run.mean_body_bytes, pct(run.cpu_pct_of_one_core?.server_pct)]);
    }
  }
  say(table(['engine', 'page', 'calls', 'p50 ms', 'p99 ms', 'mean ms', 'max ms', 'req/s', 'non-200', 'body B', 'server CPU'], pageRows, ['l', 'l']));

  const { networkId, phoneNumber, amount } = bills.airtime;
  say(`\n== 8. Airtime purchases through the API: POST /api/v1/bills/airtime/purchase/{account} (${networkId.toUpperCase()}, ${phoneNumber}, ₦${fmt(amount / 100, 0)}, sandbox biller) ==`);
  const rows = [];
  for (const [engine, result] of Object.entries(bills.engines)) {
    if (result.error) {
      rows.push([engine, `error: ${result.error.slice(0, 80)}`, '', '', '', '', '', '', '', '', '']);
      continue;
    }
    for (const run of result.api) {
      const transfers = money?.engines?.[engine]?.api?.find((candidate) => candidate.clients === run.clients);
      rows.push([
        engine,
        run.clients,
        fmt(run.tps, 1),
        fmt(run.p50_ms),
        fmt(run.p99_ms),
        fmt(run.mean_ms),
        run.count,
        run.answered,
        run.non_200 + run.not_accepted + run.errors,
        `${pct(run.cpu_pct_of_one_core?.server_pct)} / ${pct(run.cpu_pct_of_one_core?.other_pct)}`,
        fmt(run.cpu_pct_of_one_core?.server_ms_per_request, 1),
        transfers?.tps ? `${fmt((100 * run.tps) / transfers.tps, 0)} %` : '—',
      ]);
    }
  }
  say(table(['engine', 'clients', 'purchases/s', 'p50 ms', 'p99 ms', 'mean ms', 'count', 'answered', 'failed', 'CPU server / other', 'server ms/purchase', 'of transfers/s'], rows, ['l']));
  say('count: purchases inside the measuring window; answered: every answer, warm-up included; failed: not 200, 200 but not successful, or no answer.');
  for (const [engine, result] of Object.entries(bills.engines)) {
    if (result.error) continue;
    const checks = result.checks;
    say(
      `${engine} checks: ${checks.every_page_200 ? 'every page 200' : `PAGES NOT 200: ${checks.pages_not_200.join(', ')}`}; ${checks.every_answer_200_successful ? "every purchase 200 and 'successful'" : 'SOME PURCHASES NOT 200/SUCCESSFUL'}; ` +
        `${checks.airtime_debits_in_database} airtime debits (${checks.airtime_successful_in_database} successful, ${checks.purchases_pending} pending) for ${checks.acknowledged} answers (${checks.distinct_references} distinct references) → ${checks.one_debit_per_200 ? 'match' : 'MISMATCH'}; ` +
        `ledger:verify ${checks.ledger_verify.ok ? 'OK' : 'FAILED'}.`,
    );
    if (!checks.ledger_verify.ok) say(checks.ledger_verify.output);
    for (const run of result.api) if (run.failures.length) say(`  airtime ${run.clients} client(s) failures: ${run.failures.join(' | ')}`);
    if (!money && (result.server_log?.warn_lines || result.server_log?.error_lines)) say(`  ${engine} server log: ${result.server_log.warn_lines} warn, ${result.server_log.error_lines} error: ${JSON.stringify(result.server_log.events)}`);
    for (const note of result.notes) say(`  note: ${note}`);
  }
  // On SQLite, "other" is everything else on the machine (on PostgreSQL it includes the database).
  const busy = Math.max(0, ...(bills.engines.sqlite?.api ?? []).map((run) => run.cpu_pct_of_one_core?.other_pct ?? 0));
  if (busy > 20) say(`warning: other processes used up to ${busy} % of a core during the SQLite purchase runs; the purchase figures are noisy — rerun when the machine is quiet.`);
  if (!money) for (const note of bills.notes) say(`note: ${note}`);
  if (!bills.ok) say('\nBILLS CHECKS FAILED: see above (exit code 1).');
}

// ---------------------------------------------------------------------------------------------
// Floor server mode: a child process running the minimal static-string server.
// ---------------------------------------------------------------------------------------------
function runFloorServer() {
  const body = Buffer.from(FLOOR_BODY);
  const server = http.createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': body.length });
    res.end(body);
  });
  server.listen(0, HOST, () => {
    process.stdout.write(JSON.stringify({ port: server.address().port }) + '\n');
  });
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
  // Never outlive the parent.
  process.stdin.on('end', () => process.exit(0));
  process.stdin.resume();
}


if (process.argv.includes('--floor-server')) runFloorServer();
else await main();
