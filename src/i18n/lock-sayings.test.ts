import { expect, it } from 'vitest';
import { describeOnEngines } from '../server/testing/on-engines.ts';
import { t as word } from './translate.ts';

/**
 * The sign-in lock's minutes left, as the settings service says them (the API answers the
 * settings islands in the customer's language), follow the running app's sign-in policy, not the
 * default 15 minutes: each count of minutes the lock can leave is worded in every language.
 */
const locked = (minutes: number) => `Too many wrong passwords or answers. Sign-in and security changes are locked for ${minutes} minute${minutes === 1 ? '' : 's'}.`;
const inHausa = (minutes: number) => (minutes === 1 ? word('ha', 'said.settings.lockedOne') : word('ha', 'said.settings.lockedMany', { minutes }));

describeOnEngines('the sign-in lock’s sentences for a 40-minute lock on %s', { loginThrottlePolicy: { maxFailures: 5, lockMs: 40 * 60_000, windowMs: 15 * 60_000, maxFailuresPerIp: 50, ipWindowMs: 15 * 60_000 } }, (t) => {
  it('words every count of minutes the configured lock can leave', () => {
    expect(t().app.settings.signInLockMinutes()).toBe(40);
    expect(word('en', 'said.settings.lockedOne')).toBe(locked(1));
    for (const minutes of [2, 15, 16, 40]) expect(word('en', 'said.settings.lockedMany', { minutes })).toBe(locked(minutes));
    for (const minutes of [1, 2, 15, 16, 40]) {
      expect(inHausa(minutes), `${minutes}`).not.toBe(locked(minutes));
      if (minutes > 1) expect(inHausa(minutes)).toContain(String(minutes));
    }
  });
});

describeOnEngines('the sign-in lock’s sentences for the default lock on %s', (t) => {
  it('words up to 15 minutes', () => {
    expect(t().app.settings.signInLockMinutes()).toBe(15);
    expect(new Set(Array.from({ length: 15 }, (_, index) => word('yo', index === 0 ? 'said.settings.lockedOne' : 'said.settings.lockedMany', { minutes: index + 1 }))).size).toBe(15);
  });
});
