#!/usr/bin/env node
// Helper processes for bench/run.mjs: the money-path measurements that need the app's own
// TypeScript sources (Node strips the types, as scripts/db.mjs relies on) or a database driver.
// The database is the app's: DATABASE_URL (PostgreSQL) when set, else DATA_DIR/bank.sqlite.
//
//   node bench/ledger-bench.mjs seed    --senders=16 --fund=<kobo> --history=10000
//       customers (tier 3, onboarded, no emails) written through the services; prints the plan.
//   node bench/ledger-bench.mjs floor   --plan=<file> --clients=N --warmup=2 --duration=8
//       a minimal transfer with no application code on the real tables (see floorTransfer).
//   node bench/ledger-bench.mjs service --plan=<file> --clients=N --warmup=2 --duration=8
//       the app's transfer service in process: no HTTP, PIN check replaced by a stub.
//   node bench/ledger-bench.mjs pin     --calls=30 --concurrency=16
//       the cost of one transaction-PIN check (keyed HMAC, and the legacy argon2id beside it).
//   node bench/ledger-bench.mjs alerts  --plan=<file> --transfers=300 --delay=20
//       alert mails through SMTP: that many transfers through the service, then their alerts
//       (two each) sent by the job worker to a mail server answering --delay ms late
//       (bench/lib/smtp-sink.mjs, a process of its own); beside it, the floor: the same
//       nodemailer pool sending one mail already composed, as many times, with no app code.
//   node bench/ledger-bench.mjs pending
//       alert jobs (alert.transaction) still pending: the alerts of the money runs not sent yet.
//   node bench/ledger-bench.mjs count   --plan=<file>
//       transfer debits from the senders and credits to the recipient, and the senders' airtime
//       debits (all, successful) and pending bill purchases, to compare with HTTP 200s.
//
// Prints exactly one line `RESULT <json>` on stdout (logs, if any, are other lines).

import os from 'node:os';
import { round, summarise } from './stats.mjs';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { loadConfig, markAlertsSent, PIN, seed } from './lib/ledger-seed.mjs';

function parseArgs(argv) {
  const args = {};
  for (const arg of argv) {
    const match = /^--([^=]+)=(.*)$/.exec(arg);
    if (match) args[match[1]] = match[2];
  }
  return args;
}

const nowNs = () => process.hrtime.bigint();
const nsToMs = (ns) => Number(ns) / 1e6;
function machineBusyMs() {
  try {
    const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1, 9).map(Number);
    const [user, nice, system, , , irq, softirq, steal] = fields;
    return ((user + nice + system + irq + softirq + steal) * 1000) / 100;
  } catch {
    return null;
  }
}

/**
 * Closed loop: `clients` async workers, each calling op(client, seq) back to back for warm-up +
 * duration. An operation is recorded when it starts after the warm-up and ends inside the window
 * (the same rule as the HTTP load test in run.mjs). Every outcome, warm-up included, is counted.
 */
