#!/usr/bin/env node
// Benchmark: prints figures, never pass/fail on time (but exits 1 when a correctness check of the
// money runs fails: a transfer or bill purchase answered other than 200 and done, a purchase page
// answered other than 200, or the books do not verify).
//
//   node bench/run.mjs [--build] [--no-build] [--duration=5] [--warmup=1] [--connections=16]
//                      [--login-calls=30] [--login-concurrency=4] [--login-concurrent-calls=40]
//                      [--rounds=1] [--timeout=900] [--node-env=production]
//                      [--transfer-warmup=2] [--transfer-duration=8] [--transfer-clients=16]
//                      [--history=10000] [--page-calls=40] [--only=render,login,js,money,bills,sessions]
//                      [--sessions=200] [--soak=60] [--think-ms=1000]
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
//    e. alert mails through SMTP: the alerts of 300 transfers sent by the job worker (pooled
//       SMTP, a batch's alerts side by side) to a local mail server in a process of its own
//       (bench/lib/smtp-sink.mjs) answering 20 ms late, beside the floor: the same pool sending
//       one mail composed once, as many times; and the server's CPU per alert while it sent the
//       API runs' alerts to the outbox before 4d.
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
// 6. Signed-in sessions at once ("sessions", bench/sections/sessions.mjs), on the same databases
//    after 4 and 5, against a fresh server per engine: --sessions customers sign in, then each
//    loops for --soak s (think ~--think-ms, then a page, the history or statistics API, or a ₦5
//    transfer): latency per kind beside its unloaded latency, answers of 503 (the admission gate),
//    the server's RSS (idle, peak, growth over the soak); its transfers join 4's debit check.
//    A 10-minute soak: --only=sessions --soak=600 (or BENCH_SOAK_SECONDS=600): the server's RSS
//    every 30 s, and its trend after the ramp-up (MiB per minute: grows or not).
// Last, one table of the figures that have a target, each beside its floor from the same run and its target.
//    The helpers that need the TypeScript sources run as `node bench/ledger-bench.mjs …`.
//
// Starts `node scripts/serve.mjs` (the built app, as npm start serves it) on a free loopback port with a fresh DATA_DIR, runs the
// measurements, kills the child and deletes the temp dir. Writes bench/results.json.
//
// The pieces: bench/lib/ (options, http and the load generator, processes, formatting, HTML
// scanning, the money driver) and one module per section under bench/sections/ (render, login,
// js, money, bills), each with its measurement and its part of the report.

import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { round } from './stats.mjs';
import { HOST, entry, parseArgs, resultsFile, root } from './lib/options.mjs';
import { freePort } from './lib/http.mjs';
import { captureOutput, cleanup, cleanupSync, makeTempDir, newestMtime, runBuild, runFloorServer, startApp, startFloorServer, stopChild, waitForHealth } from './lib/processes.mjs';
import { benchRender, reportRender } from './sections/render.mjs';
import { benchLoginSection, reportLogin } from './sections/login.mjs';
import { benchJs, reportJs } from './sections/js.mjs';
import { benchMoney, reportMoney } from './sections/money.mjs';
import { reportBills } from './sections/bills.mjs';
import { reportSessions } from './sections/sessions.mjs';
import { reportTargets } from './sections/targets.mjs';

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
    sessions: null,
    notes: [],
  };
  const want = (section) => options.only.includes(section);

  const globalTimer = setTimeout(() => {
    console.error(`\nglobal timeout (${options.timeout} s) reached; stopping.`);
    cleanupSync();
    try {
      fs.writeFileSync(resultsFile, JSON.stringify({ ...results, aborted: 'global timeout' }, null, 2) + '\n');
    } catch {
      // Stopping anyway: the partial results are only a courtesy.
    }
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
    if (want('money') || want('bills') || want('sessions')) {
      if (!fs.existsSync(entry)) results.notes.push('no dist/server/entry.mjs: money and bills measurements skipped');
      else {
        const { money, bills, sessions } = await benchMoney(options, say, { transfers: want('money'), bills: want('bills'), sessions: want('sessions') });
        results.money = money;
        results.bills = bills;
        results.sessions = sessions;
        if ((money && !money.ok) || (bills && !bills.ok) || (sessions && !sessions.ok)) process.exitCode = 1;
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
  const floorServer = want('render') ? await startFloorServer() : null;

  let port = null;
  let server = null;
  let serverLog = null;
  let dataDir = null;
  if (!fs.existsSync(entry)) {
    results.notes.push('no dist/server/entry.mjs: app measurements skipped');
  } else {
    dataDir = makeTempDir('bank-bench-');
    port = await freePort();
    server = startApp(port, { DEVICE_BINDING: 'off', ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: options.nodeEnv ?? process.env.NODE_ENV ?? 'production' });
    serverLog = captureOutput(server, 'app');
    const startedAt = Date.now();
    await waitForHealth(port, server, 60_000);
    const childNodeEnv = options.nodeEnv ?? process.env.NODE_ENV ?? 'production';
    results.app_server = { node_env: childNodeEnv, startup_ms: Date.now() - startedAt };
    say(`app: ${path.relative(root, entry)} on http://${HOST}:${port}, NODE_ENV=${childNodeEnv ?? '(unset)'}, healthy after ${Date.now() - startedAt} ms (fresh DATA_DIR, migrated + seeded)`);
  }

  // --- Floor and GET /login, alternating for --rounds rounds ---------------------------------
  if (floorServer) await benchRender({ floorServer, port, serverPid: server?.pid, options, results, say });
  if (!port) throw new Error('no build to run (dist/server/entry.mjs missing)');

  // --- Login API -------------------------------------------------------------------------
  if (want('login')) await benchLoginSection(port, options, results, say);

  // --- JavaScript bytes ------------------------------------------------------------------
  if (want('js')) {
    say('javascript: fetching pages and following static imports …');
    results.javascript = await benchJs(port, dataDir);
  }

  results.server_log = { warn_lines: serverLog.warn, error_lines: serverLog.error, events: serverLog.events, tail: serverLog.lines.slice(-20) };
  // The money section starts servers of its own; this one would only sit beside them.
  await stopChild(server);
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
  if (results.sessions) reportSessions(results.sessions, say);
  reportTargets(results, say);
  for (const note of results.notes) say(`note: ${note}`);
  const { loadavg_at_start: before, loadavg_at_end: after } = results.machine;
  const others = [results.floor, results.login_page].map((r) => r?.cpu_pct_of_one_core?.other_pct).filter((v) => typeof v === 'number');
  const busy = others.length > 0 && Math.max(...others) > 20;
  say(`\nload average (1/5/15 min): start ${before?.join(' ')}, end ${after?.join(' ')}`);
  if (busy) say(`warning: other processes used up to ${Math.max(...others)} % of a core during the load tests; figures are noisy — rerun when the machine is quiet (or use --rounds=3).`);
}

if (process.argv.includes('--floor-server')) runFloorServer();
else await main();
