// The closing table: every figure that has a target, from this one run, beside the floor it is
// measured against in the same run and its target. Figures whose section did not run
// are left out.
import { fmt, table } from '../lib/format.mjs';

const MiB_TARGET = 150;

/** [measure, engine, this run, floor (same run), ratio, target, met] rows from the results. */
export function targetRows(results) {
  const rows = [];
  const met = (ok) => (ok === null || ok === undefined ? '—' : ok ? 'yes' : 'NO');
  const engines = results.money?.engines ?? {};
  const apiTarget = { sqlite: 25, postgres: 40 };
  for (const [engine, result] of Object.entries(engines)) {
    if (result.error || !result.api) continue;
    const api = result.api.find((run) => run.clients !== 1) ?? result.api[0];
    const floor = result.floor?.find((run) => run.clients === api.clients);
    const service = result.service?.find((run) => run.clients === api.clients);
    const share = floor?.tps ? (100 * api.tps) / floor.tps : null;
    rows.push([`API transfers/s, ${api.clients} clients`, engine, fmt(api.tps, 1), `${fmt(floor?.tps, 1)}/s`, share === null ? '—' : `${fmt(share, 1)} %`, `≥ ${apiTarget[engine] ?? 25} %`, met(share === null ? null : share >= (apiTarget[engine] ?? 25))]);
    rows.push([`p99 of an API transfer, ${api.clients} clients`, engine, `${fmt(api.p99_ms, 1)} ms`, `${fmt(floor?.p99_ms, 2)} ms`, floor?.p99_ms ? `${fmt(api.p99_ms / floor.p99_ms, 1)}×` : '—', '≤ 50 ms', met(api.p99_ms === null ? null : api.p99_ms <= 50)]);
    const serviceShare = floor?.tps && service?.tps ? (100 * service.tps) / floor.tps : null;
    rows.push([`transfer service alone (no HTTP, PIN stubbed), ${api.clients} clients`, engine, service ? `${fmt(service.tps, 1)}/s` : '—', `${fmt(floor?.tps, 1)}/s`, serviceShare === null ? '—' : `${fmt(serviceShare, 1)} %`, '≥ 50 %', met(serviceShare === null ? null : serviceShare >= 50)]);
    const dashboard = result.pages?.['/dashboard'];
    if (dashboard?.concurrent) {
      const staticFloor = results.floor;
      rows.push([
        `/dashboard, ${fmt(result.seed?.history_transactions, 0)} transactions, p99 at ${dashboard.concurrent.connections} connections`,
        engine,
        `${fmt(dashboard.concurrent.p99_ms, 1)} ms`,
        staticFloor ? `${fmt(staticFloor.p99_ms, 2)} ms (node:http static)` : '—',
        staticFloor?.p99_ms ? `${fmt(dashboard.concurrent.p99_ms / staticFloor.p99_ms, 1)}×` : '—',
        '≤ 50 ms',
        met(dashboard.concurrent.p99_ms <= 50),
      ]);
    }
  }
  if (results.ratio && results.login_page && !results.login_page.skipped) {
    const share = results.ratio.login_rps_share_of_floor_pct;
    rows.push(['GET /login render vs a static-string Node server', '—', `${fmt(results.login_page.rps, 0)} req/s`, `${fmt(results.floor.rps, 0)} req/s`, `${fmt(share, 1)} %`, '≥ 30 %', met(share >= 30)]);
  }
  for (const [engine, result] of Object.entries(results.sessions?.engines ?? {})) {
    if (result.error || !result.memory) continue;
    const m = result.memory;
    rows.push([`server memory, ${result.sessions} signed-in sessions for ${result.soak_s} s (peak RSS)`, engine, `${fmt(m.peak_hwm_mib, 1)} MiB`, `${fmt(m.idle_rss_mib, 1)} MiB idle`, `growth ${m.growth_mib >= 0 ? '+' : ''}${fmt(m.growth_mib, 1)} MiB`, `≤ ${MiB_TARGET} MiB`, met(m.peak_hwm_mib <= MiB_TARGET)]);
    rows.push([
      `latency under those ${result.sessions} sessions (p50 / p99 / slowest)`,
      engine,
      `${fmt(result.rps, 0)} req/s, ${fmt(result.p50_ms, 0)} / ${fmt(result.p99_ms, 0)} / ${fmt(result.max_ms, 0)} ms, ${result.over_2s} over 2 s, ${result.refused_503} × 503`,
      `${fmt(result.unloaded_p50_median_ms, 1)} ms unloaded`,
      result.unloaded_p50_median_ms ? `p99 ${fmt(result.p99_ms / result.unloaded_p50_median_ms, 1)}×` : '—',
      'p99 ≤ 500 ms, none over 2 s',
      met(result.p99_ms <= 500 && result.over_2s === 0),
    ]);
  }
  return rows;
}

export function reportTargets(results, say) {
  const rows = targetRows(results);
  if (rows.length === 0) return;
  say('\n== The targets\' figures: this run, its floor in the same run, the target ==');
  say(table(['measure', 'engine', 'this run', 'floor (same run)', 'ratio', 'target', 'met'], rows, ['l', 'l', 'r', 'r', 'r', 'l', 'l']));
  const { loadavg_at_start: before, loadavg_at_end: after } = results.machine;
  say(`machine: ${results.machine.cpus} CPU(s), load average at start ${before?.join(' ')}, at end ${after?.join(' ') ?? '—'}: floors and figures share it, so compare the ratios.`);
}
