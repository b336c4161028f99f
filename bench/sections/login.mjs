// Section 2: POST /api/v1/auth/login for the demo customer, sequential, then at N concurrent.
import http from 'node:http';
import { round, summarise } from '../stats.mjs';
import { HOST } from '../lib/options.mjs';
import { nowNs, nsToMs, request, sessionCookieFrom } from '../lib/http.mjs';
import { fmt, table } from '../lib/format.mjs';

const demo = { email: 'demo@harmattan.bank.example', password: 'harmattan-demo-2026' };

function loginRequest(port, agent) {
  return request({
    port,
    method: 'POST',
    pathname: '/api/v1/auth/login',
    agent,
    headers: { 'content-type': 'application/json', origin: `http://${HOST}:${port}`, accept: 'application/json' },
    body: JSON.stringify(demo),
    timeoutMs: 30_000,
  });
}

class LoginFailed extends Error {}

export async function signIn(port, agent) {
  const res = await loginRequest(port, agent);
  if (res.status !== 200) {
    // Stop at the first failure: failed sign-ins count towards the per-email lock.
    throw new LoginFailed(`POST /api/v1/auth/login → HTTP ${res.status}: ${res.body.toString().slice(0, 300)}`);
  }
  const cookie = sessionCookieFrom(res.headers);
  if (!cookie) throw new LoginFailed('POST /api/v1/auth/login succeeded but set no `session` cookie');
  return { res, cookie };
}

async function benchLogin(port, { calls, concurrency, concurrentCalls }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: Math.max(concurrency, 1) });
  try {
    // Warm-up: the first calls load modules and prepare statements.
    for (let i = 0; i < 2; i += 1) await signIn(port, agent);

    const sequential = [];
    const seqStart = nowNs();
    for (let i = 0; i < calls; i += 1) sequential.push((await signIn(port, agent)).res.ms);
    const seqSeconds = nsToMs(nowNs() - seqStart) / 1000;

    const concurrent = [];
    let next = 0;
    const conStart = nowNs();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < concurrentCalls) {
          next += 1;
          concurrent.push((await signIn(port, agent)).res.ms);
        }
      }),
    );
    const conSeconds = nsToMs(nowNs() - conStart) / 1000;
    return {
      sequential: { ...summarise(sequential), calls_per_s: round(sequential.length / seqSeconds, 1) },
      concurrent: { concurrency, ...summarise(concurrent), calls_per_s: round(concurrent.length / conSeconds, 1) },
    };
  } finally {
    agent.destroy();
  }
}

/** Section 2 on the running app: results.login_api, or its error when a sign-in fails. */
export async function benchLoginSection(port, options, results, say) {
  say(`login API: ${options.loginCalls} sequential calls, then ${options.loginConcurrentCalls} calls at ${options.loginConcurrency} concurrent …`);
  try {
    results.login_api = await benchLogin(port, { calls: options.loginCalls, concurrency: options.loginConcurrency, concurrentCalls: options.loginConcurrentCalls });
  } catch (error) {
    if (!(error instanceof LoginFailed)) throw error;
    results.login_api = { error: error.message };
    results.notes.push(error.message);
    say(`login API: ${error.message}`);
  }
}

export function reportLogin(results, say) {
  say('\n== 2. POST /api/v1/auth/login (demo customer, argon2id m=19 MiB t=2) ==');
  const api = results.login_api;
  if (api?.sequential) {
    say(
      table(
        ['mode', 'calls', 'p50 ms', 'p99 ms', 'mean ms', 'min ms', 'max ms', 'calls/s'],
        [
          ['sequential', api.sequential.count, fmt(api.sequential.p50_ms), fmt(api.sequential.p99_ms), fmt(api.sequential.mean_ms), fmt(api.sequential.min_ms), fmt(api.sequential.max_ms), fmt(api.sequential.calls_per_s, 1)],
          [`${api.concurrent.concurrency} concurrent`, api.concurrent.count, fmt(api.concurrent.p50_ms), fmt(api.concurrent.p99_ms), fmt(api.concurrent.mean_ms), fmt(api.concurrent.min_ms), fmt(api.concurrent.max_ms), fmt(api.concurrent.calls_per_s, 1)],
        ],
      ),
    );
  } else say(api?.error ? `not measured: ${api.error}` : 'not measured');
}
