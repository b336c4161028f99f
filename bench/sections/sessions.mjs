// Section 9: many signed-in sessions at once ("sessions"), on each engine's database after the
// money section, against a fresh app server (so its memory is this run's alone): --sessions
// customers each sign in through the API, then every session loops for --soak seconds: think
// (uniformly 0.5–1.5 × --think-ms), then one request: the dashboard page (30 %), the
// transactions page (20 %), the history API (15 %), the statistics API (15 %) or a ₦5 transfer
// to the common recipient (20 %, its own Idempotency-Key). Before the soak, each kind is timed
// sequentially with one session (the unloaded floor). Meanwhile the server's RSS is sampled from
// /proc every 250 ms; VmHWM gives its peak. Every answer must be 200 or a 503 with Retry-After
// (the admission gate refusing, counted apart); the transfers answered 200 join the money
// section's debit check.
import fs from 'node:fs';
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { round, summarise } from '../stats.mjs';
import { machineBusyMs, nowNs, nsToMs, processCpuMs, request, sleep } from '../lib/http.mjs';
import { loginAs } from '../lib/money-load.mjs';
import { errorRow, fmt, table } from '../lib/format.mjs';

const MiB = 1024 * 1024;
const kinds = [
  { kind: 'dashboard', share: 0.3 },
  { kind: 'transactions page', share: 0.2 },
  { kind: 'history API', share: 0.15 },
  { kind: 'statistics API', share: 0.15 },
  { kind: 'transfer', share: 0.2 },
];

/** RSS and its high-water mark (bytes) of `pid` from /proc; nulls where unavailable. */
export function memoryOf(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name) => {
      const match = new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status);
      return match ? Number(match[1]) * 1024 : null;
    };
    return { rss: field('VmRSS'), hwm: field('VmHWM') };
  } catch {
    return { rss: null, hwm: null };
  }
}

function pick() {
  let r = Math.random();
  for (const entry of kinds) {
    if (r < entry.share) return entry.kind;
    r -= entry.share;
  }
  return kinds[kinds.length - 1].kind;
}

/** What one session sends for `kind`. */
function requestOf(kind, session, plan, runTag, seq) {
  const account = session.accountNumber;
  const bearer = { accept: 'application/json', authorization: `Bearer ${session.token}` };
  switch (kind) {
    case 'dashboard':
      return { method: 'GET', pathname: '/dashboard', headers: { accept: 'text/html', cookie: `session=${session.token}` } };
    case 'transactions page':
      return { method: 'GET', pathname: '/transactions', headers: { accept: 'text/html', cookie: `session=${session.token}` } };
    case 'history API':
      return { method: 'GET', pathname: `/api/v1/transaction/history/${account}?page=1&per_page=20`, headers: bearer };
    case 'statistics API':
      return { method: 'GET', pathname: `/api/v1/transaction/stats/${account}`, headers: bearer };
    default:
      return {
        method: 'POST',
        pathname: `/api/v1/transfer/local/${account}`,
        headers: { ...bearer, 'content-type': 'application/json', 'idempotency-key': `bench-soak-${runTag}-${session.index}-${seq}` },
        body: JSON.stringify({ account_number: plan.recipient.accountNumber, amount: plan.amount, narration: 'bench soak', pin: plan.pin }),
      };
  }
}

/**
 * Section 9 on one engine: `startServer()` gives a fresh app server ({ port, pid }) on the
 * seeded database; `plan.senders` are the customers (at least --sessions of them).
 */
