// Latency statistics shared by the benchmark and its ledger child process.

export function round(value, digits = 2) {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** Nearest-rank percentile of an ascending list. */
export function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

/** count, p50, p99, mean, min and max of latencies in milliseconds. */
export function summarise(latenciesMs) {
  const sorted = [...latenciesMs].sort((a, b) => a - b);
  const sum = sorted.reduce((a, b) => a + b, 0);
  return {
    count: sorted.length,
    p50_ms: round(percentile(sorted, 50)),
    p99_ms: round(percentile(sorted, 99)),
    mean_ms: sorted.length ? round(sum / sorted.length) : null,
    min_ms: sorted.length ? round(sorted[0]) : null,
    max_ms: sorted.length ? round(sorted[sorted.length - 1]) : null,
  };
}
