import { describe, expect, it } from 'vitest';
import { kobo } from '../../../lib/money.ts';
import { capWindowAt, dailyLimitChange, limitCheck, ownLimitAt, pendingRaiseAt, tightestBroken, windowAfterNewBrowser } from './rules.ts';

const naira = (value: number) => kobo(value * 100);
const hourMs = 3_600_000;
const at = (iso: string) => new Date(iso);
const none = { ownDailyLimitKobo: null, raiseToKobo: null, raiseAppliesAt: null };

describe('the own daily limit', () => {
  it('is none until set; a raise is in force from its time on, and pending before', () => {
    expect(ownLimitAt(none, at('2026-11-22T10:00:00Z'))).toBeNull();
    const state = { ownDailyLimitKobo: naira(10_000), raiseToKobo: naira(40_000), raiseAppliesAt: '2026-11-23T10:00:00.000Z' };
    expect(ownLimitAt(state, at('2026-11-23T09:59:59.999Z'))).toBe(naira(10_000));
    expect(pendingRaiseAt(state, at('2026-11-23T09:59:59.999Z'))).toEqual({ limitKobo: naira(40_000), appliesAt: '2026-11-23T10:00:00.000Z' });
    expect(ownLimitAt(state, at('2026-11-23T10:00:00Z'))).toBe(naira(40_000));
    expect(pendingRaiseAt(state, at('2026-11-23T10:00:00Z'))).toBeNull();
  });

  it('lowers at once (dropping a waiting raise), raises after the delay, and never above the tier', () => {
    const now = at('2026-11-22T10:00:00Z');
    const tier = naira(50_000);
    expect(dailyLimitChange(none, naira(50_001), tier, now, 24 * hourMs)).toEqual({ kind: 'over_tier' });
    // Without an own limit the tier's is in force: anything up to it is a lowering.
    expect(dailyLimitChange(none, naira(50_000), tier, now, 24 * hourMs)).toMatchObject({ kind: 'lower', next: { ownDailyLimitKobo: naira(50_000) } });
    const waiting = { ownDailyLimitKobo: naira(10_000), raiseToKobo: naira(40_000), raiseAppliesAt: '2026-11-23T09:00:00.000Z' };
    expect(dailyLimitChange(waiting, naira(5_000), tier, now, 24 * hourMs)).toEqual({ kind: 'lower', next: { ownDailyLimitKobo: naira(5_000), raiseToKobo: null, raiseAppliesAt: null } });
    expect(dailyLimitChange(waiting, naira(10_000), tier, now, 24 * hourMs)).toMatchObject({ kind: 'lower' });
    expect(dailyLimitChange(waiting, naira(20_000), tier, now, 24 * hourMs)).toEqual({
      kind: 'raise',
      next: { ownDailyLimitKobo: naira(10_000), raiseToKobo: naira(20_000), raiseAppliesAt: '2026-11-23T10:00:00.000Z' },
      appliesAt: '2026-11-23T10:00:00.000Z',
    });
  });
});

describe('the new-browser cap window', () => {
  const opened = '2026-11-22T08:00:00.000Z';
  const capMs = 24 * hourMs;

  it('is open for the first hours of the account, and closed after', () => {
    expect(capWindowAt({ accountOpenedAt: opened, newBrowserStartedAt: null, newBrowserUntil: null }, at('2026-11-23T07:59:59Z'), capMs)).toEqual({ startedAt: opened, until: '2026-11-23T08:00:00.000Z', reason: 'new_account' });
    expect(capWindowAt({ accountOpenedAt: opened, newBrowserStartedAt: null, newBrowserUntil: null }, at('2026-11-23T08:00:00Z'), capMs)).toBeNull();
  });

  it('a new browser opens a window; one within an open window keeps its start and never refills it', () => {
    const later = at('2026-11-30T12:00:00Z');
    const first = windowAfterNewBrowser({ accountOpenedAt: opened, newBrowserStartedAt: null, newBrowserUntil: null }, later, capMs);
    expect(first).toEqual({ startedAt: '2026-11-30T12:00:00.000Z', until: '2026-12-01T12:00:00.000Z' });
    const again = windowAfterNewBrowser({ accountOpenedAt: opened, newBrowserStartedAt: first.startedAt, newBrowserUntil: first.until }, at('2026-11-30T18:00:00Z'), capMs);
    expect(again).toEqual({ startedAt: first.startedAt, until: '2026-12-01T18:00:00.000Z' });
    expect(capWindowAt({ accountOpenedAt: opened, newBrowserStartedAt: again.startedAt, newBrowserUntil: again.until }, at('2026-12-01T17:00:00Z'), capMs)).toMatchObject({ startedAt: first.startedAt, reason: 'new_browser' });
    // Within the account's first hours: one window from the opening.
    const early = windowAfterNewBrowser({ accountOpenedAt: opened, newBrowserStartedAt: null, newBrowserUntil: null }, at('2026-11-22T20:00:00Z'), capMs);
    expect(early).toEqual({ startedAt: opened, until: '2026-11-23T20:00:00.000Z' });
  });
});

describe('the tightest limit a debit breaks', () => {
  it('is the one with least left, or none', () => {
    const own = { name: 'own', ...limitCheck(naira(10_000), naira(4_000)) };
    const cap = { name: 'cap', ...limitCheck(naira(20_000), naira(17_000)) };
    expect(tightestBroken([own, cap], naira(3_000))).toBeNull();
    expect(tightestBroken([own, cap], naira(3_001))?.name).toBe('cap');
    expect(tightestBroken([own, cap], naira(7_000))?.name).toBe('cap');
    expect(limitCheck(naira(10), naira(12)).leftKobo).toBe(0);
  });
});
