import { beforeEach, describe, expect, it } from 'vitest';
import { describeOnEngines } from '../testing/on-engines.ts';
import { customer, newKey, testPin } from '../testing/customers.ts';
import { inProcessApi, type InProcessApi } from '../testing/in-process-api.ts';
import { recognise, sayAgain } from '../../i18n/translate.ts';
import { jsonSuccess, saySuccess } from './respond.ts';

/**
 * A success answer's top-level `message` in the caller's language (issue 18): the catalogue's
 * sentence (said.*) with its figures and names, else the English; `data` never changes.
 */
describe('saySuccess', () => {
  it('says a known message again, keeps the status, the headers and the data', async () => {
    const data = { amount: 500_000, beneficiary_name: 'ADA OBI', status: 'successful' };
    const english = jsonSuccess(data, '₦5,000.00 sent to ADA OBI.', 201, { 'idempotent-replayed': 'true' });
    const said = await saySuccess(english, 'yo');
    expect(said.status).toBe(201);
    expect(said.headers.get('idempotent-replayed')).toBe('true');
    const body = await said.json();
    expect(body).toEqual({ success: true, message: sayAgain('yo', '₦5,000.00 sent to ADA OBI.'), data });
    expect(body.message).not.toBe('₦5,000.00 sent to ADA OBI.');
    expect(Object.keys(body)).toEqual(['success', 'message', 'data']);
  });

  it('leaves English, an unknown sentence, a failure and what is not JSON as they are', async () => {
    const english = jsonSuccess({}, '₦5,000.00 sent to ADA OBI.');
    expect(await saySuccess(english, 'en')).toBe(english);
    const unknown = jsonSuccess({}, 'Nothing the catalogue has.');
    expect(await saySuccess(unknown, 'ha')).toBe(unknown);
    const failure = new Response(JSON.stringify({ success: false, message: '₦5,000.00 sent to ADA OBI.' }), { headers: { 'content-type': 'application/json' } });
    expect(await saySuccess(failure, 'ha')).toBe(failure);
    const pdf = new Response('%PDF', { headers: { 'content-type': 'application/pdf' } });
    expect(await (await saySuccess(jsonSuccess(null, 'Signed out.'), 'pcm')).json()).toEqual({ success: true, message: 'You don sign out.', data: null });
    expect((await (await saySuccess(jsonSuccess(null, 'Your transaction PIN is changed.'), 'ha')).json()).message).toBe('An canza PIN ɗinka na ma’amala.');
    expect(await saySuccess(pdf, 'ha')).toBe(pdf);
  });
});

describeOnEngines('API success messages in the caller’s language (%s)', (t) => {
  let api: InProcessApi;
  let me: { userId: string; accountNumber: string };
  let them: { accountNumber: string };
  let token: string;

  beforeEach(async () => {
    api = inProcessApi(t().app);
    me = await customer(t().app, { balance: 50_000_00 });
    them = await customer(t().app);
    token = (await t().app.sessions.create(me.userId)).token;
  });

  const send = (headers: Record<string, string> = {}) =>
    api.call<Record<string, any>>('POST', `/api/v1/transfer/local/${me.accountNumber}`, {
      token,
      headers: { 'idempotency-key': newKey(), ...headers },
      json: { account_number: them.accountNumber, amount: 1_000_00, pin: testPin },
    });

  it('says a transfer’s message in the profile’s language, the transaction data as in English', async () => {
    const english = await send();
    expect(english.status).toBe(200);
    expect(recognise(english.json.message)?.key).toBe('said.money.sent');

    await t().app.languages.set(me.userId, 'ig');
    const igbo = await send({ 'accept-language': 'en' });
    expect(igbo.status).toBe(200);
    expect(igbo.json.success).toBe(true);
    expect(igbo.json.message).toBe(sayAgain('ig', english.json.message));
    expect(igbo.json.message).not.toBe(english.json.message);
    expect(igbo.json.data.status).toBe(english.json.data.status);
    expect(igbo.json.data.amount).toBe(english.json.data.amount);
  });
});
