import { describe, expect, it } from 'vitest';
import type { TransactionJson } from './transaction.ts';
import { kobo } from './money.ts';
import { detailKobo, detailText, groupToken, receiptMoney, receiptTitle, statusExplanation, type Say } from './receipt.ts';
import { t } from '../i18n/translate.ts';

/** The receipt's words in English, as a page in English hands them in. */
const english: Say = (key, params) => t('en', key, params);

const transfer: TransactionJson = {
  reference: 'TRF2611210915ABCD',
  type: 'debit',
  category: 'transfer',
  status: 'successful',
  amount: kobo(1_200_000),
  fee: kobo(7_500),
  balance_after: kobo(3_792_500),
  narration: 'School fees',
  counterparty: { name: 'OKAFOR ADEBAYO NGOZI', account_number: '1234567890', bank_code: '000013', bank_name: 'Guaranty Trust Bank (GTBank)' },
  details: { transfer_fee: 2_500, stamp_duty: 5_000, channel: 'nip', session_id: '090999261121091500123456789012' },
  created_at: '2026-11-21T09:15:00+01:00',
};

describe('receiptTitle', () => {
  it('names the receipt after what happened', () => {
    expect(receiptTitle(transfer, english)).toBe('Transfer sent');
    expect(receiptTitle({ ...transfer, status: 'pending' }, english)).toBe('Transfer pending');
    expect(receiptTitle({ ...transfer, status: 'reversed' }, english)).toBe('Transfer reversed');
    expect(receiptTitle({ ...transfer, status: 'failed' }, english)).toBe('Transfer failed');
    expect(receiptTitle({ ...transfer, type: 'credit' }, english)).toBe('Money received');
    expect(receiptTitle({ type: 'credit', category: 'deposit', status: 'successful' }, english)).toBe('Money received');
    expect(receiptTitle({ type: 'credit', category: 'reversal', status: 'successful' }, english)).toBe('Money returned');
    expect(receiptTitle({ type: 'debit', category: 'airtime', status: 'successful' }, english)).toBe('Airtime bought');
    expect(receiptTitle({ type: 'debit', category: 'electricity', status: 'pending' }, english)).toBe('Purchase pending');
    expect(receiptTitle({ type: 'debit', category: 'cable', status: 'reversed' }, english)).toBe('Purchase reversed');
    expect(receiptTitle({ type: 'debit', category: 'fee', status: 'successful' }, english)).toBe('Receipt');
  });
});

describe('receiptMoney', () => {
  it('itemises the fee and stamp duty and totals the debit', () => {
    expect(receiptMoney(transfer, english)).toEqual({
      lines: [
        { label: 'Transfer fee', amount: 2_500, key: 'transfer-fee' },
        { label: 'Stamp duty', amount: 5_000, key: 'stamp-duty' },
      ],
      totalLabel: 'Total debited',
      total: 1_207_500,
    });
  });
  it('shows charges it cannot itemise, and credits without charges', () => {
    expect(receiptMoney({ type: 'debit', amount: kobo(10_000), fee: kobo(100), details: {} }, english).lines).toEqual([{ label: 'Charges', amount: 100, key: 'other-charges' }]);
    expect(receiptMoney({ type: 'credit', amount: kobo(10_000), fee: kobo(0), details: {} }, english)).toEqual({ lines: [], totalLabel: 'Total credited', total: 10_000 });
  });
});

describe('statusExplanation', () => {
  it('explains pending and reversed transfers, and says nothing for successful ones', () => {
    expect(statusExplanation(transfer, english)).toBeNull();
    expect(statusExplanation({ ...transfer, status: 'pending' }, english)).toMatch(/confirming with the other bank/);
    expect(statusExplanation({ ...transfer, status: 'reversed', details: { ...transfer.details, failure_reason: 'Beneficiary bank not available' } }, english)).toBe(
      'The other bank could not take this transfer (beneficiary bank not available), so ₦12,075.00, the amount and its charges, was returned to your account. Nothing was lost.',
    );
  });

  it('names the provider for a pending or reversed purchase', () => {
    const airtime: TransactionJson = { ...transfer, category: 'airtime', fee: kobo(0), amount: kobo(200_000), counterparty: null, details: { provider: 'MTN', phone_number: '08099999992' } };
    expect(statusExplanation({ ...airtime, status: 'pending' }, english)).toBe('We are confirming with MTN. The money has left your account; if the purchase does not go through, all of it comes back to you.');
    expect(statusExplanation({ ...airtime, status: 'reversed', details: { ...airtime.details, failure_reason: 'The provider is not available' } }, english)).toBe(
      'MTN could not complete this purchase (the provider is not available), so ₦2,000.00 was returned to your account. Nothing was lost.',
    );
  });
});

describe('details', () => {
  it('reads kobo and text details defensively', () => {
    expect(detailKobo({ fee: 2_500 }, 'fee')).toBe(2_500);
    expect(detailKobo({ fee: 2.5 }, 'fee')).toBeUndefined();
    expect(detailKobo({ fee: '2500' }, 'fee')).toBeUndefined();
    expect(detailText({ units: 12.5 }, 'units')).toBe('12.5');
    expect(detailText({ token: '  ' }, 'token')).toBeUndefined();
    expect(groupToken('12345678901234567890')).toBe('1234 5678 9012 3456 7890');
  });
});
