import { beforeEach, expect, it } from 'vitest';
import { describeOnEngines } from '../testing/on-engines.ts';
import { customer, newKey, testPassword, testPin } from '../testing/customers.ts';
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
      json: { success: true, data: { tier: 3, tier_daily_limit: 5_000_000_00, own_daily_limit: null, daily_limit: 5_000_000_00, used_today: 0, pending_raise: null, new_browser_cap: { limit: 20_000_00, used: 0, left: 20_000_00, reason: 'new_account' }, instant_payments: true } },
    });
    expect(fresh.json.data.new_browser_cap.until).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+01:00$/);

    await pastFirstDay();
    expect(await call('POST', '/api/v1/limits/daily', { token, form: { limit: '1000000' } })).toMatchObject({ status: 200, json: { data: { own_daily_limit: 10_000_00 } } });
    const raised = await call('POST', '/api/v1/limits/daily', { token, json: { limit: 30_000_00, password: testPassword, pin: testPin } });
    expect(raised).toMatchObject({ status: 200, json: { message: expect.stringContaining('will rise to ₦30,000.00'), data: { own_daily_limit: 10_000_00, pending_raise: { daily_limit: 30_000_00, applies_at: expect.stringMatching(/\+01:00$/) }, new_browser_cap: null } } });
  });

  it('refuses a limit that is not a JSON integer of kobo, or a raise without the right password, changing nothing', async () => {
    for (const limit of ['5000', 1.5, 0, -100, [5000]]) {
      expect(await call('POST', '/api/v1/limits/daily', { token, json: { limit } })).toMatchObject({ status: 422, json: { code: 'VALIDATION_FAILED', errors: { limit: [expect.any(String)] } } });
    }
    await call('POST', '/api/v1/limits/daily', { token, json: { limit: 10_000_00 } });
    expect(await call('POST', '/api/v1/limits/daily', { token, json: { limit: 20_000_00, password: 'wrong', pin: testPin } })).toMatchObject({ status: 422, json: { code: 'INVALID_CREDENTIALS' } });
    expect(await call('POST', '/api/v1/limits/daily', { token, form: { limit: '2000000', password: testPassword, pin: '1' } })).toMatchObject({ status: 422, json: { code: 'VALIDATION_FAILED', errors: { pin: [expect.any(String)] } } });
    expect((await call('GET', '/api/v1/limits', { token })).json.data).toMatchObject({ own_daily_limit: 10_000_00, pending_raise: null });
  });

  it('instant payments off: a transfer to another bank answers 423 INSTANT_PAYMENTS_OFF saying how to turn them on; inside the bank is 200', async () => {
    await pastFirstDay();
    const other = await customer(t().app);
    expect(await call('POST', '/api/v1/limits/instant-payments', { token, form: { enabled: 'false' } })).toMatchObject({ status: 200, json: { data: { instant_payments: false } } });
    const gtb = nubanFor('123456789', { cbnCode: '058', nipCode: '000013' });
    const refused = await call('POST', `/api/v1/transfer/bank/${me.accountNumber}`, { token, json: { account_number: gtb, bank_code: '000013', amount: 1_000_00, pin: testPin }, headers: { 'idempotency-key': newKey() } });
    expect(refused).toMatchObject({ status: 423, json: { success: false, code: 'INSTANT_PAYMENTS_OFF', message: expect.stringContaining('/v1/limits/instant-payments') } });
    expect(await call('POST', `/api/v1/transfer/local/${me.accountNumber}`, { token, json: { account_number: other.accountNumber, amount: 1_000_00, pin: testPin }, headers: { 'idempotency-key': newKey() } })).toMatchObject({ status: 200 });
    expect(await call('POST', '/api/v1/limits/instant-payments', { token, json: { enabled: true } })).toMatchObject({ status: 422, json: { code: 'VALIDATION_FAILED' } });
    expect(await call('POST', '/api/v1/limits/instant-payments', { token, json: { enabled: 'yes' } })).toMatchObject({ status: 422, json: { errors: { enabled: [expect.any(String)] } } });
    expect(await call('POST', '/api/v1/limits/instant-payments', { token, json: { enabled: true, password: testPassword, pin: testPin } })).toMatchObject({ status: 200, json: { data: { instant_payments: true } } });
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
