import { expect, it } from 'vitest';
import { describeOnEngines } from '../server/testing/on-engines.ts';
import { sayingsFor } from './translate.ts';
import { lockedSayingsFor } from './settings-words.ts';

/**
 * The sign-in lock's minutes left, as the settings forms show them with JavaScript on, follow the
 * running app's sign-in policy, not the default 15 minutes.
 */
const locked = (minutes: number) => `Too many wrong passwords or answers. Sign-in and security changes are locked for ${minutes} minute${minutes === 1 ? '' : 's'}.`;

describeOnEngines('the sign-in lock’s sentences for a 40-minute lock on %s', { loginThrottlePolicy: { maxFailures: 5, lockMs: 40 * 60_000, windowMs: 15 * 60_000, maxFailuresPerIp: 50, ipWindowMs: 15 * 60_000 } }, (t) => {
  it('words every count of minutes the configured lock can leave', () => {
    expect(t().app.settings.signInLockMinutes()).toBe(40);
    const said = sayingsFor('ha', lockedSayingsFor(t().app.settings.signInLockMinutes()));
    for (const minutes of [1, 2, 15, 16, 40]) expect(said[locked(minutes)], `${minutes}`).toBeTruthy();
    expect(said[locked(40)]).not.toBe(locked(40));
    expect(said[locked(41)]).toBeUndefined();
  });
});

describeOnEngines('the sign-in lock’s sentences for the default lock on %s', (t) => {
  it('words up to 15 minutes', () => {
    expect(t().app.settings.signInLockMinutes()).toBe(15);
    expect(Object.keys(sayingsFor('yo', lockedSayingsFor(15)))).toHaveLength(15);
  });
});
