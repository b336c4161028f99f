import { parseNairaInput } from './amount-input.ts';
import type { Disco, MeterType } from './bills.ts';
import { formatNaira } from './money.ts';
import type { Said } from '../i18n/said.ts';

/**
 * The electricity form, shared by the page's step flow (no JavaScript) and the island. The
 * customer types naira ("5,000"); the API and the service take kobo. DisCos sell whole naira
 * between their own minimum and maximum, so those come from the DisCo, not from constants.
 */

/** The digits of a meter or smartcard number as people type it ("4501 2345 678", "4501-2345-678"). */
export function numberDigits(text: string): string {
  return text.replace(/[\s-]/g, '');
}

/** A meter number is 11 or 13 digits; only then is it worth asking the DisCo who it belongs to. */
export function isCompleteMeterNumber(text: string): boolean {
  return /^(\d{11}|\d{13})$/.test(numberDigits(text));
}

/** Said beside the meter type when the DisCo does not sell that kind of meter. */
export function unsupportedMeterTypeMessage(disco: Pick<Disco, 'short_name' | 'meter_types'>): Said {
  // A DisCo sells one kind or both; one that sold neither would have no meter to buy for.
  return disco.meter_types.includes('prepaid') && !disco.meter_types.includes('postpaid')
    ? { key: 'said.purchases.prepaidOnly', params: { disco: disco.short_name } }
    : { key: 'said.purchases.postpaidOnly', params: { disco: disco.short_name } };
}

/** Said beside the meter number when the DisCo does not know it. */
export function meterNotFoundMessage(disco: Pick<Disco, 'short_name'>, meterType: MeterType): Said {
  return { key: meterType === 'prepaid' ? 'said.purchases.noPrepaidMeter' : 'said.purchases.noPostpaidMeter', params: { disco: disco.short_name } };
}

/** What is wrong with an amount as typed for this DisCo, in the amount field's words; undefined when it can be paid. */
export function electricityAmountProblem(text: string, disco: Pick<Disco, 'short_name' | 'min_amount' | 'max_amount'>): Said | undefined {
  if (text.trim() === '') return { key: 'said.requests.amount' };
  const amount = parseNairaInput(text);
  if (amount === null) return { key: 'said.purchases.elecNaira' };
  if (amount % 100 !== 0) return { key: 'said.purchases.elecKobo' };
  if (amount < disco.min_amount) return { key: 'said.purchases.smallest', params: { disco: disco.short_name, amount: { kobo: disco.min_amount } } };
  if (amount > disco.max_amount) return { key: 'said.purchases.largest', params: { disco: disco.short_name, amount: { kobo: disco.max_amount } } };
  return undefined;
}

/** The amount field's hint: the DisCo's range, and what the account holds. */
export function electricityAmountHint(disco: Pick<Disco, 'min_amount' | 'max_amount'>, balance: number): string {
  return `From ${formatNaira(disco.min_amount)} to ${formatNaira(disco.max_amount)}. Available: ${formatNaira(balance)}`;
}

export type MeterDetails = { provider_id: string; meter_type: MeterType; meter_number: string };

/**
 * The meter one idempotency key stands for on the page's confirm step. The amount is typed on
 * that same step, so it is not part of it: a purchase refused before money moved (a wrong PIN,
 * too little money) stores nothing, so a corrected amount may reuse the key, and a key already
 * used for another amount is refused by the server and replaced.
 */
export function meterFingerprint(meter: MeterDetails): string {
  return JSON.stringify([meter.provider_id, meter.meter_type, numberDigits(meter.meter_number)]);
}

/**
 * The meter type to show as chosen for a DisCo: the one already chosen if the DisCo sells it,
 * the only one it sells otherwise, else none (the customer chooses).
 */
export function meterTypeFor(disco: Pick<Disco, 'meter_types'> | undefined, chosen: string | undefined): MeterType | '' {
  if (!disco) return '';
  if (chosen && (disco.meter_types as readonly string[]).includes(chosen)) return chosen as MeterType;
  return disco.meter_types.length === 1 ? disco.meter_types[0]! : '';
}
