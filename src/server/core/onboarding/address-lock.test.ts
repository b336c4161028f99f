import { expect, it } from 'vitest';
import { addressSchema } from '../../../lib/address-schema.ts';
import { describeOnEngines } from '../../testing/on-engines.ts';
import { customer } from '../../testing/customers.ts';
import { addressLockedMessage } from './onboarding-service.ts';

const poBox = addressSchema.parse({ address: 'PMB 1234', city: 'Ikeja', state: 'Lagos', lga: 'Ikeja' });
const kycAddress = { address: '7 Bode Thomas Street', city: 'Surulere', state: 'Lagos', lga: 'Surulere', proof_type: 'utility_bill', proof_reference: 'EKO-4455667788' } as const;

describeOnEngines('the address after onboarding, on %s', (t) => {
  const addressOf = (userId: string) => t().app.db.selectFrom('addresses').select(['address', 'city', 'state', 'lga']).where('user_id', '=', userId).executeTakeFirstOrThrow();
  const tierOf = async (userId: string) => (await t().app.db.selectFrom('users').select('tier').where('id', '=', userId).executeTakeFirstOrThrow()).tier;

  it('is refused through onboarding for a Tier 3 customer, who keeps the verified address and Tier 3', async () => {
    const someone = await customer(t().app, { tier: 3 });
    const before = await addressOf(someone.userId);
    const result = await t().app.onboarding.submitAddress(someone.userId, poBox);
    expect(result).toMatchObject({ ok: false, code: 'DUPLICATE', message: addressLockedMessage, errors: { address: [addressLockedMessage] } });
    expect(await addressOf(someone.userId)).toEqual(before);
    expect(await tierOf(someone.userId)).toBe(3);
  });

  it('is refused through onboarding for any onboarded customer, even in a burst', async () => {
    const someone = await customer(t().app, { tier: 1 });
    const before = await addressOf(someone.userId);
    const results = await Promise.all(Array.from({ length: 20 }, (_, index) => t().app.onboarding.submitAddress(someone.userId, { ...poBox, address: `${index} Marina Road` })));
    expect(results.every((result) => !result.ok && result.code === 'DUPLICATE')).toBe(true);
    expect(await addressOf(someone.userId)).toEqual(before);
  });

  it('still changes through KYC: a verified new address (Tier 2 → 3)', async () => {
    // Tier 1 by a NIN, so the BVN makes Tier 2 and the address Tier 3.
    const someone = await customer(t().app, { tier: 1, provedBy: 'nin' });
    expect((await t().app.kyc.verifyBvn(someone.userId, { bvn: '22222222222', date_of_birth: '1990-01-01' })).ok).toBe(true);
    const verified = await t().app.kyc.verifyAddress(someone.userId, kycAddress);
    expect(verified).toMatchObject({ ok: true, value: { user: { tier: 3 } } });
    expect(await addressOf(someone.userId)).toEqual({ address: '7 Bode Thomas Street', city: 'Surulere', state: 'Lagos', lga: 'Surulere' });
    expect(await t().app.onboarding.submitAddress(someone.userId, poBox)).toMatchObject({ ok: false, code: 'DUPLICATE' });
    expect(await addressOf(someone.userId)).toMatchObject({ address: '7 Bode Thomas Street' });
  });
});
