// Figures and tables: medians, rounds combined, numbers and sizes for the report.
import { round } from '../stats.mjs';

export function median(values) {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** One round as is; several: the median of each figure, with every round kept. */
export function combineRounds(rounds) {
  if (rounds.length === 1) return rounds[0];
  const pick = (key) => round(median(rounds.map((r) => r[key])));
  const statuses = {};
  for (const r of rounds) for (const [status, count] of Object.entries(r.statuses)) statuses[status] = (statuses[status] ?? 0) + count;
  return {
    ...rounds[0],
    aggregate: `median of ${rounds.length} rounds`,
    requests: rounds.reduce((n, r) => n + r.requests, 0),
    rps: round(median(rounds.map((r) => r.rps)), 1),
    p50_ms: pick('p50_ms'),
    p99_ms: pick('p99_ms'),
    mean_ms: pick('mean_ms'),
    min_ms: round(Math.min(...rounds.map((r) => r.min_ms))),
    max_ms: round(Math.max(...rounds.map((r) => r.max_ms))),
    statuses,
    non_2xx: rounds.reduce((n, r) => n + r.non_2xx, 0),
    errors: rounds.reduce((n, r) => n + r.errors, 0),
    cpu_pct_of_one_core: {
      client_pct: round(median(rounds.map((r) => r.cpu_pct_of_one_core?.client_pct)), 0),
      server_pct: round(median(rounds.map((r) => r.cpu_pct_of_one_core?.server_pct)), 0),
      other_pct: round(Math.max(...rounds.map((r) => r.cpu_pct_of_one_core?.other_pct ?? 0)), 0),
    },
    rounds,
  };
}

export function fmt(value, digits = 2) {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'number') return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
  return String(value);
}

export function kb(bytes) {
  return bytes === null || bytes === undefined ? '—' : `${(bytes / 1024).toFixed(1)} KiB`;
}

export function table(headers, rows, align) {
  const cells = [headers, ...rows].map((row) => row.map((cell) => (cell === null || cell === undefined ? '—' : String(cell))));
  const widths = headers.map((_, i) => Math.max(...cells.map((row) => row[i].length)));
  const line = (row) =>
    row
      .map((cell, i) => ((align?.[i] ?? (i === 0 ? 'l' : 'r')) === 'l' ? cell.padEnd(widths[i]) : cell.padStart(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(cells[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join('\n');
}

/** A CPU share for the report: `v %`, or a dash when not measured. */
export function pct(v) {
  return v === null || v === undefined ? '—' : `${v} %`;
}

/** A table row saying an engine's run failed: the engine, the error, and blanks to fill `columns`. */
export function errorRow(engine, error, columns) {
  return [engine, `error: ${error.slice(0, 80)}`, ...Array(columns - 2).fill('')];
}
