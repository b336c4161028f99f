import { checkForm, oneOf, type FormCheck } from '../form-rules.ts';
import { digitsNumber, providerId } from './billing.ts';

/** bills.ts's electricity purchase fields checked as typed: the DisCo, the meter type and number. */

/** The electricity island's fields checked as typed: the DisCo, the meter type and number. */
export const meterFieldsCheck: FormCheck = (values) =>
  checkForm({
    provider_id: providerId(values.provider_id, 'Choose the distribution company'),
    meter_number: digitsNumber(values.meter_number, 'Enter the meter number', /^(\d{11}|\d{13})$/, 'A meter number is 11 or 13 digits'),
    meter_type: oneOf(values.meter_type, ['prepaid', 'postpaid'], 'Choose prepaid or postpaid'),
  });
