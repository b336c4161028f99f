import { requiredText } from '../form-rules.ts';

/** money-schemas.ts's transactionPinSchema: the PIN that confirms every payment. */
export function transactionPinErrors(pin: unknown): string[] {
  return requiredText(pin, 'Enter your 4-digit PIN')
    .matches(/^\d{4}$/, 'Your PIN is 4 digits')
    .issues.map((issue) => issue.message);
}
