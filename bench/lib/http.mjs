// HTTP over node:http: one request, a free port, CPU readings from /proc, the load generator
// and sequential GETs over one keep-alive connection.
import http from 'node:http';
import net from 'node:net';
import fs from 'node:fs';
import { summarise, round } from '../stats.mjs';
import { HOST } from './options.mjs';

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export const nowNs = () => process.hrtime.bigint();
export const nsToMs = (ns) => Number(ns) / 1e6;

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, HOST, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** One HTTP request over node:http; resolves with status, headers, body and elapsed ms. */
export function request({ port, method = 'GET', pathname, headers = {}, body, agent, timeoutMs = 15_000 }) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : Buffer.from(body);
    const start = nowNs();
    const req = http.request(
      {
        host: HOST,
        port,
        method,
        path: pathname,
        agent: agent ?? false,
        headers: { ...headers, ...(payload ? { 'content-length': payload.length } : {}) },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks), ms: nsToMs(nowNs() - start) });
        });
        res.on('error', reject);
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`timeout after ${timeoutMs} ms: ${method} ${pathname}`)));
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

// ---------------------------------------------------------------------------------------------
// Load generator: `connections` workers over one keep-alive Agent, each looping requests for a
// fixed time. Requests that start during the warm-up are not recorded; a request is counted when
// it both starts after the warm-up and finishes before the end of the measuring window.
// ---------------------------------------------------------------------------------------------
/** CPU time (user + system, ms) of another process from /proc; null where unavailable. */
export function processCpuMs(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, USER_HZ = 100 on Linux
  } catch {
    return null;
  }
}

/** Busy CPU time (ms, all cores) of the whole machine from /proc/stat; null where unavailable. */
export function machineBusyMs() {
  try {
    const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1, 9).map(Number);
    const [user, nice, system, /* idle */, /* iowait */, irq, softirq, steal] = fields;
    return ((user + nice + system + irq + softirq + steal) * 1000) / 100;
  } catch {
    return null;
  }
}

export async function loadTest({ port, pathname, headers = {}, connections, warmupMs, durationMs, serverPid }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });
  const latencies = [];
  const statuses = {};
  let errors = 0;
  let bytes = 0;
  const sockets = new Set();
  const t0 = nowNs();
  const measureFrom = t0 + BigInt(Math.round(warmupMs * 1e6));
  const measureTo = measureFrom + BigInt(Math.round(durationMs * 1e6));

  const one = () =>
    new Promise((resolve) => {
      const start = nowNs();
      const req = http.request({ host: HOST, port, path: pathname, method: 'GET', agent, headers }, (res) => {
        let size = 0;
        res.on('data', (chunk) => (size += chunk.length));
        res.on('end', () => {
          const end = nowNs();
          if (start >= measureFrom && end <= measureTo) {
            latencies.push(nsToMs(end - start));
            statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
            bytes += size;
          }
          resolve(true);
        });
        res.on('error', () => {
          errors += 1;
          resolve(false);
        });
      });
      req.on('socket', (socket) => sockets.add(socket));
      req.setTimeout(10_000, () => req.destroy(new Error('request timeout')));
      req.on('error', () => {
        errors += 1;
        resolve(false);
      });
      req.end();
    });

  const worker = async () => {
    while (nowNs() < measureTo) {
      const ok = await one();
      if (!ok) await sleep(5);
    }
  };
  // CPU use over the measuring window: this process (the load generator) and the server.
  let cpuStart = null;
  const cpuTimer = setTimeout(() => {
    cpuStart = { client: process.cpuUsage(), server: serverPid ? processCpuMs(serverPid) : null, machine: machineBusyMs(), at: nowNs() };
  }, warmupMs);
  await Promise.all(Array.from({ length: connections }, worker));
  clearTimeout(cpuTimer);
  let cpu = null;
  if (cpuStart) {
    const wallMs = nsToMs(nowNs() - cpuStart.at);
    const client = process.cpuUsage(cpuStart.client);
    const serverEnd = serverPid ? processCpuMs(serverPid) : null;
    const machineEnd = machineBusyMs();
    const clientMs = (client.user + client.system) / 1000;
    const serverMs = cpuStart.server !== null && serverEnd !== null ? serverEnd - cpuStart.server : null;
    const machineMs = cpuStart.machine !== null && machineEnd !== null ? machineEnd - cpuStart.machine : null;
    cpu = {
      client_pct: round((clientMs / wallMs) * 100, 0),
      server_pct: serverMs !== null ? round((serverMs / wallMs) * 100, 0) : null,
      // Everything else on the machine (other people's builds and tests): the noise indicator.
      other_pct: machineMs !== null && serverMs !== null ? round((Math.max(0, machineMs - clientMs - serverMs) / wallMs) * 100, 0) : null,
    };
  }
  agent.destroy();
  const summary = summarise(latencies);
  const non2xx = Object.entries(statuses).reduce((n, [status, count]) => (Number(status) >= 200 && Number(status) < 300 ? n : n + count), 0);
  return {
    path: pathname,
    connections,
    warmup_s: warmupMs / 1000,
    duration_s: durationMs / 1000,
    requests: summary.count,
    rps: round(summary.count / (durationMs / 1000), 1),
    ...summary,
    statuses,
    non_2xx: non2xx,
    errors,
    sockets_used: sockets.size,
    mean_body_bytes: summary.count ? Math.round(bytes / summary.count) : null,
    cpu_pct_of_one_core: cpu,
  };
}

/** Sequential GETs over one keep-alive connection. */
export async function sequentialGets({ port, pathname, headers, calls, serverPid }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    for (let index = 0; index < 3; index += 1) await request({ port, pathname, headers, agent, timeoutMs: 30_000 });
    const latencies = [];
    const statuses = {};
    let bytes = 0;
    const started = nowNs();
    const serverCpuStart = processCpuMs(serverPid);
    for (let index = 0; index < calls; index += 1) {
      const res = await request({ port, pathname, headers, agent, timeoutMs: 30_000 });
      latencies.push(res.ms);
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      bytes += res.body.length;
    }
    const seconds = nsToMs(nowNs() - started) / 1000;
    const serverCpuEnd = processCpuMs(serverPid);
    const summary = summarise(latencies);
    const serverPct = serverCpuStart !== null && serverCpuEnd !== null ? round(((serverCpuEnd - serverCpuStart) / (seconds * 1000)) * 100, 0) : null;
    return { path: pathname, connections: 1, ...summary, requests: summary.count, rps: round(calls / seconds, 1), statuses, non_2xx: calls - (statuses[200] ?? 0), errors: 0, mean_body_bytes: Math.round(bytes / calls), cpu_pct_of_one_core: { server_pct: serverPct } };
  } finally {
    agent.destroy();
  }
}

/** The value of the `session` cookie a response sets ('' when it clears it), or null. */
export function sessionCookieFrom(headers) {
  for (const cookie of [headers['set-cookie'] ?? []].flat()) {
    const match = /^session=([^;]*)/.exec(cookie);
    if (match) return match[1];
  }
  return null;
}
