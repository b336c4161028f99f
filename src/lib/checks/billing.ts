import { requiredText, type Field } from '../form-rules.ts';
import { normaliseMobileNumber } from '../mobile-number.ts';

/** What a bill is paid for (bills.ts): a phone line, a provider, a meter or smartcard number. */

/** mobileNumberSchema */
export function mobileNumber(value: unknown): Field {
  const field = requiredText(value, 'Enter the phone number').pipe();
  if (field.live && normaliseMobileNumber(String(field.value)) === null) field.fail('Enter a Nigerian mobile number, like 0803 123 4567', true);
  return field;
}

/** providerId(message) */
export function providerId(value: unknown, message: string): Field {
  return requiredText(value, message).max(40, message);
}

/** meterNumberSchema, smartcardNumberSchema: digits once spaces and dashes are gone. */
export function digitsNumber(value: unknown, required: string, pattern: RegExp, message: string): Field {
  return requiredText(value, required)
    .map((text) => text.replace(/[\s-]/g, ''))
    .matches(pattern, message);
}
