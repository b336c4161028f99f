import { beforeEach, expect, it } from 'vitest';
import { describeOnEngines } from '../testing/on-engines.ts';
import { customer, newKey, securityCode, testPassword, testPin } from '../testing/customers.ts';
import { inProcessApi, type CallOptions, type InProcessApi } from '../testing/in-process-api.ts';
import { nubanFor } from '../../lib/nuban.ts';

const hourMs = 3_600_000;

/**
 * GET /v1/limits, POST /v1/limits/daily and /v1/limits/instant-payments through the
 * endpoint files in process, on both engines: the envelope, the statuses API.md gives, JSON and
 * form bodies alike. A client here holds no cookies, so every sign-in is from a new browser.
 */
describeOnEngines('customer limits over the API (%s)', { env: { NEW_DEVICE_CAP_NAIRA: '20000' } }, (t) => {
  let api: InProcessApi;
  let me: { userId: string; accountNumber: string; email: string };
  let token: string;

  beforeEach(async () => {
    api = inProcessApi(t().app);
    me = await customer(t().app, { balance: 500_000_00 });
    token = (await t().app.sessions.create(me.userId)).token;
  });

  /** The account past its first day (the opening window closed), signed in afresh (a session lasts hours, not days). */
  const pastFirstDay = async () => {
    t().clock.advance(25 * hourMs);
    token = (await t().app.sessions.create(me.userId)).token;
  };

  const call = (method: string, path: string, options?: CallOptions) => api.call<Record<string, any>>(method, path, options);

  it('GET /v1/limits tells the tier limit, the own limit, a waiting raise, the cap and until when, and the switch', async () => {
    expect(await call('GET', '/api/v1/limits')).toMatchObject({ status: 401, json: { success: false, code: 'UNAUTHENTICATED' } });
    const fresh = await call('GET', '/api/v1/limits', { token });
    expect(fresh).toMatchObject({
      status: 200,
      json: { success: true, data: { tier: 3, tier_daily_limit: 5_000_000_00, own_daily_limit: null, daily_limit: 5_000_000_00, used_today: 0, pending_raise: null, new_browser_cap: { limit: 20_000_00, used: 0, left: 20_000_00, reason: 'new_account' }, new_browser_cap_in: { limit: 20_000_00, used: 0, left: 20_000_00, reason: 'new_account' }, instant_payments: true } },
    });
    expect(fresh.json.data.new_browser_cap.until).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+01:00$/);
    expect(fresh.json.data.new_browser_cap_in.until).toBe(fresh.json.data.new_browser_cap.until);
    // The room to receive counts what arrived, apart from what left.
    expect(await t().app.inbound.receiveInterbank({ account_number: me.accountNumber, amount: 7_500_00, sender_name: 'EZE OBI', sender_bank_code: '000013' })).toMatchObject({ ok: true });
    expect(await call('GET', '/api/v1/limits', { token })).toMatchObject({ json: { data: { new_browser_cap: { used: 0 }, new_browser_cap_in: { used: 7_500_00, left: 12_500_00 } } } });

    await pastFirstDay();
    expect(await call('POST', '/api/v1/limits/daily', { token, form: { limit: '1000000' } })).toMatchObject({ status: 200, json: { data: { own_daily_limit: 10_000_00 } } });
    const raised = await call('POST', '/api/v1/limits/daily', { token, json: { limit: 30_000_00, code: await securityCode(t(), me.userId, 'daily_limit'), pin: testPin } });
    expect(raised).toMatchObject({ status: 200, json: { message: expect.stringContaining('will rise to ₦30,000.00'), data: { own_daily_limit: 10_000_00, pending_raise: { daily_limit: 30_000_00, applies_at: expect.stringMatching(/\+01:00$/) }, new_browser_cap: null, new_browser_cap_in: null } } });
  });

  it('refuses a limit that is not a JSON integer of kobo, or a raise without the right code, changing nothing', async () => {
    for (const limit of ['5000', 1.5, 0, -100, [5000]]) {
      expect(await call('POST', '/api/v1/limits/daily', { token, json: { limit } })).toMatchObject({ status: 422, json: { code: 'VALIDATION_FAILED', errors: { limit: [expect.any(String)] } } });
    }
    await call('POST', '/api/v1/limits/daily', { token, json: { limit: 10_000_00 } });
    expect(await call('POST', '/api/v1/limits/daily', { token, json: { limit: 20_000_00, code: '000000', pin: testPin } })).toMatchObject({ status: 422, json: { code: 'INVALID_OTP', errors: { code: [expect.any(String)] } } });
    expect(await call('POST', '/api/v1/limits/daily', { token, json: { limit: 20_000_00, code: '12345', pin: testPin } })).toMatchObject({ status: 422, json: { code: 'VALIDATION_FAILED', errors: { code: [expect.any(String)] } } });
    expect(await call('POST', '/api/v1/limits/daily', { token, form: { limit: '2000000', code: '123456', pin: '1' } })).toMatchObject({ status: 422, json: { code: 'VALIDATION_FAILED', errors: { pin: [expect.any(String)] } } });
    expect((await call('GET', '/api/v1/limits', { token })).json.data).toMatchObject({ own_daily_limit: 10_000_00, pending_raise: null });
  });

  it('instant payments off: a transfer to another bank answers 423 INSTANT_PAYMENTS_OFF saying how to turn them on; inside the bank is 200', async () => {
    await pastFirstDay();
    const other = await customer(t().app);
    expect(await call('POST', '/api/v1/limits/instant-payments', { token, form: { enabled: 'false' } })).toMatchObject({ status: 422, json: { code: 'VALIDATION_FAILED', errors: { code: [expect.any(String)], pin: [expect.any(String)] } } });
    expect(await call('POST', '/api/v1/limits/instant-payments', { token, form: { enabled: 'false', code: await securityCode(t(), me.userId, 'instant_payments'), pin: testPin } })).toMatchObject({ status: 200, json: { data: { instant_payments: false } } });
    const gtb = nubanFor('123456789', { cbnCode: '058', nipCode: '000013' });
    const refused = await call('POST', `/api/v1/transfer/bank/${me.accountNumber}`, { token, json: { account_number: gtb, bank_code: '000013', amount: 1_000_00, pin: testPin }, headers: { 'idempotency-key': newKey() } });
    expect(refused).toMatchObject({ status: 423, json: { success: false, code: 'INSTANT_PAYMENTS_OFF', message: expect.stringContaining('/v1/limits/instant-payments') } });
    expect(await call('POST', `/api/v1/transfer/local/${me.accountNumber}`, { token, json: { account_number: other.accountNumber, amount: 1_000_00, pin: testPin }, headers: { 'idempotency-key': newKey() } })).toMatchObject({ status: 200 });
    expect(await call('POST', '/api/v1/limits/instant-payments', { token, json: { enabled: true } })).toMatchObject({ status: 422, json: { code: 'VALIDATION_FAILED' } });
    expect(await call('POST', '/api/v1/limits/instant-payments', { token, json: { enabled: 'yes' } })).toMatchObject({ status: 422, json: { errors: { enabled: [expect.any(String)] } } });
    expect(await call('POST', '/api/v1/limits/instant-payments', { token, json: { enabled: true, code: await (async () => { t().clock.advance(61_000); return securityCode(t(), me.userId, 'instant_payments'); })(), pin: testPin } })).toMatchObject({ status: 200, json: { data: { instant_payments: true } } });
  });

  it('POST /v1/security/code: 202 with when it expires, by SMS and email; 429 with Retry-After within the minute; 422 for another purpose; 401 signed out', async () => {
    expect(await call('POST', '/api/v1/security/code', { json: { purpose: 'daily_limit' } })).toMatchObject({ status: 401 });
    expect(await call('POST', '/api/v1/security/code', { token, json: { purpose: 'password' } })).toMatchObject({ status: 422, json: { code: 'VALIDATION_FAILED', errors: { purpose: [expect.any(String)] } } });
    const sent = await call('POST', '/api/v1/security/code', { token, json: { purpose: 'daily_limit' } });
    expect(sent).toMatchObject({ status: 202, json: { success: true, data: { purpose: 'daily_limit', expires_at: expect.stringMatching(/\+01:00$/) } } });
    // Times are given to the second.
    expect(Math.abs(Date.parse(sent.json.data.expires_at) - t().clock.now().getTime() - 10 * 60_000)).toBeLessThan(1000);
    const phone = (await t().app.users.findById(me.userId))!.phone_number;
    expect(t().sms.sent.at(-1)).toMatchObject({ to: phone, text: expect.stringMatching(/\b\d{6}\b/) });
    expect(t().mailer.sent.at(-1)).toMatchObject({ to: me.email, subject: expect.stringMatching(/^\d{6} is your/) });
    const again = await call('POST', '/api/v1/security/code', { token, form: { purpose: 'daily_limit' } });
    expect(again).toMatchObject({ status: 429, json: { code: 'RATE_LIMITED' } });
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
    // Each purpose has its own codes and its own minute.
    expect(await call('POST', '/api/v1/security/code', { token, json: { purpose: 'unfreeze' } })).toMatchObject({ status: 202 });
  });

  it('a bearer sign-in (no cookie jar) is a new browser: the cap applies to every session of the customer, and the email is sent', async () => {
    await pastFirstDay();
    const other = await customer(t().app);
    const signedIn = await call('POST', '/api/v1/auth/login', { json: { email: me.email, password: testPassword } });
    expect(signedIn.status).toBe(200);
    expect(t().mailer.sent.filter((mail) => mail.to === me.email).at(-1)?.subject).toContain('New sign-in');
    // The older session (the customer's usual browser) is capped too: the cap is the account's.
    const refused = await call('POST', `/api/v1/transfer/local/${me.accountNumber}`, { token, json: { account_number: other.accountNumber, amount: 25_000_00, pin: testPin }, headers: { 'idempotency-key': newKey() } });
    expect(refused).toMatchObject({ status: 422, json: { code: 'LIMIT_EXCEEDED', message: expect.stringContaining('new-browser limit') } });
  });
});
