import { keyFor, newIdempotencyKey, readPostedKey } from '../../lib/confirm-step.ts';
import { koboToInput } from '../../lib/amount-input.ts';
import { transferCharges, type Charges } from '../../lib/charges.ts';
import { transactionPinSchema } from '../../lib/money-schemas.ts';
import { scheduleFormSchema, type ScheduleFormInput } from '../../lib/scheduled-transfer-schemas.ts';
import { sha256Hex } from '../core/digest.ts';
import { fail, type Failure } from '../core/result.ts';
import { earliestRunDate } from '../core/scheduled-transfers/calendar.ts';
import { bankList } from '../core/reference/banks.ts';
import { lagosDate } from '../../lib/lagos-time.ts';
import type { App } from '../app.ts';
import type { UserJson } from '../core/users/present-user.ts';
import { parseValues } from './api.ts';
import { emptyView, failureView, readFormValues, summarySaid, type FormView } from './forms.ts';
import type { PayingAccount } from './payment-kinds/scope.ts';
import { aboutThePin } from './payment-kinds/scope.ts';
import type { Locale } from '../../i18n/locales.ts';
import { said, type Said } from '../../i18n/said.ts';
import { saidOf } from '../../lib/zod-said.ts';

/**
 * The no-JavaScript steps of /transfers/scheduled/new, in the shape of the payment
 * pages' steps (payment-steps.ts): details (recipient, amount, when) → the name enquiry → confirm
 * (the recipient's name from the enquiry, never a posted one; the charges of each run; the PIN)
 * → the schedule made → 303 to /transfers/scheduled. The confirm step carries an idempotency key
 * made when it is first shown and kept for the same details, so a double tap makes one schedule.
 */
export type ScheduleShown = { recipientName: string; bankName: string; charges: Charges; interbank: boolean };
export type ScheduleScreen =
  | { step: 'details'; view: FormView }
  | { step: 'confirm'; view: FormView; details: ScheduleFormInput; shown: ScheduleShown; key: string; fingerprint: string };

const detailFields = ['bank_code', 'account_number', 'amount', 'narration', 'first_date', 'repeat', 'end_date', 'count'] as const;

function fingerprintOf(details: ScheduleFormInput): string {
  return sha256Hex(JSON.stringify([details.bank_code, details.account_number, details.amount, details.narration, details.first_date, details.repeat, details.end_date ?? '', details.count ?? ''])).slice(0, 32);
}

/** The details as hidden fields of the confirm step (the amount back as typed naira, read again to the same kobo). */
export function carriedFields(details: ScheduleFormInput): Record<string, string | undefined> {
  return {
    bank_code: details.bank_code,
    account_number: details.account_number,
    amount: koboToInput(details.amount),
    narration: details.narration,
    first_date: details.first_date,
    repeat: details.repeat,
    end_date: details.end_date,
    count: details.count === undefined ? undefined : String(details.count),
  };
}

export function scheduleFormPage(deps: { app: App; user: UserJson; account: PayingAccount; locale?: Locale }) {
  const { app, user, account } = deps;
  const banks = bankList(app.config.bank);
  const self = banks.find((bank) => bank.is_self)!;

  function detailsScreen(values: Record<string, string>, failure: Failure | null, notice: Said | null = null): ScheduleScreen {
    const kept: Record<string, string> = {};
    for (const field of detailFields) if (values[field] !== undefined) kept[field] = values[field];
    const view = failure ? failureView(kept, failure, ['pin']) : { ...emptyView(notice), values: kept };
    view.formError = summarySaid(view.formError, view.errors);
    return { step: 'details', view };
  }

  async function confirmScreen(details: ScheduleFormInput, key: string, problem: Failure | null): Promise<ScheduleScreen> {
    const enquiry = await app.nameEnquiries.enquire(user.id, { account_number: details.account_number, bank_code: details.bank_code });
    if (!enquiry.ok) return detailsScreen(carriedFields(details) as Record<string, string>, enquiry);
    const interbank = details.bank_code !== self.code;
    const shown = { recipientName: enquiry.value.account_name, bankName: enquiry.value.bank_name, charges: transferCharges(app.config.money, details.amount, interbank ? 'interbank' : 'local'), interbank };
    const view = problem ? failureView({}, problem, ['pin']) : emptyView();
    view.formError = summarySaid(view.formError, view.errors);
    return { step: 'confirm', view, details, shown, key, fingerprint: fingerprintOf(details) };
  }

  /** A plain visit: empty, or the recipient of one of the customer's saved beneficiaries (?beneficiary=…). */
  async function visit(query: URLSearchParams): Promise<ScheduleScreen> {
    const values: Record<string, string> = { first_date: earliestRunDate(app.clock.now()), repeat: 'monthly', bank_code: self.code };
    const beneficiaryId = query.get('beneficiary');
    if (!beneficiaryId) return detailsScreen(values, null);
    const beneficiary = await app.beneficiaries.find(user.id, account.account_number, beneficiaryId);
    if (!beneficiary) return detailsScreen(values, null, said('said.transfer.beneficiaryGone'));
    return detailsScreen({ ...values, bank_code: beneficiary.bank_code, account_number: beneficiary.account_number }, null, said('said.requests.scheduling', { name: beneficiary.account_name }));
  }

  async function post(values: Record<string, string>): Promise<{ redirect: string } | ScheduleScreen> {
    const { key: postedKey, carried } = readPostedKey(values);
    const parsed = parseValues(values, scheduleFormSchema);
    if (values.intent === 'back' || !parsed.ok) return detailsScreen(values, parsed.ok ? null : parsed);
    const details = parsed.value;
    if (values.step !== 'confirm') return confirmScreen(details, keyFor(carried, fingerprintOf(details)), null);
    if (!postedKey) return confirmScreen(details, newIdempotencyKey(), fail('VALIDATION_FAILED', said('said.transfer.again')));
    const pin = transactionPinSchema.safeParse(values.pin ?? '');
    if (!pin.success) {
      const message = saidOf(pin.error.issues[0]?.message ?? 'said.pin.enter');
      return confirmScreen(details, postedKey, fail('VALIDATION_FAILED', message, { errors: { pin: [message] } }));
    }
    const result = await app.scheduledTransfers.create(user.id, account.account_number, { ...details, pin: pin.data }, postedKey);
    if (result.ok) return { redirect: `/transfers/scheduled?made=${encodeURIComponent(result.value.schedule.id)}` };
    if (result.code === 'IDEMPOTENCY_KEY_REUSED') return confirmScreen(details, newIdempotencyKey(), fail('VALIDATION_FAILED', said('said.transfer.again')));
    if (aboutThePin(result)) return confirmScreen(details, postedKey, result);
    return detailsScreen(carriedFields(details) as Record<string, string>, result);
  }

  return {
    self,
    banks,
    today: lagosDate(app.clock.now()),
    /** The page's one call: a redirect, or the screen with its status. */
    async answer(request: Request, url: URL): Promise<{ redirect: string } | { screen: ScheduleScreen; status: number; lockedUntil: string | null }> {
      const answered = request.method === 'POST' ? await post(await readFormValues(request)) : await visit(url.searchParams);
      if ('redirect' in answered) return answered;
      return { screen: answered, status: answered.view.status, lockedUntil: await app.settings.pinLockedUntil(user.id) };
    },
  };
}