async function closedLoop({ clients, warmupMs, durationMs, op }) {
  const latencies = [];
  const outcomes = {};
  const errors = [];
  const t0 = nowNs();
  const measureFrom = t0 + BigInt(Math.round(warmupMs * 1e6));
  const measureTo = measureFrom + BigInt(Math.round(durationMs * 1e6));
  // Taken by the first operation that starts inside the window (a timer may never fire while
  // synchronous SQLite work keeps the event loop in microtasks).
  let cpuStart = null;
  const worker = async (client) => {
    let seq = 0;
    while (nowNs() < measureTo) {
      seq += 1;
      const start = nowNs();
      if (cpuStart === null && start >= measureFrom) cpuStart = { cpu: process.cpuUsage(), machine: machineBusyMs(), at: start };
      let outcome;
      try {
        outcome = await op(client, seq);
      } catch (error) {
        outcome = 'error';
        if (errors.length < 5) errors.push(error instanceof Error ? error.message : String(error));
      }
      const end = nowNs();
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
      if (start >= measureFrom && end <= measureTo) latencies.push(nsToMs(end - start));
    }
  };
  await Promise.all(Array.from({ length: clients }, (_, client) => worker(client)));
  let cpu = null;
  if (cpuStart) {
    const wallMs = nsToMs(nowNs() - cpuStart.at);
    const used = process.cpuUsage(cpuStart.cpu);
    const machineEnd = machineBusyMs();
    cpu = {
      process_pct: round(((used.user + used.system) / 1000 / wallMs) * 100, 0),
      machine_pct: cpuStart.machine !== null && machineEnd !== null ? round(((machineEnd - cpuStart.machine) / wallMs) * 100, 0) : null,
    };
  }
  const summary = summarise(latencies);
  const failed = Object.entries(outcomes).reduce((n, [name, count]) => (name === 'ok' ? n : n + count), 0);
  return { clients, warmup_s: warmupMs / 1000, duration_s: durationMs / 1000, ...summary, tps: round(summary.count / (durationMs / 1000), 1), outcomes, failed, errors, cpu_pct_of_one_core: cpu };
}

/** One at a time through a promise chain: how 16 "concurrent" clients share one SQLite connection. */
function serialiser() {
  let tail = Promise.resolve();
  return (fn) => {
    const run = tail.then(fn);
    tail = run.catch(() => {});
    return run;
  };
}

// ---------------------------------------------------------------------------------------------
// floor: one transaction = journal entry + two guarded balance updates + two postings
// ---------------------------------------------------------------------------------------------
function readPlan(args) {
  if (!args.plan) throw new Error('--plan=<file> is required');
  return JSON.parse(fs.readFileSync(args.plan, 'utf8'));
}

function timing(args) {
  return { clients: Number(args.clients ?? 1), warmupMs: Number(args.warmup ?? 2) * 1000, durationMs: Number(args.duration ?? 8) * 1000 };
}

const floorId = () => `je_floor_${randomBytes(9).toString('base64url')}`;
const floorReference = () => `FLR${randomBytes(6).toString('hex').toUpperCase()}`;

