import type { Member } from '../core/staff/proposals.ts';

/** The signed-in member as the back office's services take them: who, their role, and the client's address (for the audit log). */
export function opsMember(locals: App.Locals): Member {
  const staff = locals.staff;
  if (!staff?.verified) throw new Error('an /ops page that needs a member was reached without one');
  return { staffId: staff.member.id, role: staff.member.role, address: staff.address };
}

/** "5 h 20 min" until `until`, or "expired". */
export function timeLeft(until: string, now: Date): string {
  const ms = Date.parse(until) - now.getTime();
  if (ms <= 0) return 'expired';
  const minutes = Math.floor(ms / 60_000);
  return minutes >= 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min` : `${minutes} min`;
}
