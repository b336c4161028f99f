import { beforeEach, expect, it } from 'vitest';
import { describeOnEngines } from '../testing/on-engines.ts';
import { customer, newKey, testPassword } from '../testing/customers.ts';
import { inProcessApi, type InProcessApi } from '../testing/in-process-api.ts';
import { t as say } from '../../i18n/translate.ts';

/**
 * The API's words in the caller's language: `message` and the field messages follow
 * the signed-in profile's language, else Accept-Language (no cookies in process), else English;
 * `code`, the status and the field names never change.
 */
describeOnEngines('the API in the caller’s language (%s)', (t) => {
  let api: InProcessApi;
  let me: { userId: string; accountNumber: string; email: string };
  let them: { accountNumber: string };
  let token: string;

  beforeEach(async () => {
    api = inProcessApi(t().app);
    me = await customer(t().app, { balance: 50_000_00 });
    them = await customer(t().app);
    token = (await t().app.sessions.create(me.userId)).token;
  });

  const wrongPin = (headers: Record<string, string> = {}) =>
    api.call<Record<string, any>>('POST', `/api/v1/transfer/local/${me.accountNumber}`, {
      token,
      headers: { 'idempotency-key': newKey(), ...headers },
      json: { account_number: them.accountNumber, amount: 1_000_00, pin: '0000' },
    });

  it('answers a wrong PIN in English by default, and in Hausa for a customer whose profile is Hausa, with the same code and fields', async () => {
    const english = await wrongPin();
    expect(english.status).toBe(422);
    expect(english.json).toMatchObject({ success: false, code: 'INVALID_PIN', message: 'Wrong PIN. 4 tries left before transfers and payments are locked for 30 minutes.' });
    expect(Object.keys(english.json.errors)).toEqual(['pin']);

    await t().app.languages.set(me.userId, 'ha');
    // The profile wins over the phone's Accept-Language.
    const hausa = await wrongPin({ 'accept-language': 'en-GB,en;q=0.9' });
    expect(hausa.status).toBe(422);
    expect(hausa.json.code).toBe('INVALID_PIN');
    expect(hausa.json.message).toBe('PIN ba daidai ba ne. Saura gwaji 3 kafin a kulle tura kuɗi da biyan kuɗi na minti 30.');
    expect(hausa.json.errors).toEqual({ pin: [hausa.json.message] });
  });

  it('answers a guest’s validation failure and wrong password in the Accept-Language, the codes and field names as in English', async () => {
    const body = { email: 'not-an-email', password: '' };
    const english = await api.call<Record<string, any>>('POST', '/api/v1/auth/login', { json: body });
    const hausa = await api.call<Record<string, any>>('POST', '/api/v1/auth/login', { json: body, headers: { 'accept-language': 'ha-NG,ha;q=0.9,en;q=0.5' } });
    expect([english.status, hausa.status]).toEqual([422, 422]);
    expect([english.json.code, hausa.json.code]).toEqual(['VALIDATION_FAILED', 'VALIDATION_FAILED']);
    expect(Object.keys(hausa.json.errors)).toEqual(Object.keys(english.json.errors));
    expect(english.json.errors.email).toEqual([say('en', 'said.email.invalid')]);
    expect(hausa.json.errors.email).toEqual([say('ha', 'said.email.invalid')]);
    expect(hausa.json.message).not.toBe(english.json.message);

    const wrong = { email: me.email, password: `${testPassword}!` };
    const englishWrong = await api.call<Record<string, any>>('POST', '/api/v1/auth/login', { json: wrong });
    const yorubaWrong = await api.call<Record<string, any>>('POST', '/api/v1/auth/login', { json: wrong, headers: { 'accept-language': 'yo' } });
    expect(englishWrong.json).toMatchObject({ code: 'INVALID_CREDENTIALS', message: 'The email or password is not right.' });
    expect(yorubaWrong.json).toMatchObject({ code: 'INVALID_CREDENTIALS', message: say('yo', 'said.login.wrong') });
  });

  it('says the router’s own refusals in the Accept-Language too', async () => {
    const hausa = await api.call<Record<string, any>>('GET', '/api/v1/no-such-call', { headers: { 'accept-language': 'ha' } });
    expect(hausa).toMatchObject({ status: 404, json: { success: false, code: 'NOT_FOUND', message: say('ha', 'error.NOT_FOUND') } });
    const english = await api.call<Record<string, any>>('GET', '/api/v1/no-such-call');
    expect(english.json.message).toBe('There is no such API call.');
  });
});
