import { z } from 'zod';
import { says } from './zod-said.ts';
import { requiredText } from './schemas.ts';
import { idempotencyKeySchema, maxTransferKobo, transactionPinSchema } from './money-schemas.ts';
import { meterTypes, normaliseMobileNumber } from './payment-rules.ts';
import type { Kobo } from './money.ts';

// Zod-free, for the islands too (payment-rules.ts).
export { airtimeMaxKobo, airtimeMinKobo, airtimeQuickAmounts } from './airtime-rules.ts';
export { meterTypes, normaliseMobileNumber } from './payment-rules.ts';

/**
 * Bills: the catalogue's shapes as the API returns them (API.md, "Bills") and the schemas of the
 * purchase and verification calls. Shared by the server, the pages and the islands. Amounts are
 * kobo; bills are sold in whole naira, as the aggregators sell them.
 */

export type Network = { id: string; name: string };
export type { DataPlan } from './data-plans.ts';
export type MeterType = 'prepaid' | 'postpaid';
export type Disco = { id: string; name: string; short_name: string; meter_types: MeterType[]; min_amount: Kobo; max_amount: Kobo };
export type CableProvider = { id: string; name: string };
export type CablePackage = { id: string; name: string; amount: Kobo };
export type MeterCustomer = { customer_name: string; address: string; meter_number: string; meter_type: MeterType; tariff_band?: string; outstanding_balance?: Kobo };
export type CableCustomer = { customer_name: string; smartcard_number: string; current_package: CablePackage | null; due_date: string | null; renewal_amount: Kobo | null };

/** A Nigerian mobile number (070, 071, 080, 081, 090, 091 ranges), kept in the 11-digit local form. */
export const mobileNumberSchema = requiredText(says('said.purchases.phone')).transform((value, context) => {
  const normalised = normaliseMobileNumber(value);
  if (!normalised) {
    context.addIssue({ code: 'custom', message: says('said.phone.invalid') });
    return z.NEVER;
  }
  return normalised;
});

/** Whole naira in kobo: the aggregators take naira amounts without kobo. */
export const billKoboSchema = z
  .number({ error: says('fields.kobo.jsonBill') })
  .int(says('fields.kobo.whole'))
  .positive(says('said.requests.amount'))
  .max(maxTransferKobo, says('said.limits.tooLarge'))
  .refine((amount) => amount % 100 === 0, says('fields.bills.wholeNaira'));

const providerId = (message: string) => requiredText(message).max(40, message);
const optionalKey = idempotencyKeySchema.optional();

export const meterNumberSchema = requiredText(says('said.purchases.meterNumber'))
  .transform((value) => value.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^(\d{11}|\d{13})$/, says('said.purchases.meterDigits')));
export const meterTypeSchema = z.enum(meterTypes, { error: says('said.purchases.meterType') });
export const smartcardNumberSchema = requiredText(says('said.purchases.card'))
  .transform((value) => value.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{10}$/, says('said.purchases.cardDigits')));

/** What every purchase body carries besides its details: the PIN, and an idempotency key if the client sends one. */
const paidWith = { pin: transactionPinSchema, idempotency_key: optionalKey };

export const airtimePurchaseSchema = z.object({
  network_id: providerId(says('said.purchases.network')),
  phone_number: mobileNumberSchema,
  amount: billKoboSchema,
  ...paidWith,
});
export type AirtimePurchaseInput = z.infer<typeof airtimePurchaseSchema>;

export const dataPurchaseSchema = z.object({
  provider_id: providerId(says('said.purchases.network')),
  plan_id: providerId(says('said.purchases.plan')),
  phone_number: mobileNumberSchema,
  ...paidWith,
});
export type DataPurchaseInput = z.infer<typeof dataPurchaseSchema>;

export const meterVerifySchema = z.object({ meter_number: meterNumberSchema, meter_type: meterTypeSchema });
export type MeterVerifyInput = z.infer<typeof meterVerifySchema>;

export const electricityPurchaseSchema = z.object({
  provider_id: providerId(says('said.purchases.disco')),
  meter_number: meterNumberSchema,
  meter_type: meterTypeSchema,
  amount: billKoboSchema,
  ...paidWith,
});
export type ElectricityPurchaseInput = z.infer<typeof electricityPurchaseSchema>;

export const cableVerifySchema = z.object({ smartcard_number: smartcardNumberSchema });
export type CableVerifyInput = z.infer<typeof cableVerifySchema>;

export const cablePurchaseSchema = z.object({
  provider_id: providerId(says('said.purchases.provider')),
  package_id: providerId(says('said.purchases.package')),
  smartcard_number: smartcardNumberSchema,
  ...paidWith,
});
export type CablePurchaseInput = z.infer<typeof cablePurchaseSchema>;

/** "+2348031234567" (the profile's form) → "08031234567" for prefilling the airtime form. */
export function localMobileNumber(e164: string | null | undefined): string {
  return (e164 && normaliseMobileNumber(e164)) ?? '';
}
