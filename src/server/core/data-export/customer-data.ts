/**
 * "Download my data" (Nigeria Data Protection Act 2023, right of access and portability): what
 * the bank holds about the signed-in customer, as one JSON document, and their transactions as
 * CSV for a spreadsheet. Built only from the customer's own rows (their user id, their accounts);
 * never a password or answer hash, a PIN, a session token or another customer's data.
 */
import type { Config } from '../../config.ts';
import type { Clock } from '../clock.ts';
import type { UserRepository } from '../users/user-repository.ts';
import type { TransactionRepository } from '../transactions/transaction-repository.ts';
import type { BeneficiaryJson, createBeneficiaryService } from '../beneficiaries/beneficiary-service.ts';
import { presentUser, type AccountJson, type UserJson } from '../users/present-user.ts';
import { categoryLabels, statusLabels, type TransactionJson } from '../../../lib/transaction.ts';
import { lagosDate, toLagosIso } from '../../../lib/lagos-time.ts';
import { csvAmount, csvTextCell } from '../documents/statement.ts';
import { lagosDateTimeIso } from '../documents/dates.ts';
import type { AuditLog } from '../staff/audit-log.ts';

export type CustomerDataExport = {
  /** What this file is, for whoever opens it later. */
  about: { bank: string; exported_at: string; description: string };
  profile: Omit<UserJson, 'accounts'> & { home_address: { address: string; city: string; lga: string; state: string } | null };
  accounts: Array<AccountJson & { beneficiaries: BeneficiaryJson[]; transactions: TransactionJson[] }>;
  /** What the bank's staff did on the account (the back office's audit log): the role, never the person. */
  staff_actions: Array<{ at: string; staff_role: string | null; action: string; reason: string | null }>;
};

export const dataExportFormats = ['json', 'csv'] as const;
export type DataExportFormat = (typeof dataExportFormats)[number];

/** Everything, from the first day to the last. */
const allTime = { from: '0001-01-01', to: '9999-12-31' } as const;

export const customerDataCsvHeader = [
  'Date',
  'Account number',
  'Reference',
  'Type',
  'Category',
  'Status',
  'Amount',
  'Fee',
  'Balance after',
  'Narration',
  'Counterparty name',
  'Counterparty account',
  'Counterparty bank',
] as const;

export function createCustomerDataExport(deps: {
  config: Pick<Config, 'bank'>;
  clock: Clock;
  users: UserRepository;
  transactions: TransactionRepository;
  beneficiaries: Pick<ReturnType<typeof createBeneficiaryService>, 'list'>;
  staffAudit: Pick<AuditLog, 'forCustomer'>;
}) {
  const { config, clock, users, transactions, beneficiaries, staffAudit } = deps;

  async function build(userId: string): Promise<CustomerDataExport> {
    const loaded = await users.loadProfile(userId);
    if (!loaded) throw new Error(`signed-in user ${userId} has no row`);
    // presentUser is the API's User: flags, never a hash, PIN or answer.
    const { accounts, ...profile } = presentUser(loaded);
    const address = await users.findAddress(userId);
    return {
      about: {
        bank: config.bank.name,
        exported_at: toLagosIso(clock.now()),
        description: `Your personal data held by ${config.bank.name}: your profile, your accounts, your saved beneficiaries and every transaction on your accounts, and every action our staff took on your account (with their role and the reason they gave). Amounts are in kobo (₦1 = 100 kobo); times are in Lagos time.`,
      },
      profile: { ...profile, home_address: address ? { address: address.address, city: address.city, lga: address.lga, state: address.state } : null },
      accounts: await Promise.all(
        accounts.map(async (account) => ({
          ...account,
          beneficiaries: await beneficiaries.list(userId, account.account_number),
          transactions: await transactions.between(account.account_number, allTime.from, allTime.to),
        })),
      ),
      staff_actions: (await staffAudit.forCustomer(userId)).map((entry) => ({ at: toLagosIso(entry.at), staff_role: entry.role, action: entry.action, reason: entry.reason })),
    };
  }

  return {
    /** The whole export as a JSON value. */
    json: build,

    /**
     * Every transaction on the customer's accounts, oldest first, as RFC 4180 CSV with a UTF-8
     * byte order mark (as the statement CSV). Text cells are guarded against spreadsheet formulas
     * (a leading = + - @ gets a ' first); amounts are naira with two decimals.
     */
    async transactionsCsv(userId: string): Promise<string> {
      const data = await build(userId);
      const records = [customerDataCsvHeader.join(',')];
      for (const account of data.accounts) {
        for (const transaction of account.transactions) {
          const party = transaction.counterparty;
          records.push(
            [
              lagosDateTimeIso(transaction.created_at),
              csvTextCell(account.account_number),
              csvTextCell(transaction.reference),
              transaction.type === 'debit' ? 'Debit' : 'Credit',
              csvTextCell(categoryLabels[transaction.category]),
              csvTextCell(statusLabels[transaction.status]),
              csvAmount(transaction.amount),
              csvAmount(transaction.fee),
              csvAmount(transaction.balance_after),
              csvTextCell(transaction.narration),
              csvTextCell(party?.name ?? ''),
              csvTextCell(party?.account_number ?? ''),
              csvTextCell(party?.bank_name ?? ''),
            ].join(','),
          );
        }
      }
      return '\uFEFF' + records.map((record) => record + '\r\n').join('');
    },

    /** The file name for a download, e.g. `my-data-2026-11-22.json`. */
    fileName(format: DataExportFormat): string {
      return format === 'json' ? `my-data-${lagosDate(clock.now())}.json` : `my-transactions-${lagosDate(clock.now())}.csv`;
    },
  };
}
export type CustomerDataExportService = ReturnType<typeof createCustomerDataExport>;
