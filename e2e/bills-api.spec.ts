import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { appOrigin, onboardThroughApi, receiveTransfer, type OnboardedCustomer } from './support/customers.ts';

/**
 * The /v1/bills API over HTTP (API.md "Bills"): the catalogue, verification, and purchases with
 * their statuses, ownership and idempotency as a client sees them. HTTP only, so one run.
 */
test.describe('bills API', () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'HTTP only: one run is enough');

  let api: APIRequestContext;
  let buyer: OnboardedCustomer;
  let other: OnboardedCustomer;

  test.beforeAll(async ({}, testInfo) => {
    const baseURL = testInfo.project.use.baseURL ?? appOrigin();
    api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: appOrigin(), accept: 'application/json' } });
    const otherApi = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: appOrigin(), accept: 'application/json' } });
    other = await onboardThroughApi(otherApi);
    await otherApi.dispose();
    buyer = await onboardThroughApi(api);
    await receiveTransfer(api, buyer.accountNumber, 10_000_000, 'TUNDE BAKARE');
  });
  test.afterAll(async () => {
    await api?.dispose();
  });

  const buy = (kind: string, account: string, body: Record<string, unknown>, key?: string) =>
    api.post(`/api/v1/bills/${kind}/purchase/${account}`, { data: body, headers: key ? { 'idempotency-key': key } : {} });
  const balance = async () => {
    const profile = await (await api.get('/api/v1/profile')).json();
    return profile.data.accounts[0].balance as number;
  };

  test('the catalogue: networks, plans, DisCos, TV providers and bouquets', async () => {
    const networks = await (await api.get('/api/v1/bills/networks/airtime')).json();
    expect(networks.data.map((network: { name: string }) => network.name)).toEqual(['MTN', 'Airtel', 'Glo', '9mobile']);
    expect((await (await api.get('/api/v1/bills/networks/data')).json()).data).toHaveLength(4);
    const plans = await (await api.get('/api/v1/bills/data-plans/glo')).json();
    expect(plans.data[0]).toEqual({ id: expect.any(String), name: expect.any(String), amount: expect.any(Number), validity: expect.any(String), size: expect.any(String), period: expect.any(String) });
    expect((await api.get('/api/v1/bills/data-plans/nitel')).status()).toBe(404);
    const discos = await (await api.get('/api/v1/bills/electricity-packages')).json();
    expect(discos.data).toHaveLength(11);
    expect(discos.data[0]).toMatchObject({ meter_types: expect.any(Array), min_amount: expect.any(Number) });
    expect((await (await api.get('/api/v1/bills/cable-providers')).json()).data.map((provider: { id: string }) => provider.id)).toEqual(['dstv', 'gotv', 'startimes']);
    const bouquets = await (await api.get('/api/v1/bills/cable-packages/dstv')).json();
    expect(bouquets.data.length).toBeGreaterThan(3);
  });

  test('verification: a meter and a smartcard resolve; the test number is 422', async () => {
    const meter = await api.post('/api/v1/bills/meter-verify/ikeja-electric', { data: { meter_number: '45012345678', meter_type: 'prepaid' } });
    expect(meter.status()).toBe(200);
    expect((await meter.json()).data).toMatchObject({ customer_name: expect.any(String), address: expect.any(String), meter_number: '45012345678', meter_type: 'prepaid' });
    const missing = await api.post('/api/v1/bills/meter-verify/ikeja-electric', { data: { meter_number: '99999999991', meter_type: 'prepaid' } });
    expect(missing.status()).toBe(422);
    expect(await missing.json()).toMatchObject({ code: 'ACCOUNT_NOT_FOUND', errors: { meter_number: expect.any(Array) } });
    const badLength = await api.post('/api/v1/bills/meter-verify/ikeja-electric', { data: { meter_number: '1234', meter_type: 'prepaid' } });
    expect(await badLength.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { meter_number: ['A meter number is 11 or 13 digits'] } });
    const card = await api.post('/api/v1/bills/cable-verify/gotv', { data: { smartcard_number: '7023456789' } });
    expect((await card.json()).data).toMatchObject({ customer_name: expect.any(String), smartcard_number: '7023456789', current_package: { id: expect.stringMatching(/^gotv-/) } });
  });

  test('airtime: key required, replayed once, another body 409, bad phone and amount 422', async () => {
    const before = await balance();
    const body = { network_id: 'mtn', phone_number: '0803 123 4567', amount: 150_000, pin: buyer.pin };
    const noKey = await buy('airtime', buyer.accountNumber, body);
    expect(noKey.status()).toBe(422);
    expect(await noKey.json()).toMatchObject({ errors: { idempotency_key: expect.any(Array) } });
    const key = `bills-api-${Date.now()}`;
    const first = await buy('airtime', buyer.accountNumber, body, key);
    expect(first.status()).toBe(200);
    const bought = await first.json();
    expect(bought.data).toMatchObject({ category: 'airtime', status: 'successful', amount: 150_000, details: { phone_number: '08031234567', provider: 'MTN' } });
    const again = await buy('airtime', buyer.accountNumber, body, key);
    expect(again.headers()['idempotent-replayed']).toBe('true');
    expect((await again.json()).data).toEqual(bought.data);
    expect((await buy('airtime', buyer.accountNumber, { ...body, amount: 200_000 }, key)).status()).toBe(409);
    const badPhone = await buy('airtime', buyer.accountNumber, { ...body, phone_number: '0123' }, `${key}-phone`);
    expect(await badPhone.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { phone_number: ['Enter a Nigerian mobile number, like 0803 123 4567'] } });
    const tooMuch = await buy('airtime', buyer.accountNumber, { ...body, amount: 5_000_100 }, `${key}-much`);
    expect(await tooMuch.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { amount: expect.any(Array) } });
    expect(await balance()).toBe(before - 150_000);
  });

  test('another customer’s account is 403; a plan of another network is 422', async () => {
    const stolen = await buy('airtime', other.accountNumber, { network_id: 'mtn', phone_number: '08031234567', amount: 10_000, pin: buyer.pin }, `bills-api-403-${Date.now()}`);
    expect(stolen.status()).toBe(403);
    const mtnPlan = (await (await api.get('/api/v1/bills/data-plans/mtn')).json()).data[0].id;
    const wrong = await buy('data', buyer.accountNumber, { provider_id: 'airtel', plan_id: mtnPlan, phone_number: '08031234567', pin: buyer.pin }, `bills-api-plan-${Date.now()}`);
    expect(wrong.status()).toBe(422);
    expect(await wrong.json()).toMatchObject({ errors: { plan_id: expect.any(Array) } });
  });

  test('electricity: the token and units; a provider failure is 502 with the reversed Transaction', async () => {
    const prepaid = await buy('electricity', buyer.accountNumber, { provider_id: 'eko-electric', meter_number: '45012345678', meter_type: 'prepaid', amount: 500_000, pin: buyer.pin }, `bills-api-elec-${Date.now()}`);
    expect(prepaid.status()).toBe(200);
    expect((await prepaid.json()).data.details).toMatchObject({ token: expect.stringMatching(/^\d{20}$/), units: expect.stringMatching(/kWh$/) });
    const before = await balance();
    const failed = await buy('electricity', buyer.accountNumber, { provider_id: 'eko-electric', meter_number: '99999999992', meter_type: 'prepaid', amount: 200_000, pin: buyer.pin }, `bills-api-fail-${Date.now()}`);
    expect(failed.status()).toBe(502);
    expect(await failed.json()).toMatchObject({ success: false, code: 'PROVIDER_FAILED', data: { status: 'reversed', category: 'electricity' } });
    expect(await balance()).toBe(before);
  });

  test('a timed-out purchase is pending, and GET /v1/transaction/{reference} settles it', async () => {
    const bouquet = (await (await api.get('/api/v1/bills/cable-packages/gotv')).json()).data[0];
    const pending = await buy('cable', buyer.accountNumber, { provider_id: 'gotv', package_id: bouquet.id, smartcard_number: '9999999993', pin: buyer.pin }, `bills-api-pending-${Date.now()}`);
    expect(pending.status()).toBe(200);
    const reference = (await pending.json()).data.reference;
    expect((await pending.json()).data.status).toBe('pending');
    const checked = await (await api.get(`/api/v1/transaction/${reference}`)).json();
    expect(checked.data).toMatchObject({ reference, status: 'successful', details: { package: bouquet.name } });
  });
});
