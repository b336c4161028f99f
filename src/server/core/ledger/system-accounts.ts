/**
 * The bank's own accounts (general-ledger accounts that carry the other side of every customer
 * posting), by role: the account number and its name. The ledger migration created these rows with
 * its own frozen copy of the list; a test (system-accounts.test.ts) keeps the two equal, so runtime
 * code never imports a migration.
 */
const byRole = {
  interbankSettlement: ['GL-INTERBANK-SETTLEMENT', 'Interbank settlement (NIP)'],
  billerSettlement: ['GL-BILLER-SETTLEMENT', 'Biller settlement'],
  feeIncome: ['GL-FEE-INCOME', 'Fee income'],
  stampDuty: ['GL-STAMP-DUTY', 'Stamp duty payable'],
  sandboxFunding: ['GL-SANDBOX-FUNDING', 'Sandbox funding'],
  suspense: ['GL-SUSPENSE', 'Suspense: transfers awaiting settlement'],
} as const;

type Role = keyof typeof byRole;

/** [number, name] in the order the migration created them. */
export const internalAccountRows = Object.values(byRole);

/** Each role's account number. */
export const internalAccounts = Object.fromEntries(Object.entries(byRole).map(([role, [number]]) => [role, number])) as { readonly [R in Role]: (typeof byRole)[R][0] };

export const internalAccountNumbers: readonly string[] = internalAccountRows.map(([number]) => number);
