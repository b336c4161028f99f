import { beforeEach, describe, expect, it } from 'vitest';
import { describeOnEngines } from '../testing/on-engines.ts';
import { customer, newKey, securityCode, testPassword, testPin } from '../testing/customers.ts';
import { inProcessApi, type InProcessApi } from '../testing/in-process-api.ts';
import { say } from '../../i18n/translate.ts';
import { amountValue, instantValue, said, type Said } from '../../i18n/said.ts';
import { formatLagosDateTime } from '../../lib/lagos-time.ts';
import { formatNaira, kobo } from '../../lib/money.ts';
import { jsonSuccess, saySuccess } from './respond.ts';
import { moneyWords } from './money-words.ts';
import { scheduleChangedMessage, scheduleMadeMessage } from './scheduled-transfer-words.ts';

/**
 * A success answer's top-level `message` in the caller's language: the Said the route answered
 * with (jsonSuccess), worded once; `data` never changes, and no English is read back.
 */
describe('saySuccess', () => {
  const sent = said('said.money.sent', { amount: amountValue(kobo(500_000)), name: 'ADA OBI' });

  it('words the answer’s Said in the language, keeps the status, the headers and the data', async () => {
    const data = { amount: 500_000, beneficiary_name: 'ADA OBI', status: 'successful' };
    const english = jsonSuccess(data, sent, 201, { 'idempotent-replayed': 'true' });
    const yoruba = saySuccess(english, 'yo');
    expect(yoruba.status).toBe(201);
    expect(yoruba.headers.get('idempotent-replayed')).toBe('true');
    const body = (await yoruba.json()) as Record<string, unknown>;
    expect(body).toEqual({ success: true, message: say('yo', sent), data });
    expect(body.message).not.toBe('₦5,000.00 sent to ADA OBI.');
    expect(Object.keys(body)).toEqual(['success', 'message', 'data']);
  });

  it('writes English itself, and leaves English, a failure and any answer jsonSuccess did not make as they are', async () => {
    const english = jsonSuccess({}, sent);
    expect((await english.clone().json()).message).toBe('₦5,000.00 sent to ADA OBI.');
    expect(saySuccess(english, 'en')).toBe(english);
    // An envelope written by hand holds English only: it is not parsed back into a sentence.
    const byHand = new Response(JSON.stringify({ success: true, message: 'Signed out.', data: null }), { headers: { 'content-type': 'application/json' } });
    expect(saySuccess(byHand, 'pcm')).toBe(byHand);
    const failure = new Response(JSON.stringify({ success: false, message: '₦5,000.00 sent to ADA OBI.' }), { headers: { 'content-type': 'application/json' } });
    expect(saySuccess(failure, 'ha')).toBe(failure);
    expect(await saySuccess(jsonSuccess(null, said('said.api.signedOut')), 'pcm').json()).toEqual({ success: true, message: 'You don sign out.', data: null });
    expect((await saySuccess(jsonSuccess(null, said('said.api.pinChanged')), 'ha').json()).message).toBe('An canza PIN ɗinka na ma’amala.');
  });
});

/**
 * The API's success sentences (src/pages/api), with sample values: each is said in Hausa, Yoruba
 * and Igbo in their own words, each value written as that language writes it.
 */
const raiseAt = '2026-11-23T21:50:00+01:00';
const successMessages: readonly Said[] = [
  said('said.api.tier', { tier: 2 }),
  said('said.api.smartcardBelongs', { name: 'ADA OBI' }),
  said('said.api.meterBelongs', { name: 'ADA OBI' }),
  said('said.api.case', { number: 'CS-2026-000123' }),
  said('said.api.caseOpened', { number: 'CS-2026-000123' }),
  said('said.api.caseOpenedFrozen', { number: 'CS-2026-000123' }),
  said('said.api.beneficiarySaved', { name: 'ADA OBI' }),
  said('said.api.beneficiaryRemoved', { name: 'ADA OBI' }),
  said('said.api.requestCancelled', { reference: 'PR-7K2M9Q' }),
  said('said.api.requestReady', { reference: 'PR-7K2M9Q' }),
  said('said.api.statementSent', { email: 'ada@example.ng' }),
  said('said.api.page', { page: 2, pages: 7 }),
  said('said.api.accountBelongs', { name: 'ADA OBI' }),
  said('said.api.credited', { account: '0123456789' }),
  said('said.api.registered', { email: 'ada@example.ng' }),
  said('said.api.frozenMany', { count: 3 }),
  said('said.api.alreadyFrozenMany', { count: 0 }),
  said('settings.done.passwordMany', { count: 2 }),
  said('settings.limits.lowered', { limit: amountValue(kobo(50_000_00)) }),
  said('said.api.dailyRaise', { limit: amountValue(kobo(500_000_00)), at: instantValue(raiseAt) }),
  said('said.limits.instantOff'),
  said('said.limits.alreadyOn'),
  said('said.api.purchasePending', { item: 'MTN airtime ₦500.00', provider: 'MTN' }),
  said('said.api.purchaseReturned', { provider: 'Ikeja Electric', item: 'Ikeja Electric prepaid ₦5,000.00', amount: amountValue(kobo(5_000_00)) }),
  said('said.api.purchaseToken', { item: 'Ikeja Electric prepaid ₦5,000.00', token: '1234-5678-9012-3456-7890', units: '12.5 kWh' }),
  said('said.api.purchaseDone', { item: 'MTN airtime ₦500.00' }),
];

