import { keyFor, newIdempotencyKey, readPostedKey, type CarriedKey } from '../../lib/confirm-step.ts';
import { koboToInput } from '../../lib/amount-input.ts';
import { kobo, type Kobo } from '../../lib/money.ts';
import type { MoneyResult } from '../core/money/money-gate.ts';
import { fail, type Failure, type Result } from '../core/result.ts';
import { emptyView, failureView, readFormValues, summarySaid, wordView, type FormView, type WordedView } from './forms.ts';
import type { PaymentScope, PayingAccount, StepValues } from './payment-kinds/scope.ts';
import type { Said, SaidErrors } from '../../i18n/said.ts';
export type { PayingAccount, StepValues } from './payment-kinds/scope.ts';

/**
 * The no-JavaScript payment flow every payment page shares (a transfer, airtime, data,
 * electricity, cable TV):
 *   details → the checks that need no PIN → confirm (what will be paid, the PIN) → the payment
 *   → 303 to its receipt.
 * A kind whose price is chosen after a check (an electricity amount after the meter is verified,
 * a cable TV package after the card is) has one more step between them, `choose`: the confirm
 * screen shown first asks for the choice, and its post answers with the review and the PIN, so
 * the review before every PIN says exactly what the PIN pays.
 * A page names its payment kind (src/server/http/payment-kinds/) and renders the screen this
 * module answers. The confirm step carries an idempotency key made when it is first shown and
 * kept while the same details are confirmed again (a wrong PIN, a double tap), so nothing is
 * paid twice. An amount typed in naira is read into kobo once, on the details step, and travels
 * through the confirm step as kobo (the hidden `amount_kobo`).
 */

export type Step = 'details' | 'choose' | 'confirm';

/** What a step post may change before anything is checked: a round trip on the details step. */
export type FirstVisit<Extra> = { values: StepValues; notice?: Said | null; extra: Extra };

export type RoundTrip = { values: StepValues; failure?: Failure | null; notice?: Said | null };

/**
 * One payment kind. `Details` are the parsed details, `Checked` what the checks found (a plan,
 * a DisCo), `Shown` what the confirm step shows (a recipient's name, a meter's owner),
 * `Payment` the confirm step's own fields (the PIN, an amount or package chosen there), `Extra`
 * what a details screen needs beyond its values (a transfer's mode).
 */
export type PaymentKind<Details, Checked, Shown, Payment, Extra = null> = {
  /** The fields the details screen shows again (never the step, the key or the PIN). */
  detailFields: readonly string[];
  /** Values set before anything is read (a transfer to this bank, a DisCo's only meter type). */
  prepare?(values: StepValues): StepValues;
  /** A details-step post answered by the details screen again (a quick amount, a network's plans), or null. */
  roundTrip?(values: StepValues): RoundTrip | null;
  /** The details as typed (the details step) or as carried in hidden fields (the choose and confirm steps). */
  parse(values: StepValues, step: Exclude<Step, 'choose'>): Result<Details>;
  /** The checks against the catalogue, and on the details step (balance given) against the balance. */
  check(details: Details, balanceKobo: Kobo | null): Result<Checked>;
  /** The details one idempotency key stands for. */
  fingerprint(checked: Checked): string;
  /** The checks made every time the confirm step is shown (a name enquiry, a meter verification). */
  confirm(checked: Checked, values: StepValues): Promise<Result<Shown>>;
  /** The confirm step's own values shown again (an amount typed there). */
  confirmValues?(shown: Shown, values: StepValues): StepValues;
  /**
   * A choice made on its own step before the review (an electricity amount, a cable package):
   * read as typed on the choose step (`balanceKobo` given: checked against it) or as carried in
   * hidden fields to the confirm step, and answered as the shown details with the choice in them.
   */
  choose?(checked: Checked, shown: Shown, values: StepValues, step: 'choose' | 'confirm', balanceKobo: Kobo | null): Result<Shown>;
  /** With `choose`: failures of the payment put right on the choose step (the amount, the balance). */
  backToChoice?(failure: Failure): boolean;
  /** Where the confirm step shows a problem's field messages. */
  confirmErrors?(errors: SaidErrors, problem: Failure | null): SaidErrors;
  /** The confirm step's own fields, once the key is there. */
  readPayment(values: StepValues, checked: Checked): Result<Payment>;
  pay(checked: Checked, payment: Payment, key: string): Promise<MoneyResult>;
  receiptPath(reference: string): string;
  /** Failures put right on the confirm step (a wrong PIN); the rest go back to the details. */
  staysOnConfirm(failure: Failure): boolean;
  /** A failure sent back to the details, in the customer's words (a meter not found). */
  inCustomerWords?(failure: Failure, checked: Checked): Failure;
  /** Whether the details screen a failed confirm step goes back to keeps its key for the same details. */
  carriesKeyBack: boolean;
  /** Said when the confirm step must be confirmed again under a new key. */
  againMessage: Said;
  /** The details screen's extra for a post. */
  extraFor(values: StepValues): Extra;
  /** A plain visit: the values to start from (a linked network, a saved beneficiary). */
  firstVisit(query: URLSearchParams): Promise<FirstVisit<Extra>>;
};

