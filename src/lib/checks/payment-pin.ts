import { requiredText } from '../form-rules.ts';
import type { Said } from '../../i18n/said.ts';

/** money-schemas.ts's transactionPinSchema: the PIN that confirms every payment. */
export function transactionPinErrors(pin: unknown): Said[] {
  return requiredText(pin, 'said.pin.enter')
    .matches(/^\d{4}$/, 'said.pin.fourDigits')
    .issues.map((issue) => issue.message);
}