describe('the API’s success messages', () => {
  it.each(successMessages.map((message) => [message.key, message] as const))('says %s in Hausa, Yoruba and Igbo with its values', (_key, message) => {
    const english = say('en', message);
    for (const locale of ['ha', 'yo', 'ig'] as const) {
      const worded = say(locale, message);
      expect(worded).not.toBe(english);
      for (const value of Object.values(message.params ?? {})) {
        if (typeof value !== 'object') expect(worded).toContain(String(value));
        else if ('kobo' in value) expect(worded).toContain(formatNaira(value.kobo));
        else if ('at' in value) expect(worded).toContain(formatLagosDateTime(value.at, locale));
      }
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
    expect(moneyWords.transferOutcome(english.json.data).key).toBe('said.money.sent');
    expect(english.json.message).toBe(say('en', moneyWords.transferOutcome(english.json.data)));

    await t().app.languages.set(me.userId, 'ig');
    const igbo = await send({ 'accept-language': 'en' });
    expect(igbo.status).toBe(200);
    expect(igbo.json.success).toBe(true);
    expect(igbo.json.message).toBe(say('ig', moneyWords.transferOutcome(igbo.json.data)));
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

  it('words the limits’ and the password’s answers in the caller’s language, the figures and times as it writes them', async () => {
    // A day on: the account's first day is over and a raise may be asked for.
    t().clock.advance(25 * 3_600_000);
    token = (await t().app.sessions.create(me.userId)).token;
    const english = await api.call<Record<string, any>>('POST', '/api/v1/limits/daily', { token, json: { limit: 10_000_00 } });
    expect(english).toMatchObject({ status: 200, json: { success: true, message: 'Your own daily limit is now ₦10,000.00. It applies at once.' } });

    await t().app.languages.set(me.userId, 'yo');
    const lowered = await api.call<Record<string, any>>('POST', '/api/v1/limits/daily', { token, json: { limit: 8_000_00 } });
    expect(lowered.json.message).toBe(say('yo', said('settings.limits.lowered', { limit: amountValue(kobo(8_000_00)) })));
    expect(lowered.json.message).toContain('₦8,000.00');

    const raised = await api.call<Record<string, any>>('POST', '/api/v1/limits/daily', { token, json: { limit: 30_000_00, code: await securityCode(t(), me.userId, 'daily_limit'), pin: testPin } });
    expect(raised.status).toBe(200);
    const appliesAt: string = raised.json.data.pending_raise.applies_at;
    expect(raised.json.message).toBe(say('yo', said('said.api.dailyRaise', { limit: amountValue(kobo(30_000_00)), at: instantValue(appliesAt) })));
    // The time in Yoruba's month names, not English's read back.
    expect(raised.json.message).toContain(formatLagosDateTime(appliesAt, 'yo'));
    expect(raised.json.message).not.toContain(formatLagosDateTime(appliesAt, 'en'));

    await t().app.languages.set(me.userId, 'ha');
    const off = await api.call<Record<string, any>>('POST', '/api/v1/limits/instant-payments', { token, json: { enabled: false, code: await securityCode(t(), me.userId, 'instant_payments'), pin: testPin } });
    expect(off).toMatchObject({ status: 200, json: { success: true, message: say('ha', said('said.limits.instantOff')), data: { instant_payments: false } } });
    const again = await api.call<Record<string, any>>('POST', '/api/v1/limits/instant-payments', { token, json: { enabled: false } });
    expect(again).toMatchObject({ status: 200, json: { message: say('ha', said('said.limits.alreadyOff')) } });
    expect(again.json.message).not.toBe(say('en', said('said.limits.alreadyOff')));

    await t().app.sessions.create(me.userId);
    const changed = await api.call<Record<string, any>>('POST', '/api/v1/profile/password/update', { token, json: { current_password: testPassword, password: 'mango-lagoon-lantern-47', password_confirmation: 'mango-lagoon-lantern-47' } });
    expect(changed).toMatchObject({ status: 200, json: { success: true, data: { signed_out_sessions: expect.any(Number) } } });
    const count: number = changed.json.data.signed_out_sessions;
    expect(count).toBeGreaterThan(1);
    expect(changed.json.message).toBe(say('ha', said('settings.done.passwordMany', { count })));
    expect(changed.json.message).toContain(String(count));
  });
});
