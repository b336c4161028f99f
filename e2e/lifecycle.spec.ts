import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { expect, test } from '@playwright/test';
import { securityQuestions } from '../src/lib/reference.ts';
import { decodeQuotedPrintable } from './support/outbox.ts';
import { freePort } from './support/free-port.ts';
import { collectLines } from './support/child-lines.ts';
import { giveIdentity } from './support/identity.ts';

/**
 * Start and stop of the built server (scripts/serve.mjs), each test on its own server process,
 * port and DATA_DIR: the build is the one the e2e web server made. A bad setting stops the start
 * with one JSON line naming the variable; SIGTERM in the middle of a burst of transfers answers
 * or refuses each one cleanly and leaves no half-written money. HTTP only: the js-on project runs it.
 */
test.describe('start and stop', () => {
  test.beforeEach(({}, testInfo) => test.skip(testInfo.project.name !== 'js-on', 'processes, not pages: one run (js-on) is enough'));

  const root = path.resolve(import.meta.dirname, '..');
  const dirs: string[] = [];
  test.afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

  function freshDataDir(): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bank-lifecycle-'));
    dirs.push(dir);
    return dir;
  }

  /** The server's environment: nothing inherited but PATH, so the runner's own settings never leak in. */
  // The cap and device binding off, as on the suite's servers: the burst funds fresh accounts past the cap and signs in from fresh clients.
  const serverEnv = (settings: Record<string, string>) => ({ PATH: process.env.PATH ?? '', HOST: '127.0.0.1', SEED_DEMO: 'false', NEW_DEVICE_CAP_NAIRA: '0', DEVICE_BINDING: 'off', ...settings });

  type Ended = { code: number | null; lines: string[] };
  function run(settings: Record<string, string>): Ended {
    const result = spawnSync(process.execPath, ['scripts/serve.mjs'], { cwd: root, env: serverEnv(settings), encoding: 'utf8', timeout: 30_000 });
    const lines = `${result.stdout}${result.stderr}`.split('\n').filter((line) => line.trim() !== '');
    return { code: result.status, lines };
  }

  function expectOneRefusal(ended: Ended, variable: string, secrets: string[] = []) {
    expect(ended.code, ended.lines.join('\n')).toBe(1);
    const parsed = ended.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const refusals = parsed.filter((line) => line.event === 'startup.failed');
    expect(refusals).toHaveLength(1);
    expect(refusals[0]).toMatchObject({ level: 'error', variable, reason: expect.any(String) });
    for (const secret of secrets) expect(ended.lines.join('\n')).not.toContain(secret);
    // Nothing listened: no line says so.
    expect(parsed.some((line) => line.event === 'server.listening')).toBe(false);
  }

  test('each kind of bad setting stops the start with one JSON line naming the variable', async () => {
    const port = String(await freePort());
    expectOneRefusal(run({ DATA_DIR: freshDataDir(), PORT: port, BANK_CBN_CODE: '12' }), 'BANK_CBN_CODE');
    expectOneRefusal(run({ DATA_DIR: freshDataDir(), PORT: 'eighty' }), 'PORT');
    expectOneRefusal(run({ DATA_DIR: freshDataDir(), PORT: '70000' }), 'PORT');
    const shortKey = randomBytes(8).toString('base64');
    expectOneRefusal(run({ DATA_DIR: freshDataDir(), PORT: port, PIN_KEY: shortKey }), 'PIN_KEY', [shortKey]);
    const pinKey = randomBytes(32).toString('base64');
    const password = `pw-${randomBytes(6).toString('hex')}`;
    // Nothing listens on port 1: the database is not there.
    expectOneRefusal(run({ DATA_DIR: freshDataDir(), PORT: port, PIN_KEY: pinKey, DATABASE_URL: `postgres://bank:${password}@127.0.0.1:1/bank` }), 'DATABASE_URL', [password, pinKey]);
    expectOneRefusal(run({ DATA_DIR: freshDataDir(), PORT: port, DATABASE_URL: 'mysql://bank@127.0.0.1/bank' }), 'DATABASE_URL');

    // A port someone else holds.
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(Number(port), '127.0.0.1', resolve));
    try {
      expectOneRefusal(run({ DATA_DIR: freshDataDir(), PORT: port }), 'PORT');
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  });

  type Server = { base: string; child: ChildProcess; lines: string[]; exited: Promise<number | null> };
  async function startServer(dataDir: string): Promise<Server> {
    const port = await freePort();
    const child = spawn(process.execPath, ['scripts/serve.mjs'], { cwd: root, env: serverEnv({ DATA_DIR: dataDir, PORT: String(port), REGISTRATIONS_PER_IP: '1000', REQUERY_INTERVAL_SECONDS: '1' }), stdio: ['ignore', 'pipe', 'pipe'] });
    const lines = collectLines(child);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const base = `http://127.0.0.1:${port}`;
    await expect.poll(async () => (await fetch(`${base}/api/health/ready`).catch(() => null))?.status ?? 0, { timeout: 20_000 }).toBe(200);
    return { base, child, lines, exited };
  }

  async function api(base: string, method: 'GET' | 'POST', pathName: string, body?: unknown, token?: string, headers: Record<string, string> = {}) {
    const response = await fetch(`${base}/api${pathName}`, {
      method,
      headers: { accept: 'application/json', 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const payload = (await response.json()) as { success: boolean; message: string; data: any };
    if (!response.ok) throw new Error(`${method} ${pathName}: ${response.status} ${payload.message}`);
    return payload.data;
  }

  async function codeFor(dataDir: string, email: string): Promise<string> {
    let code: string | undefined;
    await expect
      .poll(
        () => {
          const outbox = path.join(dataDir, 'outbox');
          const file = fs.existsSync(outbox) ? fs.readdirSync(outbox).find((name) => name.endsWith(`-${email}.eml`)) : undefined;
          code = file ? decodeQuotedPrintable(fs.readFileSync(path.join(outbox, file), 'utf8')).match(/verification code is (\d{6})/)?.[1] : undefined;
          return code;
        },
        { timeout: 10_000 },
      )
      .toBeTruthy();
    return code!;
  }

  async function onboard(base: string, dataDir: string, name: string) {
    const email = `lifecycle.${name.toLowerCase()}.${randomBytes(3).toString('hex')}@example.com`;
    const password = `Plantain-harbour-${randomBytes(3).toString('hex')}-Jos`;
    const phone = `0803${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
    const { token } = await api(base, 'POST', '/v1/auth/register', { first_name: name, last_name: 'Okafor', email, phone_number: phone, password, password_confirmation: password, terms: true });
    await api(base, 'POST', '/v1/onboarding/verify-otp', { otp: await codeFor(dataDir, email) }, token);
    await api(base, 'POST', '/v1/onboarding/address', { address: '12 Allen Avenue', city: 'Ikeja', state: 'Lagos', lga: 'Ikeja' }, token);
    await api(base, 'POST', '/v1/onboarding/set-pin', { pin: '2718', pin_confirmation: '2718' }, token);
    const done = await api(base, 'POST', '/v1/onboarding/set-security-question', { security_question_id: securityQuestions[0]!.id, answer: 'Abeokuta' }, token);
    // Money needs a verified identity (the KYC journey is e2e/kyc.spec.ts): given straight.
    const db = new DatabaseSync(path.join(dataDir, 'bank.sqlite'));
    try {
      db.exec('PRAGMA busy_timeout = 5000');
      giveIdentity(db, email);
    } finally {
      db.close();
    }
    return { token: (done.token as string | undefined) ?? token, accountNumber: done.user.accounts[0].account_number as string };
  }

  type Answer = { status: number; body: { success: boolean; code?: string }; connection?: string };
  /**
   * A transfer whose request stays open: it sends its headers with `Expect: 100-continue` and,
   * once the server's 100 Continue shows the request has begun there, half its body. `finish`
   * sends the rest and resolves with the answer.
   */
  async function heldTransfer(base: string, sender: { token: string; accountNumber: string }, transfer: Record<string, unknown>): Promise<{ finish: () => Promise<Answer> }> {
    const body = Buffer.from(JSON.stringify(transfer));
    const half = Math.floor(body.length / 2);
    const request = http.request(`${base}/api/v1/transfer/local/${sender.accountNumber}`, {
      method: 'POST',
      agent: false,
      headers: { accept: 'application/json', 'content-type': 'application/json', 'content-length': String(body.length), expect: '100-continue', authorization: `Bearer ${sender.token}`, 'idempotency-key': `lifecycle-held-${randomBytes(4).toString('hex')}` },
    });
    const answer = new Promise<Answer>((resolve, reject) => {
      request.once('error', reject);
      request.once('response', (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.once('error', reject);
        response.once('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Answer['body'], connection: response.headers.connection }));
      });
    });
    await new Promise<void>((resolve, reject) => {
      request.once('continue', () => resolve());
      request.once('error', reject);
      request.flushHeaders();
    });
    await new Promise<void>((resolve, reject) => request.write(body.subarray(0, half), (error) => (error ? reject(error) : resolve())));
    return {
      finish: () => {
        request.end(body.subarray(half));
        return answer;
      },
    };
  }

  test('SIGTERM during a burst of transfers answers or refuses each one cleanly and leaves the ledger whole', async () => {
    test.setTimeout(120_000);
    const dataDir = freshDataDir();
    const server = await startServer(dataDir);
    const alice = await onboard(server.base, dataDir, 'Alice');
    const bola = await onboard(server.base, dataDir, 'Bola');
    await api(server.base, 'POST', '/sandbox/inbound-transfer', { account_number: alice.accountNumber, amount: 4_000_000, sender_name: 'TUNDE BAKARE', sender_bank_code: '000013' });

    const transferBody = (narration: string) => ({ account_number: bola.accountNumber, amount: 10_000, narration, pin: '2718' });
    const transfer = (index: number): Promise<Answer> =>
      fetch(`${server.base}/api/v1/transfer/local/${alice.accountNumber}`, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json', authorization: `Bearer ${alice.token}`, 'idempotency-key': `lifecycle-${index}-${randomBytes(4).toString('hex')}` },
        body: JSON.stringify(transferBody(`Burst ${index}`)),
      }).then(
        async (response) => ({ status: response.status, body: (await response.json()) as Answer['body'] }),
        (error: Error) => ({ status: 0, body: { success: false, code: String((error.cause as { code?: string } | undefined)?.code ?? error.message) } }),
      );

    // One transfer is under way at the stop by construction: its headers are in (the server's
    // 100 Continue says it has begun the request) and half its body, the rest sent after SIGTERM.
    // Without it the burst alone could be answered in full before the signal (one group commit).
    const held = await heldTransfer(server.base, alice, transferBody('Burst held'));

    // 60 transfers in waves, SIGTERM once the first answers are back: some are under way, some not yet sent.
    const sent: Promise<Answer>[] = [];
    for (let index = 0; index < 20; index += 1) sent.push(transfer(index));
    await sent[0];
    server.child.kill('SIGTERM');
    for (let index = 20; index < 60; index += 1) {
      sent.push(transfer(index));
      if (index % 10 === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const heldResult = await held.finish();
    // Begun before the stop, so answered in full after it (and told to close its connection).
    expect(heldResult.status, JSON.stringify(heldResult)).toBe(200);
    expect(heldResult.connection).toBe('close');
    const results = [...(await Promise.all(sent)), heldResult];
    const exitCode = await server.exited;

    const answered = results.filter((result) => result.status === 200);
    const refused = results.filter((result) => result.status !== 200);
    for (const result of refused) {
      // Refused cleanly: the connection was not taken, or 503 while stopping. Never a 500, never a half answer.
      expect(result.status === 0 || result.status === 503, JSON.stringify(result)).toBe(true);
    }
    // Both kinds happened: the stop began with transfers under way, which were answered, and later ones were refused.
    const stopping = server.lines.map((line) => JSON.parse(line) as { event: string; in_flight?: number }).find((line) => line.event === 'server.stopping');
    expect(stopping?.in_flight).toBeGreaterThan(0);
    expect(answered.length).toBeGreaterThan(1);
    expect(refused.length).toBeGreaterThan(0);
    console.info(`lifecycle: ${answered.length} answered, ${refused.length} refused (${[...new Set(refused.map((result) => result.status || result.body.code))].join(', ')}); ${stopping?.in_flight} under way at SIGTERM`);
    expect(answered.every((result) => result.body.success)).toBe(true);
    expect(exitCode, server.lines.slice(-20).join('\n')).toBe(0);

    // Every line was JSON, the stop said so, and no request failed inside the server.
    const parsed = server.lines.map((line) => JSON.parse(line) as { event: string; level: string; status?: number });
    expect(parsed.map((line) => line.event)).toEqual(expect.arrayContaining(['server.listening', 'server.stopping', 'server.stopped']));
    expect(parsed.filter((line) => line.level === 'error')).toEqual([]);
    expect(parsed.filter((line) => line.event === 'http.request' && line.status === 500)).toEqual([]);

    // No half-written money: one debit per 200, and the ledger balances.
    const db = new DatabaseSync(path.join(dataDir, 'bank.sqlite'));
    try {
      const debits = db.prepare("SELECT count(*) AS n FROM transactions WHERE account_number = ? AND type = 'debit' AND narration LIKE 'Burst %'").get(alice.accountNumber) as { n: number };
      const credits = db.prepare("SELECT count(*) AS n FROM transactions WHERE account_number = ? AND type = 'credit' AND narration LIKE 'Burst %'").get(bola.accountNumber) as { n: number };
      expect(Number(debits.n)).toBe(answered.length);
      expect(Number(credits.n)).toBe(answered.length);
    } finally {
      db.close();
    }
    const verify = spawnSync(process.execPath, ['scripts/ledger-verify.mjs'], { cwd: root, env: serverEnv({ DATA_DIR: dataDir }), encoding: 'utf8' });
    expect(verify.status, `${verify.stdout}${verify.stderr}`).toBe(0);
    expect(verify.stdout).toContain('Ledger OK');
  });
});
