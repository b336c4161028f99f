import { checkForm, oneOf, type FormCheck } from '../form-rules.ts';
import { digitsNumber, providerId } from './billing.ts';

/** bills.ts's electricity purchase fields checked as typed: the DisCo, the meter type and number. */

/** The electricity island's fields checked as typed: the DisCo, the meter type and number. */
export const meterFieldsCheck: FormCheck = (values) =>
  checkForm({
    provider_id: providerId(values.provider_id, 'said.purchases.disco'),
    meter_number: digitsNumber(values.meter_number, 'said.purchases.meterNumber', /^(\d{11}|\d{13})$/, 'said.purchases.meterDigits'),
    meter_type: oneOf(values.meter_type, ['prepaid', 'postpaid'], 'said.purchases.meterType'),
  });
