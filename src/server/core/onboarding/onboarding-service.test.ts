import { beforeEach, describe, expect, it } from 'vitest';
import { addressSchema } from '../../../lib/address-schema.ts';
import { pinSchema, securityQuestionSchema } from '../../../lib/schemas.ts';
import { describeOnEngines } from '../../testing/on-engines.ts';
import { unverifiedCustomer, registrationForm } from '../../testing/customers.ts';
import { normaliseAnswer, verifySecret } from '../auth/secrets.ts';
import { emailVerificationPolicy } from '../codes/one-time-codes.ts';
import { inEnglish } from '../../testing/in-english.ts';

const email = 'emeka.nwosu@example.com';
const argon2idPhc = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/;

const address = addressSchema.parse({ address: '12 Awolowo Road', city: 'Ikoyi', state: 'Lagos', lga: 'Eti-Osa' });
const pin = pinSchema.parse({ pin: '4826', pin_confirmation: '4826' });
const securityQuestion = securityQuestionSchema.parse({ security_question_id: '2', answer: '  Onitsha  Town ' });

/** A different 6-digit code, by construction. */
function wrongCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

describeOnEngines('onboarding service on %s', (t) => {
  let userId: string;
  let token: string;
  let sessionId: string;

  beforeEach(async () => {
    // The legacy path: a signed-in customer whose email is not verified (accounts opened before
    // registrations waited for the code); new customers arrive verified (registration-service.test.ts).
    const opened = await unverifiedCustomer(t(), registrationForm({ first_name: 'Emeka', last_name: 'Nwosu', email, phone_number: '0705 123 4567', password: 'plantain-rainfall-compass-8' }));
    ({ token, sessionId } = opened);
    userId = opened.user.id;
  });

  async function verify(): Promise<void> {
    const result = await t().app.onboarding.verifyEmail(userId, t().mailer.lastCode(email));
    if (!result.ok) throw new Error(`verify failed: ${result.code}`);
  }

  async function codeRows() {
    return t().app.db.selectFrom('one_time_codes').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
  }

  describe('the whole journey', () => {
    it('goes register → verify → address → PIN → security question, with a fresh session at the end', async () => {
      const verified = await t().app.onboarding.verifyEmail(userId, t().mailer.lastCode(email));
      if (!verified.ok) throw new Error(`verify failed: ${verified.code}`);
      expect(verified.value).toMatchObject({
        is_email_verified: true,
        is_address_submitted: false,
        is_transaction_pin_set: false,
        is_security_question_set: false,
      });

      const addressed = await t().app.onboarding.submitAddress(userId, address);
      if (!addressed.ok) throw new Error(`address failed: ${addressed.code}`);
      expect(addressed.value).toMatchObject({ is_email_verified: true, is_address_submitted: true, is_transaction_pin_set: false });

      const pinned = await t().app.onboarding.setPin(userId, pin);
      if (!pinned.ok) throw new Error(`PIN failed: ${pinned.code}`);
      expect(pinned.value).toMatchObject({ is_address_submitted: true, is_transaction_pin_set: true, is_security_question_set: false });

      const done = await t().app.onboarding.setSecurityQuestion(userId, sessionId, securityQuestion, { ip: '192.0.2.50' });
      if (!done.ok) throw new Error(`security question failed: ${done.code}`);
      expect(done.value.user).toMatchObject({
        is_email_verified: true,
        is_address_submitted: true,
        is_transaction_pin_set: true,
        is_security_question_set: true,
      });
      expect(done.value.token).not.toBe(token);
      expect(done.value.sessionId).not.toBe(sessionId);

      expect(await t().app.sessions.resolve(token)).toEqual({ status: 'expired', reason: 'revoked' });
      const fresh = await t().app.sessions.resolve(done.value.token);
      expect(fresh.status).toBe('active');
      if (fresh.status === 'active') expect(fresh.session).toMatchObject({ id: done.value.sessionId, user_id: userId, ip: '192.0.2.50' });

      const profile = await t().app.users.loadProfile(userId);
      expect(profile!.user.security_question_id).toBe(2);
    });

    it('stores the PIN only as an HMAC under the server key and the security answer only as an argon2id hash', async () => {
      await verify();
      await t().app.onboarding.submitAddress(userId, address);
      await t().app.onboarding.setPin(userId, pin);
      await t().app.onboarding.setSecurityQuestion(userId, sessionId, securityQuestion);

      const row = (await t().app.users.findById(userId))!;
      expect(row.transaction_pin_hash).toMatch(/^\$hmac-sha256\$[A-Za-z0-9_-]{43}$/);
      expect(row.pin_key_version).toBe(t().app.pinHasher.keyVersions()[0]);
      expect(row.security_answer_hash).toMatch(argon2idPhc);
      expect(JSON.stringify(row)).not.toContain('4826');
      expect(JSON.stringify(row).toLowerCase()).not.toContain('onitsha');
      expect(await t().app.pinHasher.verify(userId, '4826', row.transaction_pin_hash!, row.pin_key_version)).toEqual({ ok: true, upgrade: null });
      expect(await t().app.pinHasher.verify(userId, '4827', row.transaction_pin_hash!, row.pin_key_version)).toMatchObject({ ok: false });
      // The answer is compared as people retype it: case and spacing do not matter.
      expect(await verifySecret(normaliseAnswer('onitsha town'), row.security_answer_hash!)).toBe(true);
      expect(await verifySecret(normaliseAnswer('Onitsha'), row.security_answer_hash!)).toBe(false);
    });

    it('accepts a verification code again once verified, without consuming anything', async () => {
      await verify();
      const again = await t().app.onboarding.verifyEmail(userId, '000000');
      expect(again).toMatchObject({ ok: true, value: { is_email_verified: true } });
      expect(inEnglish(await t().app.onboarding.resendVerificationCode(userId))).toEqual({
        ok: true,
        value: { message: 'Your email address is already verified.' },
      });
      expect(t().mailer.sent).toHaveLength(1);
    });
  });

  describe('verification codes', () => {
    it('says how many tries are left, and kills the code after 5 wrong tries', async () => {
      const code = t().mailer.lastCode(email);
      const wrong = wrongCode(code);
      const left = ['4 tries', '3 tries', '2 tries', '1 try'];
      for (const expected of left) {
        const result = await t().app.onboarding.verifyEmail(userId, wrong);
        expect(result).toMatchObject({ ok: false, code: 'INVALID_OTP' });
        if (result.ok) return;
        expect(inEnglish(result.message)).toContain(`${expected} left`);
        expect(inEnglish(result.errors?.otp?.[0])).toContain(`${expected} left`);
      }
      const fifth = await t().app.onboarding.verifyEmail(userId, wrong);
      expect(fifth).toMatchObject({ ok: false, code: 'INVALID_OTP' });
      if (!fifth.ok) expect(inEnglish(fifth.message)).toMatch(/too many wrong tries/i);

      const right = await t().app.onboarding.verifyEmail(userId, code);
      expect(right).toMatchObject({ ok: false, code: 'INVALID_OTP' });
      expect((await t().app.users.loadProfile(userId))!.user.email_verified_at).toBeNull();
    });

    it('works once only', async () => {
      const code = t().mailer.lastCode(email);
      expect((await t().app.onboarding.verifyEmail(userId, code)).ok).toBe(true);
      expect(await t().app.codes.verify(userId, 'email_verification', code, emailVerificationPolicy)).toMatchObject({ ok: false, code: 'INVALID_OTP' });
    });

    it('stores only a hash of the code', async () => {
      const code = t().mailer.lastCode(email);
      const [row] = await codeRows();
      expect(row!.code_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(row)).not.toContain(code);
    });

    it('expires a code after 10 minutes', async () => {
      const code = t().mailer.lastCode(email);
      t().clock.advance(10 * 60_000);
      expect(await t().app.onboarding.verifyEmail(userId, code)).toMatchObject({ ok: false, code: 'OTP_EXPIRED' });
      expect((await t().app.users.loadProfile(userId))!.user.email_verified_at).toBeNull();
    });

    it('still takes a code a moment before it expires', async () => {
      const code = t().mailer.lastCode(email);
      t().clock.advance(10 * 60_000 - 1_000);
      expect((await t().app.onboarding.verifyEmail(userId, code)).ok).toBe(true);
    });

    it('refuses a new code within a minute of the last one', async () => {
      t().clock.advance(20_000);
      const result = await t().app.onboarding.resendVerificationCode(userId);
      expect(result).toMatchObject({ ok: false, code: 'RATE_LIMITED', retryAfterSeconds: 40 });
      expect(t().mailer.sent).toHaveLength(1);
    });

    it('sends a new code after a minute, and the old one is dead', async () => {
      const oldCode = t().mailer.lastCode(email);
      t().clock.advance(60_000);
      const resent = await t().app.onboarding.resendVerificationCode(userId);
      expect(inEnglish(resent)).toEqual({ ok: true, value: { message: `We have sent a new code to ${email}.` } });
      expect(t().mailer.sent).toHaveLength(2);
      const newCode = t().mailer.lastCode(email);

      const rows = await codeRows();
      expect(rows).toHaveLength(2);
      expect(rows[0]!.consumed_at).not.toBeNull();
      expect(rows[1]!.consumed_at).toBeNull();

      // (The two random codes coincide one time in a million; then there is no old code to refuse.)
      if (newCode !== oldCode) {
        expect(await t().app.onboarding.verifyEmail(userId, oldCode)).toMatchObject({ ok: false, code: 'INVALID_OTP' });
      }
      expect((await t().app.onboarding.verifyEmail(userId, newCode)).ok).toBe(true);
    });

    it('gives a fresh set of tries with a new code', async () => {
      const wrong = wrongCode(t().mailer.lastCode(email));
      for (let attempt = 0; attempt < 5; attempt += 1) await t().app.onboarding.verifyEmail(userId, wrong);
      t().clock.advance(60_000);
      expect((await t().app.onboarding.resendVerificationCode(userId)).ok).toBe(true);
      expect((await t().app.onboarding.verifyEmail(userId, t().mailer.lastCode(email))).ok).toBe(true);
    });

    it('sends at most 5 codes an hour, counting the one sent at registration', async () => {
      for (let resend = 0; resend < 4; resend += 1) {
        t().clock.advance(61_000);
        const result = await t().app.onboarding.resendVerificationCode(userId);
        expect(result.ok, `resend ${resend + 1}`).toBe(true);
      }
      expect(t().mailer.sent).toHaveLength(5);

      t().clock.advance(61_000);
      const limited = await t().app.onboarding.resendVerificationCode(userId);
      expect(limited).toMatchObject({ ok: false, code: 'RATE_LIMITED' });
      if (limited.ok) return;
      // The registration code was sent 5 × 61 s ago; it leaves the hour's count in the rest of the hour.
      expect(limited.retryAfterSeconds).toBe(3_600 - 5 * 61);
      expect(t().mailer.sent).toHaveLength(5);

      t().clock.advance((limited.retryAfterSeconds! - 1) * 1_000);
      expect(await t().app.onboarding.resendVerificationCode(userId)).toMatchObject({ ok: false, code: 'RATE_LIMITED', retryAfterSeconds: 1 });
      t().clock.advance(1_000);
      expect((await t().app.onboarding.resendVerificationCode(userId)).ok).toBe(true);
      expect(t().mailer.sent).toHaveLength(6);
    });
  });

  describe('order of the steps', () => {
    it('refuses the address before the email is verified', async () => {
      const result = await t().app.onboarding.submitAddress(userId, address);
      expect(inEnglish(result)).toEqual({ ok: false, code: 'ONBOARDING_INCOMPLETE', message: 'First verify your email address.' });
      expect((await t().app.users.loadProfile(userId))!.hasAddress).toBe(false);
    });

    it('refuses the PIN before the address', async () => {
      await verify();
      const result = await t().app.onboarding.setPin(userId, pin);
      expect(inEnglish(result)).toEqual({ ok: false, code: 'ONBOARDING_INCOMPLETE', message: 'First add your address.' });
      expect((await t().app.users.findById(userId))!.transaction_pin_hash).toBeNull();
    });

    it('refuses the security question before the PIN, and keeps the session', async () => {
      await verify();
      await t().app.onboarding.submitAddress(userId, address);
      const result = await t().app.onboarding.setSecurityQuestion(userId, sessionId, securityQuestion);
      expect(inEnglish(result)).toEqual({ ok: false, code: 'ONBOARDING_INCOMPLETE', message: 'First set your transaction PIN.' });
      expect((await t().app.users.findById(userId))!.security_answer_hash).toBeNull();
      expect((await t().app.sessions.resolve(token)).status).toBe('active');
    });

    it('refuses a second PIN: changing it is a settings call', async () => {
      await verify();
      await t().app.onboarding.submitAddress(userId, address);
      expect((await t().app.onboarding.setPin(userId, pin)).ok).toBe(true);
      const before = (await t().app.users.findById(userId))!.transaction_pin_hash;
      const again = await t().app.onboarding.setPin(userId, pinSchema.parse({ pin: '9051', pin_confirmation: '9051' }));
      expect(again).toMatchObject({ ok: false, code: 'DUPLICATE' });
      expect((await t().app.users.findById(userId))!.transaction_pin_hash).toBe(before);
    });

    it('tells the loser of two racing PIN submissions that the PIN is already set', async () => {
      await verify();
      await t().app.onboarding.submitAddress(userId, address);
      const other = pinSchema.parse({ pin: '9051', pin_confirmation: '9051' });
      const results = await Promise.all([t().app.onboarding.setPin(userId, pin), t().app.onboarding.setPin(userId, other)]);
      expect(results.map((result) => result.ok).sort()).toEqual([false, true]);
      const winner = results[0]!.ok ? '4826' : '9051';
      expect(results.find((result) => !result.ok)).toMatchObject({ code: 'DUPLICATE' });
      const row = (await t().app.users.findById(userId))!;
      expect(await t().app.pinHasher.verify(userId, winner, row.transaction_pin_hash!, row.pin_key_version)).toMatchObject({ ok: true });
    });

    it('tells the loser of two racing security-question submissions that it is already set, and keeps its session', async () => {
      await verify();
      await t().app.onboarding.submitAddress(userId, address);
      await t().app.onboarding.setPin(userId, pin);
      const other = securityQuestionSchema.parse({ security_question_id: 4, answer: 'Nokia' });
      const results = await Promise.all([
        t().app.onboarding.setSecurityQuestion(userId, sessionId, securityQuestion),
        t().app.onboarding.setSecurityQuestion(userId, sessionId, other),
      ]);
      expect(results.map((result) => result.ok).sort()).toEqual([false, true]);
      expect(results.find((result) => !result.ok)).toMatchObject({ code: 'DUPLICATE' });
      const winner = results[0]!.ok ? { id: 2, answer: 'onitsha town' } : { id: 4, answer: 'nokia' };
      const row = (await t().app.users.findById(userId))!;
      expect(row.security_question_id).toBe(winner.id);
      expect(await verifySecret(winner.answer, row.security_answer_hash!)).toBe(true);
      const sessions = await t().app.db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute();
      expect(sessions).toHaveLength(2);
    });

    it('refuses a second security question and leaves the new session alone', async () => {
      await verify();
      await t().app.onboarding.submitAddress(userId, address);
      await t().app.onboarding.setPin(userId, pin);
      const first = await t().app.onboarding.setSecurityQuestion(userId, sessionId, securityQuestion);
      if (!first.ok) throw new Error('first security question failed');
      const again = await t().app.onboarding.setSecurityQuestion(
        userId,
        first.value.sessionId,
        securityQuestionSchema.parse({ security_question_id: 4, answer: 'Nokia' }),
      );
      expect(again).toMatchObject({ ok: false, code: 'DUPLICATE' });
      expect((await t().app.sessions.resolve(first.value.token)).status).toBe('active');
    });
  });

  describe('address', () => {
    it('is validated by the schema: an LGA from another state never reaches the service', () => {
      const parsed = addressSchema.safeParse({ address: '12 Awolowo Road', city: 'Ikoyi', state: 'Lagos', lga: 'Albasu' });
      expect(parsed.success).toBe(false);
    });

    it('can be submitted again to correct it', async () => {
      await verify();
      expect((await t().app.onboarding.submitAddress(userId, address)).ok).toBe(true);
      const moved = addressSchema.parse({ address: '3 Murtala Mohammed Way', city: 'Kano', state: 'Kano', lga: 'Albasu' });
      const updated = await t().app.onboarding.submitAddress(userId, moved);
      expect(updated).toMatchObject({ ok: true, value: { is_address_submitted: true } });
      const rows = await t().app.db.selectFrom('addresses').selectAll().where('user_id', '=', userId).execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ address: '3 Murtala Mohammed Way', city: 'Kano', state: 'Kano', lga: 'Albasu' });
    });
  });
});
