import { kobo, type Kobo } from './money.ts';

/**
 * What a transfer costs the sender on top of the amount, in kobo. One rule for the server (which
 * charges it) and the send-money island (which shows the total before the PIN is asked for).
 * Transfers inside this bank carry no fee; stamp duty applies to both kinds (a tax on the
 * sender from 2026, DOMAIN.md), when it is switched on.
 */
export type ChargeRules = {
  transferFeeBands: readonly { upTo: Kobo | null; fee: Kobo }[];
  stampDuty: { enabled: boolean; amount: Kobo; threshold: Kobo };
};
export type Charges = { transferFeeKobo: Kobo; stampDutyKobo: Kobo; totalKobo: Kobo };

export function transferCharges(rules: ChargeRules, amountKobo: Kobo, kind: 'local' | 'interbank'): Charges {
  let transferFeeKobo = kobo(0);
  if (kind === 'interbank') {
    const band = rules.transferFeeBands.find((candidate) => candidate.upTo === null || amountKobo <= candidate.upTo);
    transferFeeKobo = band?.fee ?? kobo(0);
  }
  const { enabled, amount: dutyKobo, threshold } = rules.stampDuty;
  const stampDutyKobo = enabled && amountKobo >= threshold ? dutyKobo : kobo(0);
  return { transferFeeKobo, stampDutyKobo, totalKobo: kobo(transferFeeKobo + stampDutyKobo) };
}
