// The server process's memory settings (docs/decisions/013-render-and-memory-costs.md): glibc's
// malloc threshold and the V8 flags below, applied by replacing the process once at its start.
//
// glibc's malloc raises its mmap threshold each time a large block is freed, up to 32 MiB, and then
// serves argon2id's 19 MiB working memory (password sign-ins, on libuv's threads) from arenas
// it keeps after the hash is done: 200 sign-ins left ~190 MiB of RSS behind. A fixed threshold
// (MALLOC_MMAP_THRESHOLD_=131072, glibc's own default, which then stays put) hands every block of
// 128 KiB or more back to the kernel when it is freed: 20 sign-ins grew RSS by 8 MiB instead of 78.
// glibc reads the variable once, when the process starts, so a process without it replaces
// itself (process.execve: same pid, same stdio, same arguments; systemd and signals see no
// difference) with one that has it. `retuneProcess()` is called first by both
// entries (scripts/start.mjs, scripts/serve.mjs).
// Set MALLOC_MMAP_THRESHOLD_ yourself (any value) to choose another; NO_MALLOC_TUNING=1 skips
// this; so does a process forked with an IPC channel (its parent decides). Other systems than
// Linux, and musl (Alpine), ignore the variable: nothing happens there.
// The same re-start adds the flags of `memoryFlags()`, which bound the heap's garbage and
// what V8's compilers and helper threads hold (an 8 MiB young generation, a full collection once
// the old generation has grown 30 % past what survived the last one, no TurboFan, one V8 helper
// thread; 200 sessions peaked at ~290 MiB with V8's defaults, ~146–149 MiB with these).
// A setting of your own for any of them is kept as it is.
//
// What held the memory (bench/sections/sessions.mjs, 200 signed-in sessions): a heap snapshot
// under load finds ~36 MiB live, most of it module sources (8 MiB of them strings over 20 KB:
// the bundle, Node's own undici behind Request/Response, react-dom's two server builds, zod,
// the five languages' catalogue) and compiled code; no cache or data of the app's own is large.
// The rest of the RSS is the `node` binary's pages (~56 MiB of its code and read-only data,
// /proc/<pid>/smaps), glibc's heap (~25 MiB) and garbage, which these flags bound:
// - --max-semi-space-size=4: the young generation is 2 × 4 MiB, where V8's default here lets the
//   pair grow to 64 MiB (at 16 MiB each it held 32 MiB of RSS, idle included). It was 2 × 2 MiB
//   until the dashboard's render was made cheaper: a /dashboard render allocates ~440 KB, so at 16 connections
//   a 2 MiB semi-space was scavenged every few milliseconds. At 4 MiB, in paired runs: /dashboard
//   p99 at 16 connections 50.7 → 47.4 ms on SQLite (6 pairs) and 61.8 → 52.6 ms on PostgreSQL
//   (4 pairs); 200 sessions peaked at 143.1 and 144.3 MiB against 139.9 and 141.2 MiB at 2 MiB
//   (2 pairs): ~3 MiB for it, inside the 150 MiB target. At 8 MiB the peak was 150.3–150.7 MiB.
// - --heap-growing-percent=30: a full collection once the old generation has grown to 1.3× what
//   survived the last one, where V8 chooses up to 4×. This bounds garbage, never live data:
//   unlike --max-old-space-size there is no limit to run into, so a large request cannot crash
//   the process with an out-of-memory error; it only collects more often.
// - --max-opt=2: V8's optimising tiers stop at Maglev; TurboFan never runs. Its compiler touched
//   ~5 MiB more of the binary's code pages and kept larger compilation zones, for no throughput
//   this server could measure (API transfers and the PDF statement within the machine's noise;
//   a dashboard render paid 0–10 % more CPU in paired runs together with the other flags).
// - --v8-pool-size=1: one V8 helper thread for background GC and compilation, where Node starts
//   four; on the 2-core machines it runs on, four only competed with the event loop, and each
//   held its own glibc arena.
// 200 sessions (SQLite; core/auth/secrets.ts argon2Slots = 1 with these): peak RSS 168 MiB in
// four runs with the flags before (--max-semi-space-size=4 --heap-growing-percent=50, argon2Slots
// 2) → 149 and 146 MiB; idle 117 → 99 MiB; latency under the soak no worse (p99 73–122 ms against
// 87–90 ms, the machine's noise). Before those, with V8's defaults: 292 MiB.
// A setting of your own for any of them is kept as it is: --max-semi-space-size, --max-opt or
// --v8-pool-size on the command line or in NODE_OPTIONS (where Node allows it),
// --heap-growing-percent on the command line (`node --heap-growing-percent=0 --max-opt=999
// scripts/serve.mjs` restores V8's own growth and every tier; Node refuses those in NODE_OPTIONS).
export const MMAP_THRESHOLD = '131072';
export const SEMI_SPACE_FLAG = '--max-semi-space-size=4';
export const HEAP_GROWING_FLAG = '--heap-growing-percent=30';
export const MAX_OPT_FLAG = '--max-opt=2';
export const V8_POOL_FLAG = '--v8-pool-size=1';

/** The flags to add to a process started with `execArgv` and `nodeOptions`: each of ours unless that setting is already there. */
export function memoryFlags(execArgv: readonly string[] = [], nodeOptions = ''): string[] {
  const own = [...execArgv, nodeOptions];
  const has = (name: string) => own.some((flag) => flag.includes(name) || flag.includes(name.replaceAll('-', '_')));
  const flags: string[] = [];
  if (!has('semi-space-size')) flags.push(SEMI_SPACE_FLAG);
  if (!has('heap-growing-percent')) flags.push(HEAP_GROWING_FLAG);
  // `max-opt=`: V8 also has --max-optimized-bytecode-size, which is not a tier of one's own.
  if (!has('max-opt=')) flags.push(MAX_OPT_FLAG);
  if (!has('v8-pool-size')) flags.push(V8_POOL_FLAG);
  return flags;
}

/** Whether this process is to replace itself with the tuned one (see above for each case that says no). */
export function wantsMallocTuning(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): boolean {
  return platform === 'linux' && env.MALLOC_MMAP_THRESHOLD_ === undefined && env.NO_MALLOC_TUNING !== '1' && env.NODE_CHANNEL_FD === undefined && typeof process.execve === 'function';
}

/**
 * Replaces this process with the same command under the tuned malloc and V8 flags, when it wants
 * them; returns only when it does not (or could not). Call it before anything heavy is loaded.
 */
export function retuneProcess(): void {
  if (!wantsMallocTuning()) return;
  try {
    const flags = memoryFlags(process.execArgv, process.env.NODE_OPTIONS ?? '');
    process.execve!(process.execPath, [process.execPath, ...flags, ...process.execArgv, ...process.argv.slice(1)], { ...process.env, MALLOC_MMAP_THRESHOLD_: MMAP_THRESHOLD });
  } catch {
    // Could not replace the process (a sandbox refusing execve): serve with glibc's defaults.
  }
}
