import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort } from './support/free-port.ts';
import { collectLines } from './support/child-lines.ts';

/**
 * The back office on its own listener (OPS_HOST/OPS_PORT, decision 029), on the build the e2e web
 * server made: /ops answers there and 404s on the public port; the customer pages and /api 404
 * on the back office's port. A server of its own (its own ports and DATA_DIR); HTTP only, so the
 * js-on project runs it.
 */
test.describe('the back office on its own listener', () => {
  test.beforeEach(({}, testInfo) => test.skip(testInfo.project.name !== 'js-on', 'processes, not pages: one run (js-on) is enough'));

  const root = path.resolve(import.meta.dirname, '..');
  const dirs: string[] = [];
  const children: ChildProcess[] = [];
  test.afterAll(() => {
    for (const child of children) child.kill('SIGTERM');
    dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true }));
  });

  const dataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bank-ops-listener-'));
    dirs.push(dir);
    return dir;
  };
  const serverEnv = (settings: Record<string, string>) => ({ PATH: process.env.PATH ?? '', HOST: '127.0.0.1', SEED_DEMO: 'false', NEW_DEVICE_CAP_NAIRA: '0', DEVICE_BINDING: 'off', LOG_LEVEL: 'warn', ...settings });
  const statusOf = async (url: string) => (await fetch(url, { redirect: 'manual' })).status;

  test('serves /ops on OPS_PORT only; the public port 404s it, and the back office port 404s the rest', async () => {
    const port = await freePort();
    const opsPort = await freePort();
    const child = spawn(process.execPath, ['scripts/serve.mjs'], { cwd: root, env: serverEnv({ DATA_DIR: dataDir(), PORT: String(port), OPS_HOST: '127.0.0.1', OPS_PORT: String(opsPort) }), stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    const lines = collectLines(child);
    const base = `http://127.0.0.1:${port}`;
    const ops = `http://127.0.0.1:${opsPort}`;
    await expect.poll(async () => (await fetch(`${base}/api/health/ready`).catch(() => null))?.status ?? 0, { timeout: 20_000 }).toBe(200);
    await expect.poll(async () => (await fetch(`${ops}/ops/login`).catch(() => null))?.status ?? 0, { timeout: 10_000, message: lines.join('\n') }).toBe(200);

    // The back office's port: its sign-in form, its redirects, its CSS; nothing of the customers'.
    const login = await fetch(`${ops}/ops/login`);
    expect(await login.text()).toContain('name="email"');
    expect(await statusOf(`${ops}/ops`)).toBe(302);
    expect(await statusOf(`${ops}/ops/customers`)).toBe(302);
    for (const customerPath of ['/', '/login', '/register', '/dashboard', '/api/health', '/api/v1/profile', '/freeze']) {
      expect([customerPath, await statusOf(`${ops}${customerPath}`)]).toEqual([customerPath, 404]);
    }
    // The public port: the customers' pages, and no back office at all.
    expect(await statusOf(`${base}/login`)).toBe(200);
    for (const opsPath of ['/ops', '/ops/login', '/ops/customers', '/ops/login/code', '/ops/enrol/x']) {
      expect([opsPath, await statusOf(`${base}${opsPath}`)]).toEqual([opsPath, 404]);
    }
    const refused = await fetch(`${base}/ops/login`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'email=a%40bank.ng&password=x' });
    expect(refused.status).toBe(404);
    expect(lines.filter((line) => line.includes('"level":"error"'))).toEqual([]);

    // SIGTERM drains both listeners, closes the app once and exits 0.
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    for (const url of [`${base}/login`, `${ops}/ops/login`]) expect(await fetch(url).then(() => 'answered', () => 'closed')).toBe('closed');
  });

  test('without OPS_PORT the one listener serves both; OPS_HOST alone or OPS_PORT equal to PORT stops the start', async () => {
    const port = await freePort();
    const run = (settings: Record<string, string>) => spawnSync(process.execPath, ['scripts/serve.mjs'], { cwd: root, env: serverEnv({ DATA_DIR: dataDir(), PORT: String(port), ...settings }), encoding: 'utf8', timeout: 30_000 });
    const bad: [Record<string, string>, string][] = [
      [{ OPS_HOST: '127.0.0.1' }, 'OPS_PORT'],
      [{ OPS_PORT: String(port) }, 'OPS_PORT'],
      [{ OPS_PORT: '70000' }, 'OPS_PORT'],
      [{ OPS_PORT: String(port + 1), OPS_HOST: 'http://x' }, 'OPS_HOST'],
    ];
    for (const [settings, variable] of bad) {
      const ended = run(settings);
      const refusal = `${ended.stdout}${ended.stderr}`.split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>).find((line) => line.event === 'startup.failed');
      expect([settings, ended.status, refusal?.variable]).toEqual([settings, 1, variable]);
    }

    const child = spawn(process.execPath, ['scripts/serve.mjs'], { cwd: root, env: serverEnv({ DATA_DIR: dataDir(), PORT: String(port) }), stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    const base = `http://127.0.0.1:${port}`;
    await expect.poll(async () => (await fetch(`${base}/api/health/ready`).catch(() => null))?.status ?? 0, { timeout: 20_000 }).toBe(200);
    expect(await statusOf(`${base}/ops/login`)).toBe(200);
    expect(await statusOf(`${base}/login`)).toBe(200);
  });
});