export type DetailsScreen<Extra> = { step: 'details'; view: FormView; carriedKey: CarriedKey | null; extra: Extra };
/** `choosing`: the kind's choose step (the choice asked for, no PIN yet); else the review and the PIN. */
export type ConfirmScreen<Checked, Shown> = { step: 'confirm'; view: FormView; confirm: { checked: Checked; shown: Shown; key: string; fingerprint: string; choosing: boolean } };
export type PaymentScreen<Checked, Shown, Extra> = DetailsScreen<Extra> | ConfirmScreen<Checked, Shown>;
export type PaymentAnswer<Checked, Shown, Extra> = { redirect: string } | PaymentScreen<Checked, Shown, Extra>;

/** Never shown again on a page. */
const secretFields = ['pin'];

/** What the details screen shows again: the detail fields, with an amount carried as kobo back as typed naira. */
function detailValues(fields: readonly string[], values: StepValues): StepValues {
  const source = { ...values };
  if (values.amount_kobo !== undefined && values.amount === undefined) {
    const carried = Number(values.amount_kobo);
    if (/^\d{1,15}$/.test(values.amount_kobo) && Number.isSafeInteger(carried)) source.amount = koboToInput(carried);
  }
  const kept: StepValues = {};
  for (const field of fields) if (source[field] !== undefined) kept[field] = source[field];
  return kept;
}

/**
 * Answers one step post: the screen to render, or the receipt to go to. `balanceKobo` is the
 * paying account's balance as the page loaded it (the services check again).
 */
