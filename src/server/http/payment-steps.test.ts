import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { carriedKoboSchema, parseNairaInput } from '../../lib/amount-input.ts';
import { kobo, type Kobo } from '../../lib/money.ts';
import { confirmStepSchema } from '../../lib/confirm-step.ts';
import type { MoneyResult } from '../core/money/money-gate.ts';
import { fail, succeed, type Failure } from '../core/result.ts';
import { parseValues } from './api.ts';
import { answerPaymentPost, answerPaymentVisit, type PaymentKind, type StepValues } from './payment-steps.ts';
import { aboutThePin, carriedAmount, fieldFailure, receiptAt } from './payment-kinds/scope.ts';

/** A stub kind: a gift of an amount (typed naira) to a name, with a lookup that may refuse, and a scripted payment. */
type Gift = { name: string; amount: Kobo };
const amountRule = (amount: Kobo) => (amount < 100 ? 'Enter at least ₦1.00' : undefined);
const typedSchema = z.object({
  name: z.string().min(1, 'Enter the name'),
  amount: z.string().transform((text, context) => {
    const amount = parseNairaInput(text);
    if (amount === null) context.addIssue({ code: 'custom', message: 'Enter an amount in naira' });
    return amount ?? kobo(0);
  }),
});
const carriedSchema = z.object({ name: z.string().min(1, 'Enter the name'), amount: carriedKoboSchema(amountRule) });

function giftKind(answers: { lookup?: Failure; pay?: MoneyResult } = {}) {
  const paid: { gift: Gift; pin: string; key: string }[] = [];
  const kind: PaymentKind<Gift, Gift, { greeting: string }, { pin: string }, null> = {
    detailFields: ['name', 'amount'],
    parse: (values, step) => (step === 'confirm' ? parseValues(carriedAmount(values), carriedSchema) : parseValues(values, typedSchema)),
    check: (gift, balanceKobo) => (balanceKobo !== null && gift.amount > balanceKobo ? fieldFailure('amount', 'Not enough money', 'INSUFFICIENT_FUNDS') : succeed(gift)),
    fingerprint: (gift) => JSON.stringify([gift.name, gift.amount]),
    confirm: async (gift) => (answers.lookup ? answers.lookup : succeed({ greeting: `To ${gift.name}` })),
    readPayment: (values) => parseValues(values, confirmStepSchema),
    async pay(gift, { pin }, key) {
      paid.push({ gift, pin, key });
      return answers.pay ?? succeed({ transaction: { reference: 'REF/1' } } as never);
    },
    receiptPath: receiptAt('/gift/receipt'),
    staysOnConfirm: aboutThePin,
    carriesKeyBack: false,
    againMessage: 'Please check the details and confirm again.',
    extraFor: () => null,
    firstVisit: async (query) => ({ values: { name: query.get('name') ?? '' }, extra: null }),
  };
  return { kind, paid };
}

const balance = kobo(10_000_00);
const key = 'key-0123456789';

/** The confirm step's post, as its form sends it. */
async function confirmPost(kind: PaymentKind<Gift, Gift, { greeting: string }, { pin: string }, null>, extra: StepValues = {}) {
  const shown = await answerPaymentPost(kind, { step: 'details', name: 'Ada', amount: '1,500' }, balance);
  if ('redirect' in shown || shown.step !== 'confirm') throw new Error('expected the confirm step');
  return { shown, values: { step: 'confirm', name: 'Ada', amount_kobo: String(shown.confirm.checked.amount), idempotency_key: key, key_details: shown.confirm.fingerprint, pin: '1234', ...extra } };
}

