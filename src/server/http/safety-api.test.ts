import { beforeEach, expect, it } from 'vitest';
import { describeOnEngines } from '../testing/on-engines.ts';
import { customer, newKey, securityCode, testPassword, testPin } from '../testing/customers.ts';
import { inProcessApi, type InProcessApi } from '../testing/in-process-api.ts';
import { nubanFor } from '../../lib/nuban.ts';
import { balanceOf } from '../testing/balances.ts';

/**
 * Freezing and cases over the API, through the endpoint files in process, on both
 * engines: the envelope and statuses API.md gives, and what an attacker may learn (nothing).
 */
describeOnEngines('freeze and cases over the API (%s)', (t) => {
  let api: InProcessApi;
  let me: { userId: string; accountNumber: string };
  let token: string;

  beforeEach(async () => {
    api = inProcessApi(t().app);
    me = await customer(t().app, { balance: 50_000_00 });
    token = (await t().app.sessions.create(me.userId)).token;
  });

  const call = async (method: string, path: string, options: { json?: unknown; token?: string; headers?: Record<string, string> } = {}) => {
    const headers: Record<string, string> = { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers };
    if (options.json !== undefined) headers['content-type'] = 'application/json';
    const response = await api.fetch(new Request(`http://bank.test${path}`, { method, headers, body: options.json === undefined ? null : JSON.stringify(options.json) }));
    return { status: response.status, headers: Object.fromEntries(response.headers), json: (await response.json()) as Record<string, any> };
  };

  it('/freeze/request answers a known and an unknown account alike: status, headers and body; nothing is mailed before the answer', async () => {
    const unknown = nubanFor('555000111', { cbnCode: '999', nipCode: '999999' });
    const known = await call('POST', '/api/v1/freeze/request', { json: { account_number: me.accountNumber } });
    expect(t().mailer.sent).toHaveLength(0);
    const stranger = await call('POST', '/api/v1/freeze/request', { json: { account_number: unknown } });
    expect(stranger).toEqual(known);
    expect(known.status).toBe(200);
    const byEmail = await call('POST', '/api/v1/freeze/request', { json: { email: 'no-one-banks-here@example.com' } });
    expect(byEmail).toEqual(known);
    expect(await call('POST', '/api/v1/freeze/request', { json: {} })).toMatchObject({ status: 422, json: { code: 'VALIDATION_FAILED', errors: { account_number: [expect.any(String)] } } });
    await t().app.freeze.settled();
    expect(t().mailer.sent).toHaveLength(1);

    const wrongKnown = await call('POST', '/api/v1/freeze/confirm', { json: { account_number: me.accountNumber, code: '000000' } });
    const wrongUnknown = await call('POST', '/api/v1/freeze/confirm', { json: { account_number: unknown, code: '000000' } });
    expect(wrongUnknown).toEqual(wrongKnown);
    expect(wrongKnown).toMatchObject({ status: 422, json: { success: false, code: 'INVALID_OTP', errors: { code: [expect.any(String)] } } });
  });

  it('a frozen account answers 423 ACCOUNT_FROZEN to every kind of debit; the freeze keeps this session and ends the others', async () => {
    const phone = (await t().app.sessions.create(me.userId)).token;
    expect(await call('POST', '/api/v1/account/freeze', { token, json: { password: 'not-it' } })).toMatchObject({ status: 422, json: { code: 'INVALID_CREDENTIALS' } });
    const frozen = await call('POST', '/api/v1/account/freeze', { token, json: { password: testPassword } });
    expect(frozen).toMatchObject({ status: 200, json: { success: true, data: { frozen: true, signed_out_sessions: 1 } } });
    expect(await call('GET', '/api/v1/profile', { token: phone })).toMatchObject({ status: 401 });

    const gtb = nubanFor('000000123', { cbnCode: '058', nipCode: '000013' });
    const debits: [string, Record<string, unknown>][] = [
      [`/api/v1/transfer/local/${me.accountNumber}`, { account_number: (await customer(t().app)).accountNumber, amount: 1_000_00, pin: testPin }],
      [`/api/v1/transfer/bank/${me.accountNumber}`, { account_number: gtb, bank_code: '000013', amount: 1_000_00, pin: testPin }],
      [`/api/v1/bills/airtime/purchase/${me.accountNumber}`, { network_id: 'mtn', phone_number: '08031234567', amount: 500_00, pin: testPin }],
      [`/api/v1/bills/electricity/purchase/${me.accountNumber}`, { provider_id: 'ikeja-electric', meter_number: '45012345678', meter_type: 'prepaid', amount: 2_000_00, pin: testPin }],
      [`/api/v1/bills/cable/purchase/${me.accountNumber}`, { provider_id: 'dstv', package_id: 'dstv-compact', smartcard_number: '7023456789', pin: testPin }],
    ];
    for (const [path, json] of debits) {
      const answer = await call('POST', path, { token, json, headers: { 'idempotency-key': newKey() } });
      expect(answer, path).toMatchObject({ status: 423, json: { success: false, code: 'ACCOUNT_FROZEN' } });
    }
    expect(await balanceOf(t().app, me.accountNumber)).toBe(50_000_00);

    const unfreeze = await call('POST', '/api/v1/account/unfreeze', { token, json: { code: await securityCode(t(), me.userId, 'unfreeze'), pin: testPin } });
    expect(unfreeze).toMatchObject({ status: 200, json: { data: { frozen: false } } });
  });

  it('opens a case (201) and refuses another customer\'s reference or case number with the same 404 as a made-up one', async () => {
    const sent = await t().app.inbound.depositFromSandbox({ account_number: me.accountNumber, amount: 100_00, narration: 'Top-up' });
    if (!sent.ok) throw new Error(sent.message.key);
    const opened = await call('POST', '/api/v1/cases', { token, json: { reference: sent.value.reference, kind: 'wrong_amount', description: 'I expected two hundred naira.' } });
    expect(opened).toMatchObject({ status: 201, json: { success: true, data: { case: { number: expect.stringMatching(/^HB-CASE-\d{4}-\d{6}$/), status: 'open' }, frozen: false } } });
    const number = opened.json.data.case.number as string;
    expect(await call('GET', '/api/v1/cases', { token })).toMatchObject({ status: 200, json: { data: [{ number }] } });
    expect(await call('GET', `/api/v1/cases/${number}`, { token })).toMatchObject({ status: 200, json: { data: { number, history: [{ status: 'open' }] } } });

    const intruder = await customer(t().app);
    const intruderToken = (await t().app.sessions.create(intruder.userId)).token;
    const theirs = await call('GET', `/api/v1/cases/${number}`, { token: intruderToken });
    const madeUp = await call('GET', '/api/v1/cases/HB-CASE-2099-000001', { token: intruderToken });
    expect(theirs).toEqual(madeUp);
    expect(theirs).toMatchObject({ status: 404, json: { code: 'NOT_FOUND' } });
    const reportTheirs = await call('POST', '/api/v1/cases', { token: intruderToken, json: { reference: sent.value.reference, kind: 'fraud', description: 'Not mine, let me see it.' } });
    const reportMadeUp = await call('POST', '/api/v1/cases', { token: intruderToken, json: { reference: 'TRF-MADE-UP-000', kind: 'fraud', description: 'Not mine, let me see it.' } });
    expect(reportTheirs).toEqual(reportMadeUp);
    expect(reportTheirs).toMatchObject({ status: 404 });
    expect(await call('GET', '/api/v1/cases', { token: intruderToken })).toMatchObject({ status: 200, json: { data: [] } });
    expect(await call('GET', '/api/v1/cases')).toMatchObject({ status: 401 });
  });
});
