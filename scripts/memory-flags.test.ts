import { describe, expect, it } from 'vitest';
import { HEAP_GROWING_FLAG, SEMI_SPACE_FLAG, memoryFlags } from './memory-flags.mjs';

describe('memoryFlags (issue 16: the V8 flags the server re-starts with)', () => {
  it('adds an 8 MiB young generation and a 50 % old-generation growth (to 1.5×) by default', () => {
    expect(SEMI_SPACE_FLAG).toBe('--max-semi-space-size=4');
    expect(HEAP_GROWING_FLAG).toBe('--heap-growing-percent=50');
    expect(memoryFlags([], '')).toEqual([SEMI_SPACE_FLAG, HEAP_GROWING_FLAG]);
    expect(memoryFlags()).toEqual([SEMI_SPACE_FLAG, HEAP_GROWING_FLAG]);
  });

  it('keeps a semi-space size of your own, from the command line or NODE_OPTIONS', () => {
    expect(memoryFlags(['--max-semi-space-size=32'], '')).toEqual([HEAP_GROWING_FLAG]);
    expect(memoryFlags([], '--max-semi-space-size=1')).toEqual([HEAP_GROWING_FLAG]);
    expect(memoryFlags(['--max_semi_space_size=8'], '')).toEqual([HEAP_GROWING_FLAG]);
    expect(memoryFlags(['--min-semi-space-size=2'], '')).toEqual([HEAP_GROWING_FLAG]);
  });

  it('keeps a heap growing percent of your own', () => {
    expect(memoryFlags(['--heap-growing-percent=50'], '')).toEqual([SEMI_SPACE_FLAG]);
    expect(memoryFlags(['--heap_growing_percent=0'], '--max-semi-space-size=16')).toEqual([]);
  });

  it('leaves other flags alone and adds ours whatever they are', () => {
    expect(memoryFlags(['--enable-source-maps', '--max-old-space-size=512'], '--stack-trace-limit=50')).toEqual([SEMI_SPACE_FLAG, HEAP_GROWING_FLAG]);
  });

  it('are flags this Node accepts', async () => {
    const { spawnSync } = await import('node:child_process');
    const run = spawnSync(process.execPath, [SEMI_SPACE_FLAG, HEAP_GROWING_FLAG, '-e', 'process.stdout.write("ok")'], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('ok');
  });
});
