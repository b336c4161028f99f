import { describe, expect, it } from 'vitest';
import { describeOnEngines } from '../../testing/on-engines.ts';
import { createRequestCounters, hour, lagosDay, minute, windowOf } from './request-counters.ts';
import { say, sayWait } from '../../../i18n/translate.ts';
import { said, waitValue } from '../../../i18n/said.ts';

describe('windows', () => {
  it('a Lagos day starts at 23:00 UTC', () => {
    const at = Date.parse('2026-11-22T22:30:00Z'); // 23:30 in Lagos
    const window = windowOf(at, { max: 1, ...lagosDay });
    expect(new Date(window.start).toISOString()).toBe('2026-11-21T23:00:00.000Z');
    expect(new Date(window.end).toISOString()).toBe('2026-11-22T23:00:00.000Z');
  });
  it('minutes and hours start on the clock', () => {
    const at = Date.parse('2026-11-22T10:17:42Z');
    expect(new Date(windowOf(at, { max: 1, windowMs: minute }).start).toISOString()).toBe('2026-11-22T10:17:00.000Z');
    expect(new Date(windowOf(at, { max: 1, windowMs: hour }).start).toISOString()).toBe('2026-11-22T10:00:00.000Z');
  });
  it('says how long to wait in words, as a refusal carries it (a wait value, worded by the catalogue)', () => {
    expect(say('en', said('said.errors.linksNetwork', { wait: waitValue(1) }))).toBe('Too many payment links opened from this network. Try again in 1 second.');
    expect(sayWait('en', 1)).toBe('1 second');
    expect(sayWait('en', 59)).toBe('59 seconds');
    expect(sayWait('en', 61)).toBe('2 minutes');
    expect(sayWait('en', 3600)).toBe('60 minutes');
    expect(sayWait('en', 8 * 3600)).toBe('8 hours');
  });
});

describeOnEngines('request counters on %s', (t) => {
  it('a burst of 50 at once gets exactly the limit, per subject, and the next window starts afresh', async () => {
    const counters = createRequestCounters({ db: t().app.db, clock: t().clock });
    const limits = [{ name: 'hour', max: 7, windowMs: hour }];
    const burst = (subject: string) => Promise.all(Array.from({ length: 50 }, () => counters.take('test', subject, limits)));
    const first = await burst('a');
    expect(first.filter((taken) => taken.waitSeconds === 0)).toHaveLength(7);
    for (const taken of first.filter((taken) => taken.waitSeconds > 0)) {
      expect(taken.limit).toBe('hour');
      expect(taken.waitSeconds).toBeLessThanOrEqual(3600);
    }
    expect((await burst('b')).filter((taken) => taken.waitSeconds === 0)).toHaveLength(7);
    t().clock.advance(hour);
    expect((await burst('a')).filter((taken) => taken.waitSeconds === 0)).toHaveLength(7);
    // Old windows can be pruned; the current one stays.
    await counters.prune();
    const rows = await t().app.db.selectFrom('request_counters').select(['subject', 'count']).where('scope', '=', 'test:hour').execute();
    expect(rows).toEqual([{ subject: 'a', count: 7 }]);
  });
});
