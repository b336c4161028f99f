// The closed-loop driver of money requests through the API (transfers of section 4a, airtime
// purchases of section 5b), and the sign-in that gives each sender its Bearer token.
import http from 'node:http';
import { round, summarise } from '../stats.mjs';
import { machineBusyMs, nowNs, nsToMs, processCpuMs, request, sleep } from './http.mjs';


export async function loginAs(port, email, password) {
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
export function transferRequest({ recipient, amount, pin }) {
  return (sender) => ({ pathname: `/api/v1/transfer/local/${sender.accountNumber}`, body: { account_number: recipient, amount, narration: 'bench', pin } });
}


/**
 * Closed-loop money requests through the API: `clients` workers, each with its own sender
 * account, its own keep-alive connection and Bearer token, POSTing what `requestFor(sender)`
 * returns ({ pathname, body }) with a new Idempotency-Key per request. An answer of 200 counts as
 * acknowledged when `requestFor.accept(data)` (default: any) holds for its `data`. Latency is
 * recorded for requests that start after the warm-up and end inside the window; every answer
 * (warm-up included) is counted and must be 200 and accepted.
 */
export async function moneyLoad({ port, clients, senders, requestFor, warmupMs, durationMs, serverPid, keyPrefix }) {
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

/**
 * moneyLoad at 1 client, then at --transfer-clients, each client one of `senders`, for
 * --transfer-warmup + --transfer-duration s; `starting(clients)` and `finished(run)` say so.
 */
export async function moneyLoads({ port, senders, requestFor, options, serverPid, keyPrefix }, starting, finished) {
  const runs = [];
  for (const clients of [...new Set([1, options.transferClients])]) {
    starting(clients);
    const run = await moneyLoad({
      port,
      clients,
      senders,
      requestFor,
      warmupMs: options.transferWarmup * 1000,
      durationMs: options.transferDuration * 1000,
      serverPid,
      keyPrefix: `${keyPrefix}-c${clients}`,
    });
    runs.push(run);
    finished(run);
  }
  return runs;
}
