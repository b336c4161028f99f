import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { appOrigin, gtBank, onboardThroughApi, receiveTransfer, type OnboardedCustomer } from './support/customers.ts';
import { nubanFor } from '../src/lib/nuban.ts';

/**
 * The money API over HTTP: status codes and envelopes of API.md, ownership checks, and
 * idempotency as a client sees it. No browser needed, so it runs once (js-on project).
 */
test.describe('money API', () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'HTTP only: one run is enough');

  let alice: { api: APIRequestContext; customer: OnboardedCustomer };
  let bola: { api: APIRequestContext; customer: OnboardedCustomer };

  test.beforeAll(async ({}, testInfo) => {
    const baseURL = testInfo.project.use.baseURL ?? appOrigin();
    const make = async () => {
      const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: appOrigin(), accept: 'application/json' } });
      return { api, customer: await onboardThroughApi(api) };
    };
    [alice, bola] = await Promise.all([make(), make()]);
    await receiveTransfer(alice.api, alice.customer.accountNumber, 5_000_000, 'TUNDE BAKARE');
  });
  test.afterAll(async () => {
    await alice?.api.dispose();
    await bola?.api.dispose();
  });

  const transfer = (who: typeof alice, from: string, body: Record<string, unknown>, key?: string) =>
    who.api.post(`/api/v1/transfer/local/${from}`, { data: body, headers: key ? { 'idempotency-key': key } : {} });

  test('a transfer needs an idempotency key, and replays the first answer for the same key', async () => {
    const body = { account_number: bola.customer.accountNumber, amount: 250_000, narration: 'Suya', pin: alice.customer.pin };
    const missing = await transfer(alice, alice.customer.accountNumber, body);
    expect(missing.status()).toBe(422);
    expect(await missing.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED', errors: { idempotency_key: expect.any(Array) } });

    const key = `api-spec-${Date.now()}`;
    const first = await transfer(alice, alice.customer.accountNumber, body, key);
    expect(first.status()).toBe(200);
    const firstBody = await first.json();
    expect(firstBody).toMatchObject({ success: true, data: { type: 'debit', category: 'transfer', status: 'successful', amount: 250_000, fee: 0 } });

    const again = await transfer(alice, alice.customer.accountNumber, body, key);
    expect(again.status()).toBe(200);
    expect(again.headers()['idempotent-replayed']).toBe('true');
    expect((await again.json()).data).toEqual(firstBody.data);

    const reused = await transfer(alice, alice.customer.accountNumber, { ...body, amount: 300_000 }, key);
    expect(reused.status()).toBe(409);
    expect(await reused.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });

    const history = await (await alice.api.get(`/api/v1/transaction/history/${alice.customer.accountNumber}?q=Suya`)).json();
    expect(history.data).toMatchObject({ total: 1, current_page: 1, last_page: 1, per_page: 20 });
  });

  test('accounts, transactions and beneficiaries of other customers are out of reach', async () => {
    const key = `api-spec-other-${Date.now()}`;
    const fromBola = await transfer(alice, bola.customer.accountNumber, { account_number: alice.customer.accountNumber, amount: 100, pin: alice.customer.pin }, key);
    expect(fromBola.status()).toBe(403);
    expect(await fromBola.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect((await alice.api.get(`/api/v1/transaction/history/${bola.customer.accountNumber}`)).status()).toBe(403);
    expect((await alice.api.get(`/api/v1/transaction/stats/${bola.customer.accountNumber}`)).status()).toBe(403);
    expect((await alice.api.get(`/api/v1/beneficiaries/${bola.customer.accountNumber}`)).status()).toBe(403);

    const credit = await receiveTransfer(bola.api, bola.customer.accountNumber, 10_000, 'SOMEONE ELSE');
    expect((await bola.api.get(`/api/v1/transaction/${credit.reference}`)).status()).toBe(200);
    const hidden = await alice.api.get(`/api/v1/transaction/${credit.reference}`);
    expect(hidden.status()).toBe(404);
    expect(await hidden.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });

    const saved = await bola.api.post(`/api/v1/beneficiaries/create/${bola.customer.accountNumber}`, { data: { account_number: nubanFor('123456789', gtBank), bank_code: gtBank.nipCode } });
    expect(saved.status()).toBe(201);
    const id = (await saved.json()).data.id as string;
    const stolen = await alice.api.post(`/api/v1/beneficiaries/delete/${alice.customer.accountNumber}/${id}`);
    expect(stolen.status()).toBe(404);
    expect(((await (await bola.api.get(`/api/v1/beneficiaries/${bola.customer.accountNumber}`)).json()).data as unknown[]).length).toBe(1);
  });

  test('another bank: name enquiry, fees on the transaction, and a refused transfer comes back reversed as 502', async () => {
    const good = nubanFor('555000111', gtBank);
    const enquiry = await alice.api.post('/api/v1/transfer/enquiry', { data: { account_number: good, bank_code: gtBank.nipCode } });
    expect(enquiry.status()).toBe(200);
    const name = (await enquiry.json()).data.account_name as string;
    expect(name).toMatch(/^[A-Z]+ [A-Z]+ [A-Z]+$/);
    const bad = await alice.api.post('/api/v1/transfer/enquiry', { data: { account_number: good.slice(0, 9) + String((Number(good[9]) + 1) % 10), bank_code: gtBank.nipCode } });
    expect(bad.status()).toBe(422);
    expect(await bad.json()).toMatchObject({ code: 'INVALID_ACCOUNT_NUMBER' });

    const sent = await alice.api.post(`/api/v1/transfer/bank/${alice.customer.accountNumber}`, {
      data: { account_number: good, bank_code: gtBank.nipCode, amount: 1_500_000, pin: alice.customer.pin },
      headers: { 'idempotency-key': `api-spec-nip-${Date.now()}` },
    });
    expect(sent.status()).toBe(200);
    expect((await sent.json()).data).toMatchObject({ status: 'successful', amount: 1_500_000, fee: 7_500, counterparty: { name, bank_code: gtBank.nipCode } });

    const refused = await alice.api.post(`/api/v1/transfer/bank/${alice.customer.accountNumber}`, {
      data: { account_number: nubanFor('999999992', gtBank), bank_code: gtBank.nipCode, amount: 100_000, pin: alice.customer.pin },
      headers: { 'idempotency-key': `api-spec-nip-refused-${Date.now()}` },
    });
    expect(refused.status()).toBe(502);
    expect(await refused.json()).toMatchObject({ success: false, code: 'PROVIDER_FAILED', data: { status: 'reversed' } });
  });

  test('a wrong PIN says how many tries are left and moves nothing; the statement call answers 202', async () => {
    const before = (await (await alice.api.get('/api/v1/profile')).json()).data.accounts[0].balance as number;
    const wrong = await transfer(alice, alice.customer.accountNumber, { account_number: bola.customer.accountNumber, amount: 100, pin: '0907' }, `api-spec-pin-${Date.now()}`);
    expect(wrong.status()).toBe(422);
    expect(await wrong.json()).toMatchObject({ code: 'INVALID_PIN', message: expect.stringMatching(/4 tries left/) });
    expect((await (await alice.api.get('/api/v1/profile')).json()).data.accounts[0].balance).toBe(before);

    const today = new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);
    const statement = await alice.api.post(`/api/v1/transaction/account-statement/${alice.customer.accountNumber}`, { form: { start_date: today, end_date: today, format: 'csv' } });
    expect(statement.status()).toBe(202);
    const tooLong = await alice.api.post(`/api/v1/transaction/account-statement/${alice.customer.accountNumber}`, { form: { start_date: '2025-01-01', end_date: today, format: 'pdf' } });
    expect(tooLong.status()).toBe(422);
    expect(await tooLong.json()).toMatchObject({ errors: { end_date: ['A statement covers at most 12 months'] } });
  });
});
