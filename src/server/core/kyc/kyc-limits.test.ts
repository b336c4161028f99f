import { beforeEach, expect, it } from 'vitest';
import { describeOnEngines } from '../../testing/on-engines.ts';
import { customer } from '../../testing/customers.ts';
import type { IdentityService } from '../../integrations/identity/ports.ts';
import { createSandboxIdentity } from '../../integrations/identity/sandbox-identity.ts';
import { createKycService, maxFailedKycChecksPerDay } from './kyc-service.ts';
import { moneyWords } from '../../http/money-words.ts';

const born = '1990-01-01';
const ownBvn = '22222222222';
const notFound = (i: number) => `4${String(1_000_000_000 + i)}`;
const address = { address: '7 Bode Thomas Street', city: 'Surulere', state: 'Lagos', lga: 'Surulere', proof_type: 'utility_bill' };

/**
 * KYC's daily limit under bursts: the checks that reach the identity service are
 * counted at the service itself, whatever the answers say.
 */
describeOnEngines('KYC tries on %s', (t) => {
  let calls: { bvn: string[]; address: string[] };
  beforeEach(async () => {
    calls = { bvn: [], address: [] };
    // 10:00 in Lagos, so the burst stays inside one Lagos day.
    const morning = Date.parse(`${new Date(t().clock.now().getTime() + 3_600_000).toISOString().slice(0, 10)}T09:00:00Z`);
    t().clock.advance(morning - t().clock.now().getTime());
  });

  /** A KYC service (one per "server process") whose identity service counts what reaches it. */
  function kycService() {
    const sandbox = createSandboxIdentity({ db: t().app.db, clock: t().clock });
    const counted: IdentityService = {
      matchBvn: async (request) => {
        calls.bvn.push(request.bvn);
        // An answer that takes a moment, as a real one does, so that checks overlap.
        await new Promise((resolve) => setTimeout(resolve, 5));
        return sandbox.matchBvn(request);
      },
      matchNin: (request) => sandbox.matchNin(request),
      checkLiveness: (request) => sandbox.checkLiveness(request),
      verifyAddress: async (request) => {
        calls.address.push(request.proofReference);
        await new Promise((resolve) => setTimeout(resolve, 5));
        return sandbox.verifyAddress(request);
      },
    };
    return createKycService({ ...t().app, identity: counted, words: moneyWords });
  }

  const checksOf = (userId: string) => t().app.db.selectFrom('kyc_checks').select(['kind', 'outcome']).where('user_id', '=', userId).execute();

  it('of 50 BVN checks sent at once, at most 5 reach the identity service (spread over two processes)', async () => {
    const someone = await customer(t().app, { tier: 1, provedBy: 'nin' });
    const services = [kycService(), kycService()];
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => services[i % 2]!.verifyBvn(someone.userId, { bvn: notFound(i), date_of_birth: born })));
    expect(calls.bvn).toHaveLength(maxFailedKycChecksPerDay);
    expect(answers.filter((answer) => !answer.ok && answer.code === 'BVN_NOT_FOUND')).toHaveLength(maxFailedKycChecksPerDay);
    expect(answers.filter((answer) => !answer.ok && answer.code === 'RATE_LIMITED')).toHaveLength(50 - maxFailedKycChecksPerDay);
    expect((await checksOf(someone.userId)).map((row) => row.outcome)).toEqual(Array(maxFailedKycChecksPerDay).fill('not_found'));
  });

  it('once 5 have failed today, a burst holding the right BVN reaches nobody and raises nothing', async () => {
    const someone = await customer(t().app, { tier: 1, provedBy: 'nin' });
    const kyc = kycService();
    for (let i = 0; i < maxFailedKycChecksPerDay; i += 1) await kyc.verifyBvn(someone.userId, { bvn: notFound(i), date_of_birth: born });
    calls.bvn.length = 0;
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => kyc.verifyBvn(someone.userId, { bvn: i % 10 ? notFound(i) : ownBvn, date_of_birth: born })));
    expect(calls.bvn).toHaveLength(0);
    expect(answers.every((answer) => !answer.ok && answer.code === 'RATE_LIMITED')).toBe(true);
    expect((await t().app.users.findById(someone.userId))!.tier).toBe(1);
  });

  it('checks in flight hold their tries: 4 failures, then a burst gets exactly 1 more check through', async () => {
    const someone = await customer(t().app, { tier: 1, provedBy: 'nin' });
    const kyc = kycService();
    for (let i = 0; i < 4; i += 1) await kyc.verifyBvn(someone.userId, { bvn: notFound(i), date_of_birth: born });
    calls.bvn.length = 0;
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => kyc.verifyBvn(someone.userId, { bvn: notFound(100 + i), date_of_birth: born })));
    expect(calls.bvn).toHaveLength(1);
    expect(answers.filter((answer) => !answer.ok && answer.code === 'BVN_NOT_FOUND')).toHaveLength(1);
    expect(answers.filter((answer) => !answer.ok && answer.code === 'RATE_LIMITED')).toHaveLength(49);
  });

  it('a provider failure gives its try back', async () => {
    const someone = await customer(t().app, { tier: 1, provedBy: 'nin' });
    const kyc = kycService();
    for (let i = 0; i < 10; i += 1) {
      expect(await kyc.verifyBvn(someone.userId, { bvn: '22222222225', date_of_birth: born })).toMatchObject({ ok: false, code: 'PROVIDER_FAILED' });
    }
    calls.bvn.length = 0;
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => kyc.verifyBvn(someone.userId, { bvn: notFound(i), date_of_birth: born })));
    expect(calls.bvn).toHaveLength(maxFailedKycChecksPerDay);
    expect(answers.filter((answer) => !answer.ok && answer.code === 'BVN_NOT_FOUND')).toHaveLength(maxFailedKycChecksPerDay);
  });

  it('a match gives its try back: 50 at once with the right BVN raise the tier once', async () => {
    const someone = await customer(t().app, { tier: 1, provedBy: 'nin' });
    const kyc = kycService();
    const answers = await Promise.all(Array.from({ length: 50 }, () => kyc.verifyBvn(someone.userId, { bvn: ownBvn, date_of_birth: born })));
    expect(answers.filter((answer) => answer.ok)).toHaveLength(1);
    expect((await t().app.users.findById(someone.userId))!.tier).toBe(2);
    // Only the winning check is kept; the ones that lost the race to raise left nothing behind.
    expect((await checksOf(someone.userId)).map((row) => row.outcome)).toEqual(['verified']);
  });

  it('of 50 failing address checks sent at once, at most 5 reach the verifier', async () => {
    const someone = await customer(t().app, { tier: 2 });
    const services = [kycService(), kycService()];
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => services[i % 2]!.verifyAddress(someone.userId, { ...address, proof_reference: `000-${i}` })),
    );
    expect(calls.address).toHaveLength(maxFailedKycChecksPerDay);
    expect(answers.filter((answer) => !answer.ok && answer.code === 'RATE_LIMITED')).toHaveLength(50 - maxFailedKycChecksPerDay);
    expect(await kycService().verifyAddress(someone.userId, { ...address, proof_reference: 'EKO-4455667788' })).toMatchObject({ ok: false, code: 'RATE_LIMITED' });
    expect((await t().app.users.findById(someone.userId))!.tier).toBe(2);
  });

  it('a check left pending by a stopped server holds its try only until the service timeout has passed', async () => {
    const someone = await customer(t().app, { tier: 1, provedBy: 'nin' });
    const kyc = kycService();
    for (let i = 0; i < 4; i += 1) await kyc.verifyBvn(someone.userId, { bvn: notFound(i), date_of_birth: born });
    await t().app.db
      .insertInto('kyc_checks')
      .values({ id: 'kyc_stranded', user_id: someone.userId, kind: 'bvn', outcome: 'pending', bvn_fingerprint: null, bvn_key_version: null, bvn_last4: null, date_of_birth: null, address: null, provider_reference: null, created_at: t().clock.now().toISOString() })
      .execute();
    expect(await kyc.verifyBvn(someone.userId, { bvn: ownBvn, date_of_birth: born })).toMatchObject({ ok: false, code: 'RATE_LIMITED' });
    t().clock.advance(2 * 60_000);
    expect((await kyc.verifyBvn(someone.userId, { bvn: ownBvn, date_of_birth: born })).ok).toBe(true);
  });
});
