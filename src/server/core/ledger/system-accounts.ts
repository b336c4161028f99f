/**
 * The bank's own accounts (general-ledger accounts that carry the other side of every customer
 * posting). The ledger migration created these rows with its own frozen copy of this list; a test
 * (system-accounts.test.ts) keeps the two equal, so runtime code never imports a migration.
 */
export const internalAccountRows = [
  ['GL-INTERBANK-SETTLEMENT', 'Interbank settlement (NIP)'],
  ['GL-BILLER-SETTLEMENT', 'Biller settlement'],
  ['GL-FEE-INCOME', 'Fee income'],
  ['GL-STAMP-DUTY', 'Stamp duty payable'],
  ['GL-SANDBOX-FUNDING', 'Sandbox funding'],
  ['GL-SUSPENSE', 'Suspense: transfers awaiting settlement'],
] as const;

export const internalAccounts = {
  interbankSettlement: 'GL-INTERBANK-SETTLEMENT',
  billerSettlement: 'GL-BILLER-SETTLEMENT',
  feeIncome: 'GL-FEE-INCOME',
  stampDuty: 'GL-STAMP-DUTY',
  sandboxFunding: 'GL-SANDBOX-FUNDING',
  suspense: 'GL-SUSPENSE',
} as const;

export const internalAccountNumbers: readonly string[] = internalAccountRows.map(([number]) => number);
