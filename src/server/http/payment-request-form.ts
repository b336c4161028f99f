import { parseNairaInput } from '../../lib/amount-input.ts';
import { paymentRequestCreateSchema, type PaymentRequestCreateInput } from '../../lib/payment-request-schemas.ts';
import { fail, type Result } from '../core/result.ts';
import { parseValues } from './api.ts';
import { said } from '../../i18n/said.ts';

/**
 * The /requests/new form as the API reads it: the amount typed in naira (blank: any amount) into
 * kobo, the days as plain digits. Field messages are the form's own words where they differ from
 * the API's.
 */
export function readPaymentRequestForm(values: Record<string, string>): Result<PaymentRequestCreateInput> {
  const typed = (values.amount ?? '').trim();
  const amount = typed === '' ? undefined : parseNairaInput(typed);
  if (amount === null) return fail('VALIDATION_FAILED', said('said.requests.amountTyped'), { errors: { amount: [said('said.requests.amountTypedField')] } });
  const days = (values.expires_in_days ?? '').trim();
  const fields = {
    ...(amount === undefined ? {} : { amount }),
    note: values.note ?? '',
    ...(days === '' ? {} : { expires_in_days: /^\d{1,3}$/.test(days) ? Number(days) : days }),
  };
  const parsed = parseValues(fields, paymentRequestCreateSchema);
  if (!parsed.ok && parsed.errors?.amount) {
    // The schema says the amount in kobo; the form, as typed in naira.
    const message = said(parsed.errors.amount[0]?.key === 'said.limits.smallest' ? 'said.requests.smallest' : 'said.limits.tooLarge');
    return fail('VALIDATION_FAILED', message, { errors: { ...parsed.errors, amount: [message] } });
  }
  return parsed;
}
