import { beforeEach, expect, it } from 'vitest';
import { describeOnEngines } from '../testing/on-engines.ts';
import { customer, unverifiedCustomer } from '../testing/customers.ts';
import { inProcessApi, type InProcessApi } from '../testing/in-process-api.ts';
import { registerSchema } from '../../lib/schemas.ts';
import { sha256Hex } from '../core/digest.ts';

/**
 * Registration as API.md gives it, through the endpoint files (in process), on both engines:
 * register answers 201 { user, token, message } whether or not the details are taken; the token
 * opens only what a customer with an unverified email may do until verify-otp gets the code,
 * and then simply keeps working as the customer's session.
 */
describeOnEngines('registration over the API (%s)', (t) => {
  let api: InProcessApi;
  let serial = 0;

  beforeEach(async () => {
    api = inProcessApi(t().app);
  });

  const call = async (method: string, path: string, options: { json?: unknown; token?: string } = {}) => {
    const headers: Record<string, string> = options.token ? { authorization: `Bearer ${options.token}` } : {};
    if (options.json !== undefined) headers['content-type'] = 'application/json';
    const response = await api.fetch(new Request(`http://bank.test${path}`, { method, headers, body: options.json === undefined ? null : JSON.stringify(options.json) }));
    return { status: response.status, headers: Object.fromEntries(response.headers), json: (await response.json()) as Record<string, any> };
  };
  const details = (overrides: Record<string, unknown> = {}) => {
    serial += 1;
    return {
      first_name: 'Ifeoma',
      last_name: 'Chukwu',
      email: `ifeoma.${process.pid}.${serial}@example.com`,
      phone_number: `0806${String(process.pid * 100 + serial).slice(-7).padStart(7, '0')}`,
      password: 'yam-festival-lighthouse-52',
      password_confirmation: 'yam-festival-lighthouse-52',
      terms: true,
      ...overrides,
    };
  };

  it('answers 201 { user, token, message } alike for a new and a taken email; each token opens only the verify step until the code is right', async () => {
    const owner = await customer(t().app);
    const ownerEmail = (await t().app.db.selectFrom('users').select('email').where('id', '=', owner.userId).executeTakeFirstOrThrow()).email;
    const freshInput = details();
    const takenInput = details({ email: ownerEmail });
    const fresh = await call('POST', '/api/v1/auth/register', { json: freshInput });
    const taken = await call('POST', '/api/v1/auth/register', { json: takenInput });
    expect([fresh.status, taken.status]).toEqual([201, 201]);
    expect(taken.headers).toEqual(fresh.headers);
    const neutral = (answer: Record<string, any>, input: { email: string; phone_number: string }) =>
      JSON.parse(
        JSON.stringify(answer)
          .replaceAll(answer.data.token, '<token>')
          .replaceAll(answer.data.user.id, '<id>')
          .replaceAll(input.email, '<email>')
          .replaceAll(registerSchema.shape.phone_number.parse(input.phone_number), '<phone>'),
      );
    expect(neutral(taken.json, takenInput)).toEqual(neutral(fresh.json, freshInput));
    expect(fresh.json).toMatchObject({
      success: true,
      data: {
        user: { email: freshInput.email, is_email_verified: false, is_address_submitted: false, is_transaction_pin_set: false, is_security_question_set: false, accounts: [] },
        token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        message: expect.stringContaining(freshInput.email),
      },
    });
    await t().app.registrations.settled();

    for (const [answer, input] of [[fresh, freshInput], [taken, takenInput]] as const) {
      const token = answer.json.data.token as string;
      // The pending User, as register gave it.
      expect(await call('GET', '/api/v1/profile', { token })).toMatchObject({ status: 200, json: { data: answer.json.data.user } });
      // Everything else is refused as for a customer whose email is not verified.
      const address = await call('POST', '/api/v1/onboarding/address', { token, json: { address: '3 Allen Avenue', city: 'Ikeja', state: 'Lagos', lga: 'Ikeja' } });
      expect(address).toMatchObject({ status: 403, json: { success: false, code: 'ONBOARDING_INCOMPLETE' } });
      const pin = await call('POST', '/api/v1/onboarding/set-pin', { token, json: { pin: '4826', pin_confirmation: '4826' } });
      expect(pin.status).toBe(403);
      expect((await call('GET', `/api/v1/beneficiaries/${owner.accountNumber}`, { token })).status).toBe(403);
      expect((await call('GET', '/api/v1/transaction/history/' + owner.accountNumber, { token })).status).toBe(403);
      // A resend within the minute is throttled alike.
      expect(await call('POST', '/api/v1/onboarding/resend-otp', { token })).toMatchObject({ status: 429, json: { code: 'RATE_LIMITED' } });
      // A wrong code: 422, four tries left.
      expect(await call('POST', '/api/v1/onboarding/verify-otp', { token, json: { otp: input === freshInput ? String((Number(t().mailer.lastCode(freshInput.email)) + 1) % 1e6).padStart(6, '0') : '123456' } })).toMatchObject({
        status: 422,
        json: { code: 'INVALID_OTP', message: 'That code is not right. You have 4 tries left.' },
      });
    }
    // No customer came of the taken one; its token never becomes a session.
    expect((await t().app.sessions.resolve(taken.json.data.token)).status).toBe('unknown');

    // The right code: { user } with is_email_verified true, and the same token now signs the customer in.
    const token = fresh.json.data.token as string;
    const verified = await call('POST', '/api/v1/onboarding/verify-otp', { token, json: { otp: t().mailer.lastCode(freshInput.email) } });
    expect(verified).toMatchObject({ status: 200, json: { success: true, data: { user: { id: fresh.json.data.user.id, email: freshInput.email, is_email_verified: true } } } });
    expect(Object.keys(verified.json.data)).toEqual(['user']);
    expect(verified.json.data.user.accounts).toHaveLength(1);
    // The client that opened the account is the customer's one bound device (decision 026).
    expect(await t().app.db.selectFrom('bound_devices').select('user_id').where('user_id', '=', fresh.json.data.user.id).execute()).toHaveLength(1);
    const session = await t().app.sessions.resolve(token);
    expect(session).toMatchObject({ status: 'active', session: { id: sha256Hex(token) } });
    expect(await call('GET', '/api/v1/profile', { token })).toMatchObject({ status: 200, json: { data: { id: fresh.json.data.user.id, is_email_verified: true } } });
    expect((await call('POST', '/api/v1/onboarding/address', { token, json: { address: '3 Allen Avenue', city: 'Ikeja', state: 'Lagos', lga: 'Ikeja' } })).status).toBe(200);
  });

  it('logout revokes a pending token; it is then refused as an ended session', async () => {
    const started = await call('POST', '/api/v1/auth/register', { json: details() });
    const token = started.json.data.token as string;
    expect(await call('POST', '/api/v1/auth/logout', { token })).toMatchObject({ status: 200, json: { success: true } });
    expect(await call('GET', '/api/v1/profile', { token })).toMatchObject({ status: 401, json: { code: 'UNAUTHENTICATED' } });
    expect(await call('POST', '/api/v1/onboarding/verify-otp', { token, json: { otp: '123456' } })).toMatchObject({ status: 401 });
    await t().app.registrations.settled();
  });

  it('verify-otp and resend-otp still serve a signed-in customer whose email is not verified (accounts opened before)', async () => {
    const input = registerSchema.parse(details());
    const legacy = await unverifiedCustomer(t(), input);
    expect((await call('POST', '/api/v1/onboarding/address', { token: legacy.token, json: { address: '3 Allen Avenue', city: 'Ikeja', state: 'Lagos', lga: 'Ikeja' } })).status).toBe(403);
    expect(await call('POST', '/api/v1/onboarding/resend-otp', { token: legacy.token })).toMatchObject({ status: 429 });
    const verified = await call('POST', '/api/v1/onboarding/verify-otp', { token: legacy.token, json: { otp: t().mailer.lastCode(input.email) } });
    expect(verified).toMatchObject({ status: 200, json: { data: { user: { id: legacy.user.id, is_email_verified: true } } } });
  });

  it('the old registration steps are gone', async () => {
    expect((await call('POST', '/api/v1/auth/register/verify', { json: { otp: '123456' } })).status).toBe(404);
    expect((await call('POST', '/api/v1/auth/register/resend', { json: {} })).status).toBe(404);
  });
});
