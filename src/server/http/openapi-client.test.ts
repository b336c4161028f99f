import createClient, { type Middleware } from 'openapi-fetch';
import { beforeEach, expect, expectTypeOf, it } from 'vitest';
import { describeOnEngines } from '../testing/on-engines.ts';
import { customer, newKey, testPassword, testPin } from '../testing/customers.ts';
import { inProcessApi, type InProcessApi } from '../testing/in-process-api.ts';
import { errorCodesOf, openApiDocument, operations } from './openapi.ts';
import type { paths } from './openapi-types.gen.ts';

/** A PIN that is not the test customer's. */
const wrongPin = (pin: string) => (pin === '0000' ? '1111' : '0000');

type Seen = { operation: string; status: number };

/**
 * A client made from the contract as a customer's app would make it: openapi-fetch typed by what
 * openapi-typescript generated from /api/openapi.json (openapi-types.gen.ts), so `tsc --noEmit`
 * checks these calls (paths, parameters, bodies, the fields read from answers) against the
 * contract. Every answer is checked at run time too: its status is one the operation lists, a
 * success's `data` parses with the operation's zod schema, an error's code is one the status lists.
 */
function contractCheck(seen: Seen[]): Middleware {
  const document = openApiDocument('Bank');
  return {
    async onResponse({ request, response, schemaPath }) {
      const method = request.method.toLowerCase();
      const operation = operations.find((candidate) => candidate.path === schemaPath && candidate.method === method);
      if (!operation) throw new Error(`no operation for ${method} ${schemaPath}`);
      const described = (document.paths[schemaPath] as Record<string, { responses: Record<string, unknown> }>)[method]!;
      const where = `${method} ${schemaPath} answered ${response.status}`;
      expect(Object.keys(described.responses), where).toContain(String(response.status));
      seen.push({ operation: `${method} ${schemaPath}`, status: response.status });
      if (!(response.headers.get('content-type') ?? '').startsWith('application/json')) return undefined;
      const body = (await response.clone().json()) as { success?: boolean; data?: unknown; code?: string };
      if (response.status < 300) {
        const data = schemaPath.startsWith('/health') || schemaPath === '/v1/profile/export' ? body : body.data;
        const parsed = operation.data.safeParse(data);
        expect(parsed.success ? [] : parsed.error.issues, where).toEqual([]);
      } else {
        expect([...errorCodesOf(operation), 'INTERNAL_ERROR'], where).toContain(body.code);
      }
      return undefined;
    },
  };
}

