// Child processes and what they leave behind: the app server, the build, the floor server, the
// ledger-bench helper and ledger:verify; temporary data directories and PostgreSQL databases,
// all removed by cleanup() (or cleanupSync() on the way out).
import http from 'node:http';
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { round } from '../stats.mjs';
import { HOST, benchDir, root } from './options.mjs';
import { request, sleep } from './http.mjs';

const FLOOR_BODY = '<!doctype html><html><head><title>floor</title></head><body><p>ok</p></body></html>\n';

export const children = new Set();
/** The data directories the run created, and the PostgreSQL databases it created (name → admin URL). */
const tempDirs = new Set();
const createdDatabases = new Map();

/** A fresh directory under the system temp dir, removed by removeTempDir or cleanup. */
export function makeTempDir(prefix) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.add(dir);
  return dir;
}

export function removeTempDir(dir) {
  fs.rmSync(dir, { recursive: true, force: true });
  tempDirs.delete(dir);
}

/** SIGKILLs `child` unless cleared (clearTimeout) within `timeoutMs`. */
function killAfter(child, timeoutMs) {
  return setTimeout(() => {
    try {
      process.kill(child.pid, 'SIGKILL');
    } catch {
      // It has exited already.
    }
  }, timeoutMs);
}

export function killChild(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const hard = killAfter(child, 3000);
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

/** Kills `child` (SIGTERM, then SIGKILL after 3 s) and forgets it. */
export async function stopChild(child) {
  await killChild(child);
  children.delete(child);
}

export async function cleanup() {
  await Promise.all([...children].map(killChild));
  children.clear();
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
  for (const [name, adminUrl] of createdDatabases) await dropDatabase(adminUrl, name).catch(() => {});
}

export function cleanupSync() {
  for (const child of children) {
    try {
      process.kill(child.pid, 'SIGKILL');
    } catch {
      // It has exited already.
    }
  }
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
  // No await on the way out: a short-lived node drops what is left.
  for (const [name, adminUrl] of createdDatabases) {
    spawnSync(process.execPath, ['--input-type=module', '-e', `import pg from 'pg'; const c = new pg.Client({ connectionString: process.env.ADMIN_URL }); await c.connect(); await c.query('DROP DATABASE IF EXISTS "${name}" WITH (FORCE)'); await c.end();`], { cwd: root, env: { ...process.env, ADMIN_URL: adminUrl }, stdio: 'ignore', timeout: 15_000 });
  }
  createdDatabases.clear();
}

/** Keeps the last lines a child printed, for diagnostics and to count warn/error log lines. */
export function captureOutput(child, label) {
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

export function newestMtime(target) {
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

export function runBuild(timeoutMs) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npx', ['astro', 'build'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    children.add(child);
    const log = captureOutput(child, 'astro build');
    const timer = killAfter(child, timeoutMs);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      children.delete(child);
      resolve({ ok: code === 0, code, signal, seconds: round((Date.now() - started) / 1000, 1), tail: log.lines.slice(-25) });
    });
  });
}

/** `node scripts/serve.mjs` (the built app, as npm start serves it) on `port` with `env`. */
export function startApp(port, env) {
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'serve.mjs')], { cwd: root, env: { ...env, HOST, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  return child;
}

export async function waitForHealth(port, child, deadlineMs) {
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

/** The floor: `node bench/run.mjs --floor-server` (runFloorServer below) on a free port. */
export async function startFloorServer() {
  const child = spawn(process.execPath, [path.join(benchDir, 'run.mjs'), '--floor-server'], { stdio: ['pipe', 'pipe', 'pipe'] });
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

/** Floor server mode: a child process running the minimal static-string server. */
export function runFloorServer() {
  const body = Buffer.from(FLOOR_BODY);
  const server = http.createServer((_request, res) => {
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

const helper = path.join(benchDir, 'ledger-bench.mjs');

/** Runs `node bench/ledger-bench.mjs <command>` and returns the JSON of its RESULT line. */
export function runHelper(command, args, env, timeoutMs = 300_000) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [helper, command, ...args], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = killAfter(child, timeoutMs);
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
export function ledgerVerify(env) {
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

export async function createDatabase(adminUrl, name) {
  await adminQuery(adminUrl, `CREATE DATABASE "${name}"`);
  createdDatabases.set(name, adminUrl);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropDatabase(adminUrl, name) {
  await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  createdDatabases.delete(name);
}
