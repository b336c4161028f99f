import { beforeEach, expect, it, vi } from 'vitest';
import { resetPasswordSchema } from '../../../lib/recovery-schemas.ts';
import { describeOnEngines } from '../../testing/on-engines.ts';
import { customer } from '../../testing/customers.ts';
import { emailVerificationPolicy, passwordResetPolicy } from './one-time-codes.ts';
import { say } from '../../../i18n/translate.ts';
import type { Said } from '../../../i18n/said.ts';

/**
 * A code is compared as sha256(`<code id>:<code>`) with its stored hash; counting those hashes
 * counts the codes actually compared, whatever the answers say.
 */
const hashed = vi.hoisted(() => ({ values: [] as string[] }));
vi.mock('../digest.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../digest.ts')>();
  return {
    ...actual,
    sha256Hex: (value: string) => {
      hashed.values.push(value);
      return actual.sha256Hex(value);
    },
  };
});
const comparisons = () => hashed.values.filter((value) => /^otp_[A-Za-z0-9_-]+:\d{6}$/.test(value));
const comparedCodes = () => comparisons().map((value) => value.split(':')[1]!);

/** 50 different 6-digit codes that are not `code`. */
const wrongCodes = (code: string, count = 50) => Array.from({ length: count }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
const newPassword = 'yam-pepper-lagoon-canoe-77';

/** What a burst's answers say, sorted, so two bursts can be compared. */
function summary(answers: { ok: boolean; code?: string; message?: Said }[]): string[] {
  return answers.map((answer) => (answer.ok ? 'ok' : `${answer.code}: ${answer.message ? say('en', answer.message) : ''}`)).sort();
}

describeOnEngines('one-time code tries on %s', (t) => {
  let userId: string;
  let email: string;
  beforeEach(async () => {
    ({ userId, email } = await customer(t().app));
  });

  const unverified = async () => {
    await t().app.db.updateTable('users').set({ email_verified_at: null }).where('id', '=', userId).execute();
    const issued = await t().app.codes.issue(userId, 'email_verification', emailVerificationPolicy);
    if (!issued.ok) throw new Error(issued.message.key);
    hashed.values.length = 0;
    return issued.value.code;
  };
  const resetCode = async () => {
    await t().app.passwordReset.forgot(email, { ip: '192.0.2.1' });
    await t().app.passwordReset.settled();
    hashed.values.length = 0;
    return t().mailer.lastCode(email);
  };
  const reset = (token: string, to = email) => t().app.passwordReset.reset(resetPasswordSchema.parse({ email: to, token, password: newPassword, password_confirmation: newPassword }));

  it('email verification: 50 wrong codes at once, 5 compared; the code is then dead', async () => {
    const code = await unverified();
    const answers = await Promise.all(wrongCodes(code).map((otp) => t().app.onboarding.verifyEmail(userId, otp)));
    expect(comparisons()).toHaveLength(5);
    expect(answers.filter((answer) => !answer.ok && /(try|tries) left/.test(say('en', answer.message)))).toHaveLength(4);
    expect(answers.filter((answer) => !answer.ok && /Too many wrong tries/.test(say('en', answer.message)))).toHaveLength(1);
    // A dead code stays dead: the right one no longer works.
    expect(await t().app.onboarding.verifyEmail(userId, code)).toMatchObject({ ok: false, code: 'INVALID_OTP' });
    expect((await t().app.users.findById(userId))!.email_verified_at).toBeNull();
  });

  it('password reset: 25 checks and 25 resets with wrong codes at once, 5 compared', async () => {
    const code = await resetCode();
    const answers = await Promise.all(wrongCodes(code).map((token, i) => (i % 2 ? t().app.passwordReset.verifyToken(email, token) : reset(token))));
    expect(comparisons()).toHaveLength(5);
    expect(answers.every((answer) => !answer.ok)).toBe(true);
    expect(await reset(code)).toMatchObject({ ok: false, code: 'INVALID_OTP' });
  });

  it('after 4 wrong codes, a burst holding the right one compares at most 1 more code', async () => {
    const code = await resetCode();
    for (const token of wrongCodes(code, 4)) await t().app.passwordReset.verifyToken(email, token);
    hashed.values.length = 0;
    const tokens = wrongCodes(code, 50).slice(4);
    tokens[20] = code;
    const answers = await Promise.all(tokens.map((token) => reset(token)));
    expect(comparisons().length).toBe(1);
    const won = answers.filter((answer) => answer.ok).length;
    expect(won).toBe(comparedCodes()[0] === code ? 1 : 0);
  });

  it('a right code checked before spending gives its try back; a dead code is not revived by the right one', async () => {
    const code = await resetCode();
    for (const token of wrongCodes(code, 4)) await t().app.passwordReset.verifyToken(email, token);
    // Four wrong tries: one left. Checking the right one keeps that one for spending it.
    expect(await t().app.passwordReset.verifyToken(email, code)).toEqual({ ok: true, value: { valid: true } });
    expect(await t().app.passwordReset.verifyToken(email, code)).toEqual({ ok: true, value: { valid: true } });
    expect(await reset(code)).toMatchObject({ ok: true });

    t().clock.advance(61_000);
    const second = await resetCode();
    for (const token of wrongCodes(second, 5)) await t().app.passwordReset.verifyToken(email, token);
    expect(await reset(second)).toMatchObject({ ok: false, code: 'INVALID_OTP' });
  });

  it('two right resets at once: one spends the code, the other changes nothing', async () => {
    const code = await resetCode();
    const answers = await Promise.all([reset(code), reset(code)]);
    expect(answers.filter((answer) => answer.ok)).toHaveLength(1);
  });

  it('an unknown email answers a burst exactly as a registered one does', async () => {
    const code = await resetCode();
    const known = await Promise.all(wrongCodes(code).map((token) => t().app.passwordReset.verifyToken(email, token)));
    await t().app.passwordReset.forgot('nobody@example.com', { ip: '192.0.2.2' });
    const unknown = await Promise.all(wrongCodes(code).map((token) => t().app.passwordReset.verifyToken('nobody@example.com', token)));
    expect(summary(unknown)).toEqual(summary(known));
    expect(summary(known).filter((line) => /(try|tries) left/.test(line))).toHaveLength(4);
  });

  it('50 forgot-password requests at once issue and mail one code (one a minute)', async () => {
    await Promise.all(Array.from({ length: 50 }, (_, i) => t().app.passwordReset.forgot(email, { ip: `198.51.100.${i}` })));
    await t().app.passwordReset.settled();
    expect(t().mailer.sent.filter((mail) => mail.to === email)).toHaveLength(1);
    const live = await t().app.db.selectFrom('one_time_codes').select('id').where('user_id', '=', userId).where('purpose', '=', 'password_reset').execute();
    expect(live).toHaveLength(1);
  });

  it('50 new-code requests at once issue and mail one code; five an hour holds under bursts too', async () => {
    await t().app.db.updateTable('users').set({ email_verified_at: null }).where('id', '=', userId).execute();
    for (let minute = 0; minute < 6; minute += 1) {
      const answers = await Promise.all(Array.from({ length: 50 }, () => t().app.onboarding.resendVerificationCode(userId)));
      expect(answers.filter((answer) => answer.ok), `minute ${minute}`).toHaveLength(minute < emailVerificationPolicy.maxPerHour ? 1 : 0);
      t().clock.advance(61_000);
    }
    expect(t().mailer.sent.filter((mail) => mail.to === email)).toHaveLength(emailVerificationPolicy.maxPerHour);
    expect(passwordResetPolicy.maxPerHour).toBe(5);
  });
});