export async function answerPaymentPost<D, C, S, P, X>(kind: PaymentKind<D, C, S, P, X>, posted: StepValues, balanceKobo: Kobo): Promise<PaymentAnswer<C, S, X>> {
  const values = kind.prepare ? kind.prepare({ ...posted }) : { ...posted };
  const step: Step = values.step === 'confirm' ? 'confirm' : values.step === 'choose' && kind.choose ? 'choose' : 'details';
  // A key travels back to the details step in case the same details come back to be confirmed.
  const postedKey = readPostedKey(values);
  const { carried } = postedKey;

  const detailsScreen = (shownValues: StepValues, failure: Failure | null, carriedKey: CarriedKey | null, notice: Said | null = null): DetailsScreen<X> => {
    const kept = detailValues(kind.detailFields, shownValues);
    const view = failure ? failureView(kept, failure, secretFields) : { ...emptyView(notice), values: kept };
    view.formError = summarySaid(view.formError, view.errors);
    return { step: 'details', view, carriedKey, extra: kind.extraFor(values) };
  };
  const backToDetails = (failure: Failure, checked: C, key: string): DetailsScreen<X> =>
    detailsScreen(values, kind.inCustomerWords ? kind.inCustomerWords(failure, checked) : failure, kind.carriesKeyBack ? { key, fingerprint: kind.fingerprint(checked) } : null);

  /**
   * The confirm screen, after the checks made every time it is shown; a failed check goes back
   * to the details. A kind with a choice shows its choose step (`choosing`), or the review once
   * the choice is read; a choice that cannot be read is asked for again with its message.
   */
  const confirmScreen = async (checked: C, key: string, problem: Failure | null, choosing = false): Promise<PaymentScreen<C, S, X>> => {
    const shown = await kind.confirm(checked, values);
    if (!shown.ok) return backToDetails(shown, checked, key);
    let reviewed = shown.value;
    if (kind.choose && !choosing) {
      const chosen = kind.choose(checked, shown.value, values, step === 'choose' ? 'choose' : 'confirm', step === 'choose' ? balanceKobo : null);
      if (chosen.ok) reviewed = chosen.value;
      else [choosing, problem] = [true, problem ?? chosen];
    }
    const kept = kind.confirmValues ? kind.confirmValues(shown.value, values) : {};
    const view = problem ? failureView(kept, problem, secretFields) : { ...emptyView(), values: kept };
    if (kind.confirmErrors) view.errors = kind.confirmErrors(view.errors, problem);
    view.formError = summarySaid(view.formError, view.errors);
    return { step: 'confirm', view, confirm: { checked, shown: reviewed, key, fingerprint: kind.fingerprint(checked), choosing: Boolean(kind.choose) && choosing } };
  };
  /** Where a refused payment is put right: the choose step for a kind's choice (the amount), else the review. */
  const choosingAfter = (failure: Failure) => Boolean(kind.choose && kind.backToChoice?.(failure));
  const checkAgain = () => fail('VALIDATION_FAILED', kind.againMessage);

  const trip = step === 'details' && kind.roundTrip ? kind.roundTrip(values) : null;
  if (trip) return detailsScreen(trip.values, trip.failure ?? null, carried, trip.notice ?? null);

  const parsed = kind.parse(values, step === 'details' ? 'details' : 'confirm');
  // "Back" on the review of a kind with a choice goes back to the choice ("Change amount"); else to the details.
  const backToChoice = values.intent === 'back' && step === 'confirm' && Boolean(kind.choose);
  if ((values.intent === 'back' && !backToChoice) || !parsed.ok) return detailsScreen(values, parsed.ok ? null : parsed, carried);
  const checked = kind.check(parsed.value, step === 'details' ? balanceKobo : null);
  if (!checked.ok) return detailsScreen(values, checked, carried);
  if (step === 'details') return confirmScreen(checked.value, keyFor(carried, kind.fingerprint(checked.value)), null, true);

  if (!postedKey.key) return confirmScreen(checked.value, newIdempotencyKey(), checkAgain(), true);
  const key = postedKey.key;
  if (step === 'choose') return confirmScreen(checked.value, key, null);
  if (backToChoice) return confirmScreen(checked.value, key, null, true);
  const payment = kind.readPayment(values, checked.value);
  if (!payment.ok) return confirmScreen(checked.value, key, payment, choosingAfter(payment));

  const result = await kind.pay(checked.value, payment.value, key);
  // Replayed, pending and reversed payments all go to their receipt: it says what happened.
  if (result.ok) return { redirect: kind.receiptPath(result.value.transaction.reference) };
  if (result.code === 'IDEMPOTENCY_KEY_REUSED') return confirmScreen(checked.value, newIdempotencyKey(), fail('IDEMPOTENCY_KEY_REUSED', kind.againMessage));
  if (kind.staysOnConfirm(result)) return confirmScreen(checked.value, key, result, choosingAfter(result));
  // The balance, limits, the recipient or biller: put right on the details step.
  return backToDetails(result, checked.value, key);
}

/** A plain visit: the details screen, prefilled as the kind starts it. */
export async function answerPaymentVisit<D, C, S, P, X>(kind: PaymentKind<D, C, S, P, X>, query: URLSearchParams): Promise<DetailsScreen<X>> {
  const start = await kind.firstVisit(query);
  return { step: 'details', view: { ...emptyView(start.notice ?? null), values: start.values }, carriedKey: null, extra: start.extra };
}

