import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { expect, test } from '@playwright/test';
import { freePort } from './support/free-port.ts';

/**
 * Crash safety of transfers: a burst of local transfers, the server killed with SIGKILL in the
 * middle of it, restarted on the same database, and every unanswered request retried with its
 * Idempotency-Key. Nothing may be lost (every 200 is in the history) and nothing doubled (one
 * debit per request, balances add up, the books verify).
 *
 * No browser: it runs its own server (`node scripts/serve.mjs`, the build the webServer made) on
 * a fresh DATA_DIR, so it runs once, in the js-on project.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const HOST = '127.0.0.1';
const PASSWORD = 'lantern harbour quiet ferry 8152';
const PIN = '4827';
const FUNDING = 100_000_000; // ₦1,000,000 in kobo
const TRANSFERS = 80;
const CONCURRENCY = 8;
const KILL_AFTER_ANSWERS = 30;

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };
type Customer = { userId: string; accountNumber: string; email: string };
type Tx = { reference: string; type: 'debit' | 'credit'; amount: number; fee: number };

let server: ChildProcess | null = null;
let dataDir: string | null = null;
let serverOutput: string[] = [];

/** One request on a fresh connection (no pooled socket may outlive a killed server). Rejects when no answer arrives. */
function call(port: number, method: string, pathname: string, options: { body?: unknown; headers?: Record<string, string>; timeoutMs?: number } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body));
    const req = http.request(
      {
        host: HOST,
        port,
        method,
        path: pathname,
        agent: false,
        headers: { accept: 'application/json', ...(payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {}), ...options.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
        res.on('aborted', () => reject(new Error('response aborted')));
      },
    );
    req.setTimeout(options.timeoutMs ?? 30_000, () => req.destroy(new Error('request timed out')));
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

function serverEnv(port: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, HOST, PORT: String(port), DATA_DIR: dataDir!, LOG_LEVEL: 'warn', SEED_DEMO: 'false', NODE_ENV: 'production' };
  delete env.DATABASE_URL; // this test is about the embedded database in DATA_DIR
  return env;
}

function startServer(port: number, extraEnv: NodeJS.ProcessEnv = {}): ChildProcess {
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'serve.mjs')], { cwd: root, env: { ...serverEnv(port), ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
  const keep = (chunk: Buffer) => {
    serverOutput.push(...chunk.toString().split('\n').filter(Boolean));
    serverOutput = serverOutput.slice(-50);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return child;
}

async function waitForHealth(port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited (code ${child.exitCode}, signal ${child.signalCode}):\n${serverOutput.join('\n')}`);
    try {
      const answer = await call(port, 'GET', '/api/health', { timeoutMs: 2_000 });
      if (answer.status === 200) return;
      last = `HTTP ${answer.status}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`GET /api/health never answered 200 (last: ${last}):\n${serverOutput.join('\n')}`);
}

function waitForExit(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Runs a Node script (ES module source) with the app's TypeScript sources against DATA_DIR; returns its last stdout line. */
function runNode(source: string, env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', source], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => {
      if (code === 0) resolve(stdout.trim().split('\n').at(-1) ?? '');
      else reject(new Error(`node exited ${code}: ${stderr || stdout}`));
    });
  });
}

/** Two onboarded tier-3 customers written straight to the database, before the server starts. */
async function createCustomers(port: number): Promise<{ sender: Customer; recipient: Customer }> {
  const moduleUrl = (file: string) => JSON.stringify(pathToFileURL(path.join(root, file)).href);
  const tag = `${Date.now().toString(36)}${process.pid}`;
  const source = `
    const { composeApp } = await import(${moduleUrl('src/server/app.ts')});
    const { parseConfig } = await import(${moduleUrl('src/server/config.ts')});
    const { createOnboardedCustomer } = await import(${moduleUrl('src/server/demo/onboarded-customer.ts')});
    const composed = await composeApp(parseConfig({ ...process.env }));
    const app = { ...composed.app, ...composed.internals };
    const made = {};
    let n = 0;
    for (const [role, first, last] of [['sender', 'Kemi', 'Sender'], ['recipient', 'Obi', 'Recipient']]) {
      n += 1;
      const email = 'crash.' + role + '.${tag}@example.com';
      const created = await createOnboardedCustomer(app, { firstName: first, lastName: last, email, phoneNumber: '+2348' + String(Date.now() % 1e8 + n).padStart(9, '0').slice(-9), password: ${JSON.stringify(PASSWORD)}, pin: ${JSON.stringify(PIN)}, tier: 3 });
      made[role] = { ...created, email };
    }
    await app.close();
    console.log(JSON.stringify(made));
  `;
  return JSON.parse(await runNode(source, serverEnv(port))) as { sender: Customer; recipient: Customer };
}

