import { describe, expect, it } from 'vitest';
import { pagination, processing, setTransactionPage, transactionPin, transactions, whileProcessing } from './transfer.ts';

describe('transfer store', () => {
  it('reads pagination from the history response', () => {
    setTransactionPage({ data: [], current_page: 2, last_page: 5, per_page: 20, total: 93 });
    expect(pagination.get()).toEqual({ currentPage: 2, lastPage: 5, perPage: 20, total: 93 });
    expect(transactions.get()).toEqual([]);
  });
  it('switches processing on around a transfer and always clears the PIN', async () => {
    transactionPin.set('2580');
    let during = false;
    await expect(
      whileProcessing(async () => {
        during = processing.get();
        throw new Error('network');
      }),
    ).rejects.toThrow('network');
    expect(during).toBe(true);
    expect(processing.get()).toBe(false);
    expect(transactionPin.get()).toBe('');
  });
});