async function floor(args) {
  const plan = readPlan(args);
  const { clients, warmupMs, durationMs } = timing(args);
  const config = await loadConfig();
  const recipient = plan.recipient.accountNumber;
  const senders = plan.senders.map((sender) => sender.accountNumber);
  const amount = plan.amount;
  if (clients > senders.length) throw new Error(`only ${senders.length} senders for ${clients} clients`);

  if (config.database.kind === 'sqlite') {
    const { openSqlite } = await import('../src/server/db/sqlite-dialect.ts');
    // The app's own connection settings: WAL, synchronous=FULL, foreign keys on, busy_timeout.
    const db = openSqlite(config.database.file);
    const statements = {
      begin: db.prepare('BEGIN IMMEDIATE'),
      commit: db.prepare('COMMIT'),
      rollback: db.prepare('ROLLBACK'),
      entry: db.prepare("INSERT INTO journal_entries (id, reference, kind, description, reverses_entry_id, created_at) VALUES (?, ?, 'bench.floor', 'floor transfer', NULL, ?)"),
      debit: db.prepare('UPDATE accounts SET balance = balance - ? WHERE account_number = ? AND balance >= ? RETURNING balance'),
      credit: db.prepare('UPDATE accounts SET balance = balance + ? WHERE account_number = ? RETURNING balance'),
      posting: db.prepare('INSERT INTO postings (entry_id, line, account_number, amount, created_at) VALUES (?, ?, ?, ?, ?)'),
    };
    const transfer = (sender) => {
      const id = floorId();
      const at = new Date().toISOString();
      statements.begin.run();
      try {
        statements.entry.run(id, floorReference(), at);
        if (!statements.debit.get(amount, sender, amount)) throw new Error('insufficient funds');
        statements.credit.get(amount, recipient);
        statements.posting.run(id, 1, sender, -amount, at);
        statements.posting.run(id, 2, recipient, amount, at);
        statements.commit.run();
      } catch (error) {
        statements.rollback.run();
        throw error;
      }
      return 'ok';
    };
    const serial = serialiser();
    try {
      const result = await closedLoop({ clients, warmupMs, durationMs, op: (client) => serial(() => transfer(senders[client])) });
      return { engine: 'sqlite', mode: clients > 1 ? `${clients} async clients sharing one connection (node:sqlite is synchronous: transactions run one after another)` : 'one connection', ...result };
    } finally {
      db.close();
    }
  }

  const pg = (await import('pg')).default;
  const connections = [];
  try {
    for (let index = 0; index < clients; index += 1) {
      const client = new pg.Client({ connectionString: config.database.url });
      await client.connect();
      connections.push(client);
    }
    // Named statements: parsed and planned once per connection, the cheapest way through the driver.
    const transfer = async (client, sender) => {
      const id = floorId();
      const at = new Date().toISOString();
      await client.query('BEGIN');
      try {
        await client.query({ name: 'floor_entry', text: "INSERT INTO journal_entries (id, reference, kind, description, reverses_entry_id, created_at) VALUES ($1, $2, 'bench.floor', 'floor transfer', NULL, $3)", values: [id, floorReference(), at] });
        const debited = await client.query({ name: 'floor_debit', text: 'UPDATE accounts SET balance = balance - $1 WHERE account_number = $2 AND balance >= $1 RETURNING balance', values: [amount, sender] });
        if (debited.rowCount !== 1) throw new Error('insufficient funds');
        await client.query({ name: 'floor_credit', text: 'UPDATE accounts SET balance = balance + $1 WHERE account_number = $2 RETURNING balance', values: [amount, recipient] });
        await client.query({ name: 'floor_posting', text: 'INSERT INTO postings (entry_id, line, account_number, amount, created_at) VALUES ($1, $2, $3, $4, $5)', values: [id, 1, sender, -amount, at] });
        await client.query({ name: 'floor_posting', text: 'INSERT INTO postings (entry_id, line, account_number, amount, created_at) VALUES ($1, $2, $3, $4, $5)', values: [id, 2, recipient, amount, at] });
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      }
      return 'ok';
    };
    const result = await closedLoop({ clients, warmupMs, durationMs, op: (client) => transfer(connections[client], senders[client]) });
    return { engine: 'postgres', mode: `${clients} connection${clients === 1 ? '' : 's'}, one per client`, ...result };
  } finally {
    await Promise.all(connections.map((client) => client.end().catch(() => {})));
  }
}

// ---------------------------------------------------------------------------------------------
// service: the app's transfer service without HTTP and without the PIN's argon2id
// ---------------------------------------------------------------------------------------------
async function service(args) {
  const plan = readPlan(args);
  const { clients, warmupMs, durationMs } = timing(args);
  const { composeApp } = await import('../src/server/app.ts');
  const { createTransferService } = await import('../src/server/core/transfers/transfer-service.ts');
  const composed = await composeApp(await loadConfig());
  const app = { ...composed.app, ...composed.internals };
  try {
    const { createMoneyGate } = await import('../src/server/core/money/money-gate.ts');
    const { moneyWords: words } = await import('../src/server/http/money-words.ts');
    const gate = createMoneyGate({ db: app.db, config: app.config, clock: app.clock, users: app.users, transactions: app.transactions, pins: null, idempotency: app.idempotency, words });
    const transfers = createTransferService({ db: app.db, config: app.config, clock: app.clock, log: app.log, idempotency: app.idempotency, gate, payments: app.payments, words, interbank: null });
    const run = `svc${Date.now().toString(36)}`;
    const result = await closedLoop({
      clients,
      warmupMs,
      durationMs,
      op: async (client, seq) => {
        const sender = plan.senders[client];
        const outcome = await transfers.sendLocal(sender.userId, sender.accountNumber, { account_number: plan.recipient.accountNumber, amount: plan.amount, narration: 'bench', pin: '0000', save_beneficiary: false }, `${run}-${clients}-${client}-${seq}`);
        return outcome.ok ? 'ok' : outcome.code;
      },
    });
    return { engine: app.config.database.kind, mode: app.config.database.kind === 'sqlite' ? 'Kysely, one connection (as the server)' : 'Kysely, pg pool of 10 (as the server)', ...result };
  } finally {
    await app.db.destroy();
  }
}

