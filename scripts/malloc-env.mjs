import { memoryFlags } from './memory-flags.mjs';

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
// The same re-start adds the flags of scripts/memory-flags.mjs, which bound the heap's garbage and
// what V8's compilers and helper threads hold (an 8 MiB young generation, a full collection once
// the old generation has grown 30 % past what survived the last one, no TurboFan, one V8 helper
// thread; 200 sessions peaked at ~290 MiB with V8's defaults, ~146–149 MiB with these).
// A setting of your own for any of them is kept as it is.
export { HEAP_GROWING_FLAG, MAX_OPT_FLAG, SEMI_SPACE_FLAG, V8_POOL_FLAG } from './memory-flags.mjs';

export function wantsMallocTuning(env = process.env, platform = process.platform) {
  return platform === 'linux' && env.MALLOC_MMAP_THRESHOLD_ === undefined && env.NO_MALLOC_TUNING !== '1' && env.NODE_CHANNEL_FD === undefined && typeof process.execve === 'function';
}

if (wantsMallocTuning()) {
  try {
    const flags = memoryFlags(process.execArgv, process.env.NODE_OPTIONS ?? '');
    process.execve(process.execPath, [process.execPath, ...flags, ...process.execArgv, ...process.argv.slice(1)], { ...process.env, MALLOC_MMAP_THRESHOLD_: MMAP_THRESHOLD });
  } catch {
    // Could not replace the process (a sandbox refusing execve): serve with glibc's defaults.
  }
}
