import { describe, expect, it } from 'vitest';
import { describeOnEngines } from '../../testing/on-engines.ts';
import { balanceOf } from '../../testing/balances.ts';
import { customer, newKey, securityCode, testPin } from '../../testing/customers.ts';
import { nubanFor } from '../../../lib/nuban.ts';
import { kobo } from '../../../lib/money.ts';
import { newId } from '../ids.ts';
import { newCustomerRow } from '../users/user-repository.ts';
import { inEnglish } from '../../testing/in-english.ts';

const naira = (value: number) => kobo(value * 100);
const hourMs = 3_600_000;
const gtb = nubanFor('123456789', { cbnCode: '058', nipCode: '000013' });

/**
 * The customer's own daily limit, the new-browser cap and the switch for
 * instant transfers, on both engines with a manual clock. The cap is on here (₦20,000, 24 hours);
 * the test app's default turns it off for every other test.
 */
describeOnEngines('customer limits on %s', { env: { NEW_DEVICE_CAP_NAIRA: '20000' } }, (t) => {
  const app = () => t().app;
  const sendLocal = (from: { userId: string; accountNumber: string }, to: string, amount: number, pin = testPin) =>
    app().transfers.sendLocal(from.userId, from.accountNumber, { account_number: to, amount, narration: '', pin, save_beneficiary: false }, newKey());
  const sendToBank = (from: { userId: string; accountNumber: string }, amount: number, pin = testPin) =>
    app().transfers.sendToBank(from.userId, from.accountNumber, { account_number: gtb, bank_code: '000013', amount, narration: '', pin, save_beneficiary: false }, newKey());
  /** A customer whose account is past its first day (the opening window closed). */
  async function established(balance = naira(500_000)) {
    const made = await customer(app(), { balance });
    t().clock.advance(25 * hourMs);
    return made;
  }
  const mailsTo = (email: string) => t().mailer.sent.filter((message) => message.to === email);
  const pinTries = async (userId: string) => (await app().db.selectFrom('users').select('pin_failed_attempts').where('id', '=', userId).executeTakeFirstOrThrow()).pin_failed_attempts;

  describe('the overview (GET /v1/limits, the dashboard), read in one statement', () => {
    it("counts today's debits on the customer's account, and only theirs", async () => {
      const me = await established();
      const other = await established();
      expect(await app().limits.overview(me.userId)).toMatchObject({ tier: 3, used_today: 0, own_daily_limit: null, pending_raise: null, new_browser_cap: null, instant_payments: true });
      expect(await sendLocal(me, other.accountNumber, naira(1_500))).toMatchObject({ ok: true });
      expect(await sendToBank(me, naira(250))).toMatchObject({ ok: true });
      expect(await app().limits.overview(me.userId)).toMatchObject({ used_today: naira(1_750), daily_limit: naira(5_000_000) });
      // The credit is not a debit of the recipient's.
      expect((await app().limits.overview(other.userId)).used_today).toBe(0);
      // The next day in Lagos starts from nothing.
      t().clock.advance(24 * hourMs);
      expect((await app().limits.overview(me.userId)).used_today).toBe(0);
    });

    it('a customer with no account yet: the tier\'s limit, nothing used, no cap', async () => {
      const at = t().clock.now().toISOString();
      const userId = newId('usr');
      const suffix = String(Date.now()).slice(-8);
      await app().users.insert(newCustomerRow({ id: userId, first_name: 'No', last_name: 'Account', email: `no-account-${suffix}@example.com`, phone_number: `+23481${suffix}`, password_hash: 'x', email_verified_at: at }, at));
      // A new customer is Tier 0 (nothing proved) with Tier 1's figures until money may move (docs/decisions/024-identity-before-money.md).
      expect(await app().limits.overview(userId)).toEqual({ tier: 0, tier_daily_limit: naira(50_000), own_daily_limit: null, daily_limit: naira(50_000), used_today: 0, pending_raise: null, new_browser_cap: null, new_browser_cap_in: null, instant_payments: true });
    });

    it('an unknown user is an error, not an empty answer', async () => {
      await expect(app().limits.overview('usr_nobody')).rejects.toThrow(/no row/);
    });
  });

  describe('the own daily limit', () => {
    it('lowered, refuses a transfer over it at once, naming it; the tier limit alone words it as before', async () => {
      const me = await established();
      const other = await customer(app());
      const lowered = await app().limits.setDailyLimit(me.userId, { limit: naira(10_000) });
      expect(lowered).toMatchObject({ ok: true, value: { change: 'lowered', message: { key: 'settings.limits.lowered', params: { limit: { kobo: naira(10_000) } } }, limits: { own_daily_limit: naira(10_000), daily_limit: naira(10_000), pending_raise: null } } });
      expect(mailsTo(me.email).at(-1)?.subject).toContain('Your daily limit is now ₦10,000.00');

      expect(await sendLocal(me, other.accountNumber, naira(6_000))).toMatchObject({ ok: true });
      const refused = await sendLocal(me, other.accountNumber, naira(4_001));
      expect(refused).toMatchObject({ ok: false, code: 'LIMIT_EXCEEDED' });
      if (refused.ok) return;
      expect(inEnglish(refused.message)).toContain('own daily limit of ₦10,000.00');
      expect(inEnglish(refused.errors?.amount?.[0])).toContain('₦4,000.00');
      expect(await sendLocal(me, other.accountNumber, naira(4_000))).toMatchObject({ ok: true });
      // A bill payment counts against it too.
      expect(await app().bills.buyAirtime(me.userId, me.accountNumber, { network_id: 'mtn', phone_number: '08031234567', amount: naira(100), pin: testPin }, newKey())).toMatchObject({ ok: false, code: 'LIMIT_EXCEEDED' });
    });

    it('a raise needs a security code and the PIN; a wrong or expired code spends no PIN try, a wrong PIN counts', async () => {
      const me = await established();
      await app().limits.setDailyLimit(me.userId, { limit: naira(10_000) });
      const before = await app().limits.overview(me.userId);

      expect(inEnglish(await app().limits.setDailyLimit(me.userId, { limit: naira(40_000) }))).toMatchObject({ ok: false, code: 'VALIDATION_FAILED', errors: { code: [expect.any(String)], pin: [expect.any(String)] } });
      expect(inEnglish(await app().limits.setDailyLimit(me.userId, { limit: naira(40_000), code: '123456', pin: testPin }))).toMatchObject({ ok: false, code: 'INVALID_OTP', errors: { code: [expect.any(String)] } });
      const code = await securityCode(t(), me.userId, 'daily_limit');
      const wrong = code === '000000' ? '000001' : '000000';
      expect(inEnglish(await app().limits.setDailyLimit(me.userId, { limit: naira(40_000), code: wrong, pin: testPin }))).toMatchObject({ ok: false, code: 'INVALID_OTP', errors: { code: [expect.any(String)] } });
      expect(await pinTries(me.userId)).toBe(0);
      // A code for another change is refused for this one.
      const other = await securityCode(t(), me.userId, 'instant_payments');
      if (other !== code) expect(await app().limits.setDailyLimit(me.userId, { limit: naira(40_000), code: other, pin: testPin })).toMatchObject({ ok: false, code: 'INVALID_OTP' });
      expect(inEnglish(await app().limits.setDailyLimit(me.userId, { limit: naira(40_000), code, pin: '0000' }))).toMatchObject({ ok: false, code: 'INVALID_PIN', errors: { pin: [expect.any(String)] } });
      expect(await pinTries(me.userId)).toBe(1);
      expect(await app().limits.overview(me.userId)).toEqual(before);
      // Ten minutes on, the code is expired: refused before the PIN.
      t().clock.advance(10 * 60_000);
      expect(await app().limits.setDailyLimit(me.userId, { limit: naira(40_000), code, pin: testPin })).toMatchObject({ ok: false, code: 'OTP_EXPIRED' });
      expect(await pinTries(me.userId)).toBe(1);
    });

    it('of a burst carrying the same right code, one raise succeeds', async () => {
      const me = await established();
      await app().limits.setDailyLimit(me.userId, { limit: naira(10_000) });
      const code = await securityCode(t(), me.userId, 'daily_limit');
      const answers = await Promise.all(Array.from({ length: 5 }, () => app().limits.setDailyLimit(me.userId, { limit: naira(40_000), code, pin: testPin })));
      expect(answers.filter((answer) => answer.ok)).toHaveLength(1);
      expect(answers.filter((answer) => !answer.ok).every((answer) => !answer.ok && answer.code === 'INVALID_OTP')).toBe(true);
    });

    it('a raise applies only after 24 hours, told by email; meanwhile the old limit holds', async () => {
      const me = await established();
      const other = await customer(app());
      await app().limits.setDailyLimit(me.userId, { limit: naira(10_000) });
      const raised = await app().limits.setDailyLimit(me.userId, { limit: naira(40_000), code: await securityCode(t(), me.userId, 'daily_limit'), pin: testPin });
      expect(raised).toMatchObject({ ok: true, value: { change: 'raise', limits: { own_daily_limit: naira(10_000), pending_raise: { daily_limit: naira(40_000) } } } });
      if (!raised.ok) return;
      expect(raised.value.message).toEqual({ key: 'said.api.dailyRaise', params: { limit: { kobo: naira(40_000) }, at: { at: raised.value.limits.pending_raise!.applies_at } } });
      // Times are given to the second.
      expect(Math.abs(Date.parse(raised.value.limits.pending_raise!.applies_at) - t().clock.now().getTime() - 24 * hourMs)).toBeLessThan(1000);
      const mail = mailsTo(me.email).at(-1)!;
      expect(mail.subject).toContain('rises to ₦40,000.00');
      expect(mail.text).toContain('If this wasn\'t you');

      expect(await sendLocal(me, other.accountNumber, naira(20_000))).toMatchObject({ ok: false, code: 'LIMIT_EXCEEDED' });
      t().clock.advance(23 * hourMs);
      expect(await sendLocal(me, other.accountNumber, naira(20_000))).toMatchObject({ ok: false, code: 'LIMIT_EXCEEDED' });
      t().clock.advance(hourMs);
      expect(await sendLocal(me, other.accountNumber, naira(20_000))).toMatchObject({ ok: true });
      expect(await app().limits.overview(me.userId)).toMatchObject({ own_daily_limit: naira(40_000), pending_raise: null });
    });

    it('is never above the tier’s, and lowering drops a waiting raise', async () => {
      const me = await customer(app(), { tier: 1 });
      expect(inEnglish(await app().limits.setDailyLimit(me.userId, { limit: naira(50_000) + 1, code: '123456', pin: testPin }))).toMatchObject({ ok: false, code: 'VALIDATION_FAILED', errors: { limit: [expect.stringContaining('₦50,000.00')] } });
      await app().limits.setDailyLimit(me.userId, { limit: naira(5_000) });
      await app().limits.setDailyLimit(me.userId, { limit: naira(30_000), code: await securityCode(t(), me.userId, 'daily_limit'), pin: testPin });
      expect(await app().limits.setDailyLimit(me.userId, { limit: naira(3_000) })).toMatchObject({ ok: true, value: { limits: { own_daily_limit: naira(3_000), pending_raise: null } } });
    });

    it('a burst of parallel debits cannot get past it', async () => {
      const me = await established();
      const other = await customer(app());
      await app().limits.setDailyLimit(me.userId, { limit: naira(10_000) });
      const results = await Promise.all(Array.from({ length: 12 }, () => sendLocal(me, other.accountNumber, naira(1_500))));
      expect(results.filter((result) => result.ok)).toHaveLength(6);
      expect(results.filter((result) => !result.ok).every((result) => !result.ok && result.code === 'LIMIT_EXCEEDED')).toBe(true);
      expect(await balanceOf(app(), other.accountNumber)).toBe(naira(9_000));
    });
  });

  describe('the new-browser cap', () => {
    it('a new account may move out at most ₦20,000 in total in its first 24 hours; money in is capped on its own', async () => {
      const me = await customer(app(), { balance: naira(100_000) });
      const other = await customer(app());
      expect(await app().limits.overview(me.userId)).toMatchObject({ new_browser_cap: { limit: naira(20_000), used: 0, left: naira(20_000), reason: 'new_account' } });
      expect(await sendLocal(me, other.accountNumber, naira(15_000))).toMatchObject({ ok: true });
      const refused = await sendLocal(me, other.accountNumber, naira(5_001));
      expect(refused).toMatchObject({ ok: false, code: 'LIMIT_EXCEEDED' });
      if (!refused.ok) expect(inEnglish(refused.message)).toContain('new-browser limit');
      // Money in has its own ₦20,000: what left does not use it up, and more than it is refused whole.
      expect(await app().inbound.receiveInterbank({ account_number: me.accountNumber, amount: naira(150_000), sender_name: 'EZE OBI', sender_bank_code: '000013' })).toMatchObject({ ok: false, code: 'CREDIT_NOT_PERMITTED' });
      expect(await app().inbound.receiveInterbank({ account_number: me.accountNumber, amount: naira(20_000), sender_name: 'EZE OBI', sender_bank_code: '000013' })).toMatchObject({ ok: true });
      expect(await sendLocal(me, other.accountNumber, naira(5_000))).toMatchObject({ ok: true });
      t().clock.advance(24 * hourMs);
      expect((await app().limits.overview(me.userId)).new_browser_cap).toBeNull();
      expect(await app().inbound.receiveInterbank({ account_number: me.accountNumber, amount: naira(150_000), sender_name: 'EZE OBI', sender_bank_code: '000013' })).toMatchObject({ ok: true });
      expect(await sendLocal(me, other.accountNumber, naira(50_000))).toMatchObject({ ok: true });
    });

    it('a sign-in from a new browser opens the cap and is told by email with the /freeze link; the same browser again is known', async () => {
      const me = await established();
      const other = await customer(app());
      const sign = { origin: 'https://bank.example', ip: '203.0.113.9', userAgent: 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36' };
      const first = await app().limits.recogniseSignIn(me.userId, { ...sign, deviceCookie: undefined });
      expect(first.newBrowser).toBe(true);
      const mail = mailsTo(me.email).at(-1)!;
      expect(mail.subject).toContain('New sign-in');
      expect(mail.text).toContain('New sign-in on');
      expect(mail.text).toContain('Chrome on Android');
      expect(mail.text).toContain('freeze your account now: https://bank.example/freeze');
      expect(await app().limits.overview(me.userId)).toMatchObject({ new_browser_cap: { limit: naira(20_000), reason: 'new_browser' } });
      expect(await sendLocal(me, other.accountNumber, naira(20_001))).toMatchObject({ ok: false, code: 'LIMIT_EXCEEDED' });

      const mails = mailsTo(me.email).length;
      expect(await app().limits.recogniseSignIn(me.userId, { ...sign, deviceCookie: first.deviceCookie })).toEqual({ deviceCookie: first.deviceCookie, newBrowser: false });
      expect(mailsTo(me.email)).toHaveLength(mails);
      // The only copy of the device id is in the cookie: the database keeps its hash.
      const stored = await app().db.selectFrom('known_devices').select('device_hash').where('user_id', '=', me.userId).execute();
      expect(stored).toHaveLength(1);
      expect(first.deviceCookie).not.toContain(stored[0]!.device_hash);

      t().clock.advance(24 * hourMs);
      expect(await sendLocal(me, other.accountNumber, naira(50_000))).toMatchObject({ ok: true });
    });

    it('a forged or unsigned device cookie, or another customer’s browser, counts as a new browser', async () => {
      const me = await established();
      const someoneElse = await established();
      const sign = { origin: 'http://127.0.0.1:4321', ip: null, userAgent: null };
      const mine = await app().limits.recogniseSignIn(me.userId, { ...sign, deviceCookie: undefined });
      const [id] = mine.deviceCookie.split('.');
      for (const forged of [id!, `${id}.${'A'.repeat(43)}`, 'not-a-cookie']) {
        const answer = await app().limits.recogniseSignIn(me.userId, { ...sign, deviceCookie: forged });
        expect(answer.newBrowser).toBe(true);
        expect(answer.deviceCookie).not.toBe(forged);
      }
      expect((await app().limits.recogniseSignIn(someoneElse.userId, { ...sign, deviceCookie: mine.deviceCookie })).newBrowser).toBe(true);
      // The browser that opened an account is known from its first sign-in on.
      const opened = await customer(app());
      const atOpening = await app().limits.recogniseAccountOpening(opened.userId, undefined);
      expect((await app().limits.recogniseSignIn(opened.userId, { ...sign, deviceCookie: atOpening.deviceCookie })).newBrowser).toBe(false);
    });

    it('signing in again from yet another browser never refills the allowance', async () => {
      const me = await established();
      const other = await customer(app());
      const sign = { origin: 'http://127.0.0.1:4321', ip: null, userAgent: null, deviceCookie: undefined };
      await app().limits.recogniseSignIn(me.userId, sign);
      expect(await sendLocal(me, other.accountNumber, naira(15_000))).toMatchObject({ ok: true });
      t().clock.advance(20 * hourMs);
      await app().limits.recogniseSignIn(me.userId, sign);
      expect(await app().limits.overview(me.userId)).toMatchObject({ new_browser_cap: { used: naira(15_000), left: naira(5_000) } });
      t().clock.advance(10 * hourMs);
      // 30 hours after the first sign-in, the window the second one extended is still open.
      expect(await sendLocal(me, other.accountNumber, naira(5_001))).toMatchObject({ ok: false, code: 'LIMIT_EXCEEDED' });
    });

    it('a burst of parallel transfers and bill payments cannot get past it', async () => {
      const me = await customer(app(), { balance: naira(200_000) });
      const other = await customer(app());
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, index) =>
          index % 3 === 0
            ? app().bills.buyAirtime(me.userId, me.accountNumber, { network_id: 'mtn', phone_number: '08031234567', amount: naira(3_000), pin: testPin }, newKey())
            : sendLocal(me, other.accountNumber, naira(3_000)),
        ),
      );
      expect(results.filter((result) => result.ok)).toHaveLength(6);
      const out = await app().db.selectFrom('transactions').select((eb) => eb.fn.sum<number>('amount').as('total')).where('account_number', '=', me.accountNumber).where('type', '=', 'debit').where('status', 'in', ['successful', 'pending']).executeTakeFirstOrThrow();
      expect(Number(out.total)).toBe(naira(18_000));
    });
  });

  describe('the instant-payments switch', () => {
    it('off: a transfer to another bank is 423 INSTANT_PAYMENTS_OFF without a PIN try; inside the bank still works', async () => {
      const me = await established();
      const other = await customer(app());
      expect(await app().limits.setInstantPayments(me.userId, { enabled: false, code: await securityCode(t(), me.userId, 'instant_payments'), pin: testPin })).toMatchObject({ ok: true, value: { message: { key: 'said.limits.instantOff' }, limits: { instant_payments: false } } });
      expect(mailsTo(me.email).at(-1)?.subject).toBe('Instant transfers to other banks are off');
      const refused = await sendToBank(me, naira(1_000), '0000');
      expect(refused).toMatchObject({ ok: false, code: 'INSTANT_PAYMENTS_OFF' });
      if (!refused.ok) expect(inEnglish(refused.message)).toContain('turn them on in Settings');
      expect(await pinTries(me.userId)).toBe(0);
      // A bank transfer call naming this bank is a transfer inside it.
      expect(await app().transfers.sendToBank(me.userId, me.accountNumber, { account_number: other.accountNumber, bank_code: app().config.bank.nipCode, amount: naira(1_000), narration: '', pin: testPin, save_beneficiary: false }, newKey())).toMatchObject({ ok: true });
      expect(await sendLocal(me, other.accountNumber, naira(1_000))).toMatchObject({ ok: true });
    });

    it('off and back on each need a security code and the PIN; wrong ones leave it as it was', async () => {
      const me = await established();
      expect(await app().limits.setInstantPayments(me.userId, { enabled: false })).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
      expect(await app().limits.setInstantPayments(me.userId, { enabled: false, code: await securityCode(t(), me.userId, 'instant_payments'), pin: testPin })).toMatchObject({ ok: true, value: { message: { key: 'said.limits.instantOff' }, limits: { instant_payments: false } } });
      expect(await app().limits.setInstantPayments(me.userId, { enabled: true })).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
      t().clock.advance(61_000);
      const code = await securityCode(t(), me.userId, 'instant_payments');
      expect(await app().limits.setInstantPayments(me.userId, { enabled: true, code: code === '999999' ? '999998' : '999999', pin: testPin })).toMatchObject({ ok: false, code: 'INVALID_OTP' });
      expect(await app().limits.setInstantPayments(me.userId, { enabled: true, code, pin: '9999' })).toMatchObject({ ok: false, code: 'INVALID_PIN' });
      expect((await app().limits.overview(me.userId)).instant_payments).toBe(false);
      expect(await sendToBank(me, naira(1_000))).toMatchObject({ ok: false, code: 'INSTANT_PAYMENTS_OFF' });
      expect(await app().limits.setInstantPayments(me.userId, { enabled: true, code, pin: testPin })).toMatchObject({ ok: true, value: { message: { key: 'said.limits.instantOn' }, limits: { instant_payments: true } } });
      // Already on: said so, with no code asked for.
      expect(await app().limits.setInstantPayments(me.userId, { enabled: true })).toMatchObject({ ok: true, value: { message: { key: 'said.limits.alreadyOn' }, limits: { instant_payments: true } } });
      expect(await sendToBank(me, naira(1_000))).toMatchObject({ ok: true });
    });

    it('someone else’s account is refused as before, not told about the switch', async () => {
      const me = await established();
      const thief = await established();
      await app().limits.setInstantPayments(me.userId, { enabled: false, code: await securityCode(t(), me.userId, 'instant_payments'), pin: testPin });
      expect(await sendToBank({ userId: thief.userId, accountNumber: me.accountNumber }, naira(1_000))).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    });
  });
});

describe('the cap turned off (NEW_DEVICE_CAP_NAIRA=0, the test default)', () => {
  it('leaves a new account to its tier limit alone', async () => {
    const { createTestApp } = await import('../../testing/test-app.ts');
    const t = await createTestApp('sqlite');
    try {
      const me = await customer(t.app, { balance: naira(100_000) });
      const other = await customer(t.app);
      expect(await t.app.limits.overview(me.userId)).toMatchObject({ new_browser_cap: null, own_daily_limit: null, instant_payments: true });
      expect(await t.app.transfers.sendLocal(me.userId, me.accountNumber, { account_number: other.accountNumber, amount: naira(60_000), narration: '', pin: testPin, save_beneficiary: false }, newKey())).toMatchObject({ ok: true });
    } finally {
      await t.close();
    }
  });
});