export async function benchSessions({ engine, startServer, plan, options, say }) {
  const label = `[${engine}] sessions`;
  const sessionsWanted = Math.min(options.sessions, plan.senders.length);
  const { port, pid } = await startServer();
  const idle = memoryOf(pid);
  say(`${label}: fresh server (RSS ${fmt(idle.rss / MiB, 1)} MiB idle); ${sessionsWanted} customers sign in …`);
  const sessions = plan.senders.slice(0, sessionsWanted).map((sender, index) => ({ ...sender, index }));
  // Four sign-ins at a time: argon2 is meant to be slow, and this is not the measurement.
  for (let at = 0; at < sessions.length; at += 4) {
    await Promise.all(sessions.slice(at, at + 4).map(async (session) => (session.token = await loginAs(port, session.email, plan.password))));
  }
  const signedIn = memoryOf(pid);
  const runTag = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;

  // --- The unloaded floor: each kind, one session, sequential -------------------------------
  const unloaded = {};
  let transfersAcknowledged = 0;
  const references = new Set();
  const floorAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    for (const { kind } of kinds) {
      const latencies = [];
      for (let call = 0; call < 8; call += 1) {
        const spec = requestOf(kind, sessions[0], plan, `${runTag}-floor`, call);
        const res = await request({ port, ...spec, agent: floorAgent, timeoutMs: 30_000 });
        if (res.status !== 200) throw new Error(`${kind} unloaded: HTTP ${res.status}: ${res.body.toString().slice(0, 200)}`);
        if (kind === 'transfer') {
          transfersAcknowledged += 1;
          references.add(JSON.parse(res.body.toString()).data?.reference);
        }
        if (call >= 2) latencies.push(res.ms);
      }
      unloaded[kind] = summarise(latencies);
    }
  } finally {
    floorAgent.destroy();
  }
  const unloadedAll = summarise(Object.values(unloaded).flatMap((s) => [s.p50_ms]));

  // --- The soak ----------------------------------------------------------------------------
  say(`${label}: ${sessions.length} sessions for ${options.soak} s (think ${options.thinkMs} ms mean; 30 % dashboard, 20 % transactions page, 15 % history API, 15 % statistics API, 20 % transfers) …`);
  const byKind = Object.fromEntries(kinds.map(({ kind }) => [kind, { latencies: [], statuses: {}, refused: 0, refusedWithoutRetryAfter: 0, errors: 0, failures: [] }]));
  const samples = [];
  const started = nowNs();
  const endAt = started + BigInt(options.soak * 1e9);
  const cpuStart = { server: processCpuMs(pid), machine: machineBusyMs(), client: process.cpuUsage() };
  const sampler = setInterval(() => {
    const { rss } = memoryOf(pid);
    if (rss !== null) samples.push({ t: round(nsToMs(nowNs() - started) / 1000, 2), rss });
  }, 250);
  // Every 30 s of the soak, a line with the server's RSS now and the median of those 30 s, so a
  // long soak (BENCH_SOAK_SECONDS=600) shows whether memory keeps growing while it runs.
  const every30s = [];
  const reporter = setInterval(() => {
    const t = nsToMs(nowNs() - started) / 1000;
    const window = samples.filter((sample) => sample.t > t - 30).map((sample) => sample.rss).sort((a, b) => a - b);
    if (window.length === 0) return;
    const line = { t_s: Math.round(t), rss_mib: round(window[window.length - 1] / MiB, 1), median_mib: round(window[Math.floor(window.length / 2)] / MiB, 1), requests: Object.values(byKind).reduce((n, tally) => n + tally.latencies.length, 0) };
    every30s.push(line);
    say(`${label}: ${line.t_s} s: RSS over the last 30 s median ${line.median_mib} MiB, max ${line.rss_mib} MiB; ${line.requests} requests so far`);
  }, 30_000);
  const session = async (s) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    let seq = 0;
    try {
      // Spread the first requests over one think time, as people arrive.
      await sleep(Math.random() * options.thinkMs);
      while (nowNs() < endAt) {
        const kind = pick();
        seq += 1;
        const spec = requestOf(kind, s, plan, runTag, seq);
        const tally = byKind[kind];
        try {
          const res = await request({ port, ...spec, agent, timeoutMs: 60_000 });
          tally.latencies.push(res.ms);
          tally.statuses[res.status] = (tally.statuses[res.status] ?? 0) + 1;
          if (res.status === 503) {
            tally.refused += 1;
            if (!res.headers['retry-after']) tally.refusedWithoutRetryAfter += 1;
          } else if (res.status !== 200 && tally.failures.length < 3) tally.failures.push(`HTTP ${res.status}: ${res.body.toString().slice(0, 160)}`);
          if (kind === 'transfer' && res.status === 200) {
            transfersAcknowledged += 1;
            references.add(JSON.parse(res.body.toString()).data?.reference);
          }
        } catch (error) {
          tally.errors += 1;
          if (tally.failures.length < 3) tally.failures.push(error.message);
        }
        await sleep(options.thinkMs * (0.5 + Math.random()));
      }
    } finally {
      agent.destroy();
    }
  };
  await Promise.all(sessions.map(session));
  clearInterval(sampler);
  clearInterval(reporter);
  const wallMs = nsToMs(nowNs() - started);
  const serverMs = processCpuMs(pid) - cpuStart.server;
  const machineMs = machineBusyMs() - cpuStart.machine;
  const client = process.cpuUsage(cpuStart.client);
  const clientMs = (client.user + client.system) / 1000;
  const end = memoryOf(pid);

  // Growth: the median RSS of the last fifth of the soak against that of its second fifth (the
  // first is the ramp-up as sessions arrive).
  const fifth = (n) => {
    const from = ((n - 1) * options.soak) / 5;
    const to = (n * options.soak) / 5;
    const values = samples.filter((sample) => sample.t >= from && sample.t < to).map((sample) => sample.rss).sort((a, b) => a - b);
    return values.length ? values[Math.floor(values.length / 2)] : null;
  };
  const early = fifth(2);
  const late = fifth(5);
  // The trend after the ramp-up (the first fifth): a least-squares slope of RSS over time, in MiB
  // per minute; "grows" when it would add more than 10 MiB over the rest of the soak.
  const steady = samples.filter((sample) => sample.t >= options.soak / 5);
  let slopeMibPerMin = null;
  if (steady.length >= 8) {
    const meanT = steady.reduce((n, sample) => n + sample.t, 0) / steady.length;
    const meanR = steady.reduce((n, sample) => n + sample.rss, 0) / steady.length;
    const covariance = steady.reduce((n, sample) => n + (sample.t - meanT) * (sample.rss - meanR), 0);
    const variance = steady.reduce((n, sample) => n + (sample.t - meanT) ** 2, 0);
    slopeMibPerMin = variance > 0 ? round(((covariance / variance) * 60) / MiB, 2) : 0;
  }
  const grows = slopeMibPerMin === null ? null : (slopeMibPerMin * (options.soak * 0.8)) / 60 > 10;
  const all = Object.values(byKind).flatMap((tally) => tally.latencies);
  const total = summarise(all);
  const kindsOut = Object.fromEntries(
    Object.entries(byKind).map(([kind, tally]) => [kind, { ...summarise(tally.latencies), statuses: tally.statuses, refused_503: tally.refused, refused_without_retry_after: tally.refusedWithoutRetryAfter, errors: tally.errors, failures: tally.failures, unloaded: unloaded[kind] }]),
  );
  const notOk = Object.values(byKind).reduce((n, tally) => n + tally.errors + Object.entries(tally.statuses).reduce((m, [status, count]) => (status === '200' || status === '503' ? m : m + count), 0), 0);
  const refused = Object.values(byKind).reduce((n, tally) => n + tally.refused, 0);
  const refusedBare = Object.values(byKind).reduce((n, tally) => n + tally.refusedWithoutRetryAfter, 0);
  const result = {
    engine,
    sessions: sessions.length,
    soak_s: options.soak,
    think_ms: options.thinkMs,
    requests: all.length,
    rps: round(all.length / (wallMs / 1000), 1),
    ...total,
    over_2s: all.filter((ms) => ms > 2000).length,
    over_500ms: all.filter((ms) => ms > 500).length,
    refused_503: refused,
    refused_without_retry_after: refusedBare,
    not_200_or_503: notOk,
    by_kind: kindsOut,
    unloaded_p50_median_ms: unloadedAll.p50_ms,
    memory: {
      idle_rss_mib: round(idle.rss / MiB, 1),
      signed_in_rss_mib: round(signedIn.rss / MiB, 1),
      peak_sampled_rss_mib: samples.length ? round(Math.max(...samples.map((sample) => sample.rss)) / MiB, 1) : null,
      peak_hwm_mib: round(end.hwm / MiB, 1),
      end_rss_mib: round(end.rss / MiB, 1),
      second_fifth_median_mib: early !== null ? round(early / MiB, 1) : null,
      last_fifth_median_mib: late !== null ? round(late / MiB, 1) : null,
      growth_mib: early !== null && late !== null ? round((late - early) / MiB, 1) : null,
      slope_mib_per_min: slopeMibPerMin,
      grows,
      every_30s: every30s,
      samples: samples.filter((_, index) => index % 8 === 0).map((sample) => [sample.t, round(sample.rss / MiB, 1)]),
    },
    cpu_pct_of_one_core: {
      server_pct: round((serverMs / wallMs) * 100, 0),
      client_pct: round((clientMs / wallMs) * 100, 0),
      other_pct: round((Math.max(0, machineMs - serverMs - clientMs) / wallMs) * 100, 0),
    },
    transfers_acknowledged: transfersAcknowledged,
    transfer_references_distinct: references.size,
    ok: notOk === 0 && refusedBare === 0 && references.size === transfersAcknowledged,
  };
  say(
    `${label}: ${result.rps} req/s, p50 ${result.p50_ms} ms, p99 ${result.p99_ms} ms, slowest ${result.max_ms} ms, ${result.over_2s} over 2 s, ${refused} answered 503, ${notOk} other failures; ` +
      `RSS idle ${result.memory.idle_rss_mib} MiB, peak ${result.memory.peak_hwm_mib} MiB, growth ${result.memory.growth_mib} MiB (trend ${result.memory.slope_mib_per_min} MiB/min after the ramp-up: ${result.memory.grows === null ? 'too short to say' : result.memory.grows ? 'GROWS' : 'no growth'})`,
  );
  return result;
}

