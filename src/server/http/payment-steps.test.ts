import type { Said } from '../../i18n/said.ts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { carriedKoboSchema, parseNairaInput } from '../../lib/amount-input.ts';
import { kobo, type Kobo } from '../../lib/money.ts';
import { confirmStepSchema } from '../../lib/confirm-step.ts';
import type { MoneyResult } from '../core/money/money-gate.ts';
import { fail, succeed, type Failure } from '../core/result.ts';
import { parseValues } from './api.ts';
import { answerPaymentPost as answerPost, answerPaymentVisit as answerVisit, type PaymentKind, type StepValues } from './payment-steps.ts';
import { wordView } from './forms.ts';
import { amountValue, instantValue, said, waitValue } from '../../i18n/said.ts';
import { say } from '../../i18n/translate.ts';

/** A screen with its words said in English, as the page shows them (the steps hand over data). */
function worded<A>(answer: A): A {
  return answer && typeof answer === 'object' && 'view' in answer ? { ...answer, view: wordView('en', (answer as { view: Parameters<typeof wordView>[1] }).view) } : answer;
}
const answerPaymentPost: typeof answerPost = async (...args) => worded(await answerPost(...args));
const answerPaymentVisit: typeof answerVisit = async (...args) => worded(await answerVisit(...args));

const lookupLimit = said('said.errors.lookupsMinute', { count: 10, wait: waitValue(60) });
const wrongPin = said('said.pin.wrongMany', { left: 2, minutes: 30 });
const pinLocked = said('said.errors.pinLockedMany', { minutes: 5, until: instantValue('2026-11-22T15:00:00Z') });
const overLimit = said('said.money.dailyLimitField', { left: amountValue(kobo(500_000)) });
import { aboutThePin, carriedAmount, fieldFailure, receiptAt } from './payment-kinds/scope.ts';

/** A stub kind: a gift of an amount (typed naira) to a name, with a lookup that may refuse, and a scripted payment. */
type Gift = { name: string; amount: Kobo };
const amountRule = (amount: Kobo): Said | undefined => (amount < 100 ? { key: 'said.requests.atLeast', params: { amount: { kobo: kobo(100) } } } : undefined);
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
    againMessage: said('said.transfer.again'),
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
    const { kind } = giftKind({ lookup: fail('RATE_LIMITED', lookupLimit) });
    const answer = await answerPaymentPost(kind, { step: 'details', name: 'Ada', amount: '1500' }, balance);
    expect(answer).toMatchObject({ step: 'details', carriedKey: null, view: { status: 429, formError: say('en', lookupLimit) } });
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
    const { kind } = giftKind({ pay: fail('INVALID_PIN', wrongPin, { errors: { pin: [wrongPin] } }) });
    const { values } = await confirmPost(kind);
    const answer = await answerPaymentPost(kind, values, balance);
    expect(answer).toMatchObject({ step: 'confirm', confirm: { key }, view: { status: 422, errors: { pin: [say('en', wrongPin)] }, formError: null } });
    if ('redirect' in answer) throw new Error('unexpected redirect');
    expect(answer.view.values.pin).toBeUndefined();
  });

  it('answers a locked PIN on the confirm step with the lock message', async () => {
    const { kind } = giftKind({ pay: fail('PIN_LOCKED', pinLocked) });
    const { values } = await confirmPost(kind);
    expect(await answerPaymentPost(kind, values, balance)).toMatchObject({ step: 'confirm', view: { status: 423, formError: say('en', pinLocked) } });
  });

  it('answers a key reused for other details with a new key to confirm again', async () => {
    const { kind } = giftKind({ pay: fail('IDEMPOTENCY_KEY_REUSED', said('said.errors.keyReused')) });
    const { values } = await confirmPost(kind);
    const answer = await answerPaymentPost(kind, values, balance);
    expect(answer).toMatchObject({ step: 'confirm', view: { status: 409, formError: 'Please check the details and confirm again.' } });
    expect('confirm' in answer && answer.confirm.key).not.toBe(key);
  });

  it('sends other refusals back to the details, the amount shown again as typed naira', async () => {
    const { kind } = giftKind({ pay: fail('LIMIT_EXCEEDED', overLimit, { errors: { amount: [overLimit] } }) });
    const { values } = await confirmPost(kind);
    const answer = await answerPaymentPost(kind, values, balance);
    expect(answer).toMatchObject({ step: 'details', carriedKey: null, view: { status: 422, values: { name: 'Ada', amount: '1500' }, errors: { amount: [say('en', overLimit)] } } });
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
    const tripped: typeof kind = { ...kind, roundTrip: (values) => (values.quick ? { values: { ...values, amount: values.quick }, notice: said('said.lga.now') } : null) };
    expect(await answerPaymentPost(tripped, { step: 'details', name: '', quick: '500' }, balance)).toMatchObject({ step: 'details', view: { status: 200, notice: say('en', said('said.lga.now')), values: { name: '', amount: '500' }, errors: {} } });
  });

  it('starts a plain visit from the kind', async () => {
    const { kind } = giftKind();
    expect(await answerPaymentVisit(kind, new URLSearchParams('name=Ada'))).toMatchObject({ step: 'details', carriedKey: null, view: { status: 200, values: { name: 'Ada' } } });
  });
});