describe('payment steps', () => {
  it('answers details with errors on the details screen, keeping what was typed but never the PIN', async () => {
    const { kind, paid } = giftKind();
    const answer = await answerPaymentPost(kind, { step: 'details', name: '', amount: 'lots', pin: '1234' }, balance);
    expect(answer).toMatchObject({ step: 'details', view: { status: 422, values: { name: '', amount: 'lots' } } });
    if ('redirect' in answer) throw new Error('unexpected redirect');
    expect(answer.view.errors).toEqual({ name: ['Enter the name'], amount: ['Enter an amount in naira'] });
    expect(answer.view.formError).toBe('Please correct the highlighted fields.');
    expect(answer.view.values.pin).toBeUndefined();
    expect(paid).toEqual([]);
  });

  it('answers a check before the PIN (the balance) on the details screen with its status', async () => {
    const { kind } = giftKind();
    const answer = await answerPaymentPost(kind, { step: 'details', name: 'Ada', amount: '20,000' }, balance);
    expect(answer).toMatchObject({ step: 'details', view: { status: 422, errors: { amount: ['Not enough money'] }, formError: null } });
  });

  it('reads the typed naira into kobo once and answers good details with the confirm step and a fresh key', async () => {
    const { kind, paid } = giftKind();
    const answer = await answerPaymentPost(kind, { step: 'details', name: 'Ada', amount: '1,500.50' }, balance);
    if ('redirect' in answer || answer.step !== 'confirm') throw new Error('expected the confirm step');
    expect(answer.confirm.checked).toEqual({ name: 'Ada', amount: 150050 });
    expect(answer.confirm.shown).toEqual({ greeting: 'To Ada' });
    expect(answer.confirm.key).toMatch(/^[\w-]{8,64}$/);
    expect(answer.view).toMatchObject({ status: 200, formError: null, errors: {} });
    expect(paid).toEqual([]);
  });

  it('keeps a carried key for the same details and makes a new one for changed details', async () => {
    const { kind } = giftKind();
    const fingerprint = JSON.stringify(['Ada', 150000]);
    const same = await answerPaymentPost(kind, { step: 'details', name: 'Ada', amount: '1500', idempotency_key: key, key_details: fingerprint }, balance);
    const changed = await answerPaymentPost(kind, { step: 'details', name: 'Ada', amount: '1600', idempotency_key: key, key_details: fingerprint }, balance);
    expect(same).toMatchObject({ step: 'confirm', confirm: { key } });
    expect(changed).toMatchObject({ step: 'confirm' });
    expect('confirm' in changed && changed.confirm.key).not.toBe(key);
  });

  it('goes back to the details with a failed pre-PIN lookup (a name enquiry limit) and its status', async () => {
    const { kind } = giftKind({ lookup: fail('RATE_LIMITED', 'You have looked up 10 account names in a minute.') });
    const answer = await answerPaymentPost(kind, { step: 'details', name: 'Ada', amount: '1500' }, balance);
    expect(answer).toMatchObject({ step: 'details', carriedKey: null, view: { status: 429, formError: 'You have looked up 10 account names in a minute.' } });
  });

  it('pays the carried kobo under the posted key and answers with the receipt', async () => {
    const { kind, paid } = giftKind();
    const { values } = await confirmPost(kind);
    const answer = await answerPaymentPost(kind, values, balance);
    expect(answer).toEqual({ redirect: '/gift/receipt?reference=REF%2F1' });
    expect(paid).toEqual([{ gift: { name: 'Ada', amount: 150000 }, pin: '1234', key }]);
  });

  it('answers a pending payment with its receipt too (the receipt says it is pending)', async () => {
    const { kind } = giftKind({ pay: succeed({ transaction: { reference: 'PENDING-1', status: 'pending' } } as never) });
    const { values } = await confirmPost(kind);
    expect(await answerPaymentPost(kind, values, balance)).toEqual({ redirect: '/gift/receipt?reference=PENDING-1' });
  });

  it('answers a wrong PIN on the confirm step with its message, the same key and no PIN shown', async () => {
    const { kind } = giftKind({ pay: fail('INVALID_PIN', 'Incorrect PIN. 2 tries left.', { errors: { pin: ['Incorrect PIN. 2 tries left.'] } }) });
    const { values } = await confirmPost(kind);
    const answer = await answerPaymentPost(kind, values, balance);
    expect(answer).toMatchObject({ step: 'confirm', confirm: { key }, view: { status: 422, errors: { pin: ['Incorrect PIN. 2 tries left.'] }, formError: null } });
    if ('redirect' in answer) throw new Error('unexpected redirect');
    expect(answer.view.values.pin).toBeUndefined();
  });

  it('answers a locked PIN on the confirm step with the lock message', async () => {
    const { kind } = giftKind({ pay: fail('PIN_LOCKED', 'Too many wrong PINs. Try again after 4:00 PM.') });
    const { values } = await confirmPost(kind);
    expect(await answerPaymentPost(kind, values, balance)).toMatchObject({ step: 'confirm', view: { status: 423, formError: 'Too many wrong PINs. Try again after 4:00 PM.' } });
  });

  it('answers a key reused for other details with a new key to confirm again', async () => {
    const { kind } = giftKind({ pay: fail('IDEMPOTENCY_KEY_REUSED', 'That key was used for another payment.') });
    const { values } = await confirmPost(kind);
    const answer = await answerPaymentPost(kind, values, balance);
    expect(answer).toMatchObject({ step: 'confirm', view: { status: 409, formError: 'Please check the details and confirm again.' } });
    expect('confirm' in answer && answer.confirm.key).not.toBe(key);
  });

  it('sends other refusals back to the details, the amount shown again as typed naira', async () => {
    const { kind } = giftKind({ pay: fail('LIMIT_EXCEEDED', 'That is over your daily limit.', { errors: { amount: ['That is over your daily limit.'] } }) });
    const { values } = await confirmPost(kind);
    const answer = await answerPaymentPost(kind, values, balance);
    expect(answer).toMatchObject({ step: 'details', carriedKey: null, view: { status: 422, values: { name: 'Ada', amount: '1500' }, errors: { amount: ['That is over your daily limit.'] } } });
  });

  it('goes back to the details with the carried key and the amount as naira on "Change details"', async () => {
    const { kind, paid } = giftKind();
    const { values } = await confirmPost(kind, { intent: 'back', pin: '' });
    const answer = await answerPaymentPost(kind, values, balance);
    expect(answer).toMatchObject({ step: 'details', carriedKey: { key }, view: { status: 200, values: { name: 'Ada', amount: '1500' } } });
    expect(paid).toEqual([]);
  });

  it('refuses a confirm step without a key, and a missing PIN, before paying', async () => {
    const { kind, paid } = giftKind();
    const { values } = await confirmPost(kind);
    const { idempotency_key: _dropped, ...keyless } = values;
    expect(await answerPaymentPost(kind, keyless, balance)).toMatchObject({ step: 'confirm', view: { formError: 'Please check the details and confirm again.' } });
    expect(await answerPaymentPost(kind, { ...values, pin: '' }, balance)).toMatchObject({ step: 'confirm', confirm: { key }, view: { status: 422, errors: { pin: [expect.any(String)] } } });
    expect(paid).toEqual([]);
  });

  it('checks a carried amount by the same rule as a typed one (a changed hidden field pays nothing)', async () => {
    const { kind, paid } = giftKind();
    const { values } = await confirmPost(kind);
    for (const amount_kobo of ['50', '-100', '1.5', '', '1e5']) {
      const answer = await answerPaymentPost(kind, { ...values, amount_kobo }, balance);
      expect(answer).toMatchObject({ step: 'details', view: { status: 422 } });
    }
    expect(paid).toEqual([]);
  });

  it('answers a round trip on the details step without checking anything', async () => {
    const { kind } = giftKind();
    const tripped: typeof kind = { ...kind, roundTrip: (values) => (values.quick ? { values: { ...values, amount: values.quick }, notice: 'Filled in' } : null) };
    expect(await answerPaymentPost(tripped, { step: 'details', name: '', quick: '500' }, balance)).toMatchObject({ step: 'details', view: { status: 200, notice: 'Filled in', values: { name: '', amount: '500' }, errors: {} } });
  });

  it('starts a plain visit from the kind', async () => {
    const { kind } = giftKind();
    expect(await answerPaymentVisit(kind, new URLSearchParams('name=Ada'))).toMatchObject({ step: 'details', carriedKey: null, view: { status: 200, values: { name: 'Ada' } } });
  });
});