/** Section 9 of the report. */
export function reportSessions(sessions, say) {
  say('\n== 9. Signed-in sessions at once: latency, refusals and the server\'s memory ==');
  const engines = Object.entries(sessions.engines);
  const first = engines.find(([, result]) => !result.error)?.[1];
  if (first) {
    say(`${first.sessions} customers signed in, each looping for ${first.soak_s} s: think ${first.think_ms} ms on average (uniform ±50 %), then one request (30 % /dashboard, 20 % /transactions, 15 % history API, 15 % statistics API, 20 % ₦5 transfers); a fresh server per engine.`);
  }
  const rows = [];
  for (const [engine, result] of engines) {
    if (result.error) {
      rows.push(errorRow(engine, result.error, 9));
      continue;
    }
    for (const [kind, run] of Object.entries(result.by_kind)) {
      rows.push([engine, kind, run.count, fmt(run.unloaded?.p50_ms, 1), fmt(run.p50_ms, 1), fmt(run.p99_ms, 1), fmt(run.max_ms, 0), run.refused_503, run.errors + Object.entries(run.statuses).reduce((n, [status, count]) => (status === '200' || status === '503' ? n : n + count), 0)]);
    }
    rows.push([engine, 'all', result.requests, fmt(result.unloaded_p50_median_ms, 1), fmt(result.p50_ms, 1), fmt(result.p99_ms, 1), fmt(result.max_ms, 0), result.refused_503, result.not_200_or_503]);
  }
  say(table(['engine', 'request', 'count', 'unloaded p50 ms', 'p50 ms', 'p99 ms', 'max ms', '503', 'failed'], rows, ['l', 'l']));
  const memoryRows = [];
  for (const [engine, result] of engines) {
    if (result.error) continue;
    const m = result.memory;
    memoryRows.push([engine, fmt(result.rps, 1), result.over_2s, fmt(m.idle_rss_mib, 1), fmt(m.signed_in_rss_mib, 1), fmt(m.peak_hwm_mib, 1), fmt(m.end_rss_mib, 1), `${fmt(m.second_fifth_median_mib, 1)} → ${fmt(m.last_fifth_median_mib, 1)} (${m.growth_mib >= 0 ? '+' : ''}${fmt(m.growth_mib, 1)})`, `${result.cpu_pct_of_one_core.server_pct} / ${result.cpu_pct_of_one_core.other_pct} %`]);
  }
  say(table(['engine', 'req/s', 'over 2 s', 'RSS idle MiB', 'signed in', 'peak (VmHWM)', 'end', 'RSS 2nd → last fifth (growth)', 'CPU server / other'], memoryRows, ['l']));
  for (const [engine, result] of engines) {
    const m = result.error ? null : result.memory;
    if (!m || m.slope_mib_per_min === null || m.slope_mib_per_min === undefined) continue;
    say(`${engine}: RSS trend after the ramp-up ${m.slope_mib_per_min >= 0 ? '+' : ''}${fmt(m.slope_mib_per_min, 2)} MiB/min → ${m.grows ? 'GROWS (more than 10 MiB over the soak)' : 'no growth (under 10 MiB over the soak)'}${m.every_30s?.length ? `; every 30 s: ${m.every_30s.map((line) => `${line.t_s} s ${fmt(line.median_mib, 0)}`).join(', ')} MiB` : ''}`);
  }
  say('503: refused by the admission gate (MAX_CONCURRENT_REQUESTS, REQUEST_QUEUE_LENGTH, REQUEST_QUEUE_WAIT_MS) with Retry-After; failed: any other answer or none. Unloaded: the same request, one session, sequential, before the soak.');
  for (const [engine, result] of engines) {
    if (result.error) continue;
    for (const [kind, run] of Object.entries(result.by_kind)) if (run.failures.length) say(`  ${engine} ${kind} failures: ${run.failures.join(' | ')}`);
    if (result.refused_without_retry_after) say(`  ${engine}: ${result.refused_without_retry_after} answers of 503 WITHOUT Retry-After`);
    const checks = result.checks;
    if (checks) {
      say(
        `${engine} checks: ${result.transfers_acknowledged} soak transfers answered 200 (${result.transfer_references_distinct} distinct references); with the money section's: ${checks.debits_in_database} debits in the database for ${checks.acknowledged} answers of 200 → ${checks.one_debit_per_200 ? 'match' : 'MISMATCH'}; ` +
          `ledger:verify ${checks.ledger_verify?.ok ? 'OK' : 'FAILED'}.`,
      );
    }
    if (result.server_log?.error_lines) say(`  ${engine} server log during the soak: ${result.server_log.warn_lines} warn, ${result.server_log.error_lines} error: ${JSON.stringify(result.server_log.events)}`);
  }
  for (const note of sessions.notes) say(`note: ${note}`);
  if (!sessions.ok) say('\nSESSIONS CHECKS FAILED: see above (exit code 1).');
}