/**
 * A stub kind with a choice (as electricity chooses an amount after the meter is verified): a
 * tip to a name, the tip typed on the choose step and carried as kobo to the review.
 */
type Tipped = { greeting: string; tip: Kobo | null };
function tipKind(answers: { pay?: MoneyResult } = {}) {
  const paid: { name: string; tip: Kobo; key: string }[] = [];
  const tipOf = (values: StepValues, step: 'choose' | 'confirm'): Kobo | null => {
    if (step === 'choose') return parseNairaInput(values.tip ?? '');
    return /^\d{1,9}$/.test(values.tip_kobo ?? '') ? kobo(Number(values.tip_kobo)) : null;
  };
  const readTip = (values: StepValues, step: 'choose' | 'confirm') => {
    const tip = tipOf(values, step);
    return tip === null || tip < 100 ? fieldFailure('tip', 'Enter a tip of at least ₦1.00') : succeed(tip);
  };
  const kind: PaymentKind<{ name: string }, { name: string }, Tipped, { tip: Kobo; pin: string }, null> = {
    detailFields: ['name'],
    parse: (values) => parseValues(values, z.object({ name: z.string().min(1, 'Enter the name') })),
    check: (details) => succeed(details),
    fingerprint: ({ name }) => JSON.stringify([name]),
    confirm: async ({ name }) => succeed({ greeting: `To ${name}`, tip: null }),
    confirmValues: (_shown, values) => ({ tip: values.tip ?? '' }),
    choose(_checked, shown, values, step, balanceKobo) {
      const tip = readTip(values, step);
      if (!tip.ok) return tip;
      if (balanceKobo !== null && tip.value > balanceKobo) return fieldFailure('tip', 'Not enough money', 'INSUFFICIENT_FUNDS');
      return succeed({ ...shown, tip: tip.value });
    },
    backToChoice: (failure) => Object.keys(failure.errors ?? {}).some((field) => field !== 'pin'),
    readPayment(values) {
      const tip = readTip(values, 'confirm');
      if (!tip.ok) return tip;
      const pin = parseValues(values, confirmStepSchema);
      return pin.ok ? succeed({ tip: tip.value, pin: pin.value.pin }) : pin;
    },
    async pay({ name }, { tip }, key) {
      paid.push({ name, tip, key });
      return answers.pay ?? succeed({ transaction: { reference: 'TIP-1' } } as never);
    },
    receiptPath: receiptAt('/tip/receipt'),
    staysOnConfirm: (failure) => aboutThePin(failure) || failure.code === 'LIMIT_EXCEEDED',
    carriesKeyBack: true,
    againMessage: said('said.purchases.payAgain'),
    extraFor: () => null,
    firstVisit: async () => ({ values: {}, extra: null }),
  };
  return { kind, paid };
}

