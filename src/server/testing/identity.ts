import { identityColumns } from '../demo/onboarded-customer.ts';
import type { TestApp } from './test-app.ts';

/**
 * Gives a customer made through registration (the API or the forms, not the fixtures) the proofs
 * money needs (a BVN, a NIN and a liveness pass: tier 2), writing the columns directly, as the
 * KYC checks would: a test of something else that moves money need not walk through them.
 */
export async function giveIdentity(app: TestApp['app'], who: { email: string } | { userId: string }): Promise<void> {
  const columns = identityColumns(2, app.clock.now().toISOString());
  const query = app.db.updateTable('users').set(columns);
  const updated = await ('email' in who ? query.where('email', '=', who.email) : query.where('id', '=', who.userId)).executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw new Error('giveIdentity: no such customer');
}
