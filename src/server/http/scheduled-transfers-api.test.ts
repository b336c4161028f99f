import { beforeEach, expect, it } from 'vitest';
import { describeOnEngines } from '../testing/on-engines.ts';
import { customer, newKey, testPin } from '../testing/customers.ts';
import { inProcessApi, type CallOptions, type InProcessApi } from '../testing/in-process-api.ts';

/**
 * The scheduled-transfer calls through the endpoint files in process, on both engines:
 * the envelope and statuses, JSON and form bodies, the key, and another customer's identifiers.
 */
describeOnEngines('scheduled transfers over the API (%s)', (t) => {
  let api: InProcessApi;
  let me: { userId: string; accountNumber: string };
  let token: string;

  beforeEach(async () => {
    // 06:00 Lagos: today's 08:00 is still to come.
    const target = Date.parse('2030-09-10T06:00:00+01:00');
    t().clock.advance(target - t().clock.now().getTime());
    api = inProcessApi(t().app);
    me = await customer(t().app, { balance: 100_000_00 });
    token = (await t().app.sessions.create(me.userId)).token;
  });

  const call = (method: string, path: string, options?: CallOptions) => api.call<Record<string, any>>(method, path, options);

  it('makes, lists, pauses, resumes (PIN) and cancels a schedule; the same key answers the first one again', async () => {
    const recipient = await customer(t().app, { firstName: 'Bola', lastName: 'Ade' });
    const key = newKey();
    const body = { account_number: recipient.accountNumber, amount: 2_500_00, narration: 'Pocket money', pin: testPin, first_date: '2030-09-10', repeat: 'monthly', count: 6 };
    const made = await call('POST', `/api/v1/transfers/scheduled/${me.accountNumber}`, { token, json: body, headers: { 'idempotency-key': key } });
    expect(made.status).toBe(201);
    expect(made.json).toMatchObject({ success: true, data: { account_name: 'BOLA ADE', amount: 2_500_00, repeat: 'monthly', day_of_month: 10, count: 6, next_run_date: '2030-09-10', next_run_at: '2030-09-10T08:00:00+01:00', status: 'active' } });
    expect(made.json.message).toContain('₦2,500.00');
    const again = await call('POST', `/api/v1/transfers/scheduled/${me.accountNumber}`, { token, json: body, headers: { 'idempotency-key': key } });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.json.data.id).toBe(made.json.data.id);
    const id = made.json.data.id as string;

    const listed = await call('GET', '/api/v1/transfers/scheduled', { token });
    expect(listed.status).toBe(200);
    expect(listed.json.data).toHaveLength(1);

    expect((await call('POST', `/api/v1/transfers/scheduled/${id}/pause`, { token })).json).toMatchObject({ success: true, data: { status: 'paused' } });
    expect(await call('POST', `/api/v1/transfers/scheduled/${id}/resume`, { token, json: {} })).toMatchObject({ status: 422, json: { code: 'VALIDATION_FAILED', errors: { pin: [expect.any(String)] } } });
    expect(await call('POST', `/api/v1/transfers/scheduled/${id}/resume`, { token, form: { pin: '0000' } })).toMatchObject({ status: 422, json: { code: 'INVALID_PIN' } });
    expect(await call('POST', `/api/v1/transfers/scheduled/${id}/resume`, { token, form: { pin: testPin } })).toMatchObject({ status: 200, json: { data: { status: 'active', next_run_date: '2030-09-10' } } });
    expect(await call('POST', `/api/v1/transfers/scheduled/${id}/cancel`, { token })).toMatchObject({ status: 200, json: { data: { status: 'cancelled' } } });
  });

  it('refuses bad input, a missing key, another customer’s account or schedule, and a guest', async () => {
    const recipient = await customer(t().app);
    const stranger = await customer(t().app);
    const strangerToken = (await t().app.sessions.create(stranger.userId)).token;
    const body = { account_number: recipient.accountNumber, amount: 1_000_00, pin: testPin, first_date: '2030-09-11', repeat: 'weekly' };
    const path = `/api/v1/transfers/scheduled/${me.accountNumber}`;
    expect(await call('POST', path, { token, json: body })).toMatchObject({ status: 422, json: { code: 'VALIDATION_FAILED', errors: { idempotency_key: ['Required'] } } });
    const refused = [
      { ...body, amount: '1000' },
      { ...body, repeat: 'daily' },
      { ...body, first_date: '2030-02-30' },
      { ...body, end_date: '2030-09-01' },
      { ...body, count: 0 },
      { ...body, first_date: '2030-09-09' },
    ];
    for (const json of refused) expect((await call('POST', path, { token, json, headers: { 'idempotency-key': newKey() } })).status, JSON.stringify(json)).toBe(422);
    // Form bodies take plain digits for the amount and count.
    expect((await call('POST', path, { token, form: { ...body, amount: '100000', count: '3' }, headers: { 'idempotency-key': newKey() } })).status).toBe(201);
    expect((await call('POST', `/api/v1/transfers/scheduled/${stranger.accountNumber}`, { token, json: body, headers: { 'idempotency-key': newKey() } })).status).toBe(403);
    expect((await call('POST', path, { json: body, headers: { 'idempotency-key': newKey() } })).status).toBe(401);

    const mine = (await call('GET', '/api/v1/transfers/scheduled', { token })).json.data[0].id as string;
    for (const action of ['pause', 'cancel']) expect(await call('POST', `/api/v1/transfers/scheduled/${mine}/${action}`, { token: strangerToken })).toMatchObject({ status: 404, json: { code: 'NOT_FOUND' } });
    expect((await call('POST', `/api/v1/transfers/scheduled/${mine}/resume`, { token: strangerToken, json: { pin: testPin } })).status).toBe(404);
    expect((await call('GET', '/api/v1/transfers/scheduled', { token: strangerToken })).json.data).toEqual([]);
    expect((await call('GET', '/api/v1/transfers/scheduled', { token })).json.data[0].status).toBe('active');
  });
});
