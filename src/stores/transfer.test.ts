import { describe, expect, it } from 'vitest';
import { expectProcessingAroundAFailure } from './processing-contract.ts';
import { pagination, processing, setTransactionPage, transactionPin, transactions, whileProcessing } from './transfer.ts';

describe('transfer store', () => {
  it('reads pagination from the history response', () => {
    setTransactionPage({ data: [], current_page: 2, last_page: 5, per_page: 20, total: 93 });
    expect(pagination.get()).toEqual({ currentPage: 2, lastPage: 5, perPage: 20, total: 93 });
    expect(transactions.get()).toEqual([]);
  });
  it('switches processing on around a transfer and always clears the PIN', async () => {
    transactionPin.set('2580');
    await expectProcessingAroundAFailure({ processing, whileProcessing });
    expect(transactionPin.get()).toBe('');
  });
});