describe('payment steps with a choice before the review', () => {
  /** The choose step as the details answer it, and its post with `tip` typed. */
  async function choosePost(kind: ReturnType<typeof tipKind>['kind'], tip: string) {
    const answer = await answerPaymentPost(kind, { step: 'details', name: 'Ada' }, balance);
    if ('redirect' in answer || answer.step !== 'confirm') throw new Error('expected the choose step');
    return { step: 'choose', name: 'Ada', tip, idempotency_key: answer.confirm.key, key_details: answer.confirm.fingerprint };
  }

  it('answers good details with the choose step: what was found, no choice read yet, a key', async () => {
    const { kind, paid } = tipKind();
    const answer = await answerPaymentPost(kind, { step: 'details', name: 'Ada', tip: 'junk' }, balance);
    expect(answer).toMatchObject({ step: 'confirm', view: { status: 200, errors: {} }, confirm: { choosing: true, shown: { greeting: 'To Ada', tip: null } } });
    expect(paid).toEqual([]);
  });

  it('answers the choice with the review (the choice in what is shown), under the same key; a bad or unaffordable choice is asked again', async () => {
    const { kind, paid } = tipKind();
    const values = await choosePost(kind, '1,500');
    const review = await answerPaymentPost(kind, values, balance);
    expect(review).toMatchObject({ step: 'confirm', confirm: { choosing: false, key: values.idempotency_key, shown: { tip: 150000 } }, view: { status: 200 } });

    const bad = await answerPaymentPost(kind, { ...values, tip: 'lots' }, balance);
    expect(bad).toMatchObject({ step: 'confirm', confirm: { choosing: true, key: values.idempotency_key }, view: { status: 422, values: { tip: 'lots' }, errors: { tip: ['Enter a tip of at least ₦1.00'] } } });
    const tooMuch = await answerPaymentPost(kind, { ...values, tip: '20,000' }, balance);
    expect(tooMuch).toMatchObject({ step: 'confirm', confirm: { choosing: true }, view: { errors: { tip: ['Not enough money'] } } });
    expect(paid).toEqual([]);
  });

  it('pays the carried choice from the review; a wrong PIN stays on the review, a refused amount goes back to the choice', async () => {
    const wrongPinKind = tipKind({ pay: fail('INVALID_PIN', wrongPin, { errors: { pin: [wrongPin] } }) });
    const values = await choosePost(wrongPinKind.kind, '1,500');
    const { tip: _typed, ...carried } = values;
    const reviewPost = { ...carried, step: 'confirm', tip_kobo: '150000', pin: '1234' };
    expect(await answerPaymentPost(wrongPinKind.kind, reviewPost, balance)).toMatchObject({ step: 'confirm', confirm: { choosing: false, key: values.idempotency_key, shown: { tip: 150000 } }, view: { errors: { pin: [say('en', wrongPin)] } } });

    const limited = tipKind({ pay: fail('LIMIT_EXCEEDED', overLimit, { errors: { tip: [overLimit] } }) });
    expect(await answerPaymentPost(limited.kind, reviewPost, balance)).toMatchObject({ step: 'confirm', confirm: { choosing: true, key: values.idempotency_key }, view: { errors: { tip: [say('en', overLimit)] } } });

    const good = tipKind();
    expect(await answerPaymentPost(good.kind, reviewPost, balance)).toEqual({ redirect: '/tip/receipt?reference=TIP-1' });
    expect(good.paid).toEqual([{ name: 'Ada', tip: 150000, key: values.idempotency_key }]);
  });

  it('refuses a changed carried choice on the review before paying: the choice is asked again', async () => {
    const { kind, paid } = tipKind();
    const values = await choosePost(kind, '1,500');
    for (const tip_kobo of ['', '50', '-100', '1e5']) {
      const answer = await answerPaymentPost(kind, { ...values, step: 'confirm', tip_kobo, pin: '1234' }, balance);
      expect(answer).toMatchObject({ step: 'confirm', confirm: { choosing: true }, view: { status: 422 } });
    }
    expect(paid).toEqual([]);
  });

  it('goes back one step at a time: the review to the choice, the choice to the details with the key', async () => {
    const { kind, paid } = tipKind();
    const values = await choosePost(kind, '1,500');
    expect(await answerPaymentPost(kind, { ...values, step: 'confirm', tip_kobo: '150000', intent: 'back' }, balance)).toMatchObject({ step: 'confirm', confirm: { choosing: true, key: values.idempotency_key } });
    expect(await answerPaymentPost(kind, { ...values, intent: 'back' }, balance)).toMatchObject({ step: 'details', carriedKey: { key: values.idempotency_key }, view: { values: { name: 'Ada' } } });
    expect(paid).toEqual([]);
  });

  it('treats a choose post as the details for a kind without a choice', async () => {
    const { kind } = giftKind();
    expect(await answerPaymentPost(kind, { step: 'choose', name: 'Ada', amount: '1,500' }, balance)).toMatchObject({ step: 'confirm', confirm: { checked: { amount: 150000 } } });
  });
});
