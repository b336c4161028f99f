// The V8 flags scripts/malloc-env.mjs adds when it re-starts the server (issue 16). Kept apart
// from malloc-env.mjs, which replaces the process when imported, so tests can load them.
//
// What held the memory (bench/sections/sessions.mjs, 200 signed-in sessions; a heap snapshot
// under load found 37 MiB live, two thirds of it module sources and compiled code, as idle):
// garbage, not data. V8 let the old generation grow to about 4× what survived its last full
// collection before collecting again (125 MiB of old space for ~40 MiB live), and the young
// generation held 2 × 16 MiB at all times: RSS rose from ~120 MiB idle to ~290 MiB.
// - --max-semi-space-size=4: the young generation is 2 × 4 MiB (8 MiB, where 16 MiB each held
//   32 MiB of RSS, idle included); V8's own default here lets the pair grow to 64 MiB.
// - --heap-growing-percent=50: a full collection once the old generation has grown to 1.5× what
//   survived the last one, where V8 chooses up to 4×. This bounds garbage, never live data:
//   unlike --max-old-space-size there is no limit to run into, so a large request cannot crash
//   the process with an out-of-memory error; it only collects more often.
// 200 sessions: peak 292 → 168 MiB (SQLite), 281 → 169 MiB (PostgreSQL), the soak's plateau
// ~280 → ~156 MiB, latency no worse, for about 10 % more server CPU per request (more frequent
// collections). 20 % instead of 50 % saved another ~5 MiB for ~20 % more CPU per render.
// A setting of your own for either is kept as it is: --max-semi-space-size on the command line
// or in NODE_OPTIONS, --heap-growing-percent on the command line (`node --heap-growing-percent=0
// scripts/serve.mjs` restores V8's own choice; Node refuses it in NODE_OPTIONS).
export const SEMI_SPACE_FLAG = '--max-semi-space-size=4';
export const HEAP_GROWING_FLAG = '--heap-growing-percent=50';

/** The flags to add to a process started with `execArgv` and `nodeOptions`: each of ours unless that setting is already there. */
export function memoryFlags(execArgv = [], nodeOptions = '') {
  const own = [...execArgv, nodeOptions];
  const has = (name) => own.some((flag) => flag.includes(name) || flag.includes(name.replaceAll('-', '_')));
  const flags = [];
  if (!has('semi-space-size')) flags.push(SEMI_SPACE_FLAG);
  if (!has('heap-growing-percent')) flags.push(HEAP_GROWING_FLAG);
  return flags;
}
