/**
 * The bank's day is Africa/Lagos: UTC+1 all year (Nigeria keeps no daylight saving), so the
 * conversion is a fixed offset and needs no time-zone database in the browser.
 */
const offsetMs = 60 * 60 * 1000;

function shifted(date: Date): Date {
  return new Date(date.getTime() + offsetMs);
}

/** 2026-11-21T09:15:00+01:00 */
export function toLagosIso(value: Date | string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return shifted(date).toISOString().slice(0, 19) + '+01:00';
}

/** YYYY-MM-DD of the bank's day. */
export function lagosDate(value: Date | string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return shifted(date).toISOString().slice(0, 10);
}

/** YYYY-MM of the bank's month. */
export function lagosMonth(value: Date | string): string {
  return lagosDate(value).slice(0, 7);
}

/** The UTC instant at which a Lagos calendar day starts, as ISO UTC (for range queries on created_at). */
export function lagosDayStartUtc(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - offsetMs).toISOString();
}

/** The last `count` months ending with the one `now` falls in, oldest first: ['2026-06', …, '2026-11']. */
export function lastMonths(now: Date, count: number): string[] {
  const [year, month] = lagosMonth(now).split('-').map(Number) as [number, number];
  const months: string[] = [];
  for (let back = count - 1; back >= 0; back -= 1) {
    const index = year * 12 + (month - 1) - back;
    months.push(`${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`);
  }
  return months;
}

const dateTime = new Intl.DateTimeFormat('en-NG', { timeZone: 'Africa/Lagos', dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat('en-NG', { timeZone: 'Africa/Lagos', dateStyle: 'medium' });

/** "21 Nov 2026, 09:15" for people. */
export function formatLagosDateTime(value: string): string {
  return dateTime.format(new Date(value));
}
export function formatLagosDate(value: string): string {
  return dateOnly.format(new Date(value.length === 10 ? `${value}T12:00:00+01:00` : value));
}
