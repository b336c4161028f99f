import { beforeEach, describe, expect, it } from 'vitest';
import { changePasswordSchema, changePinSchema, changeSecurityQuestionSchema } from '../../../lib/settings-schemas.ts';
import { describeOnEngines } from '../../testing/on-engines.ts';
import { customer, registered, testPassword, testPin, registrationForm } from '../../testing/customers.ts';
import { passwordChangedMessage, samePinMessage, wrongAnswerMessage, wrongPasswordMessage } from './settings-service.ts';
import { inEnglish } from '../../testing/in-english.ts';

const newPassword = 'mango-lagoon-lantern-47';
const answer = 'Corona School';

describeOnEngines('settings on %s', (t) => {
  let userId: string;
  let email: string;
  let sessionId: string;

  beforeEach(async () => {
    ({ userId, email } = await customer(t().app));
    sessionId = (await t().app.sessions.create(userId)).session.id;
  });

  const row = async () => (await t().app.users.findById(userId))!;
  const mailsTo = (to: string) => t().mailer.sent.filter((mail) => mail.to === to);
  const changePassword = (current: string, password = newPassword, confirmation = password) =>
    t().app.settings.changePassword(userId, sessionId, changePasswordSchema.parse({ current_password: current, password, password_confirmation: confirmation }));
  const changePin = (fields: Record<string, string>) => t().app.settings.changePin(userId, changePinSchema.parse(fields));

  describe('password', () => {
    it('changes it, keeps this session, signs every other one out and mails "If this wasn\'t you"', async () => {
      const phone = await t().app.sessions.create(userId);
      const laptop = await t().app.sessions.create(userId);
      const thisOne = await t().app.sessions.create(userId);
      sessionId = thisOne.session.id;

      const changed = await changePassword(testPassword);
      expect(changed).toEqual({ ok: true, value: { message: { key: 'settings.done.passwordMany', params: { count: 3 } }, signedOutSessions: 3 } });
      if (changed.ok) expect(inEnglish(changed.value.message)).toBe('Password changed. We signed out 3 other devices.');

      expect(await t().app.sessions.resolve(thisOne.token)).toMatchObject({ status: 'active' });
      expect(await t().app.sessions.resolve(phone.token)).toEqual({ status: 'expired', reason: 'revoked' });
      expect(await t().app.sessions.resolve(laptop.token)).toEqual({ status: 'expired', reason: 'revoked' });

      expect(await t().app.auth.login({ email, password: newPassword })).toMatchObject({ ok: true });
      expect(await t().app.auth.login({ email, password: testPassword })).toMatchObject({ ok: false, code: 'INVALID_CREDENTIALS' });

      const [mail] = mailsTo(email);
      expect(mail?.subject).toMatch(/your password was changed/);
      expect(mail?.text).toContain("If this wasn't you");
      expect(mail?.text).not.toContain(newPassword);
    });

    it('counts a wrong current password as a failed sign-in: after five, even the right one is refused', async () => {
      const before = (await row()).password_hash;
      for (let attempt = 1; attempt <= 4; attempt += 1) {
        const wrong = await changePassword('not-my-password');
        expect(wrong).toMatchObject({ ok: false, code: 'INVALID_CREDENTIALS', errors: { current_password: [wrongPasswordMessage] } });
      }
      expect(await changePassword('not-my-password')).toMatchObject({ ok: false, code: 'ACCOUNT_LOCKED' });
      expect(await changePassword(testPassword)).toMatchObject({ ok: false, code: 'ACCOUNT_LOCKED', retryAfterSeconds: expect.any(Number) });
      expect(await t().app.auth.login({ email, password: testPassword })).toMatchObject({ ok: false, code: 'ACCOUNT_LOCKED' });
      expect((await row()).password_hash).toBe(before);
      expect(mailsTo(email)).toHaveLength(0);

      // The lock runs out like a sign-in lock does.
      t().clock.advance(16 * 60_000);
      expect(await changePassword(testPassword)).toMatchObject({ ok: true });
    });

    it('refuses a guessable new password and changes nothing', async () => {
      const before = await row();
      const other = await t().app.sessions.create(userId);
      const weak = await changePassword(testPassword, 'password123');
      expect(inEnglish(weak)).toMatchObject({ ok: false, code: 'VALIDATION_FAILED', errors: { password: [expect.stringMatching(/too common/)] } });
      expect((await row()).password_hash).toBe(before.password_hash);
      expect(await t().app.sessions.resolve(other.token)).toMatchObject({ status: 'active' });
      expect(mailsTo(email)).toHaveLength(0);
    });

    it('keeps the change when the confirmation mail cannot be sent', async () => {
      t().mailer.send = async () => {
        throw new Error('SMTP is down');
      };
      expect(await changePassword(testPassword)).toMatchObject({ ok: true });
      expect(await t().app.auth.login({ email, password: newPassword })).toMatchObject({ ok: true });
    });
  });

  describe('security question', () => {
    it('changes the question and answer with the password, mails, and the new answer resets the PIN', async () => {
      const changed = await t().app.settings.changeSecurityQuestion(
        userId,
        changeSecurityQuestionSchema.parse({ password: testPassword, security_question_id: '4', answer: '  Nokia  3310 ' }),
      );
      expect(changed).toMatchObject({ ok: true, value: { user: { id: userId, is_security_question_set: true } } });
      expect((await row()).security_question_id).toBe(4);
      const [mail] = mailsTo(email);
      expect(mail?.subject).toMatch(/security question was changed/);
      expect(mail?.text).toContain("If this wasn't you");

      expect(await changePin({ password: testPassword, security_answer: answer, pin: '4826', pin_confirmation: '4826' })).toMatchObject({
        ok: false,
        code: 'INVALID_CREDENTIALS',
        errors: { security_answer: [wrongAnswerMessage] },
      });
      expect(await changePin({ password: testPassword, security_answer: 'nokia 3310', pin: '4826', pin_confirmation: '4826' })).toMatchObject({ ok: true });
      expect(await t().app.pins.confirm(userId, '4826')).toEqual({ ok: true, value: undefined });
    });

    it('refuses a wrong password, counts it, and changes nothing', async () => {
      const before = await row();
      const wrong = await t().app.settings.changeSecurityQuestion(userId, changeSecurityQuestionSchema.parse({ password: 'guess', security_question_id: 3, answer: 'Tobi' }));
      expect(wrong).toMatchObject({ ok: false, code: 'INVALID_CREDENTIALS', errors: { password: [wrongPasswordMessage] } });
      const after = await row();
      expect([after.security_question_id, after.security_answer_hash]).toEqual([before.security_question_id, before.security_answer_hash]);
      const failures = await t().app.db.selectFrom('login_failures').select('failures').where('email', '=', email).executeTakeFirst();
      expect(failures?.failures).toBe(1);
    });
  });

  describe('PIN', () => {
    it('changes it with the current PIN and mails', async () => {
      const changed = await changePin({ current_pin: testPin, pin: '4826', pin_confirmation: '4826' });
      expect(changed).toMatchObject({ ok: true, value: { user: { is_transaction_pin_set: true } } });
      expect(await t().app.pins.confirm(userId, '4826')).toMatchObject({ ok: true });
      expect(await t().app.pins.confirm(userId, testPin)).toMatchObject({ ok: false, code: 'INVALID_PIN' });
      const [mail] = mailsTo(email);
      expect(mail?.subject).toMatch(/transaction PIN was changed/i);
      expect(mail?.text).toContain("If this wasn't you");
    });

    it('refuses the same PIN again, either way', async () => {
      const before = (await row()).transaction_pin_hash;
      expect(await changePin({ current_pin: testPin, pin: testPin, pin_confirmation: testPin })).toMatchObject({ ok: false, code: 'VALIDATION_FAILED', errors: { pin: [samePinMessage] } });
      expect(await changePin({ password: testPassword, security_answer: answer, pin: testPin, pin_confirmation: testPin })).toMatchObject({
        ok: false,
        code: 'VALIDATION_FAILED',
        errors: { pin: [samePinMessage] },
      });
      expect((await row()).transaction_pin_hash).toBe(before);
      expect(mailsTo(email)).toHaveLength(0);
    });

    it('counts wrong current PINs toward the PIN lock; a locked PIN is refused but password and answer lift it', async () => {
      const before = (await row()).transaction_pin_hash;
      for (let attempt = 1; attempt <= 4; attempt += 1) {
        expect(inEnglish(await changePin({ current_pin: '9999', pin: '4826', pin_confirmation: '4826' }))).toMatchObject({
          ok: false,
          code: 'INVALID_PIN',
          errors: { current_pin: [expect.stringMatching(/Wrong PIN/)] },
        });
      }
      const locked = await changePin({ current_pin: '9999', pin: '4826', pin_confirmation: '4826' });
      expect(locked).toMatchObject({ ok: false, code: 'PIN_LOCKED' });
      if (!locked.ok) expect(locked.message.key).toBe('said.settings.pinLockedManyHint');
      if (!locked.ok) expect(inEnglish(locked.message)).toContain('Forgot your PIN? Reset it with your password and security answer.');
      expect(await changePin({ current_pin: testPin, pin: '4826', pin_confirmation: '4826' })).toMatchObject({ ok: false, code: 'PIN_LOCKED' });
      expect(await t().app.pins.lockedUntil(userId)).not.toBeNull();
      expect((await row()).transaction_pin_hash).toBe(before);

      const reset = await changePin({ password: testPassword, security_answer: ' corona   SCHOOL', pin: '4826', pin_confirmation: '4826' });
      expect(reset).toMatchObject({ ok: true });
      expect(await t().app.pins.lockedUntil(userId)).toBeNull();
      expect((await row()).pin_failed_attempts).toBe(0);
      expect(await t().app.pins.confirm(userId, '4826')).toEqual({ ok: true, value: undefined });
      const [mail] = mailsTo(email);
      expect(mail?.subject).toMatch(/transaction PIN was reset/i);
      expect(mail?.text).toContain("If this wasn't you");
    });

    it('counts a wrong security answer as a failed sign-in, so guessing it locks the account', async () => {
      const before = (await row()).transaction_pin_hash;
      for (let attempt = 1; attempt <= 4; attempt += 1) {
        expect(await changePin({ password: testPassword, security_answer: 'Greensprings', pin: '4826', pin_confirmation: '4826' })).toMatchObject({
          ok: false,
          code: 'INVALID_CREDENTIALS',
          errors: { security_answer: [wrongAnswerMessage] },
        });
      }
      expect(await changePin({ password: testPassword, security_answer: 'Greensprings', pin: '4826', pin_confirmation: '4826' })).toMatchObject({ ok: false, code: 'ACCOUNT_LOCKED' });
      expect(await changePin({ password: testPassword, security_answer: answer, pin: '4826', pin_confirmation: '4826' })).toMatchObject({ ok: false, code: 'ACCOUNT_LOCKED' });
      expect((await row()).transaction_pin_hash).toBe(before);
    });

    it('refuses a wrong password before looking at the answer', async () => {
      expect(await changePin({ password: 'wrong-password', security_answer: answer, pin: '4826', pin_confirmation: '4826' })).toMatchObject({
        ok: false,
        code: 'INVALID_CREDENTIALS',
        errors: { password: [wrongPasswordMessage] },
      });
    });
  });

  it('asks a customer who has not finished onboarding to finish it first', async () => {
    const opened = await registered(t(), registrationForm({ first_name: 'Bisi', last_name: 'Lawal', email: 'bisi.lawal@example.com', phone_number: '0812 345 6789', password: 'plantain-rainfall-compass-8' }));
    const id = opened.user.id;
    expect(await t().app.settings.changePin(id, changePinSchema.parse({ password: 'plantain-rainfall-compass-8', security_answer: 'x y', pin: '4826', pin_confirmation: '4826' }))).toMatchObject({
      ok: false,
      code: 'ONBOARDING_INCOMPLETE',
    });
    expect(
      await t().app.settings.changeSecurityQuestion(id, changeSecurityQuestionSchema.parse({ password: 'plantain-rainfall-compass-8', security_question_id: 1, answer: 'Corona' })),
    ).toMatchObject({ ok: false, code: 'ONBOARDING_INCOMPLETE' });
  });
});

describe('what a password change says', () => {
  it('says one other device in the singular and any other count with its number', () => {
    expect(passwordChangedMessage(1)).toEqual({ key: 'settings.done.passwordOne' });
    for (const count of [0, 2, 5]) expect(passwordChangedMessage(count)).toEqual({ key: 'settings.done.passwordMany', params: { count } });
    expect(inEnglish(passwordChangedMessage(1))).toBe('Password changed. We signed out 1 other device.');
    expect(inEnglish(passwordChangedMessage(0))).toBe('Password changed. We signed out 0 other devices.');
  });
});