async function login(port: number, email: string): Promise<string> {
  const answer = await call(port, 'POST', '/api/v1/auth/login', { body: { email, password: PASSWORD } });
  expect(answer.status, answer.body).toBe(200);
  return (JSON.parse(answer.body) as { data: { token: string } }).data.token;
}

async function balanceOf(port: number, token: string, accountNumber: string): Promise<number> {
  const answer = await call(port, 'GET', '/api/v1/profile', { headers: { authorization: `Bearer ${token}` } });
  expect(answer.status, answer.body).toBe(200);
  const accounts = (JSON.parse(answer.body) as { data: { accounts: { account_number: string; balance: number }[] } }).data.accounts;
  const account = accounts.find((candidate) => candidate.account_number === accountNumber);
  if (!account) throw new Error(`account ${accountNumber} not in the profile`);
  return account.balance;
}

async function history(port: number, token: string, accountNumber: string): Promise<Tx[]> {
  const all: Tx[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await call(port, 'GET', `/api/v1/transaction/history/${accountNumber}?per_page=100&page=${page}`, { headers: { authorization: `Bearer ${token}` } });
    expect(answer.status, answer.body).toBe(200);
    const data = (JSON.parse(answer.body) as { data: { data: Tx[]; last_page: number } }).data;
    all.push(...data.data);
    if (page >= data.last_page) return all;
  }
}

test.afterAll(async () => {
  if (server && server.exitCode === null && server.signalCode === null) {
    server.kill('SIGKILL');
    await waitForExit(server);
  }
  server = null;
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  dataDir = null;
});

