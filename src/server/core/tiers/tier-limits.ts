import type { MoneyRules } from '../../config.ts';

/** A customer's KYC tier sets how much may leave the account a day and how much it may hold (CBN tiers 1–3). */
export function tierLimits(rules: MoneyRules, tier: number) {
  const key = (tier >= 1 && tier <= 3 ? tier : 1) as 1 | 2 | 3;
  return rules.tiers[key];
}
