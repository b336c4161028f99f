/**
 * What a transfer costs the sender on top of the amount, in kobo. One rule for the server (which
 * charges it) and the send-money island (which shows the total before the PIN is asked for).
 * Transfers inside this bank carry no fee; stamp duty applies to both kinds (a tax on the
 * sender from 2026, DOMAIN.md), when it is switched on.
 */
export type ChargeRules = {
  transferFeeBands: readonly { upTo: number | null; fee: number }[];
  stampDuty: { enabled: boolean; amount: number; threshold: number };
};
export type Charges = { transferFee: number; stampDuty: number; total: number };

export function transferCharges(rules: ChargeRules, amount: number, kind: 'local' | 'interbank'): Charges {
  let transferFee = 0;
  if (kind === 'interbank') {
    const band = rules.transferFeeBands.find((candidate) => candidate.upTo === null || amount <= candidate.upTo);
    transferFee = band?.fee ?? 0;
  }
  const { enabled, amount: duty, threshold } = rules.stampDuty;
  const stampDuty = enabled && amount >= threshold ? duty : 0;
  return { transferFee, stampDuty, total: transferFee + stampDuty };
}
