import { lagosDate } from '../../../lib/lagos-time.ts';

/**
 * The dates a schedule runs on, as Lagos days (YYYY-MM-DD). Pure: the service and its
 * tests reason about dates here, never about clocks. A monthly schedule keeps the day it was made
 * for: on the 31st it runs on 28 (or 29) February and on 30 April, then on 31 May again.
 */
export type Repeat = 'once' | 'weekly' | 'monthly';
export type Cadence = { repeat: Repeat; firstDate: string; dayOfMonth: number };
/** How a schedule ends: after a date, after a number of dates run (paid or missed), or never. */
export type Ending = { endDate: string | null; maxRuns: number | null };

/** Runs happen at 08:00 Lagos time on their day. */
export const runHourLagos = 8;
const dayMs = 86_400_000;

const utcOf = (date: string) => Date.parse(`${date}T00:00:00Z`);
const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function addDays(date: string, days: number): string {
  return dateOf(utcOf(date) + days * dayMs);
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The month's date for `day`, or its last day when the month is shorter. */
function monthlyDate(year: number, month: number, day: number): string {
  const clamped = Math.min(day, daysInMonth(year, month));
  return `${year}-${String(month).padStart(2, '0')}-${String(clamped).padStart(2, '0')}`;
}

/** The first date of the cadence on or after `from` (never before its first date), or null (a single transfer already past). */
export function occurrenceOnOrAfter(cadence: Cadence, from: string): string | null {
  const start = from > cadence.firstDate ? from : cadence.firstDate;
  if (cadence.repeat === 'once') return cadence.firstDate >= from ? cadence.firstDate : null;
  if (cadence.repeat === 'weekly') {
    const weeks = Math.ceil((utcOf(start) - utcOf(cadence.firstDate)) / (7 * dayMs));
    return addDays(cadence.firstDate, weeks * 7);
  }
  let year = Number(start.slice(0, 4));
  let month = Number(start.slice(5, 7));
  // At most two months are looked at: this month's date, or else next month's (always later).
  for (;;) {
    const candidate = monthlyDate(year, month, cadence.dayOfMonth);
    if (candidate >= start) return candidate;
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
}

/** A date the schedule may still run on: not past its end date, and fewer dates run than its count. */
export function withinEnding(ending: Ending, date: string | null, runsMade: number): date is string {
  if (date === null) return false;
  if (ending.endDate !== null && date > ending.endDate) return false;
  if (ending.maxRuns !== null && runsMade >= ending.maxRuns) return false;
  return true;
}

/** The instant of a run: 08:00 Lagos (UTC+1 all year) on `date`. */
export function runInstant(date: string, hourLagos = runHourLagos): Date {
  return new Date(utcOf(date) + (hourLagos - 1) * 3_600_000);
}

/** The earliest day a schedule made (or resumed) at `now` can run: today before 08:00, else tomorrow. */
export function earliestRunDate(now: Date): string {
  const today = lagosDate(now);
  return now < runInstant(today) ? today : addDays(today, 1);
}

/** The days whose run is due at `now`: up to today once 08:00 has come, else up to yesterday. */
export function latestDueDate(now: Date): string {
  const today = lagosDate(now);
  return now >= runInstant(today) ? today : addDays(today, -1);
}

/** The next 08:00 Lagos strictly after `now` (when the daily sweep runs next). */
export function nextRunInstantAfter(now: Date): Date {
  const today = runInstant(lagosDate(now));
  return now < today ? today : runInstant(addDays(lagosDate(now), 1));
}

/**
 * The date after a run of `runDate`: the first of the cadence after both that date and today (a
 * server down over several dates runs the one that was due, once, and none of the others), or null
 * when the schedule has nothing left.
 */
export function dateAfterRun(cadence: Cadence, ending: Ending, runDate: string, today: string, runsMade: number): string | null {
  const after = addDays(runDate > today ? runDate : today, 1);
  const next = occurrenceOnOrAfter(cadence, after);
  return withinEnding(ending, next, runsMade) ? next : null;
}
