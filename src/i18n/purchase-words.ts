/**
 * The words of the purchase islands: the page picks them in the customer's language
 * (translate.ts `wordsFor`) and hands each island only its own, as props. The
 * islands import nothing but the types from here.
 */

/** Shared by the airtime and data islands (mobile-kit.tsx). */
const mobileWords = ['purchases.continue', 'purchases.network', 'form.phone', 'purchases.phoneHint', 'said.money.insufficient'] as const;

export const airtimeWords = [...mobileWords, 'purchases.airtime.amount', 'purchases.airtime.amountHint', 'purchases.airtime.quick', 'said.purchases.network', 'said.purchases.phone', 'said.purchases.enterAmount', 'said.controlCharacters', 'said.phone.invalid', 'said.purchases.airtimeRange', 'said.purchases.airtimeKobo', 'said.purchases.airtimeNaira'] as const;
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
  'said.purchases.network',
  'said.purchases.plan',
  'said.purchases.phone',
  'said.controlCharacters',
  'said.phone.invalid',
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
  'said.purchases.disco',
  'said.purchases.meterNumber',
  'said.purchases.meterType',
  'said.controlCharacters',
  'said.purchases.meterDigits',
] as const;
export type ElectricityWords = Record<(typeof electricityWords)[number], string>;

export const cableWords = ['purchases.cable.verify', 'purchases.cable.provider', 'purchases.cable.providerPlaceholder', 'purchases.cable.cardLabel', 'purchases.cable.cardHint', 'said.purchases.provider', 'said.purchases.card', 'said.controlCharacters', 'said.purchases.cardDigits'] as const;
export type CableWords = Record<(typeof cableWords)[number], string>;