// ---------------------------------------------------------------------------------------------
// alerts: the alert mails of a burst of transfers through SMTP, beside the floor
// ---------------------------------------------------------------------------------------------
/** bench/lib/smtp-sink.mjs started; resolves with its port and a stop() that answers its counts. */
async function startSmtpSink(delayMs) {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'lib', 'smtp-sink.mjs'), `--delay=${delayMs}`], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  const port = await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`smtp-sink exited (${code})`)));
    const look = setInterval(() => {
      const match = /LISTENING (\d+)/.exec(out);
      if (match) {
        clearInterval(look);
        resolve(Number(match[1]));
      }
    }, 20);
  });
  return {
    port,
    stop: () =>
      new Promise((resolve) => {
        child.removeAllListeners('exit');
        child.once('exit', () => resolve(JSON.parse(/RESULT (.*)/.exec(out)?.[1] ?? '{}')));
        child.kill('SIGTERM');
      }),
  };
}

async function alertMails(args) {
  const plan = readPlan(args);
  const transfers = Number(args.transfers ?? 300);
  const delayMs = Number(args.delay ?? 20);
  const sink = await startSmtpSink(delayMs);
  const smtpUrl = `smtp://127.0.0.1:${sink.port}`;
  const { composeApp } = await import('../src/server/app.ts');
  const { createTransferService } = await import('../src/server/core/transfers/transfer-service.ts');
  const { createMoneyGate } = await import('../src/server/core/money/money-gate.ts');
  const { moneyWords: words } = await import('../src/server/http/money-words.ts');
  const { mailsAtOnce } = await import('../src/server/integrations/mail/ports.ts');
  const composed = await composeApp({ ...(await loadConfig()), smtpUrl });
  const app = { ...composed.app, ...composed.internals };
  let sinkCounts = null;
  try {
    // Alerts queued before (the money runs') are the app's, not this measure's: marked sent.
    await markAlertsSent(app.db);
    const gate = createMoneyGate({ db: app.db, config: app.config, clock: app.clock, users: app.users, transactions: app.transactions, pins: null, idempotency: app.idempotency, words });
    const service = createTransferService({ db: app.db, config: app.config, clock: app.clock, log: app.log, idempotency: app.idempotency, gate, payments: app.payments, words, interbank: null });
    const run = `alr${Date.now().toString(36)}`;
    for (let index = 0; index < transfers; index += 1) {
      const sender = plan.senders[index % plan.senders.length];
      const outcome = await service.sendLocal(sender.userId, sender.accountNumber, { account_number: plan.recipient.accountNumber, amount: plan.amount, narration: 'bench', pin: '0000', save_beneficiary: false }, `${run}-${index}`);
      if (!outcome.ok) throw new Error(`transfer ${index}: ${outcome.code}`);
    }
    const timed = async (work) => {
      const cpu = process.cpuUsage();
      const start = nowNs();
      const count = await work();
      const ms = nsToMs(nowNs() - start);
      const used = process.cpuUsage(cpu);
      return { mails: count, seconds: round(ms / 1000, 2), per_s: round(count / (ms / 1000), 1), cpu_ms_per_mail: round((used.user + used.system) / 1000 / count, 3) };
    };
    // The app: the job worker's run over the alerts the transfers queued.
    const appRun = await timed(() => app.jobs.runDue());
    const left = await app.db.selectFrom('jobs').select((eb) => eb.fn.countAll().as('n')).where('kind', '=', 'alert.transaction').where('status', '<>', 'done').executeTakeFirstOrThrow();
    // The floor: one mail composed once, sent as many times over the same kind of pool, mailsAtOnce at a time.
    const { default: nodemailer } = await import('nodemailer');
    const pool = nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections: mailsAtOnce, maxMessages: 100 });
    const raw = `From: bench@example.com\r\nTo: customer@example.com\r\nSubject: floor\r\n\r\n${'x'.repeat(1500)}\r\n`;
    const floorRun = await timed(async () => {
      let next = 0;
      const lane = async () => {
        while (next < appRun.mails) {
          next += 1;
          await pool.sendMail({ envelope: { from: 'bench@example.com', to: ['customer@example.com'] }, raw });
        }
      };
      await Promise.all(Array.from({ length: mailsAtOnce }, lane));
      return appRun.mails;
    });
    pool.close();
    await app.close();
    sinkCounts = await sink.stop();
    return { transfers, mail_server_delay_ms: delayMs, connections_at_once: mailsAtOnce, app: appRun, floor: floorRun, alerts_not_sent: Number(left.n), sink: sinkCounts };
  } finally {
    if (!sinkCounts) {
      await app.close().catch(() => {});
      await sink.stop();
    }
  }
}

