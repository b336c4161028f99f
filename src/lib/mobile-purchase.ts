import { kobo } from './money.ts';
import type { Said } from '../i18n/said.ts';

/**
 * What the airtime and data screens share: the balance check said before the PIN is asked for.
 * Airtime and data carry no charges, so the price is the whole debit.
 */

/** Said beside the amount (or the plan) when the account cannot pay for it; undefined when it can. */
export function purchaseBalanceProblem(balance: number, amount: number): Said | undefined {
  if (amount <= balance) return undefined;
  return { key: 'said.money.insufficient', params: { balance: { kobo: kobo(balance) }, total: { kobo: kobo(amount) } } };
}
