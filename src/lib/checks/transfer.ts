import { checkForm, Field, lineText, type FormCheck } from '../form-rules.ts';
import { accountNumber, bankCode } from './accounts.ts';
import { nairaAmountProblem } from '../payment-rules.ts';
import type { Said } from '../../i18n/said.ts';

/** transfer-form.ts's transferFieldsSchema and nairaAmountSchema, for the send-money island. */

/** transfer-form.ts's transferFieldsSchema: the amount field checks itself, the PIN comes last. */
export const transferFieldsCheck: FormCheck = (values) =>
  checkForm({
    bank_code: bankCode(values.bank_code),
    account_number: accountNumber(values.account_number),
    narration: values.narration === undefined ? new Field('') : lineText(values.narration).max(100, 'said.requests.description'),
  });

/** The amount as typed (transfer-form.ts's nairaAmountSchema). */
export function transferAmountErrors(text: unknown): Said[] {
  if (typeof text !== 'string') return [{ key: 'said.requests.amount' }];
  const problem = nairaAmountProblem(text);
  return problem ? [problem] : [];
}
