export { transferCharges, type Charges } from '../../../lib/charges.ts';
