import { beforeEach, describe, expect, it } from 'vitest';
import { describeOnEngines } from '../../testing/on-engines.ts';
import { customer, newKey, securityCode, testPassword, testPin } from '../../testing/customers.ts';
import { balanceOf } from '../../testing/balances.ts';
import { nubanFor } from '../../../lib/nuban.ts';
import { wrongPasswordMessage } from '../settings/settings-service.ts';
import { accountFrozenMessage } from './frozen.ts';
import { freezeRequestMessage, frozenByCodeMessage, notFrozenMessage } from './account-freeze.ts';
import type { FreezeSubject } from '../../../lib/safety-schemas.ts';
import { inEnglish } from '../../testing/in-english.ts';

const naira = (value: number) => value * 100;
const gtbAccount = nubanFor('000000123', { cbnCode: '058', nipCode: '000013' });

describeOnEngines('freezing an account on %s', (t) => {
  let me: { userId: string; accountNumber: string };
  let email: string;
  let other: { userId: string; accountNumber: string };

  beforeEach(async () => {
    me = await customer(t().app, { balance: naira(50_000) });
    other = await customer(t().app);
    email = (await t().app.users.findById(me.userId))!.email;
  });

  const mailsTo = (to: string) => t().mailer.sent.filter((mail) => mail.to === to);
  const sendLocal = (key = newKey(), pin = testPin) =>
    t().app.transfers.sendLocal(me.userId, me.accountNumber, { account_number: other.accountNumber, amount: naira(1_000), narration: '', pin, save_beneficiary: false }, key);
  const pinAttempts = async () => (await t().app.users.findById(me.userId))!.pin_failed_attempts;

  /** Every kind of debit the bank offers, from my account. */
  const everyDebit = () => ({
    local: sendLocal(),
    bank: t().app.transfers.sendToBank(me.userId, me.accountNumber, { account_number: gtbAccount, bank_code: '000013', amount: naira(1_000), narration: '', pin: testPin, save_beneficiary: false }, newKey()),
    airtime: t().app.bills.buyAirtime(me.userId, me.accountNumber, { network_id: 'mtn', phone_number: '08031234567', amount: naira(500), pin: testPin }, newKey()),
    data: (async () => {
      const plans = await t().app.bills.dataPlans('mtn');
      if (!plans.ok) throw new Error('no plans');
      return t().app.bills.buyData(me.userId, me.accountNumber, { provider_id: 'mtn', plan_id: plans.value[0]!.id, phone_number: '08031234567', pin: testPin }, newKey());
    })(),
    electricity: t().app.bills.buyElectricity(me.userId, me.accountNumber, { provider_id: 'ikeja-electric', meter_number: '45012345678', meter_type: 'prepaid', amount: naira(2_000), pin: testPin }, newKey()),
    cable: t().app.bills.buyCable(me.userId, me.accountNumber, { provider_id: 'dstv', package_id: 'dstv-compact', smartcard_number: '7023456789', pin: testPin }, newKey()),
  });

  describe('signed in, with the password', () => {
    it('refuses every kind of debit (423 ACCOUNT_FROZEN, no PIN try spent, nothing moved) while credits still land', async () => {
      const phone = await t().app.sessions.create(me.userId);
      const here = await t().app.sessions.create(me.userId);

      const frozen = await t().app.freeze.freeze(me.userId, here.session.id, { password: testPassword });
      expect(frozen).toMatchObject({ ok: true, value: { signedOutSessions: 1, alreadyFrozen: false } });
      expect(await t().app.sessions.resolve(phone.token)).toEqual({ status: 'expired', reason: 'revoked' });
      expect(await t().app.sessions.resolve(here.token)).toMatchObject({ status: 'active' });
      expect(await t().app.freeze.state(me.userId)).toMatchObject({ frozen: true, via: 'password' });

      const [mail] = mailsTo(email);
      expect(mail?.subject).toMatch(/your account is frozen/);
      expect(mail?.text).toContain('Unfreeze my account');
      expect(mail?.text).toContain('password, your transaction PIN and the answer to your security question');

      const attempts = await Promise.all(Object.values(everyDebit()));
      for (const result of attempts) expect(result).toMatchObject({ ok: false, code: 'ACCOUNT_FROZEN', message: accountFrozenMessage });
      // Even a wrong PIN is not looked at: the freeze answers first.
      expect(await sendLocal(newKey(), '9999')).toMatchObject({ ok: false, code: 'ACCOUNT_FROZEN' });
      expect(await pinAttempts()).toBe(0);
      expect(await balanceOf(t().app, me.accountNumber)).toBe(naira(50_000));

      const arrived = await t().app.inbound.receiveInterbank({ account_number: me.accountNumber, amount: naira(2_500), sender_name: 'BAKARE TUNDE', sender_bank_code: '000013' });
      expect(arrived).toMatchObject({ ok: true, value: { type: 'credit', status: 'successful' } });
      const local = await t().app.transfers.sendLocal(other.userId, other.accountNumber, { account_number: me.accountNumber, amount: naira(1), narration: '', pin: testPin, save_beneficiary: false }, newKey());
      expect(local.ok).toBe(false); // `other` has no money: only to show a debit from another customer is not refused as frozen
      expect(local).not.toMatchObject({ code: 'ACCOUNT_FROZEN' });
      expect(await balanceOf(t().app, me.accountNumber)).toBe(naira(52_500));
    });

    it('still replays a payment finished before the freeze (a retry must not look like a refusal)', async () => {
      const key = newKey();
      const first = await sendLocal(key);
      expect(first.ok).toBe(true);
      await t().app.freeze.freeze(me.userId, null, { password: testPassword });
      const retry = await sendLocal(key);
      expect(retry).toMatchObject({ ok: true, replayed: true });
      expect(await balanceOf(t().app, me.accountNumber)).toBe(naira(50_000) - naira(1_000) - (first.ok ? first.value.transaction.fee : 0));
    });

    it('refuses a wrong password as a failed sign-in and changes nothing', async () => {
      const wrong = await t().app.freeze.freeze(me.userId, null, { password: 'not-my-password' });
      expect(wrong).toMatchObject({ ok: false, code: 'INVALID_CREDENTIALS', errors: { password: [wrongPasswordMessage] } });
      expect(await t().app.freeze.state(me.userId)).toMatchObject({ frozen: false });
      expect(mailsTo(email)).toHaveLength(0);
      expect((await t().app.db.selectFrom('login_failures').select('failures').where('email', '=', email).executeTakeFirst())?.failures).toBe(1);
      expect((await sendLocal()).ok).toBe(true);
    });
  });

  describe('unfreezing', () => {
    beforeEach(async () => {
      await t().app.freeze.freeze(me.userId, null, { password: testPassword });
      t().mailer.sent.length = 0;
    });

    it('needs a security code (by SMS and email) and the PIN; a wrong code spends no PIN try, each wrong one changes nothing', async () => {
      const code = await securityCode(t(), me.userId, 'unfreeze');
      expect(t().sms.sent.at(-1)?.text).toContain('UNFREEZE');
      expect(mailsTo(email).at(-1)?.text).toContain(code);
      t().mailer.sent.length = 0;
      const unfreeze = (fields: Partial<{ code: string; pin: string }>) => t().app.freeze.unfreeze(me.userId, { code, pin: testPin, ...fields });

      expect(await unfreeze({ code: code === '111111' ? '111112' : '111111' })).toMatchObject({ ok: false, code: 'INVALID_OTP', errors: { code: [expect.anything()] } });
      expect(await pinAttempts()).toBe(0);
      expect(inEnglish(await unfreeze({ pin: '9999' }))).toMatchObject({ ok: false, code: 'INVALID_PIN', errors: { pin: [expect.stringContaining('Wrong PIN')] } });
      expect(await t().app.freeze.state(me.userId)).toMatchObject({ frozen: true });
      expect(mailsTo(email)).toHaveLength(0);

      expect(await unfreeze({})).toMatchObject({ ok: true });
      expect(await t().app.freeze.state(me.userId)).toEqual({ frozen: false, frozenAt: null, via: null });
      const [mail] = mailsTo(email);
      expect(mail?.subject).toMatch(/your account is unfrozen/);
      expect((await sendLocal()).ok).toBe(true);

      expect(await unfreeze({})).toMatchObject({ ok: false, code: 'VALIDATION_FAILED', message: notFrozenMessage });
    });

    it('refuses a code asked for another change, and an expired one', async () => {
      const other = await securityCode(t(), me.userId, 'instant_payments');
      expect(await t().app.freeze.unfreeze(me.userId, { code: other, pin: testPin })).toMatchObject({ ok: false, code: 'INVALID_OTP' });
      const code = await securityCode(t(), me.userId, 'unfreeze');
      t().clock.advance(10 * 60_000);
      expect(await t().app.freeze.unfreeze(me.userId, { code, pin: testPin })).toMatchObject({ ok: false, code: 'OTP_EXPIRED' });
      expect(await t().app.freeze.state(me.userId)).toMatchObject({ frozen: true });
    });
  });

  describe('from /freeze, signed out, with an emailed code', () => {
    const byAccount = (accountNumber: string): FreezeSubject => ({ kind: 'account', accountNumber });
    const unknownAccount = () => nubanFor(String(100_000_000 + Math.floor(Math.random() * 800_000_000)), { cbnCode: '999', nipCode: '999999' });

    it('freezes with the right code: every session ends and the owner is told', async () => {
      const laptop = await t().app.sessions.create(me.userId);
      const asked = await t().app.freeze.request(byAccount(me.accountNumber), { ip: '10.0.0.1' });
      expect(asked).toEqual({ ok: true, value: { message: freezeRequestMessage } });
      // The code is issued and mailed after the answer (alike for an unknown account).
      expect(mailsTo(email)).toHaveLength(0);
      await t().app.freeze.settled();
      const code = t().mailer.lastCode(email);
      expect(mailsTo(email)[0]?.text).toMatch(/FREEZE your .* account/);

      expect(await t().app.freeze.confirm(byAccount(me.accountNumber), code)).toEqual({ ok: true, value: { message: frozenByCodeMessage } });
      expect(await t().app.freeze.state(me.userId)).toMatchObject({ frozen: true, via: 'code' });
      expect(await t().app.sessions.resolve(laptop.token)).toEqual({ status: 'expired', reason: 'revoked' });
      expect(mailsTo(email).at(-1)?.subject).toMatch(/your account is frozen/);
      expect(await sendLocal()).toMatchObject({ ok: false, code: 'ACCOUNT_FROZEN' });
      // Single use.
      expect(await t().app.freeze.confirm(byAccount(me.accountNumber), code)).toMatchObject({ ok: false, code: 'INVALID_OTP' });
    });

    it('texts the code too when the customer has SMS alerts on (the default), and not once they turned them off', async () => {
      const phone = (await t().app.users.findById(me.userId))!.phone_number;
      expect(await t().app.alerts.setSms(me.userId, { sms: false, accept_indemnity: true })).toMatchObject({ ok: true });
      await t().app.freeze.request(byAccount(me.accountNumber), { ip: '10.0.0.6' });
      await t().app.freeze.settled();
      expect(t().sms.sent.filter((message) => message.to === phone)).toHaveLength(0);

      expect(await t().app.alerts.setSms(me.userId, { sms: true })).toMatchObject({ ok: true });
      t().clock.advance(61_000);
      await t().app.freeze.request(byAccount(me.accountNumber), { ip: '10.0.0.6' });
      await t().app.freeze.settled();
      const [text] = t().sms.sent.filter((message) => message.to === phone);
      const code = t().mailer.lastCode(email);
      expect(text?.text).toContain(`${code} is your code to FREEZE your account`);
      expect(text!.text.length).toBeLessThanOrEqual(160);
    });

    it('works by email address too', async () => {
      await t().app.freeze.request({ kind: 'email', email }, { ip: '10.0.0.2' });
      await t().app.freeze.settled();
      expect(await t().app.freeze.confirm({ kind: 'email', email }, t().mailer.lastCode(email))).toMatchObject({ ok: true });
      expect(await t().app.freeze.state(me.userId)).toMatchObject({ frozen: true });
    });

    it('answers a known and an unknown account identically, request and every wrong code alike', async () => {
      const nobody = unknownAccount();
      const known = await t().app.freeze.request(byAccount(me.accountNumber), { ip: '10.0.0.3' });
      const unknown = await t().app.freeze.request(byAccount(nobody), { ip: '10.0.0.3' });
      expect(unknown).toEqual(known);
      const knownMail = await t().app.freeze.request({ kind: 'email', email }, { ip: '10.0.0.3' });
      const unknownMail = await t().app.freeze.request({ kind: 'email', email: 'nobody-here@example.com' }, { ip: '10.0.0.3' });
      expect(unknownMail).toEqual(knownMail);
      await t().app.freeze.settled();
      expect(t().mailer.sent.filter((mail) => mail.to === 'nobody-here@example.com')).toHaveLength(0);

      const right = t().mailer.lastCode(email);
      const wrong = right === '000000' ? '111111' : '000000';
      const answers = { known: [] as unknown[], unknown: [] as unknown[] };
      for (let attempt = 0; attempt < 7; attempt += 1) {
        answers.known.push(await t().app.freeze.confirm(byAccount(me.accountNumber), wrong));
        answers.unknown.push(await t().app.freeze.confirm(byAccount(nobody), wrong));
      }
      expect(answers.unknown).toEqual(answers.known);
      expect(inEnglish(answers.known[0])).toMatchObject({ ok: false, code: 'INVALID_OTP', errors: { code: [expect.stringContaining('4 tries left')] } });
      expect(inEnglish(answers.known[4])).toMatchObject({ ok: false, code: 'INVALID_OTP', message: expect.stringContaining('Too many wrong tries') });
      // The code is dead: even the right one is refused now.
      expect(await t().app.freeze.confirm(byAccount(me.accountNumber), right)).toMatchObject({ ok: false, code: 'INVALID_OTP' });
      expect(await t().app.freeze.state(me.userId)).toMatchObject({ frozen: false });

      // Never asked for: the same "no valid code" answer either way.
      const stranger = unknownAccount();
      expect(await t().app.freeze.confirm(byAccount(stranger), wrong)).toEqual(await t().app.freeze.confirm(byAccount(other.accountNumber), wrong));
    });

    it('counts a burst of parallel guesses before checking them: at most 5 are ever compared', async () => {
      await t().app.freeze.request(byAccount(me.accountNumber), { ip: '10.0.0.4' });
      await t().app.freeze.settled();
      const right = t().mailer.lastCode(email);
      const guesses = Array.from({ length: 30 }, (_, index) => String((Number(right) + 1 + index) % 1_000_000).padStart(6, '0'));
      const answers = await Promise.all(guesses.map((guess) => t().app.freeze.confirm(byAccount(me.accountNumber), guess)));
      expect(answers.every((result) => !result.ok && result.code === 'INVALID_OTP')).toBe(true);
      const row = await t().app.db.selectFrom('one_time_codes').select(['attempts', 'consumed_at']).where('user_id', '=', me.userId).where('purpose', '=', 'account_freeze').executeTakeFirstOrThrow();
      expect(row.attempts).toBeLessThanOrEqual(5);
      expect(row.consumed_at).not.toBeNull();
      expect(await t().app.freeze.confirm(byAccount(me.accountNumber), right)).toMatchObject({ ok: false, code: 'INVALID_OTP' });
      expect(await t().app.freeze.state(me.userId)).toMatchObject({ frozen: false });

      // An unknown account's imitation code holds the same bound.
      const nobody = unknownAccount();
      await t().app.freeze.request(byAccount(nobody), { ip: '10.0.0.4' });
      await t().app.freeze.settled();
      await Promise.all(guesses.map((guess) => t().app.freeze.confirm(byAccount(nobody), guess)));
      const decoy = await t().app.db.selectFrom('freeze_decoys').select(['attempts', 'alive']).where('subject', '=', `account:${nobody}`).executeTakeFirstOrThrow();
      expect(decoy).toEqual({ attempts: 5, alive: 0 });
    });

    it('limits requests per network address (429 with Retry-After), known or unknown alike', async () => {
      const { maxPerIp } = t().app.freeze.ipPolicy;
      for (let index = 0; index < maxPerIp; index += 1) {
        const subject = index % 2 ? byAccount(me.accountNumber) : byAccount(unknownAccount());
        expect(await t().app.freeze.request(subject, { ip: '10.9.9.9' })).toMatchObject({ ok: true });
      }
      expect(await t().app.freeze.request(byAccount(me.accountNumber), { ip: '10.9.9.9' })).toMatchObject({ ok: false, code: 'RATE_LIMITED', retryAfterSeconds: expect.any(Number) });
      expect(await t().app.freeze.request(byAccount(unknownAccount()), { ip: '10.9.9.9' })).toMatchObject({ ok: false, code: 'RATE_LIMITED' });
      expect(await t().app.freeze.request(byAccount(me.accountNumber), { ip: '10.9.9.8' })).toMatchObject({ ok: true });
      await t().app.freeze.settled();
    });

    it('mails at most one code a minute to a customer, however many are asked for', async () => {
      await Promise.all(Array.from({ length: 5 }, () => t().app.freeze.request(byAccount(me.accountNumber), { ip: '10.0.0.5' })));
      await t().app.freeze.settled();
      expect(mailsTo(email)).toHaveLength(1);
    });
  });
});
