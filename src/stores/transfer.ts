import { atom, map } from 'nanostores';
import type { TransactionJson } from '../lib/transaction.ts';
import { processingFlag } from './processing.ts';

/**
 * Seed section 3, transfer state: banks, transactionPin, processing, transactions,
 * beneficiaries, pagination (read from current_page, last_page, per_page, total). Pages hand
 * the server's data to islands, which keep it here. The PIN is held only while a transfer is
 * being confirmed and cleared straight after; it is never persisted.
 */
export type Bank = { code: string; name: string; is_self: boolean };
export type Beneficiary = { id: string; account_number: string; account_name: string; bank_code: string; bank_name: string; nickname: string | null; created_at: string };
export type Pagination = { currentPage: number; lastPage: number; perPage: number; total: number };

export const banks = atom<readonly Bank[]>([]);
export const transactionPin = atom<string>('');
/** Processing is on around a money call; the PIN is cleared after it whatever happens. */
export const { processing, whileProcessing } = /* @__PURE__ */ processingFlag(() => transactionPin.set(''));
export const transactions = atom<readonly TransactionJson[]>([]);
export const beneficiaries = atom<readonly Beneficiary[]>([]);
export const pagination = map<Pagination>({ currentPage: 1, lastPage: 1, perPage: 20, total: 0 });

export function setBanks(list: readonly Bank[]): void {
  if (banks.get() !== list) banks.set(list);
}
export function setBeneficiaries(list: readonly Beneficiary[]): void {
  beneficiaries.set(list);
}
export function setTransactionPage(page: { data: readonly TransactionJson[]; current_page: number; last_page: number; per_page: number; total: number }): void {
  transactions.set(page.data);
  pagination.set({ currentPage: page.current_page, lastPage: page.last_page, perPage: page.per_page, total: page.total });
}