test('transfers survive a SIGKILL mid-burst: retries with the same key never debit twice', async ({}, testInfo) => {
  test.skip(testInfo.project.name !== 'js-on', 'no browser involved: one run is enough');
  test.setTimeout(240_000);

  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bank-crash-'));
  const port = await freePort(HOST);
  const { sender, recipient } = await createCustomers(port);

  server = startServer(port);
  await waitForHealth(port, server);
  const senderToken = await login(port, sender.email);
  const recipientToken = await login(port, recipient.email);

  const funded = await call(port, 'POST', '/api/sandbox/inbound-transfer', { body: { account_number: sender.accountNumber, amount: FUNDING, sender_name: 'CRASH TEST FUNDING', sender_bank_code: '000013' } });
  expect(funded.status, funded.body).toBe(201);
  expect(await balanceOf(port, senderToken, sender.accountNumber)).toBe(FUNDING);

  // Each request: its own key and body, kept so a retry sends exactly the same thing.
  const runTag = `crash-${Date.now().toString(36)}`;
  const requests = Array.from({ length: TRANSFERS }, (_, index) => ({
    key: `${runTag}-${String(index).padStart(3, '0')}`,
    body: { account_number: recipient.accountNumber, amount: 10_000 + index * 100, narration: `Crash test ${index}`, pin: PIN },
  }));
  const send = (index: number) =>
    call(port, 'POST', `/api/v1/transfer/local/${sender.accountNumber}`, {
      body: requests[index]!.body,
      headers: { authorization: `Bearer ${senderToken}`, 'idempotency-key': requests[index]!.key },
    });

  // --- The burst, killed after KILL_AFTER_ANSWERS answers ----------------------------------------
  const answered = new Map<number, { reference: string; replayed: boolean; phase: 'burst' | 'retry' }>();
  const unexpected: string[] = [];
  let next = 0;
  let answers = 0;
  const victim = server;
  const killed = new Promise<void>((resolve) => victim.once('exit', () => resolve()));
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < TRANSFERS) {
        const index = next;
        next += 1;
        let answer: Answer;
        try {
          answer = await send(index);
        } catch {
          continue; // no answer: retried after the restart
        }
        answers += 1;
        if (answer.status === 200) {
          const parsed = JSON.parse(answer.body) as { data: { reference: string } };
          answered.set(index, { reference: parsed.data.reference, replayed: answer.headers['idempotent-replayed'] === 'true', phase: 'burst' });
        } else unexpected.push(`burst #${index}: HTTP ${answer.status} ${answer.body.slice(0, 200)}`);
        if (answers === KILL_AFTER_ANSWERS) victim.kill('SIGKILL');
      }
    }),
  );
  await killed;
  expect(unexpected, 'every answer in the burst is 200').toEqual([]);
  expect(answered.size).toBeGreaterThanOrEqual(KILL_AFTER_ANSWERS);
  expect(answered.size, 'the kill left requests without an answer').toBeLessThan(TRANSFERS);
  const unansweredBeforeRestart = TRANSFERS - answered.size;

  // --- Restart on the same DATA_DIR, retry everything that got no answer ------------------------
  server = startServer(port);
  await waitForHealth(port, server);
  for (let index = 0; index < TRANSFERS; index += 1) {
    if (answered.has(index)) continue;
    let answer: Answer | null = null;
    for (let attempt = 1; attempt <= 5 && !answer; attempt += 1) {
      try {
        answer = await send(index);
      } catch (error) {
        if (attempt === 5) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
      }
    }
    expect(answer!.status, `retry of #${index} succeeds or replays: ${answer!.body.slice(0, 300)}`).toBe(200);
    const parsed = JSON.parse(answer!.body) as { data: { reference: string } };
    answered.set(index, { reference: parsed.data.reference, replayed: answer!.headers['idempotent-replayed'] === 'true', phase: 'retry' });
  }
  expect(answered.size).toBe(TRANSFERS);
  const replays = [...answered.values()].filter((entry) => entry.replayed).length;
  testInfo.annotations.push({ type: 'crash', description: `${TRANSFERS - unansweredBeforeRestart} answered before the kill, ${unansweredBeforeRestart} retried after the restart, of which ${replays} replayed a transfer committed before the kill` });

  // --- Nothing lost, nothing doubled --------------------------------------------------------------
  const references = [...answered.values()].map((entry) => entry.reference);
  expect(new Set(references).size, 'one reference per request').toBe(TRANSFERS);

  const senderHistory = await history(port, senderToken, sender.accountNumber);
  const debits = senderHistory.filter((tx) => tx.type === 'debit');
  for (const reference of references) {
    expect(debits.filter((tx) => tx.reference === reference).length, `reference ${reference} appears once`).toBe(1);
  }
  expect(debits.length, 'one debit per distinct successful request').toBe(TRANSFERS);
  expect(new Set(debits.map((tx) => tx.reference))).toEqual(new Set(references));

  const principal = debits.reduce((sum, tx) => sum + tx.amount, 0);
  const debited = debits.reduce((sum, tx) => sum + tx.amount + tx.fee, 0);
  expect(principal).toBe(requests.reduce((sum, request) => sum + request.body.amount, 0));
  expect(await balanceOf(port, senderToken, sender.accountNumber)).toBe(FUNDING - debited);

  const credits = (await history(port, recipientToken, recipient.accountNumber)).filter((tx) => tx.type === 'credit');
  expect(credits.length).toBe(TRANSFERS);
  expect(credits.reduce((sum, tx) => sum + tx.amount, 0)).toBe(principal);
  expect(await balanceOf(port, recipientToken, recipient.accountNumber)).toBe(principal);

  const verify = await new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, [path.join(root, 'scripts', 'ledger-verify.mjs')], { cwd: root, env: serverEnv(port), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
  expect(verify.code, verify.output).toBe(0);
});

