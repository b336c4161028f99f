import { beforeEach, describe, expect, it } from 'vitest';
import { loginSchema } from '../../../lib/schemas.ts';
import { describeOnEngines } from '../../testing/on-engines.ts';
import { registered, registrationForm } from '../../testing/customers.ts';
import { createLoginThrottle, type LoginThrottlePolicy } from './login-throttle.ts';

const strongPassword = 'mango-harmattan-kettle-42';
const fifteenMinutes = 15 * 60_000;

function registration(overrides: Partial<Parameters<typeof registrationForm>[0]> = {}) {
  return registrationForm({ first_name: 'Chiamaka', last_name: 'Okafor', email: 'chiamaka.okafor@example.com', phone_number: '0803 555 0101', password: strongPassword, ...overrides });
}

function credentials(email: string, password: string) {
  return loginSchema.parse({ email, password });
}

describeOnEngines('auth service on %s', (t) => {
  describe('login', () => {
    const email = 'chiamaka.okafor@example.com';
    let userId: string;
    beforeEach(async () => {
      userId = (await registered(t(), registration())).user.id;
    });

    it('signs in with the right password and starts a new session', async () => {
      const result = await t().app.auth.login(credentials('  Chiamaka.Okafor@Example.com ', strongPassword), { ip: '198.51.100.7', userAgent: 'vitest' });
      if (!result.ok) throw new Error(`login failed: ${result.code}`);
      expect(result.value.user.id).toBe(userId);
      const resolved = await t().app.sessions.resolve(result.value.token);
      expect(resolved.status).toBe('active');
      if (resolved.status !== 'active') return;
      expect(resolved.session.id).toBe(result.value.sessionId);
      expect(resolved.session).toMatchObject({ user_id: userId, ip: '198.51.100.7', user_agent: 'vitest' });
    });

    it('refuses a wrong password with INVALID_CREDENTIALS', async () => {
      const result = await t().app.auth.login(credentials(email, 'not-my-password-at-all'));
      expect(result).toMatchObject({ ok: false, code: 'INVALID_CREDENTIALS' });
    });

    it('answers an unknown email exactly like a wrong password', async () => {
      const wrongPassword = await t().app.auth.login(credentials(email, 'not-my-password-at-all'));
      const unknownEmail = await t().app.auth.login(credentials('nobody@example.com', strongPassword));
      expect(unknownEmail).toEqual(wrongPassword);
      expect(unknownEmail).toMatchObject({ ok: false, code: 'INVALID_CREDENTIALS' });
    });

    it('locks sign-in after 5 wrong passwords, refuses even the right one, and unlocks after 15 minutes', async () => {
      const answers = [];
      for (let attempt = 0; attempt < 5; attempt += 1) answers.push(await t().app.auth.login(credentials(email, `wrong-guess-${attempt}`)));
      expect(answers.slice(0, 4).map((answer) => answer.ok || answer.code)).toEqual(Array(4).fill('INVALID_CREDENTIALS'));
      expect(answers[4]).toMatchObject({ ok: false, code: 'ACCOUNT_LOCKED', retryAfterSeconds: 900 });

      t().clock.advance(60_000);
      const locked = await t().app.auth.login(credentials(email, strongPassword));
      expect(locked).toMatchObject({ ok: false, code: 'ACCOUNT_LOCKED', retryAfterSeconds: 840 });

      t().clock.advance(fifteenMinutes - 60_000 - 1_000);
      expect(await t().app.auth.login(credentials(email, strongPassword))).toMatchObject({ ok: false, code: 'ACCOUNT_LOCKED', retryAfterSeconds: 1 });

      t().clock.advance(2_000);
      const unlocked = await t().app.auth.login(credentials(email, strongPassword));
      expect(unlocked.ok).toBe(true);
    });

    it('locks an email that does not exist in exactly the same way', async () => {
      const known = [];
      const unknown = [];
      for (let attempt = 0; attempt < 5; attempt += 1) {
        known.push(await t().app.auth.login(credentials(email, `wrong-guess-${attempt}`)));
        unknown.push(await t().app.auth.login(credentials('nobody@example.com', `wrong-guess-${attempt}`)));
      }
      expect(unknown).toEqual(known);
      expect(unknown[4]).toMatchObject({ ok: false, code: 'ACCOUNT_LOCKED', retryAfterSeconds: 900 });

      t().clock.advance(5_000);
      const knownLocked = await t().app.auth.login(credentials(email, strongPassword));
      const unknownLocked = await t().app.auth.login(credentials('nobody@example.com', strongPassword));
      expect(unknownLocked).toEqual(knownLocked);
      expect(unknownLocked).toMatchObject({ ok: false, code: 'ACCOUNT_LOCKED', retryAfterSeconds: 895 });
    });

    it('forgets wrong passwords after a successful sign-in', async () => {
      for (let attempt = 0; attempt < 4; attempt += 1) await t().app.auth.login(credentials(email, `wrong-guess-${attempt}`));
      expect((await t().app.auth.login(credentials(email, strongPassword))).ok).toBe(true);
      for (let attempt = 0; attempt < 4; attempt += 1) {
        expect(await t().app.auth.login(credentials(email, `wrong-guess-${attempt}`))).toMatchObject({ code: 'INVALID_CREDENTIALS' });
      }
    });

    it('starts counting again once the failure window has passed', async () => {
      for (let attempt = 0; attempt < 4; attempt += 1) await t().app.auth.login(credentials(email, `wrong-guess-${attempt}`));
      t().clock.advance(fifteenMinutes + 1_000);
      for (let attempt = 0; attempt < 4; attempt += 1) {
        expect(await t().app.auth.login(credentials(email, `wrong-guess-${attempt}`))).toMatchObject({ code: 'INVALID_CREDENTIALS' });
      }
      expect((await t().app.auth.login(credentials(email, strongPassword))).ok).toBe(true);
    });

    it('still locks when wrong passwords arrive all at once, and a later burst cannot unlock it', async () => {
      for (let burst = 0; burst < 3; burst += 1) {
        const answers = await Promise.all(Array.from({ length: 8 }, (_, attempt) => t().app.auth.login(credentials(email, `wrong-guess-${attempt}`))));
        expect(answers.filter((answer) => !answer.ok && answer.code === 'INVALID_CREDENTIALS').length, `burst ${burst}`).toBeLessThanOrEqual(4);
        expect(await t().app.auth.login(credentials(email, strongPassword))).toMatchObject({ ok: false, code: 'ACCOUNT_LOCKED' });
        t().clock.advance(fifteenMinutes + 1_000);
      }
      expect((await t().app.auth.login(credentials(email, strongPassword))).ok).toBe(true);
    });

    it('logout revokes the session on the server', async () => {
      const result = await t().app.auth.login(credentials(email, strongPassword));
      if (!result.ok) throw new Error('login failed');
      await t().app.auth.logout(result.value.sessionId);
      expect(await t().app.sessions.resolve(result.value.token)).toEqual({ status: 'expired', reason: 'revoked' });
    });
  });
});

