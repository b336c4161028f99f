import { formatNaira } from '../../../lib/money.ts';

/**
 * The fraud rules (decision 032): one place for what each rule looks for and its thresholds.
 * Each rule is a pure function over facts the evaluation reads with bounded, indexed queries
 * (fraud-service.ts), and over the movement's own time, never the clock: a movement evaluated
 * late (a job retried after a crash) is judged as it was when it happened.
 *
 * Every window includes both of its ends: a credit exactly 60 minutes before a transfer out is
 * within the mule window, a freeze exactly 24 hours before a credit is recent.
 */
export const fraudRuleNames = ['mule', 'new_payee_new_device', 'velocity', 'inflow_after_freeze'] as const;
export type FraudRule = (typeof fraudRuleNames)[number];

const minute = 60_000;
const hour = 60 * minute;

export type FraudRules = {
  /** Credits from at least `minSenders` distinct sending account numbers, totalling at least `minTotalKobo`, within `windowMs` before a transfer out. */
  mule: { minSenders: number; minTotalKobo: number; windowMs: number };
  /** A transfer out above `aboveKobo` to a payee never paid before, within `deviceWindowMs` after a new device was bound. */
  newPayeeNewDevice: { aboveKobo: number; deviceWindowMs: number };
  /** More than `maxTransfers` transfers out (this one included) within `windowMs`. */
  velocity: { maxTransfers: number; windowMs: number };
  /** A credit to an account frozen at most `windowMs` before it. */
  inflowAfterFreeze: { windowMs: number };
};

export const defaultFraudRules: FraudRules = {
  mule: { minSenders: 3, minTotalKobo: 100_000_00, windowMs: 60 * minute },
  newPayeeNewDevice: { aboveKobo: 50_000_00, deviceWindowMs: 24 * hour },
  velocity: { maxTransfers: 10, windowMs: 10 * minute },
  inflowAfterFreeze: { windowMs: 24 * hour },
};

/** A credit the account received: when, from which sending account number (empty when the switch did not say), how much. */
export type CreditFact = { at: Date; fromAccount: string | null; amountKobo: number };

export type MuleEvidence = { senders: string[]; totalKobo: number; credits: number; firstAt: string; lastAt: string; windowMinutes: number };
export type NewPayeeEvidence = { payee: string; payeeBank: string | null; amountKobo: number; deviceBoundAt: string; hoursSinceDevice: number };
export type VelocityEvidence = { transfers: number; windowMinutes: number; firstAt: string };
export type InflowAfterFreezeEvidence = { frozenAt: string; hoursSinceFreeze: number; amountKobo: number };
export type Evidence = MuleEvidence | NewPayeeEvidence | VelocityEvidence | InflowAfterFreezeEvidence;

const within = (at: Date, earlier: Date, windowMs: number) => earlier.getTime() <= at.getTime() && at.getTime() - earlier.getTime() <= windowMs;
const roundedHours = (ms: number) => Math.round((ms / hour) * 10) / 10;

/** The mule pattern, judged at a transfer out made at `at`. */
export function muleRule(rules: FraudRules['mule'], at: Date, credits: CreditFact[]): MuleEvidence | null {
  const counted = credits.filter((credit) => credit.fromAccount && within(at, credit.at, rules.windowMs)).sort((a, b) => a.at.getTime() - b.at.getTime());
  const senders = [...new Set(counted.map((credit) => credit.fromAccount!))].sort();
  const totalKobo = counted.reduce((sum, credit) => sum + credit.amountKobo, 0);
  if (senders.length < rules.minSenders || totalKobo < rules.minTotalKobo) return null;
  return { senders, totalKobo, credits: counted.length, firstAt: counted[0]!.at.toISOString(), lastAt: counted.at(-1)!.at.toISOString(), windowMinutes: rules.windowMs / minute };
}

