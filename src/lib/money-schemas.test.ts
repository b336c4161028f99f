import { describe, expect, it } from 'vitest';
import { beneficiaryCreateSchema, historyQuerySchema, koboAmountSchema, localTransferSchema } from './money-schemas.ts';
import { airtimePurchaseSchema, billKoboSchema } from './bills.ts';
import { addressSchema } from './address-schema.ts';
import { securityQuestionSchema } from './schemas.ts';

/** Every one of these moved money when amounts went through z.coerce.number(). */
const notJsonIntegers = ['500', ' 500 ', '0x1f4', '0b111110100', '1e3', '500.0', [500], [[500]], '50000', true, null, {}, 500.5, Number.NaN, Infinity, 1e308, 2 ** 53, -500, -0, 0];

describe('amounts in the API are JSON integers only', () => {
  it('refuses text, arrays, floats, huge and non-positive numbers', () => {
    for (const amount of notJsonIntegers) {
      expect(koboAmountSchema.safeParse(amount).success, JSON.stringify(amount)).toBe(false);
      expect(billKoboSchema.safeParse(amount).success, JSON.stringify(amount)).toBe(false);
    }
  });
  it('takes a positive integer of kobo', () => {
    expect(koboAmountSchema.parse(150_000)).toBe(150_000);
    expect(billKoboSchema.parse(50_000)).toBe(50_000);
    expect(localTransferSchema.safeParse({ account_number: '0123456789', amount: 50_000, pin: '2580' }).success).toBe(true);
    expect(airtimePurchaseSchema.safeParse({ network_id: 'mtn', phone_number: '08031234567', amount: '50000', pin: '2580' }).success).toBe(false);
  });
});

describe('text fields refuse control characters with a message on the field', () => {
  it('address, city, nickname, narration, history search', () => {
    const address = addressSchema.safeParse({ address: '12 Awolowo Road', city: '\u0000', state: 'Lagos', lga: 'Eti Osa' });
    expect(address.success).toBe(false);
    expect(address.error!.issues.map((issue) => issue.path[0])).toContain('city');
    expect(beneficiaryCreateSchema.safeParse({ account_number: '0123456789', bank_code: '000013', nickname: '\u0000' }).success).toBe(false);
    expect(beneficiaryCreateSchema.safeParse({ account_number: '0123456789', bank_code: '000013', nickname: '' }).success).toBe(true);
    expect(localTransferSchema.safeParse({ account_number: '0123456789', amount: 500, pin: '2580', narration: 'rent\u0007' }).success).toBe(false);
    expect(historyQuerySchema.safeParse({ q: '\u0000' }).success).toBe(false);
    expect(historyQuerySchema.safeParse({ q: 'suya' }).success).toBe(true);
  });
});

describe('numbers in query strings and selects are plain digits', () => {
  it('page and per_page', () => {
    expect(historyQuerySchema.parse({ page: '2', per_page: '50' })).toMatchObject({ page: 2, per_page: 50 });
    expect(historyQuerySchema.parse({})).toMatchObject({ page: 1, per_page: 20 });
    for (const page of ['0x2', '1e1', ' 2', '2.0', '-1', '0', '+2', '99999999']) expect(historyQuerySchema.safeParse({ page }).success, page).toBe(false);
    expect(historyQuerySchema.safeParse({ per_page: '101' }).success).toBe(false);
  });
  it('security_question_id: an integer or its digits, from the list', () => {
    expect(securityQuestionSchema.parse({ security_question_id: '2', answer: 'Ibadan' }).security_question_id).toBe(2);
    expect(securityQuestionSchema.parse({ security_question_id: 2, answer: 'Ibadan' }).security_question_id).toBe(2);
    for (const id of ['0x2', '2e0', ' 2', [2], '99', 2.5]) expect(securityQuestionSchema.safeParse({ security_question_id: id, answer: 'Ibadan' }).success, String(id)).toBe(false);
  });
});
