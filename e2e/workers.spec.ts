import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { expect, test } from '@playwright/test';
import { freePort } from './support/free-port.ts';

/**
 * Several server processes on one PostgreSQL database: `npm start` with WORKERS=2 runs
 * two processes on one port (node:cluster hands new connections to them in turn). Six wrong
 * passwords for one email, each on a fresh connection, are answered by both processes, and the
 * sign-in lock still falls after the fifth: the count lives in the database, not in a process.
 * Needs TEST_DATABASE_URL (a role that may create databases); HTTP only, so one project runs it.
 */
test.describe('two server processes on one PostgreSQL database', () => {
  test.beforeEach(({}, testInfo) => {
    test.skip(testInfo.project.name !== 'js-on', 'processes, not pages: one run (js-on) is enough');
    test.skip(!process.env.TEST_DATABASE_URL, 'needs TEST_DATABASE_URL');
  });

  const root = path.resolve(import.meta.dirname, '..');
  let server: ChildProcess | null = null;
  let databaseName = '';
  let dataDir = '';
  const output: string[] = [];

  test.afterEach(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    if (databaseName) {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`drop database if exists ${databaseName} with (force)`);
      await admin.end();
    }
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** One request on its own connection, so the cluster may hand it to either process. */
  function post(port: number, pathname: string, body: unknown): Promise<{ status: number; json: { code?: string } }> {
    const payload = JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const request = http.request(
        { host: '127.0.0.1', port, path: pathname, method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), origin: `http://127.0.0.1:${port}` } },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, json: JSON.parse(text) as { code?: string } }));
        },
      );
      request.on('error', reject);
      request.end(payload);
    });
  }

  test('six wrong passwords answered by both processes lock the email after the fifth', async () => {
    test.setTimeout(120_000);
    databaseName = `bank_workers_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    await admin.end();
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${databaseName}`;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bank-workers-'));
    const port = await freePort();

    server = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        HOST: '127.0.0.1',
        PORT: String(port),
        WORKERS: '2',
        DATABASE_URL: url.toString(),
        PIN_KEY: randomBytes(32).toString('base64'),
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'info',
        NEW_DEVICE_CAP_NAIRA: '0',
        DEVICE_BINDING: 'off',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [server.stdout!, server.stderr!]) stream.on('data', (chunk: Buffer) => output.push(...chunk.toString('utf8').split('\n').filter(Boolean)));

    // Both processes say they listen before the test goes on.
    await expect.poll(() => output.filter((line) => line.includes('"server.listening"')).length, { timeout: 90_000, message: output.join('\n') }).toBe(2);

    const email = `workers-${randomBytes(4).toString('hex')}@example.com`;
    const answers = [];
    for (let attempt = 0; attempt < 6; attempt += 1) answers.push(await post(port, '/api/v1/auth/login', { email, password: `wrong-password-${attempt}` }));

    expect(answers.slice(0, 4).map((answer) => answer.json.code)).toEqual(Array(4).fill('INVALID_CREDENTIALS'));
    expect(answers[4]!.status).toBe(423);
    expect(answers[5]!.status).toBe(423);
    expect(answers[5]!.json.code).toBe('ACCOUNT_LOCKED');

    // The answers came from two different processes.
    const pids = new Set(
      output
        .filter((line) => line.includes('"http.request"') && line.includes('/api/v1/auth/login'))
        .map((line) => (JSON.parse(line) as { pid?: number }).pid),
    );
    expect(pids.size, output.join('\n')).toBe(2);
  });
});
