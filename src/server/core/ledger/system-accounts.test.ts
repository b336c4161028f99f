import { describe, expect, it } from 'vitest';
import { internalAccountRows as createdByMigration } from '../../db/migrations/2026-11-21T1500_ledger.ts';
import { internalAccountNumbers, internalAccountRows, internalAccounts } from './system-accounts.ts';

describe("the bank's own accounts", () => {
  it('are the rows the ledger migration created', () => {
    expect(internalAccountRows).toEqual(createdByMigration);
  });

  it('name every created account once, and nothing else', () => {
    expect([...Object.values(internalAccounts)].sort()).toEqual([...internalAccountNumbers].sort());
    expect(new Set(internalAccountNumbers).size).toBe(internalAccountNumbers.length);
  });
});
