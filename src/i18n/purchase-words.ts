import { airtimeMaxKobo, airtimeMinKobo } from '../lib/airtime-rules.ts';
import { formatNaira } from '../lib/money.ts';

/**
 * The words of the purchase islands: the page picks them in the customer's language
 * (translate.ts `wordsFor`, `sayingsFor`) and hands each island only its own, as props. The
 * islands import nothing but the types from here.
 */

/** Shared by the airtime and data islands (mobile-kit.tsx). */
const mobileWords = ['purchases.continue', 'purchases.network', 'form.phone', 'purchases.phoneHint', 'said.money.insufficient'] as const;

export const airtimeWords = [...mobileWords, 'purchases.airtime.amount', 'purchases.airtime.amountHint', 'purchases.airtime.quick'] as const;
export type AirtimeWords = Record<(typeof airtimeWords)[number], string>;

export const dataWords = [
  ...mobileWords,
  'purchases.data.showPlans',
  'purchases.data.chooseNetwork',
  'purchases.data.loading',
  'purchases.data.loadFailed',
  'purchases.data.planLegend',
  'purchases.data.daily',
  'purchases.data.weekly',
  'purchases.data.monthly',
] as const;
export type DataWords = Record<(typeof dataWords)[number], string>;

export const electricityWords = [
  'purchases.continue',
  'purchases.elec.verify',
  'purchases.elec.discoLabel',
  'purchases.elec.discoPlaceholder',
  'purchases.elec.discoHint',
  'purchases.elec.meterType',
  'purchases.elec.prepaid',
  'purchases.elec.postpaid',
  'purchases.elec.prepaidOnly',
  'purchases.elec.postpaidOnly',
  'purchases.elec.meterNumber',
  'purchases.elec.meterHint',
] as const;
export type ElectricityWords = Record<(typeof electricityWords)[number], string>;

export const cableWords = ['purchases.cable.verify', 'purchases.cable.provider', 'purchases.cable.providerPlaceholder', 'purchases.cable.cardLabel', 'purchases.cable.cardHint'] as const;
export type CableWords = Record<(typeof cableWords)[number], string>;

/** What the islands' checks (src/lib/checks/airtime.ts, data.ts, electricity.ts, cable.ts, billing.ts) can say as a field is typed. */
const mobileSayings = ['said.purchases.network', 'said.purchases.phone', 'said.phone.invalid', 'said.controlCharacters'] as const;

export const airtimeSayings = [
  ...mobileSayings,
  'said.purchases.enterAmount',
  'said.purchases.airtimeNaira',
  'said.purchases.airtimeKobo',
  ['said.purchases.airtimeRange', { min: formatNaira(airtimeMinKobo), max: formatNaira(airtimeMaxKobo) }],
] as const;

export const dataSayings = [...mobileSayings, 'said.purchases.plan'] as const;

export const electricitySayings = ['said.purchases.disco', 'said.purchases.meterNumber', 'said.purchases.meterDigits', 'said.purchases.meterType', 'said.controlCharacters'] as const;

export const cableSayings = ['said.purchases.provider', 'said.purchases.card', 'said.purchases.cardDigits', 'said.controlCharacters'] as const;

