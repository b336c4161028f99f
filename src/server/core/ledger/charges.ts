import type { MoneyRules } from '../../config.ts';

/**
 * What a transfer costs the sender on top of the amount. Transfers inside this bank carry no
 * fee; stamp duty applies to both kinds (a tax on the sender from 2026, DOMAIN.md), when on.
 */
export type Charges = { transferFee: number; stampDuty: number; total: number };

export function transferCharges(rules: MoneyRules, amount: number, kind: 'local' | 'interbank'): Charges {
  let transferFee = 0;
  if (kind === 'interbank') {
    const band = rules.transferFeeBands.find((candidate) => candidate.upTo === null || amount <= candidate.upTo);
    transferFee = band?.fee ?? 0;
  }
  const { enabled, amount: duty, threshold } = rules.stampDuty;
  const stampDuty = enabled && amount >= threshold ? duty : 0;
  return { transferFee, stampDuty, total: transferFee + stampDuty };
}

export function tierLimits(rules: MoneyRules, tier: number) {
  const key = (tier >= 1 && tier <= 3 ? tier : 1) as 1 | 2 | 3;
  return rules.tiers[key];
}
