import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loginSchema } from '../../../lib/schemas.ts';
import { resetPasswordSchema } from '../../../lib/recovery-schemas.ts';
import { describeOnEngines } from '../../testing/on-engines.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { createOnboardedCustomer } from '../../demo/onboarded-customer.ts';
import { forgotPasswordMessage, passwordResetMessage } from './password-reset.ts';
import { hashSecret, normaliseAnswer } from './secrets.ts';
import { inEnglish } from '../../testing/in-english.ts';

const email = 'bisi.adewale@example.com';
const oldPassword = 'correct horse battery staple';
const newPassword = 'yam-pepper-lagoon-canoe-77';
const minute = 60_000;
const fifteenMinutes = 15 * minute;
const home = { ip: '192.0.2.10' };

/** A different 6-digit code, by construction. */
function wrongCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

function resetInput(token: string, password = newPassword, confirmation = password) {
  return resetPasswordSchema.parse({ email, token, password, password_confirmation: confirmation });
}

let hashes: { password: string; pin: string; answer: string };
beforeAll(async () => {
  const [password, pin, answer] = await Promise.all([hashSecret(oldPassword), hashSecret('2580'), hashSecret(normaliseAnswer('Corona School'))]);
  hashes = { password, pin, answer };
});

describeOnEngines('password reset on %s', (t) => {
  let userId: string;

  beforeEach(async () => {
    ({ userId } = await createOnboardedCustomer(t().app, {
      firstName: 'Bisi',
      lastName: 'Adewale',
      email,
      phoneNumber: '+2348031110001',
      password: oldPassword,
      pin: '2580',
      hashes,
    }));
  });

  /** Asks for a code and waits for the work done after the answer (issuing and mailing it). */
  async function forgot(...args: Parameters<TestApp['app']['passwordReset']['forgot']>) {
    const answer = await t().app.passwordReset.forgot(...args);
    await t().app.passwordReset.settled();
    return answer;
  }
  const resetMails = () => t().mailer.sent.filter((mail) => /password reset code is \d{6}/.test(mail.text));
  const login = (password: string) => t().app.auth.login(loginSchema.parse({ email, password }), home);

  async function requestCode(): Promise<string> {
    const before = resetMails().length;
    const answer = await forgot(email, home);
    expect(answer).toEqual({ ok: true, value: { message: forgotPasswordMessage } });
    expect(resetMails()).toHaveLength(before + 1);
    return t().mailer.lastCode(email);
  }

  describe('asking for a code', () => {
    it('answers a registered and an unknown email the same, and mails only the registered one', async () => {
      const known = await forgot(email, home);
      const unknown = await forgot('nobody.here@example.com', home);
      expect(known).toEqual(unknown);
      expect(inEnglish(known)).toEqual({ ok: true, value: { message: 'If an account uses that email address, we have sent it a 6-digit code. It works for 15 minutes.' } });
      expect(t().mailer.sent.map((mail) => mail.to)).toEqual([email]);
      const [mail] = t().mailer.sent;
      expect(mail!.subject).toMatch(/^\d{6} is your .+ password reset code$/);
      expect(mail!.text).toMatch(/Hello Bisi,/);
      expect(mail!.text).toMatch(/password reset code is \d{6}\. It expires in 15 minutes and works once\./);
    });

    it('keeps its answer when the mail fails', async () => {
      t().mailer.send = async () => {
        throw new Error('smtp down');
      };
      expect(await forgot(email, home)).toEqual({ ok: true, value: { message: forgotPasswordMessage } });
    });

    it('throttles each customer silently: one code a minute, five an hour, always the same answer', async () => {
      const first = await requestCode();
      const again = await forgot(email, home);
      expect(again).toEqual({ ok: true, value: { message: forgotPasswordMessage } });
      expect(resetMails()).toHaveLength(1);
      // The refused request left the first code alive.
      expect(await t().app.passwordReset.verifyToken(email, first)).toEqual({ ok: true, value: { valid: true } });

      for (let count = 2; count <= 5; count += 1) {
        t().clock.advance(minute + 1000);
        await requestCode();
      }
      t().clock.advance(minute + 1000);
      expect(await forgot(email, home)).toEqual({ ok: true, value: { message: forgotPasswordMessage } });
      expect(resetMails()).toHaveLength(5);
    });

    it('kills the previous code when a new one is sent', async () => {
      const first = await requestCode();
      t().clock.advance(minute + 1000);
      const second = await requestCode();
      expect(second).not.toBe(first);
      const old = await t().app.passwordReset.verifyToken(email, first);
      // Both codes could collide by chance (1 in a million); then the old one "works" as the new.
      if (first !== second) expect(old).toMatchObject({ ok: false, code: 'INVALID_OTP' });
      expect(await t().app.passwordReset.verifyToken(email, second)).toEqual({ ok: true, value: { valid: true } });
    });

    it('refuses an eleventh request from one network within 15 minutes with 429, whatever the email', async () => {
      for (let request = 1; request <= 10; request += 1) {
        const answer = await forgot(request % 2 ? email : `someone${request}@example.com`, home);
        expect(answer.ok, `request ${request}`).toBe(true);
      }
      const refused = await forgot('someone.else@example.com', home);
      expect(inEnglish(refused)).toMatchObject({ ok: false, code: 'RATE_LIMITED', message: 'Too many password reset requests from this network. Try again in 15 minutes.' });
      expect(!refused.ok && refused.retryAfterSeconds).toBe(900);
      // Another network is not affected; this one is again after the window.
      expect((await forgot(email, { ip: '198.51.100.7' })).ok).toBe(true);
      t().clock.advance(fifteenMinutes);
      expect((await forgot(email, home)).ok).toBe(true);
    });
  });

  describe('checking a code', () => {
    it('accepts the right code without spending it', async () => {
      const code = await requestCode();
      expect(await t().app.passwordReset.verifyToken(email, code)).toEqual({ ok: true, value: { valid: true } });
      expect(await t().app.passwordReset.verifyToken(email, code)).toEqual({ ok: true, value: { valid: true } });
      expect(await t().app.passwordReset.reset(resetInput(code), home)).toEqual({ ok: true, value: { message: passwordResetMessage } });
    });

    it('counts wrong tries, says how many are left, and kills the code after five', async () => {
      const code = await requestCode();
      for (let attempt = 1; attempt <= 4; attempt += 1) {
        const left = 5 - attempt;
        const expected = `That code is not right. You have ${left} ${left === 1 ? 'try' : 'tries'} left.`;
        expect(inEnglish(await t().app.passwordReset.verifyToken(email, wrongCode(code)))).toEqual({ ok: false, code: 'INVALID_OTP', message: expected, errors: { token: [expected] } });
      }
      const dead = await t().app.passwordReset.verifyToken(email, wrongCode(code));
      expect(inEnglish(dead)).toMatchObject({ ok: false, code: 'INVALID_OTP', message: 'Too many wrong tries: that code no longer works. Ask for a new code.' });
      expect(!dead.ok && dead.errors?.token).toEqual([!dead.ok && dead.message]);
      expect(await t().app.passwordReset.verifyToken(email, code)).toMatchObject({ ok: false, code: 'INVALID_OTP' });
      expect(await t().app.passwordReset.reset(resetInput(code), home)).toMatchObject({ ok: false, code: 'INVALID_OTP' });
      expect((await login(oldPassword)).ok).toBe(true);
    });

    it('expires the code after 15 minutes', async () => {
      const code = await requestCode();
      t().clock.advance(fifteenMinutes - 1000);
      expect(await t().app.passwordReset.verifyToken(email, code)).toEqual({ ok: true, value: { valid: true } });
      t().clock.advance(1000);
      const expired = await t().app.passwordReset.verifyToken(email, code);
      expect(inEnglish(expired)).toMatchObject({ ok: false, code: 'OTP_EXPIRED', message: 'That code has expired. Ask for a new code.', errors: { token: ['That code has expired. Ask for a new code.'] } });
      expect(await t().app.passwordReset.reset(resetInput(code), home)).toMatchObject({ ok: false, code: 'OTP_EXPIRED' });
    });

    it('answers for an unknown email exactly as for a wrong code', async () => {
      const stranger = 'nobody.here@example.com';
      // Without a request, as for a customer with no live code.
      const noCode = await t().app.passwordReset.verifyToken(stranger, '123456');
      const customerWithoutCode = await t().app.passwordReset.verifyToken(email, '123456');
      expect(noCode).toEqual(customerWithoutCode);

      await forgot(stranger, home);
      const code = await requestCode();
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        const unknown = await t().app.passwordReset.verifyToken(stranger, '123456');
        const known = await t().app.passwordReset.verifyToken(email, wrongCode(code));
        expect(unknown, `attempt ${attempt}`).toEqual(known);
      }
      expect(await t().app.passwordReset.reset(resetPasswordSchema.parse({ email: stranger, token: '123456', password: newPassword, password_confirmation: newPassword }), home)).toEqual(
        await t().app.passwordReset.reset(resetInput(code), home),
      );
    });
  });

  describe('setting the new password', () => {
    it('refuses a weak password without spending the code', async () => {
      const code = await requestCode();
      const weak = await t().app.passwordReset.reset(resetInput(code, 'password123'), home);
      expect(inEnglish(weak)).toMatchObject({ ok: false, code: 'VALIDATION_FAILED', errors: { password: [expect.stringContaining('too common or easy to guess')] } });
      // The customer's own name is guessable too.
      expect(await t().app.passwordReset.reset(resetInput(code, 'bisiadewale'), home)).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
      expect(await t().app.passwordReset.reset(resetInput(code), home)).toEqual({ ok: true, value: { message: passwordResetMessage } });
    });

    it('stores the new password, ends every session, and works once', async () => {
      const phone = await login(oldPassword);
      const laptop = await login(oldPassword);
      if (!phone.ok || !laptop.ok) throw new Error('sign-in failed');
      const code = await requestCode();

      expect(await t().app.passwordReset.reset(resetInput(code), home)).toEqual({ ok: true, value: { message: passwordResetMessage } });
      expect(await t().app.sessions.resolve(phone.value.token)).toEqual({ status: 'expired', reason: 'revoked' });
      expect(await t().app.sessions.resolve(laptop.value.token)).toEqual({ status: 'expired', reason: 'revoked' });
      const revoked = await t().app.db.selectFrom('sessions').select('revoke_reason').where('user_id', '=', userId).execute();
      expect(revoked.map((row) => row.revoke_reason)).toEqual(['password_reset', 'password_reset']);

      expect(await login(oldPassword)).toMatchObject({ ok: false, code: 'INVALID_CREDENTIALS' });
      expect((await login(newPassword)).ok).toBe(true);
      const user = await t().app.users.findById(userId);
      expect(user!.password_hash).toMatch(/^\$argon2id\$v=19\$/);

      // Single use: the same code cannot set another password.
      expect(await t().app.passwordReset.reset(resetInput(code, 'another-mango-harbour-99'), home)).toMatchObject({ ok: false, code: 'INVALID_OTP' });
      expect((await login(newPassword)).ok).toBe(true);
    });

    it('lets one of two racing resets with the same code win', async () => {
      const code = await requestCode();
      const answers = await Promise.all([
        t().app.passwordReset.reset(resetInput(code, 'first-racer-mango-harbour'), home),
        t().app.passwordReset.reset(resetInput(code, 'second-racer-kettle-lagoon'), home),
      ]);
      expect(answers.filter((answer) => answer.ok)).toHaveLength(1);
      expect(answers.find((answer) => !answer.ok)).toMatchObject({ ok: false, code: 'INVALID_OTP' });
      const winner = answers[0]!.ok ? 'first-racer-mango-harbour' : 'second-racer-kettle-lagoon';
      expect((await login(winner)).ok).toBe(true);
    });

    it('lifts a sign-in lock', async () => {
      for (let attempt = 1; attempt <= 5; attempt += 1) await login(`wrong-password-${attempt}`);
      expect(await login(oldPassword)).toMatchObject({ ok: false, code: 'ACCOUNT_LOCKED' });
      const code = await requestCode();
      expect((await t().app.passwordReset.reset(resetInput(code), home)).ok).toBe(true);
      expect((await login(newPassword)).ok).toBe(true);
    });

    it('emails the customer that the password was reset', async () => {
      const code = await requestCode();
      await t().app.passwordReset.reset(resetInput(code), home);
      const mail = t().mailer.sent.at(-1)!;
      expect(mail.to).toBe(email);
      expect(mail.subject).toMatch(/your password was reset$/);
      expect(mail.text).toContain('Your password was reset with a code sent to this email address.');
      expect(mail.text).toContain('Every device that was signed in has been signed out.');
      expect(mail.text).toContain("If this wasn't you");
    });
  });
});
