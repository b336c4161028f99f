import { describe, expect, it } from 'vitest';
import { HEAP_GROWING_FLAG, MAX_OPT_FLAG, SEMI_SPACE_FLAG, V8_POOL_FLAG, memoryFlags, wantsMallocTuning } from './process-tuning.ts';

const all = [SEMI_SPACE_FLAG, HEAP_GROWING_FLAG, MAX_OPT_FLAG, V8_POOL_FLAG];

describe('memoryFlags (the V8 flags the server re-starts with)', () => {
  it('adds a 4 MiB young generation, a 30 % old-generation growth (to 1.3×), no TurboFan and one V8 helper thread by default', () => {
    expect(SEMI_SPACE_FLAG).toBe('--max-semi-space-size=4');
    expect(HEAP_GROWING_FLAG).toBe('--heap-growing-percent=30');
    expect(MAX_OPT_FLAG).toBe('--max-opt=2');
    expect(V8_POOL_FLAG).toBe('--v8-pool-size=1');
    expect(memoryFlags([], '')).toEqual(all);
    expect(memoryFlags()).toEqual(all);
  });

  it('keeps a semi-space size of your own, from the command line or NODE_OPTIONS', () => {
    const others = [HEAP_GROWING_FLAG, MAX_OPT_FLAG, V8_POOL_FLAG];
    expect(memoryFlags(['--max-semi-space-size=32'], '')).toEqual(others);
    expect(memoryFlags([], '--max-semi-space-size=1')).toEqual(others);
    expect(memoryFlags(['--max_semi_space_size=8'], '')).toEqual(others);
    expect(memoryFlags(['--min-semi-space-size=2'], '')).toEqual(others);
  });

  it('keeps a heap growing percent of your own', () => {
    expect(memoryFlags(['--heap-growing-percent=50'], '')).toEqual([SEMI_SPACE_FLAG, MAX_OPT_FLAG, V8_POOL_FLAG]);
    expect(memoryFlags(['--heap_growing_percent=0'], '--max-semi-space-size=16')).toEqual([MAX_OPT_FLAG, V8_POOL_FLAG]);
  });

  it('keeps an optimisation tier and a V8 thread pool of your own', () => {
    expect(memoryFlags(['--max-opt=999'], '')).toEqual([SEMI_SPACE_FLAG, HEAP_GROWING_FLAG, V8_POOL_FLAG]);
    expect(memoryFlags([], '--v8-pool-size=4')).toEqual([SEMI_SPACE_FLAG, HEAP_GROWING_FLAG, MAX_OPT_FLAG]);
    expect(memoryFlags(['--max_opt=3', '--v8_pool_size=2', '--heap-growing-percent=50', '--max-semi-space-size=8'], '')).toEqual([]);
  });

  it('does not take another V8 flag that starts the same way for a tier of your own', () => {
    expect(memoryFlags(['--max-optimized-bytecode-size=61440'], '')).toEqual(all);
  });

  it('leaves other flags alone and adds ours whatever they are', () => {
    expect(memoryFlags(['--enable-source-maps', '--max-old-space-size=512'], '--stack-trace-limit=50')).toEqual(all);
  });

  it('are flags this Node accepts', async () => {
    const { spawnSync } = await import('node:child_process');
    const run = spawnSync(process.execPath, [...all, '-e', 'process.stdout.write("ok")'], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('ok');
  });
});

describe('wantsMallocTuning (whether the server replaces itself with the tuned process)', () => {
  it('on Linux, once: not when the threshold is set (by us or by you), when told not to, or in a forked worker', () => {
    expect(wantsMallocTuning({}, 'linux')).toBe(typeof process.execve === 'function');
    expect(wantsMallocTuning({ MALLOC_MMAP_THRESHOLD_: '131072' }, 'linux')).toBe(false);
    expect(wantsMallocTuning({ NO_MALLOC_TUNING: '1' }, 'linux')).toBe(false);
    expect(wantsMallocTuning({ NODE_CHANNEL_FD: '3' }, 'linux')).toBe(false);
    expect(wantsMallocTuning({}, 'darwin')).toBe(false);
  });
});