describeOnEngines('the generated client against real answers (%s)', (t) => {
  let api: InProcessApi;
  let seen: Seen[];

  beforeEach(() => {
    api = inProcessApi(t().app);
    seen = [];
  });

  const clientFor = (token?: string) => {
    const client = createClient<paths>({
      baseUrl: 'http://bank.test/api',
      fetch: (request) => api.fetch(request),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    client.use(contractCheck(seen));
    return client;
  };

  it('signs in, reads the profile and the reference lists, sends money and reads it back', async () => {
    const me = await customer(t().app, { balance: 100_000_00 });
    const friend = await customer(t().app);
    const guest = clientFor();

    const live = await guest.GET('/health/live');
    expect(live.data?.status).toBe('ok');

    const refused = await guest.GET('/v1/profile');
    expect(refused.response.status).toBe(401);
    expect(refused.error?.code).toBe('UNAUTHENTICATED');

    const login = await guest.POST('/v1/auth/login', { body: { email: me.email, password: testPassword } });
    const token = login.data?.data.token;
    expect(token).toEqual(expect.any(String));
    const client = clientFor(token);

    const profile = await client.GET('/v1/profile');
    const account = profile.data?.data.accounts[0]?.account_number;
    expect(account).toBe(me.accountNumber);

    const banks = await guest.GET('/v1/general/banks');
    const self = banks.data?.data.find((bank) => bank.is_self);
    expect(self).toBeDefined();
    const questions = await guest.GET('/v1/general/security-questions');
    expect(questions.data?.data.length).toBeGreaterThan(0);
    const networks = await guest.GET('/v1/bills/networks/data');
    const network = networks.data?.data[0]?.id ?? 'none';
    const plans = await guest.GET('/v1/bills/data-plans/{providerId}', { params: { path: { providerId: network } } });
    expect(plans.data?.data.every((plan) => Number.isInteger(plan.amount))).toBe(true);

    const named = await client.POST('/v1/transfer/enquiry', { body: { account_number: friend.accountNumber, bank_code: self!.code } });
    expect(named.data?.data.account_name).toEqual(expect.any(String));

    const sendAccount = account!;
    const refusedPin = await client.POST('/v1/transfer/local/{sendAccount}', {
      params: { path: { sendAccount }, header: { 'Idempotency-Key': newKey() } },
      body: { account_number: friend.accountNumber, amount: 1_000_00, narration: 'Lunch', pin: wrongPin(testPin) },
    });
    expect(refusedPin.error?.code).toBe('INVALID_PIN');
    const sent = await client.POST('/v1/transfer/local/{sendAccount}', {
      params: { path: { sendAccount }, header: { 'Idempotency-Key': newKey() } },
      body: { account_number: friend.accountNumber, amount: 1_000_00, narration: 'Lunch', pin: testPin },
    });
    const reference = sent.data?.data.reference;
    expect(sent.data?.data).toMatchObject({ type: 'debit', status: 'successful', amount: 1_000_00 });

    const one = await client.GET('/v1/transaction/{reference}', { params: { path: { reference: reference! } } });
    expect(one.data?.data.counterparty?.account_number).toBe(friend.accountNumber);
    const history = await client.GET('/v1/transaction/history/{accountNumber}', { params: { path: { accountNumber: sendAccount }, query: { per_page: 5 } } });
    expect(history.data?.data.data.map((transaction) => transaction.reference)).toContain(reference);
    await client.GET('/v1/transaction/stats/{accountNumber}', { params: { path: { accountNumber: sendAccount } } });
    const unknown = await client.GET('/v1/transaction/{reference}', { params: { path: { reference: 'NO-SUCH-REFERENCE' } } });
    expect(unknown.error?.code).toBe('NOT_FOUND');

    await client.GET('/v1/kyc');
    await client.GET('/v1/limits');
    await client.GET('/v1/alerts/settings');
    await client.GET('/v1/beneficiaries/{accountNumber}', { params: { path: { accountNumber: sendAccount } } });
    await client.GET('/v1/transfers/scheduled');
    await client.GET('/v1/cases');

    const request = await client.POST('/v1/requests/{account}', { params: { path: { account: sendAccount } }, body: { amount: 5_000_00, note: 'Rent share' } });
    const code = request.data?.data.code;
    const shared = await guest.GET('/v1/requests/public/{code}', { params: { path: { code: code! } } });
    expect(shared.data?.data).toMatchObject({ amount: 5_000_00, status: 'open' });
    const cancelled = await client.POST('/v1/requests/{id}/cancel', { params: { path: { id: request.data!.data.id } } });
    expect(cancelled.data?.data.status).toBe('cancelled');
    await client.GET('/v1/requests/{account}', { params: { path: { account: sendAccount } } });

    const exported = await client.GET('/v1/profile/export', { params: { query: { format: 'json' } } });
    expect(typeof exported.data === 'object' ? exported.data.accounts[0]?.account_number : null).toBe(sendAccount);

    expect(seen.length).toBeGreaterThan(25);
  });

  it('saves and deletes a beneficiary, opens a case, schedules a transfer, asks for a statement, reads the bill catalogue', async () => {
    const me = await customer(t().app, { balance: 100_000_00 });
    const friend = await customer(t().app);
    const token = (await t().app.sessions.create(me.userId)).token;
    const client = clientFor(token);
    const guest = clientFor();
    const accountNumber = me.accountNumber;
    const self = (await guest.GET('/v1/general/banks')).data!.data.find((bank) => bank.is_self)!;

    const alerts = await client.POST('/v1/alerts/settings', { body: { sms: false, accept_indemnity: true } });
    expect(alerts.data?.data).toMatchObject({ email: true, sms: false, sms_off_accepted_at: expect.any(String) });

    const saved = await client.POST('/v1/beneficiaries/create/{accountNumber}', { params: { path: { accountNumber } }, body: { account_number: friend.accountNumber, bank_code: self.code } });
    expect(saved.response.status).toBe(201);
    const again = await client.POST('/v1/beneficiaries/create/{accountNumber}', { params: { path: { accountNumber } }, body: { account_number: friend.accountNumber, bank_code: self.code } });
    expect(again.error?.code).toBe('DUPLICATE');
    const deleted = await client.POST('/v1/beneficiaries/delete/{accountNumber}/{beneficiary}', { params: { path: { accountNumber, beneficiary: saved.data!.data.id } } });
    // openapi-fetch's Readable<> drops a property typed exactly `null` (NonNullable<null> is never), so `data: null` is read from the generated type itself.
    expect(deleted.response.status).toBe(200);
    expectTypeOf<paths['/v1/beneficiaries/delete/{accountNumber}/{beneficiary}']['post']['responses'][200]['content']['application/json']['data']>().toEqualTypeOf<null>();

    const sent = await client.POST('/v1/transfer/local/{sendAccount}', {
      params: { path: { sendAccount: accountNumber }, header: { 'Idempotency-Key': newKey() } },
      body: { account_number: friend.accountNumber, amount: 500_00, narration: 'Books', pin: testPin },
    });
    const opened = await client.POST('/v1/cases', { body: { reference: sent.data!.data.reference, kind: 'wrong_amount', description: 'I meant to send less than this.' } });
    expect(opened.response.status).toBe(201);
    const number = opened.data!.data.case.number;
    expect((await client.GET('/v1/cases/{number}', { params: { path: { number } } })).data?.data.history[0]?.status).toBe('open');

    const firstDate = new Date(t().app.clock.now().getTime() + 3 * 86_400_000).toISOString().slice(0, 10);
    const schedule = await client.POST('/v1/transfers/scheduled/{sendAccount}', {
      params: { path: { sendAccount: accountNumber }, header: { 'Idempotency-Key': newKey() } },
      body: { account_number: friend.accountNumber, amount: 200_00, narration: 'Weekly', pin: testPin, first_date: firstDate, repeat: 'weekly', count: 3 },
    });
    expect(schedule.response.status).toBe(201);
    const id = schedule.data!.data.id;
    expect((await client.POST('/v1/transfers/scheduled/{id}/pause', { params: { path: { id } } })).data?.data.status).toBe('paused');
    expect((await client.POST('/v1/transfers/scheduled/{id}/cancel', { params: { path: { id } } })).data?.data.status).toBe('cancelled');

    const today = t().app.clock.now().toISOString().slice(0, 10);
    const statement = await client.POST('/v1/transaction/account-statement/{accountNumber}', { params: { path: { accountNumber } }, body: { start_date: `${today.slice(0, 8)}01`, end_date: today, format: 'csv' } });
    expect(statement.response.status).toBe(202);

    const discos = (await guest.GET('/v1/bills/electricity-packages')).data!.data;
    const meter = await client.POST('/v1/bills/meter-verify/{providerId}', { params: { path: { providerId: discos[0]!.id } }, body: { meter_number: '45700000001', meter_type: discos[0]!.meter_types[0]! } });
    expect([200, 422]).toContain(meter.response.status);
    const providers = (await guest.GET('/v1/bills/cable-providers')).data!.data;
    const packages = await guest.GET('/v1/bills/cable-packages/{providerId}', { params: { path: { providerId: providers[0]!.id } } });
    expect(packages.data?.data.length).toBeGreaterThan(0);
    expect((await guest.GET('/v1/bills/cable-packages/{providerId}', { params: { path: { providerId: 'no-such-provider' } } })).error?.code).toBe('NOT_FOUND');
  });
});