// ---------------------------------------------------------------------------------------------
// pin: the keyed PIN check (HMAC-SHA-256 under a server key) as the PIN guard calls it, and beside
// it the argon2id check that legacy PINs (stored before the key) pay once more on their upgrade
// ---------------------------------------------------------------------------------------------
/** Times `check` sequentially and at `concurrency`; CPU per call from process.cpuUsage. */
async function timeChecks(check, calls, concurrency) {
  for (let index = 0; index < 3; index += 1) await check();
  const sequential = [];
  let cpu = process.cpuUsage();
  let wall = nowNs();
  for (let index = 0; index < calls; index += 1) {
    const start = nowNs();
    if (!(await check())) throw new Error('PIN did not verify');
    sequential.push(nsToMs(nowNs() - start));
  }
  let used = process.cpuUsage(cpu);
  const sequentialCpuMs = (used.user + used.system) / 1000 / calls;
  const sequentialWallMs = nsToMs(nowNs() - wall);

  const concurrentCalls = Math.max(calls, concurrency * 4);
  const concurrent = [];
  let next = 0;
  cpu = process.cpuUsage();
  wall = nowNs();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < concurrentCalls) {
        next += 1;
        const start = nowNs();
        await check();
        concurrent.push(nsToMs(nowNs() - start));
      }
    }),
  );
  used = process.cpuUsage(cpu);
  const concurrentWallMs = nsToMs(nowNs() - wall);
  return {
    sequential: { ...summarise(sequential), cpu_ms_per_verify: round(sequentialCpuMs, 4), per_s: round(calls / (sequentialWallMs / 1000), 1) },
    concurrent: { concurrency, ...summarise(concurrent), cpu_ms_per_verify: round((used.user + used.system) / 1000 / concurrentCalls, 4), per_s: round(concurrentCalls / (concurrentWallMs / 1000), 1) },
  };
}

