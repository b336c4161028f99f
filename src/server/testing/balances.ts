import { expect } from 'vitest';
import { verifyLedger } from '../core/ledger/verify-ledger.ts';
import type { TestApp } from './test-app.ts';

/** An account's balance in kobo, read straight from the database (as a number on both engines). */
export async function balanceOf(app: TestApp['app'], accountNumber: string): Promise<number> {
  const row = await app.db.selectFrom('accounts').select('balance').where('account_number', '=', accountNumber).executeTakeFirstOrThrow();
  return Number(row.balance);
}

/** The ledger checks out: every entry balances and every balance is the sum of its postings. */
export async function expectLedgerBalanced(app: TestApp['app']): Promise<void> {
  const report = await verifyLedger(app.db);
  expect(report.problems).toEqual([]);
  expect(report.ok).toBe(true);
}
