import { beforeEach, describe, expect, it } from 'vitest';
import { describeOnEngines } from '../testing/on-engines.ts';
import { customer, newKey, testPin } from '../testing/customers.ts';
import { inProcessApi, type InProcessApi } from '../testing/in-process-api.ts';
import { recognise, say, sayAgain } from '../../i18n/translate.ts';
import { jsonSuccess, saySuccess } from './respond.ts';
import { scheduleChangedMessage, scheduleMadeMessage } from './scheduled-transfer-words.ts';

/**
 * A success answer's top-level `message` in the caller's language: the catalogue's
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

/**
 * Every success message the API's routes (src/pages/api) word, as it is said today with sample
 * values: each is its own said.api.* sentence, with its values, and is said again in Hausa,
 * Yoruba and Igbo.
 */
const successMessages: readonly (readonly [string, string, Record<string, string>])[] = [
  ['You are on Tier 2.', 'said.api.tier', { tier: '2' }],
  ['Networks for mobile data.', 'said.api.networksData', {}],
  ['Networks for airtime.', 'said.api.networksAirtime', {}],
  ['TV packages.', 'said.api.tvPackages', {}],
  ['The smartcard belongs to ADA OBI.', 'said.api.smartcardBelongs', { name: 'ADA OBI' }],
  ['Electricity distribution companies.', 'said.api.discos', {}],
  ['The meter belongs to ADA OBI.', 'said.api.meterBelongs', { name: 'ADA OBI' }],
  ['TV providers.', 'said.api.tvProviders', {}],
  ['Data plans.', 'said.api.dataPlans', {}],
  ['Your limits.', 'said.api.limits', {}],
  ['Case CS-2026-000123.', 'said.api.case', { number: 'CS-2026-000123' }],
  ['We have opened case CS-2026-000123 and emailed you.', 'said.api.caseOpened', { number: 'CS-2026-000123' }],
  ['We have opened case CS-2026-000123 and emailed you. Your account is frozen: no money can leave it.', 'said.api.caseOpenedFrozen', { number: 'CS-2026-000123' }],
  ['Banks.', 'said.api.banks', {}],
  ['States and local government areas.', 'said.api.statesLgas', {}],
  ['Security questions.', 'said.api.securityQuestions', {}],
  ['Your cases.', 'said.api.cases', {}],
  ['Your profile.', 'said.api.profile', {}],
  ['Your beneficiaries.', 'said.api.beneficiaries', {}],
  ['ADA OBI is saved as a beneficiary.', 'said.api.beneficiarySaved', { name: 'ADA OBI' }],
  ['ADA OBI is no longer a beneficiary.', 'said.api.beneficiaryRemoved', { name: 'ADA OBI' }],
  ['A payment request.', 'said.api.paymentRequest', {}],
  ['Request PR-7K2M9Q is cancelled; its link no longer works.', 'said.api.requestCancelled', { reference: 'PR-7K2M9Q' }],
  ['Your payment requests.', 'said.api.paymentRequests', {}],
  ['Your request PR-7K2M9Q is ready to share.', 'said.api.requestReady', { reference: 'PR-7K2M9Q' }],
  ['Your statement is on its way to ada@example.ng.', 'said.api.statementSent', { email: 'ada@example.ng' }],
  ['Page 2 of 7.', 'said.api.page', { page: '2', pages: '7' }],
  ['Money in and out for the last 12 months.', 'said.api.moneyInOut', {}],
  ['Your transaction.', 'said.api.transaction', {}],
  ['Your scheduled transfers.', 'said.api.scheduledTransfers', {}],
  ['The account belongs to ADA OBI.', 'said.api.accountBelongs', { name: 'ADA OBI' }],
  ['Credited 0123456789.', 'said.api.credited', { account: '0123456789' }],
  ['Your account is unfrozen. Transfers and payments work again.', 'said.api.unfrozen', {}],
  ['Your password has been changed. Sign in with the new one.', 'said.api.passwordResetDone', {}],
  ['Welcome! We have sent a 6-digit code to ada@example.ng. Enter it to open your account. If no code arrives, check the address, or sign in if you already bank with us.', 'said.api.registered', { email: 'ada@example.ng' }],
  ['Your account is frozen. No money can leave it; money sent to you still arrives. We signed out 1 other device and emailed you how to unfreeze it.', 'said.api.frozenOne', {}],
  ['Your account is frozen. No money can leave it; money sent to you still arrives. We signed out 3 other devices and emailed you how to unfreeze it.', 'said.api.frozenMany', { count: '3' }],
  ['Your account was already frozen. We signed out 1 other device.', 'said.api.alreadyFrozenOne', {}],
  ['Your account was already frozen. We signed out 0 other devices.', 'said.api.alreadyFrozenMany', { count: '0' }],
  ['Password changed. We signed out 1 other device.', 'said.api.passwordChangedOne', {}],
  ['Password changed. We signed out 2 other devices.', 'said.api.passwordChangedMany', { count: '2' }],
  ['Your own daily limit is now ₦50,000.00. It applies at once.', 'said.api.dailyLowered', { limit: '₦50,000.00' }],
  ['Your own daily limit will rise to ₦500,000.00 on 23 Nov 2026, 21:50 (Lagos time). Until then the current limit applies.', 'said.api.dailyRaise', { limit: '₦500,000.00', at: '23 Nov 2026, 21:50' }],
  ['MTN airtime ₦500.00 is pending: MTN has not confirmed it yet. We will confirm it or return your money.', 'said.api.purchasePending', { item: 'MTN airtime ₦500.00', provider: 'MTN' }],
  ['Ikeja Electric could not complete Ikeja Electric prepaid ₦5,000.00 and ₦5,000.00 was returned to your account.', 'said.api.purchaseReturned', { provider: 'Ikeja Electric', item: 'Ikeja Electric prepaid ₦5,000.00', amount: '₦5,000.00' }],
  ['Ikeja Electric prepaid ₦5,000.00: your token is 1234-5678-9012-3456-7890 (12.5 kWh).', 'said.api.purchaseToken', { item: 'Ikeja Electric prepaid ₦5,000.00', token: '1234-5678-9012-3456-7890', units: '12.5 kWh' }],
  ['MTN airtime ₦500.00: done.', 'said.api.purchaseDone', { item: 'MTN airtime ₦500.00' }],
];

