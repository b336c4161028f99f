import { beforeEach, expect, it, vi } from 'vitest';
import { loginSchema } from '../../../lib/schemas.ts';
import { changePasswordSchema, changePinSchema } from '../../../lib/settings-schemas.ts';
import { describeOnEngines } from '../../testing/on-engines.ts';
import { customer, testPassword } from '../../testing/customers.ts';
import { createAuthService } from './auth-service.ts';
import { createLoginThrottle, type LoginThrottlePolicy } from './login-throttle.ts';

/**
 * Every password and security answer checked goes through verifySecret; this counts the checks
 * of the guesses these tests send (they all start with "guess-"), whatever the answers say.
 */
const checked = vi.hoisted(() => ({ secrets: [] as string[] }));
vi.mock('./secrets.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./secrets.ts')>();
  return {
    ...actual,
    verifySecret: async (secret: string, encoded: string) => {
      checked.secrets.push(secret);
      return actual.verifySecret(secret, encoded);
    },
  };
});
const guessesChecked = () => checked.secrets.filter((secret) => secret.startsWith('guess-'));
const guesses = (count: number) => Array.from({ length: count }, (_, i) => `guess-${i}-wrong-horse`);
const credentials = (email: string, password: string) => loginSchema.parse({ email, password });

describeOnEngines('password tries on %s', (t) => {
  let userId: string;
  let email: string;
  beforeEach(async () => {
    ({ userId, email } = await customer(t().app));
    checked.secrets.length = 0;
  });

  const failuresRow = () => t().app.db.selectFrom('login_failures').selectAll().where('email', '=', email).executeTakeFirst();
  /** Sign-in services over the same database, each with its own throttle: as many server processes. */
  const processes = (count: number) => Array.from({ length: count }, () => createAuthService({ ...t().app, throttle: createLoginThrottle({ db: t().app.db, clock: t().clock }) }));

  it('checks at most 5 of 50 wrong passwords sent at once, and answers the rest as the lock', async () => {
    const answers = await Promise.all(guesses(50).map((password) => t().app.auth.login(credentials(email, password))));
    expect(guessesChecked()).toHaveLength(5);
    expect(answers.filter((answer) => !answer.ok && answer.code === 'INVALID_CREDENTIALS')).toHaveLength(4);
    expect(answers.filter((answer) => !answer.ok && answer.code === 'ACCOUNT_LOCKED')).toHaveLength(46);
    expect((await failuresRow())?.locked_until).not.toBeNull();
  });

  it('checks at most 5 when the burst is spread over ten server processes', async () => {
    const services = processes(10);
    const answers = await Promise.all(guesses(50).map((password, i) => services[i % 10]!.login(credentials(email, password))));
    expect(guessesChecked().length).toBeLessThanOrEqual(5);
    expect(guessesChecked().length).toBeGreaterThan(0);
    expect(answers.every((answer) => !answer.ok && (answer.code === 'INVALID_CREDENTIALS' || answer.code === 'ACCOUNT_LOCKED'))).toBe(true);
    expect(await t().app.auth.login(credentials(email, testPassword))).toMatchObject({ ok: false, code: 'ACCOUNT_LOCKED' });
  });

  it('an unknown email is limited the same way (its checks are against the decoy hash)', async () => {
    const answers = await Promise.all(guesses(50).map((password) => t().app.auth.login(credentials('nobody@example.com', password))));
    expect(guessesChecked()).toHaveLength(5);
    expect(answers.filter((answer) => !answer.ok && answer.code === 'INVALID_CREDENTIALS')).toHaveLength(4);
    expect(answers.filter((answer) => !answer.ok && answer.code === 'ACCOUNT_LOCKED')).toHaveLength(46);
  });

  it('the right password 8th of 16 sign-ins sent at once wins only if it was one of the first 5 checked', async () => {
    const passwords = guesses(16);
    passwords[7] = testPassword;
    const services = [t().app.auth, ...processes(3)];
    const answers = await Promise.all(passwords.map((password, i) => services[i % services.length]!.login(credentials(email, password))));
    const order = checked.secrets.filter((secret) => secret.startsWith('guess-') || secret === testPassword);
    const right = order.indexOf(testPassword);
    if (answers[7]!.ok) {
      expect(right).toBeGreaterThanOrEqual(0);
      expect(right).toBeLessThan(5);
      // Its success started a fresh count for the wrong ones after it.
      expect(order.length - right - 1).toBeLessThanOrEqual(5);
    } else {
      expect(answers[7]).toMatchObject({ ok: false, code: 'ACCOUNT_LOCKED' });
      expect(guessesChecked().length).toBeLessThanOrEqual(5);
    }
  });

  it('once 5 wrong passwords are taken, a burst holding the right one checks nothing and signs nobody in', async () => {
    for (const password of guesses(5)) await t().app.auth.login(credentials(email, password));
    checked.secrets.length = 0;
    const passwords = guesses(50);
    passwords[0] = testPassword;
    passwords[30] = testPassword;
    // From many addresses, so that the per-network limit does not answer first.
    const answers = await Promise.all(passwords.map((password, i) => t().app.auth.login(credentials(email, password), { ip: `198.51.100.${i}` })));
    expect(checked.secrets).toHaveLength(0);
    expect(answers.every((answer) => !answer.ok && answer.code === 'ACCOUNT_LOCKED')).toBe(true);
  });

  it('a right password does not lift a lock in force; after the lock it signs in and clears the count', async () => {
    for (const password of guesses(5)) await t().app.auth.login(credentials(email, password));
    const locked = await failuresRow();
    t().clock.advance(60_000);
    expect(await t().app.auth.login(credentials(email, testPassword))).toMatchObject({ ok: false, code: 'ACCOUNT_LOCKED' });
    expect(await failuresRow()).toEqual(locked);
    t().clock.advance(15 * 60_000);
    expect((await t().app.auth.login(credentials(email, testPassword))).ok).toBe(true);
    expect(await failuresRow()).toBeUndefined();
  });

  it('a right password resets the count when no lock holds, also as the fifth try', async () => {
    for (const password of guesses(4)) await t().app.auth.login(credentials(email, password));
    expect((await t().app.auth.login(credentials(email, testPassword))).ok).toBe(true);
    expect(await failuresRow()).toBeUndefined();
    for (const password of guesses(4)) expect(await t().app.auth.login(credentials(email, password))).toMatchObject({ ok: false, code: 'INVALID_CREDENTIALS' });
    expect((await t().app.auth.login(credentials(email, testPassword))).ok).toBe(true);
  });

  it('10 right sign-ins at once from one process all pass', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => t().app.auth.login(credentials(email, testPassword))));
    expect(answers.every((answer) => answer.ok)).toBe(true);
  });

  it('settings: 50 password changes with wrong current passwords at once check 5, then sign-in is locked too', async () => {
    const sessionId = (await t().app.sessions.create(userId)).session.id;
    const answers = await Promise.all(
      guesses(50).map((current) =>
        t().app.settings.changePassword(userId, sessionId, changePasswordSchema.parse({ current_password: current, password: 'mango-lagoon-lantern-47', password_confirmation: 'mango-lagoon-lantern-47' })),
      ),
    );
    expect(guessesChecked()).toHaveLength(5);
    expect(answers.filter((answer) => !answer.ok && answer.code === 'INVALID_CREDENTIALS')).toHaveLength(4);
    expect(answers.filter((answer) => !answer.ok && answer.code === 'ACCOUNT_LOCKED')).toHaveLength(46);
    expect(await t().app.auth.login(credentials(email, testPassword))).toMatchObject({ ok: false, code: 'ACCOUNT_LOCKED' });
  });

  it('settings: 50 PIN resets with the right password and wrong security answers at once check 5 answers', async () => {
    const answers = await Promise.all(
      guesses(50).map((answer) => t().app.settings.changePin(userId, changePinSchema.parse({ password: testPassword, security_answer: answer, pin: '4826', pin_confirmation: '4826' }))),
    );
    expect(guessesChecked()).toHaveLength(5);
    expect(answers.filter((answer) => !answer.ok && answer.code === 'INVALID_CREDENTIALS')).toHaveLength(4);
    expect(answers.filter((answer) => !answer.ok && answer.code === 'ACCOUNT_LOCKED')).toHaveLength(46);
    // The right answer too is refused while the lock holds.
    expect(await t().app.settings.changePin(userId, changePinSchema.parse({ password: testPassword, security_answer: 'Corona School', pin: '4826', pin_confirmation: '4826' }))).toMatchObject({
      ok: false,
      code: 'ACCOUNT_LOCKED',
    });
  });

  it('sign-ins and settings proofs share the 5 tries of the email: 25 + 25 at once, 5 checked', async () => {
    const sessionId = (await t().app.sessions.create(userId)).session.id;
    await Promise.all(
      guesses(50).map((password, i) =>
        i % 2
          ? t().app.auth.login(credentials(email, password))
          : t().app.settings.changePassword(userId, sessionId, changePasswordSchema.parse({ current_password: password, password: 'mango-lagoon-lantern-47', password_confirmation: 'mango-lagoon-lantern-47' })),
      ),
    );
    expect(guessesChecked()).toHaveLength(5);
  });
});

const policy: LoginThrottlePolicy = { maxFailures: 5, lockMs: 900_000, windowMs: 900_000, maxFailuresPerIp: 3, ipWindowMs: 900_000 };
describeOnEngines('per-network password tries on %s', { loginThrottlePolicy: policy }, (t) => {
  beforeEach(async () => {
    checked.secrets.length = 0;
  });

  it('50 sign-ins to 50 emails from one address at once: at most 3 checked', async () => {
    const ip = { ip: '203.0.113.77' };
    const answers = await Promise.all(guesses(50).map((password, i) => t().app.auth.login(credentials(`target${i}@example.com`, password), ip)));
    expect(guessesChecked()).toHaveLength(3);
    expect(answers.filter((answer) => !answer.ok && answer.code === 'RATE_LIMITED')).toHaveLength(47);
  });
});
