import type { TestApp } from './test-app.ts';

/** An account's balance in kobo, read straight from the database (as a number on both engines). */
export async function balanceOf(app: TestApp['app'], accountNumber: string): Promise<number> {
  const row = await app.db.selectFrom('accounts').select('balance').where('account_number', '=', accountNumber).executeTakeFirstOrThrow();
  return Number(row.balance);
}
