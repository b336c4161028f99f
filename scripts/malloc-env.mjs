// glibc's malloc raises its mmap threshold each time a large block is freed, up to 32 MiB, and then
// serves argon2id's 19 MiB working memory (password sign-ins, on libuv's threads) from arenas
// it keeps after the hash is done: 200 sign-ins left ~190 MiB of RSS behind. A fixed threshold
// (MALLOC_MMAP_THRESHOLD_=131072, glibc's own default, which then stays put) hands every block of
// 128 KiB or more back to the kernel when it is freed: 20 sign-ins grew RSS by 8 MiB instead of 78.
// glibc reads the variable once, when the process starts, so a process without it replaces
// itself (process.execve: same pid, same stdio, same arguments; systemd and signals see no
// difference) with one that has it. Imported first by scripts/start.mjs and scripts/serve.mjs.
// Set MALLOC_MMAP_THRESHOLD_ yourself (any value) to choose another; NO_MALLOC_TUNING=1 skips
// this; so does a process forked with an IPC channel (its parent decides). Other systems than
// Linux, and musl (Alpine), ignore the variable: nothing happens there.
export const MMAP_THRESHOLD = '131072';
// The same re-start caps V8's young generation: each of its two semi-spaces at 16 MiB (Node's
// default for years; on a large machine V8 now lets the pair grow to 128 MiB under load, which
// was a third of the server's RSS in the 200-session soak: peak 275 → 199 MiB in one A/B run).
// A --max-semi-space-size of your own (command line or NODE_OPTIONS) is kept as it is.
export const SEMI_SPACE_FLAG = '--max-semi-space-size=16';

export function wantsMallocTuning(env = process.env, platform = process.platform) {
  return platform === 'linux' && env.MALLOC_MMAP_THRESHOLD_ === undefined && env.NO_MALLOC_TUNING !== '1' && env.NODE_CHANNEL_FD === undefined && typeof process.execve === 'function';
}

if (wantsMallocTuning()) {
  try {
    const ownSemiSpace = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].some((flag) => flag.includes('semi-space-size'));
    const flags = ownSemiSpace ? [] : [SEMI_SPACE_FLAG];
    process.execve(process.execPath, [process.execPath, ...flags, ...process.execArgv, ...process.argv.slice(1)], { ...process.env, MALLOC_MMAP_THRESHOLD_: MMAP_THRESHOLD });
  } catch {
    // Could not replace the process (a sandbox refusing execve): serve with glibc's defaults.
  }
}
