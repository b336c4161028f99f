import { requiredText, type Field } from '../form-rules.ts';

/** Where money goes: money-schemas.ts's accountNumberSchema and bankCodeSchema. */

export function accountNumber(value: unknown): Field {
  return requiredText(value, 'Enter the 10-digit account number').matches(/^\d{10}$/, 'An account number is 10 digits');
}

export function bankCode(value: unknown): Field {
  return requiredText(value, 'Choose the bank').matches(/^\d{6}$/, 'Choose the bank from the list');
}