/** The statement mails in DATA_DIR/outbox to `email` (the sandbox mailer, used when SMTP_URL is unset). */
function statementMails(email: string): string[] {
  const dir = path.join(dataDir!, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.toLowerCase().endsWith(`-${email.toLowerCase()}.eml`))
    .filter((name) => /statement/i.test(fs.readFileSync(path.join(dir, name), 'utf8').split(/\r?\n\r?\n/)[0] ?? ''));
}

async function waitFor(what: string, ms: number, done: () => boolean): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

test('a statement whose server was SIGKILLed (0 ms after its 202, or while its mail was being sent) is mailed once within 30 s of the restart', async ({}, testInfo) => {
  test.skip(testInfo.project.name !== 'js-on', 'no browser involved: one run is enough');
  test.setTimeout(180_000);
  // The test before this one leaves its server and its folder for afterAll: both go first.
  if (server && server.exitCode === null && server.signalCode === null) {
    server.kill('SIGKILL');
    await waitForExit(server);
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bank-crash-mail-'));
  const port = await freePort(HOST);
  const { sender } = await createCustomers(port);
  // A mail server that takes the connection and never answers: the job is claimed and stays "sending".
  const connections: net.Socket[] = [];
  const hanging = net.createServer((socket) => void connections.push(socket));
  await new Promise<void>((resolve) => hanging.listen(0, HOST, resolve));
  const smtpUrl = `smtp://${HOST}:${(hanging.address() as net.AddressInfo).port}`;
  const today = new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);
  const killServer = async () => {
    const victim = server!;
    victim.kill('SIGKILL');
    await waitForExit(victim);
  };
  // Signed in before the mail server hangs.
  server = startServer(port);
  await waitForHealth(port, server);
  const token = await login(port, sender.email);
  await killServer();
  const request = async (format: 'csv' | 'pdf') => {
    const answer = await call(port, 'POST', `/api/v1/transaction/account-statement/${sender.accountNumber}`, { body: { start_date: today, end_date: today, format }, headers: { authorization: `Bearer ${token}` } });
    expect(answer.status, answer.body).toBe(202);
  };
  try {
    // 1. Killed at once after the 202: its job may or may not have been claimed yet.
    server = startServer(port, { SMTP_URL: smtpUrl });
    await waitForHealth(port, server);
    // A sign-in that mails (new sign-in alert) does not hang on the mail server: answered well within 10 s.
    const signIn = await call(port, 'POST', '/api/v1/auth/login', { body: { email: sender.email, password: PASSWORD }, timeoutMs: 10_000 });
    expect(signIn.status, signIn.body).toBe(200);
    await request('csv');
    await killServer();
    server = startServer(port);
    await waitForHealth(port, server);
    const back = Date.now();
    await waitFor('the statement asked before the kill is mailed', 30_000, () => statementMails(sender.email).length >= 1);
    testInfo.annotations.push({ type: 'mailed after restart (0 ms kill)', description: `${Date.now() - back} ms` });
    await killServer();

    // 2. Killed while its mail is being sent (the lease held by the dead process).
    server = startServer(port, { SMTP_URL: smtpUrl });
    await waitForHealth(port, server);
    const before = connections.length;
    await request('pdf');
    await waitFor('the worker reaches the mail server', 20_000, () => connections.length > before);
    await killServer();
    server = startServer(port);
    await waitForHealth(port, server);
    const again = Date.now();
    await waitFor('the statement being sent at the kill is mailed', 30_000, () => statementMails(sender.email).length >= 2);
    testInfo.annotations.push({ type: 'mailed after restart (killed while sending)', description: `${Date.now() - again} ms` });
    // Once each: a few more seconds bring no second copy.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(statementMails(sender.email)).toHaveLength(2);
  } finally {
    for (const socket of connections) socket.destroy();
    hanging.close();
  }
});
