import { describe, expect, it } from 'vitest';
import { apiFields, integerFieldsOf, parseInput } from './api.ts';
import { localTransferSchema } from '../../lib/money-schemas.ts';
import { securityQuestionSchema } from '../../lib/schemas.ts';
import { kycAddressSchema } from '../../lib/kyc-schemas.ts';

const post = (body: BodyInit, type: string) => new Request('http://bank.test/api', { method: 'POST', body, headers: { 'content-type': type } });

describe('integer fields in form encodings', () => {
  it('finds the integer fields of a schema', () => {
    expect([...integerFieldsOf(localTransferSchema)]).toEqual(['amount']);
    expect([...integerFieldsOf(securityQuestionSchema)]).toEqual(['security_question_id']);
    expect([...integerFieldsOf(kycAddressSchema)]).toEqual([]);
  });

  it('reads plain digits in a urlencoded body as the integer, and nothing else', () => {
    const fields = { amount: '500', account_number: '0123456789' };
    expect(apiFields({ fields, encoding: 'form' }, localTransferSchema)).toEqual({ amount: 500, account_number: '0123456789' });
    for (const amount of [' 500', '0x1f4', '1e3', '500.0', '-500', '0500', '+500', '9'.repeat(16)]) {
      expect(apiFields({ fields: { amount }, encoding: 'form' }, localTransferSchema).amount, amount).toBe(amount);
    }
  });

  it('never turns JSON text into a number', async () => {
    expect(apiFields({ fields: { amount: '500' }, encoding: 'json' }, localTransferSchema).amount).toBe('500');
    const json = await parseInput(post(JSON.stringify({ account_number: '0123456789', amount: '500', pin: '2580' }), 'application/json'), localTransferSchema);
    expect(json).toMatchObject({ ok: false, code: 'VALIDATION_FAILED', errors: { amount: expect.any(Array) } });
    const form = await parseInput(post('account_number=0123456789&amount=500&pin=2580', 'application/x-www-form-urlencoded'), localTransferSchema);
    expect(form).toMatchObject({ ok: true, value: { amount: 500 } });
    const hex = await parseInput(post('account_number=0123456789&amount=0x1f4&pin=2580', 'application/x-www-form-urlencoded'), localTransferSchema);
    expect(hex).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
  });
});