/** The paying account as a page knows it. */

export type PaymentPage<C, S, X> = { redirect: string } | { screen: PaymentScreen<C, S, X>; status: number; lockedUntil: string | null };

/**
 * A payment page's one call: its request answered with a redirect, or the screen to render with
 * its status and, while wrong PINs lock payments, until when.
 */
export async function paymentPage<D, C, S, P, X>(scope: PaymentScope, kind: PaymentKind<D, C, S, P, X>, request: Request, url: URL): Promise<PaymentPage<C, S, X>> {
  let screen: PaymentScreen<C, S, X>;
  if (request.method === 'POST') {
    const answer = await answerPaymentPost(kind, await readFormValues(request), kobo(scope.account.balance));
    if ('redirect' in answer) return answer;
    screen = answer;
  } else {
    screen = await answerPaymentVisit(kind, url.searchParams);
  }
  return { screen, status: screen.view.status, lockedUntil: await scope.app.settings.pinLockedUntil(scope.user.id) };
}

/** What a payment page hands its one call: Astro's request, locals and response. */
export type PaymentPageContext = { locals: App.Locals; request: Request; url: URL; response: { status?: number } };

/** A payment page opened for the customer's first account: its kind as made, the screen split by step. */
export type OpenPaymentPage<Made, C, S, X> = {
  made: Made;
  account: PayingAccount;
  view: WordedView;
  /** The confirm step's details, shown and keys (`choosing` on a kind's choose step); null on the details step. */
  confirm: ConfirmScreen<C, S>['confirm'] | null;
  /** The details step; null on the confirm step. */
  details: DetailsScreen<X> | null;
  /** What every payment island takes from the details step (spread into it). */
  islandProps: PaymentIslandProps;
  lockedUntil: string | null;
};

/** The props every payment island shares: the paying account, the carried key, the step's values and messages. */
export type PaymentIslandProps = {
  sendAccount: string;
  balance: Kobo;
  idempotencyKey: string | null;
  keyDetails: string | null;
  formToken: string;
} & Pick<WordedView, 'values' | 'errors' | 'formError' | 'notice'>;

/**
 * A payment page's frontmatter in one call: the kind made for the signed-in customer's first
 * account, the request answered, the status set. A redirect goes to the page to return; null
 * when the customer has no account (the page says so).
 */
export async function openPaymentPage<Made, D, C, S, P, X>(
  astro: PaymentPageContext,
  make: (scope: PaymentScope) => (Made & { kind: PaymentKind<D, C, S, P, X> }) | Promise<Made & { kind: PaymentKind<D, C, S, P, X> }>,
): Promise<{ redirect: string } | OpenPaymentPage<Made, C, S, X> | null> {
  const { app } = astro.locals;
  const user = astro.locals.user!;
  const account = user.accounts[0];
  if (!account) return null;
  const made = await make({ app, user, account });
  const page = await paymentPage({ app, user, account }, made.kind, astro.request, astro.url);
  if ('redirect' in page) return page;
  astro.response.status = page.status;
  // The screen's messages in the customer's language, said once here.
  const { screen } = page;
  const carriedKey = screen.step === 'details' ? screen.carriedKey : null;
  const worded = wordView(astro.locals.locale ?? 'en', screen.view);
  const { values, errors, formError, notice } = worded;
  return {
    made,
    account,
    view: worded,
    confirm: screen.step === 'confirm' ? screen.confirm : null,
    details: screen.step === 'details' ? screen : null,
    islandProps: {
      sendAccount: account.account_number,
      balance: account.balance,
      idempotencyKey: carriedKey?.key ?? null,
      keyDetails: carriedKey?.fingerprint ?? null,
      formToken: astro.locals.formToken(),
      values,
      errors,
      formError,
      notice,
    },
    lockedUntil: page.lockedUntil,
  };
}
