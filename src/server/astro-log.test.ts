import { describe, expect, it } from 'vitest';
import { astroJsonLine, inAstroCli } from './astro-log.ts';

describe("Astro's own log lines in the built server", () => {
  const now = new Date('2026-11-22T12:00:00Z');

  it('are the app’s JSON lines, colours removed, label kept', () => {
    expect(JSON.parse(astroJsonLine({ level: 'error', label: 'router', message: '\u001b[31mRender failed\u001b[39m\n', newLine: true }, 'info', now)!)).toEqual({
      time: '2026-11-22T12:00:00.000Z',
      level: 'error',
      event: 'astro',
      label: 'router',
      msg: 'Render failed',
    });
    expect(JSON.parse(astroJsonLine({ level: 'warn', label: 'SKIP_FORMAT', message: 'cookies set late', newLine: true }, 'info', now)!)).not.toHaveProperty('label');
  });

  it('follow LOG_LEVEL', () => {
    const event = { level: 'info', label: 'build', message: 'hello', newLine: true };
    expect(astroJsonLine(event, 'warn', now)).toBeNull();
    expect(astroJsonLine(event, 'silent', now)).toBeNull();
    expect(astroJsonLine({ ...event, level: 'error' }, 'warn', now)).not.toBeNull();
  });

  it('leave the astro CLI (dev, build, check) its own output', () => {
    expect(inAstroCli(['node', '/work/node_modules/.bin/astro'])).toBe(true);
    expect(inAstroCli(['node', '/work/node_modules/astro/bin/astro.mjs'])).toBe(true);
    expect(inAstroCli(['node', '/work/scripts/serve.mjs'])).toBe(false);
    expect(inAstroCli(['node', '/work/dist/server/entry.mjs'])).toBe(false);
  });
});
