import createClient, { type Middleware } from 'openapi-fetch';
import { beforeEach, expect, it } from 'vitest';
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
});
