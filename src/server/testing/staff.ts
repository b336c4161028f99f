import { randomBytes } from 'node:crypto';
import type { StaffRole } from '../core/staff/policy.ts';
import type { TestApp } from './test-app.ts';

/**
 * A staff member of `role` as the services see one acting (invited from the command line; the
 * services take the actor, so no sign-in is needed): their id, role and the address they act from.
 */
export async function staffMember<R extends StaffRole>(t: Pick<TestApp, 'app'>, role: R, address = '203.0.113.7'): Promise<{ staffId: string; role: R; address: string }> {
  const invited = await t.app.staff.invite({ name: `A ${role}`, email: `${role}-${randomBytes(4).toString('hex')}@bank.ng`, role }, { staffId: null, address: 'cli', via: 'cli' });
  if (!invited.ok) throw new Error(invited.message);
  return { staffId: invited.value.member.id, role, address };
}
