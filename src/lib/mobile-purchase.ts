import { formatNaira } from './money.ts';

/**
 * What the airtime and data screens share: the balance check said before the PIN is asked for.
 * Airtime and data carry no charges, so the price is the whole debit.
 */

/** Said beside the amount (or the plan) when the account cannot pay for it; undefined when it can. */
export function purchaseBalanceProblem(balance: number, amount: number): string | undefined {
  if (amount <= balance) return undefined;
  return `Your balance of ${formatNaira(balance)} is not enough for ${formatNaira(amount)}.`;
}
