import { checkForm, type FormCheck } from '../form-rules.ts';
import { digitsNumber, providerId } from './billing.ts';

/** bills.ts's cable purchase fields checked as typed: the provider and the smartcard. */

/** The cable island's fields checked as typed: the provider and the smartcard. */
export const cardFieldsCheck: FormCheck = (values) =>
  checkForm({
    provider_id: providerId(values.provider_id, 'Choose the TV provider'),
    smartcard_number: digitsNumber(values.smartcard_number, 'Enter the smartcard or IUC number', /^\d{10}$/, 'A smartcard or IUC number is 10 digits'),
  });
