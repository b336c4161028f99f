import { checkForm, type FormCheck, type FormInput } from '../form-rules.ts';
import { mobileNumber, providerId } from './billing.ts';
import { normaliseMobileNumber } from '../mobile-number.ts';

/** data-form.ts's dataDetailsSchema, for the data island. */

export const dataDetailsCheck: FormCheck = (values) =>
  checkForm({
    provider_id: providerId(values.provider_id, 'said.purchases.network'),
    plan_id: providerId(values.plan_id, 'said.purchases.plan'),
    phone_number: mobileNumber(values.phone_number),
  });

/** What dataDetailsSchema parses a right form to; null while anything is wrong. */
export function dataDetailsOf(values: FormInput): { provider_id: string; plan_id: string; phone_number: string } | null {
  if (Object.keys(dataDetailsCheck(values)).length > 0) return null;
  return { provider_id: String(values.provider_id).trim(), plan_id: String(values.plan_id).trim(), phone_number: normaliseMobileNumber(String(values.phone_number).trim())! };
}
