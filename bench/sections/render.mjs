// Section 1: the GET /login server render at N keep-alive connections, beside a floor (a minimal
// node:http server answering a static string), alternating for --rounds rounds.
import { round } from '../stats.mjs';
import { loadTest, request } from '../lib/http.mjs';
import { stopChild } from '../lib/processes.mjs';
import { combineRounds, fmt, median, pct, table } from '../lib/format.mjs';

/**
 * Section 1: results.floor, results.login_page and results.ratio. `port` and `serverPid` are the
 * app's (port null when there is no build: the floor alone is measured). Stops the floor server.
 */
export async function benchRender({ floorServer, port, serverPid, options, results, say }) {
  const load = { connections: options.connections, warmupMs: options.warmup * 1000, durationMs: options.duration * 1000 };
  let loginOk = false;
  if (port) {
    const probe = await request({ port, pathname: '/login', headers: { accept: 'text/html' } });
    loginOk = probe.status === 200;
    if (!loginOk) {
      const note = `GET /login → HTTP ${probe.status}; render throughput not measured`;
      results.notes.push(note);
      results.login_page = { status: probe.status, skipped: true };
      say(`login page: ${note}`);
    }
  }
  const floorRounds = [];
  const loginRounds = [];
  for (let round_ = 1; round_ <= options.rounds; round_ += 1) {
    const tag = options.rounds > 1 ? ` (round ${round_}/${options.rounds})` : '';
    say(`floor: minimal node:http server, ${options.connections} keep-alive connections, ${options.warmup} s warm-up + ${options.duration} s${tag} …`);
    floorRounds.push(await loadTest({ port: floorServer.port, pathname: '/', serverPid: floorServer.child.pid, ...load }));
    if (loginOk) {
      say(`login page: GET /login, ${options.connections} keep-alive connections, ${options.warmup} s warm-up + ${options.duration} s${tag} …`);
      loginRounds.push(await loadTest({ port, pathname: '/login', headers: { accept: 'text/html' }, serverPid, ...load }));
    }
  }
  await stopChild(floorServer.child);
  results.floor = combineRounds(floorRounds);
  if (loginOk) {
    results.login_page = combineRounds(loginRounds);
    const ratios = floorRounds.map((floor, i) => ({
      rps: floor.rps / loginRounds[i].rps,
      p50: loginRounds[i].p50_ms / floor.p50_ms,
      p99: loginRounds[i].p99_ms / floor.p99_ms,
    }));
    const rpsRatio = median(ratios.map((r) => r.rps));
    results.ratio = {
      rps_floor_over_login: round(rpsRatio, 1),
      login_rps_share_of_floor_pct: round(100 / rpsRatio, 1),
      p50_login_over_floor: round(median(ratios.map((r) => r.p50)), 1),
      p99_login_over_floor: round(median(ratios.map((r) => r.p99)), 1),
      per_round: ratios.map((r) => ({ rps_floor_over_login: round(r.rps, 1), p50: round(r.p50, 1), p99: round(r.p99, 1) })),
    };
  }
}

export function reportRender(results, say) {
  say('\n== 1. Server render: GET /login vs node:http floor ==');
  const rows = [];
  const row = (label, r) => [label, r.path, r.connections, fmt(r.rps, 1), fmt(r.p50_ms), fmt(r.p99_ms), fmt(r.mean_ms), r.requests, r.non_2xx + r.errors, r.mean_body_bytes, pct(r.cpu_pct_of_one_core?.server_pct), pct(r.cpu_pct_of_one_core?.client_pct), pct(r.cpu_pct_of_one_core?.other_pct)];
  if (results.floor) rows.push(row('floor (node:http static)', results.floor));
  if (results.login_page && !results.login_page.skipped) rows.push(row('app GET /login', results.login_page));
  say(table(['server', 'path', 'conns', 'req/s', 'p50 ms', 'p99 ms', 'mean ms', 'requests', 'non-2xx/err', 'body B', 'server CPU', 'client CPU', 'other CPU'], rows));
  if (results.floor?.rounds) say(`(median of ${results.floor.rounds.length} alternating rounds; requests summed)`);
  if (results.ratio) {
    say(
      `ratio: floor is ${fmt(results.ratio.rps_floor_over_login, 1)}× the /login throughput ` +
        `(/login = ${fmt(results.ratio.login_rps_share_of_floor_pct, 1)} % of floor); ` +
        `p50 ${fmt(results.ratio.p50_login_over_floor, 1)}×, p99 ${fmt(results.ratio.p99_login_over_floor, 1)}× the floor's`,
    );
  } else if (results.login_page?.skipped) say(`/login not measured (HTTP ${results.login_page.status})`);
  say(
    `note: load generator and server share this ${results.machine.cpus}-CPU machine (CPU % is of one core). A client near 100 % means that figure is bounded by the load generator, ` +
      `not the server; "other CPU" is everything else running meanwhile (the worst round when several).`,
  );
}
