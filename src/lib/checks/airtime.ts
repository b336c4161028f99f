import { parseNairaInput } from '../amount-input.ts';
import { checkForm, requiredText, Field, type FormCheck, type FormInput } from '../form-rules.ts';
import { mobileNumber } from './billing.ts';
import type { Kobo } from '../money.ts';
import { airtimeAmountProblem } from '../airtime-rules.ts';
import { normaliseMobileNumber } from '../mobile-number.ts';

/** airtime-form.ts's airtimeDetailsSchema, for the airtime island. */

export const airtimeDetailsCheck: FormCheck = (values) => {
  const amount = new Field(values.amount).string('said.purchases.enterAmount');
  if (amount.live) {
    const problem = airtimeAmountProblem(String(values.amount));
    if (problem) amount.fail(problem);
  }
  return checkForm({ network_id: requiredText(values.network_id, 'said.purchases.network'), phone_number: mobileNumber(values.phone_number), amount });
};

/** What airtimeDetailsSchema parses a right form to (the line in its 11-digit form, the amount in kobo); null while anything is wrong. */
export function airtimeDetailsOf(values: FormInput): { network_id: string; phone_number: string; amount: Kobo } | null {
  if (Object.keys(airtimeDetailsCheck(values)).length > 0) return null;
  return { network_id: String(values.network_id).trim(), phone_number: normaliseMobileNumber(String(values.phone_number).trim())!, amount: parseNairaInput(String(values.amount))! };
}
