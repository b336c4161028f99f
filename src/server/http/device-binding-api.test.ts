import { expect, it } from 'vitest';
import { describeOnEngines } from '../testing/on-engines.ts';
import { customer, newKey, testPassword, testPin } from '../testing/customers.ts';
import { inProcessApi } from '../testing/in-process-api.ts';

/**
 * DEVICE_BINDING on (decision 026), over the API: a login from a device that is not the bound one
 * gets a token that opens only device/confirm, device/resend and logout; the right code binds the
 * device, ends the other sessions and opens the new-browser cap window then; the `device` value
 * sent back as X-Device signs in bound next time.
 */
describeOnEngines('device binding over the API (%s)', { env: { DEVICE_BINDING: 'on' } }, (t) => {
  const call = async (method: string, path: string, options: { json?: unknown; token?: string; device?: string; headers?: Record<string, string> } = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.device) headers['x-device'] = options.device;
    if (options.json !== undefined) headers['content-type'] = 'application/json';
    const response = await inProcessApi(t().app).fetch(new Request(`http://bank.test${path}`, { method, headers, body: options.json === undefined ? null : JSON.stringify(options.json) }));
    return { status: response.status, json: (await response.json()) as Record<string, any> };
  };
  const windowUntil = async (userId: string) => (await t().app.db.selectFrom('customer_limits').select('new_browser_window_until').where('user_id', '=', userId).executeTakeFirst())?.new_browser_window_until ?? null;

  it('restricts an unbound login to the three calls, binds on the right code, ends the other sessions and opens the window at confirmation', async () => {
    const { app, mailer, clock } = t();
    const me = await customer(app);
    await app.deviceBinding.bindAtOpening(me.userId, 'the-phone-that-opened-it');
    const other = await app.sessions.create(me.userId);
    const untilBefore = await windowUntil(me.userId);
    const login = await call('POST', '/api/v1/auth/login', { json: { email: me.email, password: testPassword } });
    expect(login.status).toBe(200);
    expect(login.json.data).toMatchObject({ device_confirmation_required: true, device: expect.any(String) });
    const token = login.json.data.token as string;
    // The sign-in opened no window: it opens at confirmation.
    expect(await windowUntil(me.userId)).toBe(untilBefore);

    for (const [method, path] of [['GET', '/api/v1/profile'], ['GET', '/api/v1/limits'], ['GET', '/api/v1/kyc'], ['POST', '/api/v1/limits/instant-payments']] as const) {
      const refused = await call(method, path, { token });
      expect(refused.status, path).toBe(403);
      expect(refused.json.error?.code ?? refused.json.code, path).toBe('DEVICE_NOT_CONFIRMED');
    }

    const code = mailer.lastCode(me.email);
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await call('POST', '/api/v1/auth/device/confirm', { token, json: { code: wrong } })).status).toBe(422);
    expect((await call('POST', '/api/v1/auth/device/confirm', { token, json: { code: 'abc' } })).status).toBe(422);
    clock.advance(60_000);
    const confirmed = await call('POST', '/api/v1/auth/device/confirm', { token, json: { code } });
    expect(confirmed.status).toBe(200);
    // A Tier 3 customer (the fixture's default: a BVN and a NIN) moving off their bound phone gives a new selfie.
    expect(confirmed.json.data).toEqual({ signed_out_sessions: 1, liveness_required: true });
    expect((await app.sessions.resolve(other.token)).status).toBe('expired');
    expect(await windowUntil(me.userId)).toBe(new Date(clock.now().getTime() + app.config.customerLimits.newBrowserCapMs).toISOString());
    expect((await call('GET', '/api/v1/profile', { token })).status).toBe(200);
    expect((await call('POST', '/api/v1/auth/device/confirm', { token, json: { code } })).status).toBe(409);

    // The device value sent back as X-Device signs in bound: no code, the token works at once.
    const again = await call('POST', '/api/v1/auth/login', { json: { email: me.email, password: testPassword }, device: login.json.data.device });
    expect(again.json.data.device_confirmation_required).toBe(false);
    expect((await call('GET', '/api/v1/profile', { token: again.json.data.token })).status).toBe(200);
  });

  it('at Tier 2 or above a new device asks for a new selfie before money moves again; at Tier 1 it does not', async () => {
    const { app, mailer, clock } = t();
    const confirmFrom = async (who: { email: string }) => {
      const login = await call('POST', '/api/v1/auth/login', { json: { email: who.email, password: testPassword } });
      const token = login.json.data.token as string;
      const confirmed = await call('POST', '/api/v1/auth/device/confirm', { token, json: { code: mailer.lastCode(who.email) } });
      expect(confirmed.status).toBe(200);
      return { token, data: confirmed.json.data as { liveness_required: boolean } };
    };
    const tierTwo = await customer(app, { tier: 2, balance: 10_000_00 });
    const tierOne = await customer(app, { tier: 1, balance: 10_000_00 });
    const firstTimer = await customer(app, { tier: 2, balance: 10_000_00 });
    // Both had a phone bound at opening: the sign-ins below replace it.
    await app.deviceBinding.bindAtOpening(tierTwo.userId, 'the-phone-that-opened-it');
    await app.deviceBinding.bindAtOpening(tierOne.userId, 'the-phone-that-opened-it');

    const two = await confirmFrom(tierTwo);
    expect(two.data.liveness_required).toBe(true);
    const proofs = await app.db.selectFrom('users').select(['bvn_verified_at', 'nin_verified_at', 'liveness_passed_at']).where('id', '=', tierTwo.userId).executeTakeFirstOrThrow();
    expect(proofs).toMatchObject({ bvn_verified_at: expect.any(String), nin_verified_at: expect.any(String), liveness_passed_at: null });
    expect(mailer.sent.at(-1)!.text).toContain('/kyc-verification');
    const refused = await call('POST', `/api/v1/transfer/local/${tierTwo.accountNumber}`, { token: two.token, json: { account_number: tierOne.accountNumber, amount: 1_000_00, pin: testPin }, headers: { 'idempotency-key': newKey() } });
    expect(refused).toMatchObject({ status: 423, json: { code: 'IDENTITY_REQUIRED' } });
    const kyc = await call('GET', '/api/v1/kyc', { token: two.token });
    expect(kyc.json.data.next_step).toBe('liveness');

    clock.advance(60_000);
    const one = await confirmFrom(tierOne);
    expect(one.data.liveness_required).toBe(false);
    const sent = await call('POST', `/api/v1/transfer/local/${tierOne.accountNumber}`, { token: one.token, json: { account_number: tierTwo.accountNumber, amount: 1_000_00, pin: testPin }, headers: { 'idempotency-key': newKey() } });
    // Sent from Tier 1; refused at the Tier 2 recipient, whose selfie is still to come: nothing lands.
    expect(sent).toMatchObject({ status: 422, json: { code: 'RECIPIENT_CANNOT_RECEIVE' } });

    // A customer with no bound device yet (as the demo customers start) binds a first one: nothing is replaced, the pass stays.
    clock.advance(60_000);
    expect((await confirmFrom(firstTimer)).data.liveness_required).toBe(false);
  });

  it('resends with the cooldown, and signs out, with a restricted token', async () => {
    const { app, clock, sms } = t();
    const me = await customer(app);
    const login = await call('POST', '/api/v1/auth/login', { json: { email: me.email, password: testPassword } });
    const token = login.json.data.token as string;
    expect((await call('POST', '/api/v1/auth/device/resend', { token })).status).toBe(429);
    clock.advance(61_000);
    const resent = await call('POST', '/api/v1/auth/device/resend', { token });
    expect(resent.status).toBe(200);
    expect(resent.json.data.expires_at).toEqual(expect.any(String));
    expect(sms.sent.at(-1)?.text).toMatch(/\d{6}/);
    expect((await call('POST', '/api/v1/auth/logout', { token })).status).toBe(200);
    expect((await call('POST', '/api/v1/auth/device/resend', { token })).status).toBe(401);
  });
});

describeOnEngines('device binding off by default (%s)', (t) => {
  it('answers a login as before: no device fields, the token works at once', async () => {
    const me = await customer(t().app);
    const api = inProcessApi(t().app);
    const login = await api.call<Record<string, any>>('POST', '/api/v1/auth/login', { json: { email: me.email, password: testPassword } });
    expect(Object.keys(login.json.data).sort()).toEqual(['token', 'user']);
    expect((await api.call('GET', '/api/v1/profile', { headers: { authorization: `Bearer ${login.json.data.token}` } })).status).toBe(200);
  });
});
