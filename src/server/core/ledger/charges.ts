import type { MoneyRules } from '../../config.ts';

export { transferCharges, type Charges } from '../../../lib/charges.ts';

export function tierLimits(rules: MoneyRules, tier: number) {
  const key = (tier >= 1 && tier <= 3 ? tier : 1) as 1 | 2 | 3;
  return rules.tiers[key];
}