describe('the API’s success messages', () => {
  it.each(successMessages)('recognises “%s” and says it in Hausa, Yoruba and Igbo', (english, key, params) => {
    expect(recognise(english)).toEqual({ key, params });
    for (const locale of ['ha', 'yo', 'ig'] as const) {
      const said = sayAgain(locale, english);
      expect(said).not.toBe(english);
      // Figures, names and references are kept; a Lagos date (`at`) is said again in the language.
      for (const [name, value] of Object.entries(params)) if (name !== 'at') expect(said).toContain(value);
    }
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

  it('words a scheduled transfer’s made and changed messages in the caller’s language', async () => {
    // 06:00 Lagos on 10 Sept 2030: the first transfer can go on the 11th.
    t().clock.advance(Date.parse('2030-09-10T06:00:00+01:00') - t().clock.now().getTime());
    token = (await t().app.sessions.create(me.userId)).token;
    await t().app.languages.set(me.userId, 'ha');
    const body = { account_number: them.accountNumber, amount: 2_500_00, pin: testPin, first_date: '2030-09-11', repeat: 'monthly', count: 6 };
    const made = await api.call<Record<string, any>>('POST', `/api/v1/transfers/scheduled/${me.accountNumber}`, { token, json: body, headers: { 'idempotency-key': newKey() } });
    expect(made.status).toBe(201);
    expect(made.json.message).toBe(say('ha', scheduleMadeMessage(made.json.data)));
    expect(made.json.message).not.toBe(say('en', scheduleMadeMessage(made.json.data)));
    const paused = await api.call<Record<string, any>>('POST', `/api/v1/transfers/scheduled/${made.json.data.id}/pause`, { token });
    expect(paused.json.message).toBe(say('ha', scheduleChangedMessage('pause', paused.json.data)));
    expect(paused.json.message).not.toBe(say('en', scheduleChangedMessage('pause', paused.json.data)));
  });
});
