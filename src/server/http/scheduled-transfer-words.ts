import { formatNaira } from '../../lib/money.ts';
import { formatLagosDate } from '../../lib/lagos-time.ts';
import type { ScheduledTransferJson } from '../core/scheduled-transfers/scheduled-transfer-service.ts';

/** How often, in words: "Once", "Every week", "Every month on the 31st (the last day of shorter months)". */
export function repeatInWords(schedule: Pick<ScheduledTransferJson, 'repeat' | 'day_of_month'>): string {
  if (schedule.repeat === 'once') return 'Once';
  if (schedule.repeat === 'weekly') return 'Every week';
  const day = schedule.day_of_month;
  const suffix = day % 10 === 1 && day !== 11 ? 'st' : day % 10 === 2 && day !== 12 ? 'nd' : day % 10 === 3 && day !== 13 ? 'rd' : 'th';
  return `Every month on the ${day}${suffix}${day > 28 ? ' (the last day of shorter months)' : ''}`;
}

/** How it ends, in words, or null when it runs until cancelled. */
export function endingInWords(schedule: Pick<ScheduledTransferJson, 'repeat' | 'end_date' | 'count'>): string | null {
  if (schedule.repeat === 'once') return null;
  const parts = [schedule.end_date ? `until ${formatLagosDate(schedule.end_date)}` : null, schedule.count ? `${schedule.count} transfer${schedule.count === 1 ? '' : 's'}` : null].filter(Boolean);
  return parts.length > 0 ? parts.join(', at most ') : null;
}

export function scheduleMadeMessage(schedule: ScheduledTransferJson): string {
  const first = schedule.next_run_date ? ` The first goes on ${formatLagosDate(schedule.next_run_date)} at 08:00.` : '';
  return `Scheduled: ${formatNaira(schedule.amount)} to ${schedule.account_name}, ${repeatInWords(schedule).toLowerCase()}.${first}`;
}

export function scheduleChangedMessage(change: 'pause' | 'resume' | 'cancel', schedule: ScheduledTransferJson): string {
  const to = `${formatNaira(schedule.amount)} to ${schedule.account_name}`;
  if (change === 'pause') return `Paused: no transfer of ${to} goes until you resume it.`;
  if (change === 'cancel') return `Cancelled: no more transfers of ${to} will go.`;
  return `Resumed: the next transfer of ${to} goes on ${schedule.next_run_date ? formatLagosDate(schedule.next_run_date) : '—'} at 08:00.`;
}
