import type { SupportCasesTable } from '../../db/schema.ts';

/**
 * The CBN's clocks on a case (decision 030): how long the bank has to answer, from its kind.
 * A transfer or card problem (money that did not arrive, a wrong amount, fraud the customer
 * reports) has 72 hours; a wrong charge or fee 30 days; an account matter (a failed identity
 * check under review, and any kind not named here) 14 days.
 */
const hourMs = 3_600_000;
const dayMs = 24 * hourMs;
export const caseDueAfterMs: Record<SupportCasesTable['kind'], number> = {
  fraud: 72 * hourMs,
  not_received: 72 * hourMs,
  wrong_amount: 72 * hourMs,
  wrong_charge: 30 * dayMs,
  liveness_review: 14 * dayMs,
};
export const accountMatterMs = 14 * dayMs;

export function caseDueAt(kind: string, openedAt: Date): Date {
  return new Date(openedAt.getTime() + (caseDueAfterMs[kind as SupportCasesTable['kind']] ?? accountMatterMs));
}

/**
 * Where a case stands against its clock, by the share of its time still left: more than half,
 * half or less, a tenth or less, or none (breached: the due time has come). Integer arithmetic,
 * so a case at exactly half its time is in `half`, at exactly a tenth in `tenth`.
 */
export const slaBands = ['ample', 'half', 'tenth', 'breached'] as const;
export type SlaBand = (typeof slaBands)[number];

export function slaBand(openedAt: string, dueAt: string, now: Date): SlaBand {
  const total = Date.parse(dueAt) - Date.parse(openedAt);
  const left = Date.parse(dueAt) - now.getTime();
  if (left <= 0) return 'breached';
  if (left * 2 > total) return 'ample';
  if (left * 10 > total) return 'half';
  return 'tenth';
}

/** The band in words, for the page without colour: the colour is never the only sign. */
export const slaBandWords: Record<SlaBand, string> = {
  ample: 'Green: more than half the time left',
  half: 'Amber: half the time or less left',
  tenth: 'Red: a tenth of the time or less left',
  breached: 'Breached: past its due time',
};

/** A length of time in words: "2 d 4 h", "3 h 20 min", "45 min"; the two largest parts, whole minutes. */
export function durationWords(ms: number): string {
  const minutes = Math.floor(Math.abs(ms) / 60_000);
  if (minutes < 1) return 'less than 1 min';
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  const parts = [days > 0 ? `${days} d` : null, hours > 0 ? `${hours} h` : null, mins > 0 ? `${mins} min` : null].filter((part): part is string => part !== null);
  return (days > 0 ? parts.slice(0, 2).filter((part) => !part.endsWith('min')) : parts.slice(0, 2)).join(' ');
}

/** "3 h 20 min left", or "overdue by 2 h" once the due time has passed. */
export function timeLeftWords(dueAt: string, now: Date): string {
  const left = Date.parse(dueAt) - now.getTime();
  return left > 0 ? `${durationWords(left)} left` : `overdue by ${durationWords(left)}`;
}
