import { beforeEach, expect, it } from 'vitest';
import { describeOnEngines } from '../testing/on-engines.ts';
import { customer, newKey, testPin } from '../testing/customers.ts';
import { inProcessApi, type InProcessApi } from '../testing/in-process-api.ts';
import { nubanFor } from '../../lib/nuban.ts';
import { balanceOf } from '../testing/balances.ts';

/** No money in or out without an identity, over the API: the statuses and codes API.md gives. */
describeOnEngines('no identity, no money, over the API (%s)', (t) => {
  let api: InProcessApi;
  let unproved: { userId: string; accountNumber: string };
  let proved: { userId: string; accountNumber: string };

  beforeEach(async () => {
    api = inProcessApi(t().app);
    unproved = await customer(t().app, { balance: 50_000_00, identity: false });
    proved = await customer(t().app, { balance: 50_000_00 });
  });

  const call = async (method: string, path: string, options: { json?: unknown; token?: string; headers?: Record<string, string> } = {}) => {
    const headers: Record<string, string> = { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers };
    if (options.json !== undefined) headers['content-type'] = 'application/json';
    const response = await api.fetch(new Request(`http://bank.test${path}`, { method, headers, body: options.json === undefined ? null : JSON.stringify(options.json) }));
    return { status: response.status, json: (await response.json()) as Record<string, any> };
  };

  it('every kind of debit answers 423 IDENTITY_REQUIRED, pointing to /kyc-verification, in the caller\'s language', async () => {
    const token = (await t().app.sessions.create(unproved.userId)).token;
    const gtb = nubanFor('000000123', { cbnCode: '058', nipCode: '000013' });
    const debits: [string, Record<string, unknown>][] = [
      [`/api/v1/transfer/local/${unproved.accountNumber}`, { account_number: proved.accountNumber, amount: 1_000_00, pin: testPin }],
      [`/api/v1/transfer/bank/${unproved.accountNumber}`, { account_number: gtb, bank_code: '000013', amount: 1_000_00, pin: testPin }],
      [`/api/v1/bills/airtime/purchase/${unproved.accountNumber}`, { network_id: 'mtn', phone_number: '08031234567', amount: 500_00, pin: testPin }],
    ];
    for (const [path, json] of debits) {
      const answer = await call('POST', path, { token, json, headers: { 'idempotency-key': newKey() } });
      expect(answer, path).toMatchObject({ status: 423, json: { success: false, code: 'IDENTITY_REQUIRED', message: expect.stringContaining('/kyc-verification') } });
    }
    const pidgin = await call('POST', debits[0]![0], { token, json: debits[0]![1], headers: { 'idempotency-key': newKey(), 'accept-language': 'pcm' } });
    expect(pidgin).toMatchObject({ status: 423, json: { code: 'IDENTITY_REQUIRED', message: expect.stringContaining('/kyc-verification') } });
    expect(await balanceOf(t().app, unproved.accountNumber)).toBe(50_000_00);
  });

  it('a transfer to such an account is 422 RECIPIENT_CANNOT_RECEIVE, nothing moved', async () => {
    const token = (await t().app.sessions.create(proved.userId)).token;
    const sent = await call('POST', `/api/v1/transfer/local/${proved.accountNumber}`, { token, json: { account_number: unproved.accountNumber, amount: 1_000_00, pin: testPin }, headers: { 'idempotency-key': newKey() } });
    expect(sent).toMatchObject({ status: 422, json: { success: false, code: 'RECIPIENT_CANNOT_RECEIVE' } });
    expect(await balanceOf(t().app, unproved.accountNumber)).toBe(50_000_00);
    expect(await balanceOf(t().app, proved.accountNumber)).toBe(50_000_00);
  });
});
