import { describe, expect, it } from 'vitest';
import { consoleLine } from './console.ts';

describe('console lines', () => {
  it('become JSON, a JSON line going out as it is', () => {
    const wrapped = JSON.parse(consoleLine('error', ['\u001b[31m[ERROR]\u001b[39m [router] %s failed', '/x']));
    expect(wrapped).toMatchObject({ level: 'error', event: 'console', msg: '[ERROR] [router] /x failed' });
    expect(consoleLine('info', ['{"level":"info","event":"db.migrated"}'])).toBe('{"level":"info","event":"db.migrated"}');
    expect(JSON.parse(consoleLine('warn', ['{not json'])).msg).toBe('{not json');
    expect(JSON.parse(consoleLine('info', ['two\nlines'])).msg).toBe('two\nlines');
  });

  it('have the shape of every other line: time, level, event first', () => {
    expect(Object.keys(JSON.parse(consoleLine('info', ['hello'])))).toEqual(['time', 'level', 'event', 'msg']);
  });
});
