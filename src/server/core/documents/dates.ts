import { monthNames } from '../../../i18n/month-names.ts';
import { lagosClock, twoDigits as two, type LagosClock } from '../../../lib/lagos-time.ts';

/** Dates on documents are shown in Lagos time (WAT, UTC+1, no daylight saving), without Intl (src/i18n/month-names.ts says why). */

const monthsShort = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const monthsLong = monthNames.en.long;

/** An ISO 8601 instant (with offset or Z) as Lagos wall-clock fields. Throws on nonsense. */
export function inLagos(iso: string): LagosClock {
  const instant = new Date(iso);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(iso) || Number.isNaN(instant.getTime())) throw new Error(`not an ISO date-time: ${iso}`);
  return lagosClock(instant);
}

/** `2026-11-21 09:15` (for the CSV: sortable, and Excel reads it as a date-time). */
export function lagosDateTimeIso(iso: string): string {
  const t = inLagos(iso);
  return `${t.year}-${two(t.month)}-${two(t.day)} ${two(t.hour)}:${two(t.minute)}`;
}

/** `21 Nov 2026`. */
export function lagosDateShort(iso: string): string {
  const t = inLagos(iso);
  return `${t.day} ${monthsShort[t.month - 1]} ${t.year}`;
}

/** `09:15`. */
export function lagosTime(iso: string): string {
  const t = inLagos(iso);
  return `${two(t.hour)}:${two(t.minute)}`;
}

/** `21 November 2026, 09:15 WAT`. */
export function lagosDateTimeLong(iso: string): string {
  const t = inLagos(iso);
  return `${t.day} ${monthsLong[t.month - 1]} ${t.year}, ${two(t.hour)}:${two(t.minute)} WAT`;
}

/** A calendar date `YYYY-MM-DD` (no time zone involved) → `1 Nov 2026`. Throws on nonsense. */
export function calendarDateShort(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const year = Number(match?.[1]);
  const month = Number(match?.[2]);
  const day = Number(match?.[3]);
  const check = new Date(Date.UTC(year, month - 1, day));
  if (!match || check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    throw new Error(`not a YYYY-MM-DD date: ${date}`);
  }
  return `${day} ${monthsShort[month - 1]} ${year}`;
}
