import { requiredText, type Field, type Message } from '../form-rules.ts';
import type { MessageKey } from '../../i18n/messages/en.ts';
import { normaliseMobileNumber } from '../mobile-number.ts';

/** What a bill is paid for (bills.ts): a phone line, a provider, a meter or smartcard number. */

/** mobileNumberSchema */
export function mobileNumber(value: unknown): Field {
  const field = requiredText(value, 'said.purchases.phone').pipe();
  if (field.live && normaliseMobileNumber(String(field.value)) === null) field.fail('said.phone.invalid', true);
  return field;
}

/** providerId(message) */
export function providerId(value: unknown, message: Message): Field {
  return requiredText(value, message).max(40, message);
}

/** meterNumberSchema, smartcardNumberSchema: digits once spaces and dashes are gone. */
export function digitsNumber(value: unknown, required: MessageKey, pattern: RegExp, message: MessageKey): Field {
  return requiredText(value, required)
    .map((text) => text.replace(/[\s-]/g, ''))
    .matches(pattern, message);
}