describeOnEngines('login throttle on %s', (t) => {
  it('counts tries that race each other: the fifth locks, and the lock survives the rest', async () => {
    const throttle = createLoginThrottle({ db: t().app.db, clock: t().clock });
    const tries = await Promise.all(Array.from({ length: 20 }, () => throttle.take('target@example.com')));
    expect(tries.filter((attempt) => attempt.taken && attempt.lockSetHere === null)).toHaveLength(4);
    expect(tries.filter((attempt) => attempt.taken && attempt.lockSetHere !== null)).toHaveLength(1);
    expect(tries.filter((attempt) => !attempt.taken)).toHaveLength(15);
    const lockedUntil = await throttle.lockedUntil('target@example.com');
    expect(lockedUntil?.getTime()).toBe(t().clock.now().getTime() + 900_000);
  });

  it('counts failures per email, independently', async () => {
    const throttle = createLoginThrottle({ db: t().app.db, clock: t().clock });
    for (let attempt = 0; attempt < 4; attempt += 1) expect(await throttle.take('one@example.com')).toEqual({ taken: true, lockSetHere: null });
    expect(await throttle.take('two@example.com')).toEqual({ taken: true, lockSetHere: null });
    expect(await throttle.take('one@example.com')).toEqual({ taken: true, lockSetHere: new Date(t().clock.now().getTime() + 900_000) });
    expect(await throttle.lockedUntil('two@example.com')).toBeNull();
  });
});

const policy: LoginThrottlePolicy = { maxFailures: 5, lockMs: 900_000, windowMs: 900_000, maxFailuresPerIp: 3, ipWindowMs: 900_000 };
describeOnEngines('per-network sign-in limit on %s', { loginThrottlePolicy: policy }, (t) => {
  beforeEach(async () => {
    await registered(t(), registration());
  });

  it('rate-limits an address after too many failures across different emails, then lets it in again', async () => {
    const ip = { ip: '203.0.113.9' };
    const failures = [];
    for (const email of ['a@example.com', 'b@example.com', 'chiamaka.okafor@example.com']) {
      failures.push(await t().app.auth.login(credentials(email, 'wrong-guess-0'), ip));
    }
    expect(failures.map((answer) => answer.ok || answer.code)).toEqual(Array(3).fill('INVALID_CREDENTIALS'));

    const limited = await t().app.auth.login(credentials('chiamaka.okafor@example.com', strongPassword), ip);
    expect(limited).toMatchObject({ ok: false, code: 'RATE_LIMITED', retryAfterSeconds: 900 });

    // Another network is not affected.
    expect((await t().app.auth.login(credentials('chiamaka.okafor@example.com', strongPassword), { ip: '203.0.113.10' })).ok).toBe(true);

    t().clock.advance(600_000);
    expect(await t().app.auth.login(credentials('chiamaka.okafor@example.com', strongPassword), ip)).toMatchObject({
      code: 'RATE_LIMITED',
      retryAfterSeconds: 300,
    });
    t().clock.advance(300_000);
    expect((await t().app.auth.login(credentials('chiamaka.okafor@example.com', strongPassword), ip)).ok).toBe(true);
  });
});
