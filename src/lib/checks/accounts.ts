import { requiredText, type Field } from '../form-rules.ts';

/** Where money goes: money-schemas.ts's accountNumberSchema and bankCodeSchema. */

export function accountNumber(value: unknown): Field {
  return requiredText(value, 'said.requests.accountNumber').matches(/^\d{10}$/, 'said.freeze.tenDigits');
}

export function bankCode(value: unknown): Field {
  return requiredText(value, 'said.requests.bank').matches(/^\d{6}$/, 'said.requests.bankList');
}
