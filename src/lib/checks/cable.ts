import { checkForm, type FormCheck } from '../form-rules.ts';
import { digitsNumber, providerId } from './billing.ts';

/** bills.ts's cable purchase fields checked as typed: the provider and the smartcard. */

/** The cable island's fields checked as typed: the provider and the smartcard. */
export const cardFieldsCheck: FormCheck = (values) =>
  checkForm({
    provider_id: providerId(values.provider_id, 'said.purchases.provider'),
    smartcard_number: digitsNumber(values.smartcard_number, 'said.purchases.card', /^\d{10}$/, 'said.purchases.cardDigits'),
  });
