// Section 4, money, on SQLite (a fresh DATA_DIR) and, when BENCH_DATABASE_URL or
// TEST_DATABASE_URL is set, on a fresh PostgreSQL database: transfers through the API, the
// service and the floor, the PIN's cost, pages for a customer with a long history. Section 5
// (bills) runs on the same servers and databases when wanted.
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { round } from '../stats.mjs';
import { freePort, loadTest, processCpuMs, request, sequentialGets } from '../lib/http.mjs';
import { captureOutput, createDatabase, dropDatabase, ledgerVerify, makeTempDir, removeTempDir, runHelper, startApp, stopChild, waitForHealth } from '../lib/processes.mjs';
import { loginAs, moneyLoads, transferRequest } from '../lib/money-load.mjs';
import { errorRow, fmt, pct, table } from '../lib/format.mjs';
import { airtimePurchase, benchBills, checkBills } from './bills.mjs';
import { benchSessions } from './sessions.mjs';

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

/**
 * Everything the money section (`parts.transfers`) and the bills section (`parts.bills`) do on
 * one engine: one database, one seed, one app server for both.
 */
async function benchMoneyEngine(engine, options, say, parts = { transfers: true, bills: false, sessions: false }) {
  const out = { engine, notes: [] };
  const dir = makeTempDir(`bank-bench-${engine}-`);
  // The new-browser cap is off unless set, in the app server as in ledger-bench: the
  // bench's customers are new browsers moving far more than ₦20,000 (airtime, the soak's transfers).
  const env = { NEW_DEVICE_CAP_NAIRA: '0', DEVICE_BINDING: 'off', ...process.env, DATA_DIR: dir, LOG_LEVEL: 'warn', SEED_DEMO: 'false', NODE_ENV: options.nodeEnv ?? process.env.NODE_ENV ?? 'production' };
  delete env.DATABASE_URL;
  let dbName = null;
  if (engine === 'postgres') {
    const adminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
    dbName = `bench_${Date.now().toString(36)}_${process.pid}`;
    env.DATABASE_URL = await createDatabase(adminUrl, dbName);
    // PostgreSQL needs PIN_KEY (the server refuses to start without it): a fresh one for this run, unless given.
    env.PIN_KEY ??= randomBytes(32).toString('base64');
    out.database = `fresh PostgreSQL database ${dbName} on ${new URL(adminUrl).host} (dropped afterwards)`;
  } else out.database = 'fresh DATA_DIR (SQLite, WAL, synchronous=FULL)';

  let server = null;
  try {
    // --- Customers: senders, the recipient, and (for the money section) the long-history customer
    const senderCount = Math.max(1, options.transferClients, parts.sessions ? options.sessions : 0);
    const history = parts.transfers ? options.history : 0;
    say(`[${engine}] seeding ${senderCount} tier-3 senders, a recipient${history ? ` and a customer with ${history.toLocaleString('en-US')} transactions` : ''} …`);
    const plan = await runHelper('seed', [`--senders=${senderCount}`, `--fund=${1_000_000_000}`, `--history=${history}`], env);
    out.seed = { seconds: plan.seconds, history_seconds: plan.history?.seconds ?? null, history_transactions: plan.history?.transactions ?? null, history_by_kind: plan.history?.by_kind ?? null };
    say(`[${engine}] seeded in ${plan.seconds} s${plan.history ? ` (history: ${plan.history.transactions} transactions in ${plan.history.seconds} s)` : ''}; ${plan.seeded_alerts_marked_sent ?? 0} alerts of the seeded movements marked as sent`);

    // --- The app server on that database ---------------------------------------------------
    const port = await freePort();
    server = startApp(port, env);
    const serverLog = captureOutput(server, `app (${engine})`);
    await waitForHealth(port, server, 60_000).catch((error) => {
      throw new Error(`${error.message}; its last lines: ${serverLog.lines.slice(-3).join(' | ').slice(0, 600)}`);
    });
    for (const sender of plan.senders) sender.token = await loginAs(port, sender.email, plan.password);
    const historyToken = plan.history ? await loginAs(port, plan.history.email, plan.password) : null;
    const runTag = Date.now().toString(36);

    // --- 4a. transfers through the API ------------------------------------------------------
    if (parts.transfers) {
      const requestFor = transferRequest({ recipient: plan.recipient.accountNumber, amount: plan.amount, pin: plan.pin });
      out.api = await moneyLoads(
        { port, senders: plan.senders, requestFor, options, serverPid: server.pid, keyPrefix: `bench-${engine}-${runTag}` },
        (clients) => say(`[${engine}] API transfers: ${clients} client${clients === 1 ? '' : 's'}, ${options.transferWarmup} s warm-up + ${options.transferDuration} s …`),
        (run) => say(`[${engine}]   ${run.tps} transfers/s, p50 ${run.p50_ms} ms, p99 ${run.p99_ms} ms; ${run.answered} answered, ${run.non_200} not 200, ${run.errors} errors`),
      );
    }

    // --- 5. bill purchases: the pages, then airtime through the API -------------------------
    if (parts.bills) {
      out.bills = await benchBills({ engine, port, plan, options, serverPid: server.pid, say, runTag });
      out.bills.database = out.database;
    }

    // --- 4d. pages for the customer with a long history -------------------------------------
    if (parts.transfers && historyToken) {
      // The transfers and purchases above each queued alert mails; the job worker sends them in the
      // background. Pages are measured once that backlog is sent, so they are not measured against
      // thousands of mails being composed (the transfers' own figures include their alerts' cost).
      const drainStarted = Date.now();
      const drainCpuStart = processCpuMs(server.pid);
      let backlog = (await runHelper('pending', [], env)).pending;
      const backlogAtStart = backlog;
      while (backlog > 0 && Date.now() - drainStarted < 300_000) {
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        backlog = (await runHelper('pending', [], env)).pending;
      }
      const drainCpuMs = drainCpuStart !== null ? processCpuMs(server.pid) - drainCpuStart : null;
      const sent = backlogAtStart - backlog;
      out.alert_backlog = { jobs: backlogAtStart, seconds_to_send: round((Date.now() - drainStarted) / 1000, 1), left: backlog, server_cpu_ms_per_alert: sent > 0 && drainCpuMs !== null ? round(drainCpuMs / sent, 2) : null };
      if (backlogAtStart > 0) say(`[${engine}] waited ${out.alert_backlog.seconds_to_send} s for the ${backlogAtStart} alert jobs of the runs above to be sent (to the outbox; server CPU ${fmt(out.alert_backlog.server_cpu_ms_per_alert, 2)} ms per alert)${backlog > 0 ? ` (${backlog} left after 300 s)` : ''}`);
      say(`[${engine}] pages for the customer with ${plan.history.transactions.toLocaleString('en-US')} transactions:`);
      out.pages = await benchHistoryPages({ port, token: historyToken, options, serverPid: server.pid, say, label: `[${engine}]` });
    }

    await stopChild(server);
    server = null;
    out.server_log = { warn_lines: serverLog.warn, error_lines: serverLog.error, events: serverLog.events, tail: serverLog.error || serverLog.warn ? serverLog.lines.slice(-10) : [] };

    // --- 9. many signed-in sessions at once, on a fresh server (its memory is the soak's alone)
    if (parts.sessions) {
      let soakLog = null;
      try {
        out.sessions = await benchSessions({
          engine,
          plan,
          options,
          say,
          startServer: async () => {
            const soakPort = await freePort();
            server = startApp(soakPort, env);
            soakLog = captureOutput(server, `app (${engine}, sessions)`);
            await waitForHealth(soakPort, server, 60_000).catch((error) => {
              throw new Error(`${error.message}; its last lines: ${soakLog.lines.slice(-3).join(' | ').slice(0, 600)}`);
            });
            return { port: soakPort, pid: server.pid };
          },
        });
      } catch (error) {
        out.sessions = { engine, ok: false, error: error.message };
        say(`[${engine}] sessions error: ${error.message}`);
      }
      if (server) await stopChild(server);
      server = null;
      if (soakLog) out.sessions.server_log = { warn_lines: soakLog.warn, error_lines: soakLog.error, events: soakLog.events };
    }

    // --- Checks: every answer 200, one debit per 200, the books verify -----------------------
    const planFile = path.join(dir, 'bench-plan.json');
    fs.writeFileSync(planFile, JSON.stringify(plan));
    const counted = await runHelper('count', [`--plan=${planFile}`], env);
    const verify = await ledgerVerify(env);
    if (parts.transfers || parts.sessions) {
      // The soak's transfers answered 200 (section 9) are debits too.
      const soakTransfers = out.sessions?.transfers_acknowledged ?? 0;
      const api = out.api ?? [];
      const acknowledged = api.reduce((n, run) => n + run.acknowledged, 0) + soakTransfers;
      const answeredNot200 = api.reduce((n, run) => n + run.non_200 + run.errors, 0);
      const distinct = api.reduce((n, run) => n + run.distinct_references, 0) + (out.sessions?.transfer_references_distinct ?? 0);
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
      out.ok = out.checks.every_answer_200 && out.checks.one_debit_per_200 && verify.ok && (!parts.sessions || out.sessions?.ok === true);
      say(`[${engine}] transfer checks: ${answeredNot200} answers not 200; ${counted.debits} debits in the database for ${acknowledged} 200s; ledger:verify ${verify.ok ? 'OK' : `FAILED (exit ${verify.exit_code})`}`);
    }
    if (parts.bills) checkBills({ bills: out.bills, counted, verify, engine, say });
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
    // --- 4e. alert mails through SMTP (ledger-bench alerts): the job worker against the floor ---
    say(`[${engine}] alert mails through SMTP (a mail server answering ${alertMailDelayMs} ms late): ${alertTransfers} transfers' alerts, then the floor …`);
    try {
      out.alert_mails = await runHelper('alerts', [`--plan=${planFile}`, `--transfers=${alertTransfers}`, `--delay=${alertMailDelayMs}`], env);
      const { app, floor } = out.alert_mails;
      say(`[${engine}]   ${fmt(app.per_s, 1)} alerts/s (${fmt(app.cpu_ms_per_mail, 2)} ms CPU each), floor ${fmt(floor.per_s, 1)}/s: ${fmt((100 * app.per_s) / floor.per_s, 1)} %; ${out.alert_mails.alerts_not_sent} not sent`);
      if (out.alert_mails.alerts_not_sent > 0) out.notes.push(`alert mails: ${out.alert_mails.alerts_not_sent} alerts not sent`);
    } catch (error) {
      out.notes.push(`alert mails not measured: ${error.message}`);
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
    if (server) await stopChild(server);
    removeTempDir(dir);
    if (dbName) await dropDatabase(process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL, dbName).catch((error) => out.notes.push(`could not drop ${dbName}: ${error.message}`));
  }
}

/** The alert-mail measure (4e): this many transfers' alerts (two each), to a mail server answering this late. */
const alertTransfers = 300;
const alertMailDelayMs = 20;

/**
 * The money and bills sections: each engine once, both sections on its server when both are
 * wanted. Returns { money, bills }, each null when its section is not wanted.
 */
export async function benchMoney(options, say, parts = { transfers: true, bills: false, sessions: false }) {
  const money = parts.transfers ? { engines: {}, pin: null, notes: [] } : null;
  const bills = parts.bills ? { engines: {}, notes: [], airtime: { ...airtimePurchase } } : null;
  const sessions = parts.sessions ? { engines: {}, notes: [] } : null;
  if (money) {
    say('pin: cost of one transaction-PIN check (keyed HMAC; legacy argon2id beside it) …');
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
    for (const section of [money, bills, sessions]) section?.notes.push(note);
  }
  for (const engine of engines) {
    try {
      const { bills: billsOut, ...moneyOut } = await benchMoneyEngine(engine, options, say, parts);
      if (money) money.engines[engine] = moneyOut;
      if (bills) bills.engines[engine] = { ...billsOut, server_log: moneyOut.server_log, seed_seconds: moneyOut.seed?.seconds ?? null };
      // The soak's transfers join the engine's debit check (moneyOut.checks, moneyOut.ok).
      if (sessions) sessions.engines[engine] = { ...moneyOut.sessions, checks_ok: moneyOut.ok === true, checks: moneyOut.checks ?? null };
    } catch (error) {
      for (const section of [money, bills, sessions]) if (section) section.engines[engine] = { engine, ok: false, error: error.message };
      say(`[${engine}] error: ${error.message}`);
    }
  }
  if (money) {
    money.ok = Object.values(money.engines).every((engine) => engine.ok);
    money.closing_note = closingNote(money, os.cpus().length);
  }
  if (bills) bills.ok = Object.values(bills.engines).every((engine) => engine.ok);
  if (sessions) sessions.ok = Object.values(sessions.engines).every((engine) => engine.ok && engine.checks_ok);
  return { money, bills, sessions };
}

/** The paragraph that explains the API/floor ratio from the figures just measured. */
function closingNote(money, cpus) {
  const pin = money.pin?.sequential;
  const lines = [];
  if (pin) {
    const cap = (cpus * 1000) / pin.cpu_ms_per_verify;
    lines.push(
      `Every API transfer checks the 4-digit PIN with an HMAC under the server key: ${fmt(pin.p50_ms, 3)} ms wall, ${fmt(pin.cpu_ms_per_verify, 4)} ms CPU per check on this machine ` +
        `(a ceiling of about ${fmt(cap, 0)} checks/s on ${cpus} core${cpus === 1 ? '' : 's'}, far above any transfer rate)` +
        (money.pin.legacy_argon2id ? `; the argon2id check it replaced costs ${fmt(money.pin.legacy_argon2id.sequential.cpu_ms_per_verify, 1)} ms CPU, which capped the server near ${fmt((cpus * 1000) / money.pin.legacy_argon2id.sequential.cpu_ms_per_verify, 0)} transfers/s.` : '.'),
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
    // The API runs' alerts wait for the worker (sent after the run, 4d); a bank under steady load pays them too.
    const perTransfer = many.api?.cpu_pct_of_one_core?.server_ms_per_request;
    const perAlert = result.alert_mails?.app?.cpu_ms_per_mail;
    if (perTransfer && perAlert) {
      const sustained = perTransfer + 2 * perAlert;
      lines.push(
        `${engine}, sustained: a transfer's two alert mails through SMTP cost 2 × ${fmt(perAlert, 2)} ms of CPU (4e) beside its own ${fmt(perTransfer, 1)} ms, so a server core keeps up with about ${fmt(1000 / sustained, 0)} transfers/s with their alerts sent.`,
      );
    }
  }
  for (const [engine, result] of Object.entries(money.engines)) {
    const dashboard = result.pages?.['/dashboard'];
    const transactions = result.pages?.['/transactions'];
    if (dashboard?.sequential && transactions?.sequential) {
      lines.push(
        `${engine}, ${fmt(result.seed?.history_transactions, 0)} transactions: /dashboard p50 ${fmt(dashboard.sequential.p50_ms, 1)} ms sequential (${fmt(dashboard.concurrent.rps, 0)} req/s at ${dashboard.concurrent.connections} connections) ` +
          `against ${fmt(transactions.sequential.p50_ms, 1)} ms for the first page of /transactions (the dashboard's 12-month statistics read monthly_rollups: O(months), not O(transactions)).`,
      );
    }
  }
  return lines.join('\n');
}

/** Sections 4–6 of the report: transfers, the PIN's cost, pages with a long history, the closing note. */
export function reportMoney(money, say) {
  say('\n== 4. Transfers inside the bank: API vs service vs floor ==');
  const rows = [];
  const layerName = { api: 'API: POST /transfer/local (HTTP)', service: 'service, no HTTP, PIN stubbed', floor: 'floor: engine only, no app code' };
  for (const [engine, result] of Object.entries(money.engines)) {
    if (result.error) {
      rows.push(errorRow(engine, result.error, 11));
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

  const mailRows = [];
  for (const [engine, result] of Object.entries(money.engines)) {
    const mails = result.alert_mails;
    if (!mails) continue;
    for (const [layer, run] of [['app: job worker, pooled SMTP', mails.app], ['floor: one composed mail, same pool', mails.floor]]) {
      mailRows.push([engine, layer, run.mails, fmt(run.per_s, 1), fmt(run.cpu_ms_per_mail, 3), `${fmt((100 * run.per_s) / mails.floor.per_s, 1)} %`]);
    }
  }
  if (mailRows.length) {
    const any = Object.values(money.engines).find((result) => result.alert_mails)?.alert_mails;
    say(`\nAlert mails through SMTP (4e): the alerts of ${any.transfers} transfers, to a local mail server (bench/lib/smtp-sink.mjs, its own process) answering each connection and each mail ${any.mail_server_delay_ms} ms late, ${any.connections_at_once} connections at once`);
    say(table(['engine', 'layer', 'mails', 'mails/s', 'CPU ms/mail', 'of floor'], mailRows, ['l', 'l']));
    for (const [engine, result] of Object.entries(money.engines)) {
      if (result.alert_backlog?.server_cpu_ms_per_alert != null) say(`${engine}: the server's alerts of the API runs went to the outbox (no SMTP_URL): ${fmt(result.alert_backlog.server_cpu_ms_per_alert, 2)} ms of server CPU each, ${result.alert_backlog.jobs} in ${result.alert_backlog.seconds_to_send} s.`);
    }
  }

  say('\n== 5. Where the time goes: one transaction-PIN check (HMAC-SHA-256 under PIN_KEY; legacy argon2id m=19 MiB t=2 p=1, paid once by a PIN stored before the key) ==');
  if (money.pin) {
    const row = (label, { count, p50_ms, p99_ms, mean_ms, cpu_ms_per_verify, per_s }) => [label, count, fmt(p50_ms, 4), fmt(p99_ms, 4), fmt(mean_ms, 4), fmt(cpu_ms_per_verify, 4), fmt(per_s, 1)];
    const { sequential, concurrent, legacy_argon2id: legacy } = money.pin;
    say(
      table(
        ['PIN check', 'calls', 'p50 ms', 'p99 ms', 'mean ms', 'CPU ms/check', 'checks/s'],
        [
          row('keyed, sequential', sequential),
          row(`keyed, ${concurrent.concurrency} concurrent`, concurrent),
          ...(legacy ? [row('legacy argon2id, sequential', legacy.sequential), row(`legacy argon2id, ${legacy.concurrent.concurrency} concurrent`, legacy.concurrent)] : []),
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