async function pinCost(args) {
  const { hashSecret, verifySecret } = await import('../src/server/core/auth/secrets.ts');
  const { SecretKey } = await import('../src/server/core/auth/secret-keys.ts');
  const { createPinHasher } = await import('../src/server/core/auth/pin-hash.ts');
  const calls = Number(args.calls ?? 30);
  const concurrency = Number(args.concurrency ?? 16);
  const hasher = createPinHasher({ current: new SecretKey(randomBytes(32)), previous: [], source: 'PIN_KEY' });
  const userId = 'usr_bench';
  const stored = hasher.hash(userId, PIN);
  const keyed = await timeChecks(async () => (await hasher.verify(userId, PIN, stored.hash, stored.keyVersion)).ok, calls * 100, concurrency);
  const legacyHash = await hashSecret(PIN);
  const legacy = await timeChecks(() => verifySecret(PIN, legacyHash), calls, concurrency);
  return {
    parameters: 'HMAC-SHA-256 under a PIN_KEY subkey (src/server/core/auth/pin-hash.ts); legacy: argon2id m=19456 KiB, t=2, p=1',
    cpus: os.cpus().length,
    threadpool_size: Number(process.env.UV_THREADPOOL_SIZE ?? 4),
    ...keyed,
    legacy_argon2id: legacy,
  };
}

// ---------------------------------------------------------------------------------------------
// count
// ---------------------------------------------------------------------------------------------
async function count(args) {
  const plan = readPlan(args);
  const { connect } = await import('../src/server/db/connection.ts');
  const db = connect((await loadConfig()).database);
  try {
    const senders = plan.senders.map((sender) => sender.accountNumber);
    const debits = await db
      .selectFrom('transactions')
      .select((eb) => [eb.fn.countAll().as('n'), eb.fn.coalesce(eb.fn.sum('amount'), eb.lit(0)).as('total')])
      .where('account_number', 'in', senders)
      .where('type', '=', 'debit')
      .where('category', '=', 'transfer')
      .executeTakeFirstOrThrow();
    const credits = await db
      .selectFrom('transactions')
      .select((eb) => [eb.fn.countAll().as('n'), eb.fn.coalesce(eb.fn.sum('amount'), eb.lit(0)).as('total')])
      .where('account_number', '=', plan.recipient.accountNumber)
      .where('type', '=', 'credit')
      .where('category', '=', 'transfer')
      .executeTakeFirstOrThrow();
    const airtime = await db
      .selectFrom('transactions')
      .select((eb) => [
        eb.fn.countAll().as('n'),
        eb.fn.coalesce(eb.fn.sum('amount'), eb.lit(0)).as('total'),
        eb.fn.coalesce(eb.fn.sum(eb.case().when('status', '=', 'successful').then(1).else(0).end()), eb.lit(0)).as('successful'),
      ])
      .where('account_number', 'in', senders)
      .where('type', '=', 'debit')
      .where('category', '=', 'airtime')
      .executeTakeFirstOrThrow();
    const pending = await db
      .selectFrom('bill_purchases')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('account_number', 'in', senders)
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    return {
      debits: Number(debits.n),
      debited: Number(debits.total),
      credits: Number(credits.n),
      credited: Number(credits.total),
      airtime: { debits: Number(airtime.n), debited: Number(airtime.total), successful: Number(airtime.successful), pending_purchases: Number(pending.n) },
    };
  } finally {
    await db.destroy();
  }
}

// ---------------------------------------------------------------------------------------------
// pending: alert jobs not sent yet (the money section waits for none before it measures pages)
// ---------------------------------------------------------------------------------------------
async function pendingAlerts() {
  const { connect } = await import('../src/server/db/connection.ts');
  const db = connect((await loadConfig()).database);
  try {
    const row = await db.selectFrom('jobs').select((eb) => eb.fn.countAll().as('n')).where('kind', '=', 'alert.transaction').where('status', '=', 'pending').executeTakeFirstOrThrow();
    return { pending: Number(row.n) };
  } finally {
    await db.destroy();
  }
}

const commands = { seed, floor, service, alerts: alertMails, pin: pinCost, count, pending: pendingAlerts };
const command = commands[process.argv[2]];
if (!command) {
  console.error(`usage: node bench/ledger-bench.mjs ${Object.keys(commands).join('|')} [--options]`);
  process.exit(64);
}
try {
  const result = await command(parseArgs(process.argv.slice(3)));
  process.stdout.write(`RESULT ${JSON.stringify(result)}\n`);
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exitCode = 1;
}