/** A first transfer to a payee, above the amount, soon after a new device. `deviceBoundAt`: when the customer's bound device was bound (null: none). */
export function newPayeeNewDeviceRule(
  rules: FraudRules['newPayeeNewDevice'],
  at: Date,
  facts: { amountKobo: number; payee: string; payeeBank: string | null; paidBefore: boolean; deviceBoundAt: Date | null },
): NewPayeeEvidence | null {
  if (facts.amountKobo <= rules.aboveKobo || facts.paidBefore || !facts.deviceBoundAt) return null;
  if (!within(at, facts.deviceBoundAt, rules.deviceWindowMs)) return null;
  return { payee: facts.payee, payeeBank: facts.payeeBank, amountKobo: facts.amountKobo, deviceBoundAt: facts.deviceBoundAt.toISOString(), hoursSinceDevice: roundedHours(at.getTime() - facts.deviceBoundAt.getTime()) };
}

/** Velocity, judged at a transfer out made at `at`; `earlier`: the account's transfers out written before it. */
export function velocityRule(rules: FraudRules['velocity'], at: Date, earlier: Date[]): VelocityEvidence | null {
  const inWindow = earlier.filter((when) => within(at, when, rules.windowMs)).sort((a, b) => a.getTime() - b.getTime());
  const transfers = inWindow.length + 1;
  if (transfers <= rules.maxTransfers) return null;
  return { transfers, windowMinutes: rules.windowMs / minute, firstAt: inWindow[0]!.toISOString() };
}

/** A credit at `at` to an account frozen at `frozenAt` (null: not frozen). */
export function inflowAfterFreezeRule(rules: FraudRules['inflowAfterFreeze'], at: Date, facts: { frozenAt: Date | null; amountKobo: number }): InflowAfterFreezeEvidence | null {
  if (!facts.frozenAt || !within(at, facts.frozenAt, rules.windowMs)) return null;
  return { frozenAt: facts.frozenAt.toISOString(), hoursSinceFreeze: roundedHours(at.getTime() - facts.frozenAt.getTime()), amountKobo: facts.amountKobo };
}

/** How far back the evaluation must read credits and transfers out for the rules above. */
export function lookbackMs(rules: FraudRules): { creditsMs: number; transfersMs: number } {
  return { creditsMs: rules.mule.windowMs, transfersMs: rules.velocity.windowMs };
}

export const ruleTitles: Record<FraudRule, string> = {
  mule: 'Mule pattern',
  new_payee_new_device: 'New payee from a new device',
  velocity: 'Many transfers out',
  inflow_after_freeze: 'Money in after a freeze',
};

/** The evidence in words, for the fraud queue (English: the back office's language). `lagos` formats an instant in Lagos time. */
export function evidenceInWords(rule: FraudRule, evidence: Evidence, lagos: (iso: string) => string): string {
  switch (rule) {
    case 'mule': {
      const e = evidence as MuleEvidence;
      return `${e.credits} credits from ${e.senders.length} different accounts (${e.senders.join(', ')}) totalling ${formatNaira(e.totalKobo)} between ${lagos(e.firstAt)} and ${lagos(e.lastAt)}, then this transfer out within ${e.windowMinutes} minutes.`;
    }
    case 'new_payee_new_device': {
      const e = evidence as NewPayeeEvidence;
      return `First transfer to ${e.payee}${e.payeeBank ? ` (${e.payeeBank})` : ''}, ${formatNaira(e.amountKobo)}, ${e.hoursSinceDevice} hours after a new device was bound (${lagos(e.deviceBoundAt)}).`;
    }
    case 'velocity': {
      const e = evidence as VelocityEvidence;
      return `${e.transfers} transfers out within ${e.windowMinutes} minutes, the first at ${lagos(e.firstAt)}.`;
    }
    case 'inflow_after_freeze': {
      const e = evidence as InflowAfterFreezeEvidence;
      return `${formatNaira(e.amountKobo)} arrived ${e.hoursSinceFreeze} hours after the account was frozen (${lagos(e.frozenAt)}).`;
    }
  }
}
