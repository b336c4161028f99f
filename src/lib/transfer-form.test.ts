import { describe, expect, it } from 'vitest';
import { english } from '../i18n/testing/in-english.ts';
import {
  balanceProblem,
  newIdempotencyKey,
  summaryMessage,
  transferConfirmSchema,
  transferDetailsSchema,
  transferFingerprint,
  transferModeOf,
} from './transfer-form.ts';
import { idempotencyKeySchema } from './money-schemas.ts';

const details = { bank_code: '000013', account_number: '0123456789', amount: '5,000.50', narration: '  Rent  ' };

describe('transferDetailsSchema', () => {
  it('reads the amount as typed into kobo and trims the narration', () => {
    const parsed = transferDetailsSchema.parse(details);
    expect(parsed).toEqual({ bank_code: '000013', account_number: '0123456789', amount: 500_050, narration: 'Rent', save_beneficiary: false });
    expect(transferDetailsSchema.parse({ ...details, amount: '₦12000', save_beneficiary: 'on' })).toMatchObject({ amount: 1_200_000, save_beneficiary: true });
  });

  it('says what is wrong with each field, in the field’s words', () => {
    const result = transferDetailsSchema.safeParse({ bank_code: '', account_number: '12345', amount: '1,23', narration: 'x'.repeat(101) });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path[0], english(issue.message)]));
    expect(messages).toEqual({
      bank_code: 'Choose the bank',
      account_number: 'An account number is 10 digits',
      amount: 'Enter an amount in naira, like 1,500.00',
      narration: 'Keep the description to 100 characters',
    });
  });

  it('refuses empty, zero and sub-naira amounts', () => {
    const message = (amount: string) => english(transferDetailsSchema.safeParse({ ...details, amount }).error?.issues[0]?.message);
    expect(message('')).toBe('Enter an amount');
    expect(message('0')).toBe('Enter at least ₦1.00');
    expect(message('0.99')).toBe('Enter at least ₦1.00');
    expect(message('1')).toBeUndefined();
  });

  it('needs a 4-digit PIN and a key on the confirm step', () => {
    expect(english(transferConfirmSchema.safeParse({ pin: '12a4', idempotency_key: newIdempotencyKey() }).error?.issues[0]?.message)).toBe('Your PIN is 4 digits');
    expect(transferConfirmSchema.safeParse({ pin: '2718' }).success).toBe(false);
  });
});

describe('transferModeOf', () => {
  it('knows local and bank; anything else lets the customer choose', () => {
    expect(transferModeOf('local')).toBe('local');
    expect(transferModeOf('bank')).toBe('bank');
    expect(transferModeOf('LOCAL')).toBe('any');
    expect(transferModeOf(null)).toBe('any');
  });
});

describe('transferFingerprint', () => {
  const base = { bank_code: '000013', account_number: '0123456789', amount: 100_000, narration: 'Rent', save_beneficiary: false };
  it('is the same for the same transfer and differs when any detail changes', () => {
    expect(transferFingerprint(base)).toBe(transferFingerprint({ ...base, narration: ' Rent ' }));
    for (const change of [{ bank_code: '000014' }, { account_number: '0123456780' }, { amount: 100_001 }, { narration: 'Food' }, { save_beneficiary: true }]) {
      expect(transferFingerprint({ ...base, ...change })).not.toBe(transferFingerprint(base));
    }
  });
  it('cannot be fooled by separators inside the narration', () => {
    expect(transferFingerprint({ ...base, narration: 'a","b' })).not.toBe(transferFingerprint({ ...base, narration: 'a', account_number: 'b' }));
  });
});

describe('newIdempotencyKey', () => {
  it('is a valid, fresh key each time', () => {
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(idempotencyKeySchema.safeParse(key).success).toBe(true);
  });
});

describe('balanceProblem', () => {
  it('speaks only when amount and charges exceed the balance', () => {
    expect(balanceProblem(500_000, 500_000, 0)).toBeUndefined();
    expect(balanceProblem(500_000, 499_000, 1_000)).toBeUndefined();
    expect(english(balanceProblem(500_000, 499_000, 1_001))).toBe('Your balance of ₦5,000.00 is not enough for ₦5,000.01 (amount and charges).');
  });
});

describe('summaryMessage', () => {
  it('drops a summary that repeats a field’s message', () => {
    expect(summaryMessage('Wrong PIN. 4 tries left.', { pin: ['Wrong PIN. 4 tries left.'] })).toBeNull();
    expect(summaryMessage('Your balance is too low.', { amount: ['More than your balance'] })).toBe('Your balance is too low.');
    expect(summaryMessage(null)).toBeNull();
  });
});
