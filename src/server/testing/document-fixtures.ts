/** Test support: transactions and statement inputs for the documents tests. */
import { kobo } from '../../lib/money.ts';
import type { TransactionJson } from '../../lib/transaction.ts';
import type { StatementInput } from '../core/documents/statement.ts';

type Amounts = 'amount' | 'fee' | 'balance_after';

/** A transaction as presented; the overrides give amounts as plain numbers of kobo, checked and typed here. */
export function transaction(overrides: Partial<Omit<TransactionJson, Amounts> & Record<Amounts, number>> = {}): TransactionJson {
  const { amount = 500_000, fee = 7_500, balance_after = 1_000_000, ...rest } = overrides;
  return {
    reference: 'TRF20261121A1B2C3',
    type: 'debit',
    category: 'transfer',
    status: 'successful',
    narration: 'Rent share',
    counterparty: { name: 'ADAEZE OKAFOR', account_number: '0123456789', bank_code: '058', bank_name: 'Guaranty Trust Bank' },
    details: { transfer_fee: 2_500, stamp_duty: 5_000, session_id: '000013261121091500123456789012' },
    created_at: '2026-11-21T09:15:00+01:00',
    ...rest,
    amount: kobo(amount),
    fee: kobo(fee),
    balance_after: kobo(balance_after),
  };
}

/** n transactions, oldest first, alternating debits and credits, balances consistent. */
export function statementWith(count: number, overrides: Partial<StatementInput> = {}): StatementInput {
  const openingBalance = 50_000_000;
  let balance = openingBalance;
  const transactions: TransactionJson[] = [];
  for (let index = 0; index < count; index += 1) {
    const debit = index % 2 === 0;
    const amount = 100_000 + index * 1_01;
    const fee = debit ? 2_688 : 0;
    balance += debit ? -(amount + fee) : amount;
    const day = 1 + Math.floor((index * 29) / Math.max(count, 1));
    transactions.push(
      transaction({
        reference: `REF${String(index).padStart(5, '0')}`,
        type: debit ? 'debit' : 'credit',
        category: debit ? 'transfer' : 'deposit',
        amount,
        fee,
        balance_after: balance,
        narration: `Payment number ${index}`,
        details: debit ? { transfer_fee: 2_500, stamp_duty: 188 } : {},
        created_at: `2026-11-${String(day).padStart(2, '0')}T10:30:00+01:00`,
      }),
    );
  }
  return {
    bankName: 'Naija Retail Bank',
    customerName: 'Chiamaka Eze',
    accountNumber: '0011223344',
    from: '2026-11-01',
    to: '2026-11-30',
    generatedAt: '2026-12-01T08:00:00+01:00',
    openingBalance,
    closingBalance: balance,
    transactions,
    ...overrides,
  };
}
