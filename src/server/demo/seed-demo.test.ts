import { expect, it } from 'vitest';
import { isValidNuban } from '../../lib/nuban.ts';
import { loginSchema } from '../../lib/schemas.ts';
import { describeOnEngines } from '../testing/on-engines.ts';
import { customer, registered, registrationForm } from '../testing/customers.ts';
import { canMoveMoney, tierFromProofs } from '../core/kyc/identity-rule.ts';
import { normaliseAnswer, verifySecret } from '../core/auth/secrets.ts';
import { demoCustomer, seedDemo } from './seed-demo.ts';

describeOnEngines('demo seed on %s', (t) => {
  it('creates the fully onboarded demo customer once', async () => {
    expect(await t().app.users.findByEmail(demoCustomer.email)).toBeUndefined();
    expect(await seedDemo(t().app)).toBe(true);
    expect(await seedDemo(t().app)).toBe(false);

    const users = await t().app.db.selectFrom('users').select('id').where('email', '=', demoCustomer.email).execute();
    expect(users).toHaveLength(1);
    const profile = (await t().app.users.loadProfile(users[0]!.id))!;
    expect(profile.hasAddress).toBe(true);
    expect(profile.accounts).toHaveLength(1);
    expect(isValidNuban(profile.accounts[0]!.account_number, t().app.config.bank.cbnCode)).toBe(true);
    expect(profile.user.email_verified_at).not.toBeNull();
    expect(await t().app.pinHasher.verify(profile.user.id, demoCustomer.pin, profile.user.transaction_pin_hash!, profile.user.pin_key_version)).toEqual({ ok: true, upgrade: null });
    expect(profile.user.security_question_id).toBe(demoCustomer.securityQuestionId);
    expect(await verifySecret(normaliseAnswer('corona school'), profile.user.security_answer_hash!)).toBe(true);
  });

  it('seeds the demo customer with her own BVN and NIN as verified checks and a liveness pass, so the demo moves money', async () => {
    await seedDemo(t().app);
    const demo = (await t().app.users.findByEmail(demoCustomer.email))!;
    expect(canMoveMoney(demo)).toBe(true);
    expect(demo.tier).toBe(tierFromProofs(demo, false));
    expect(demo.tier).toBe(2);
    const checks = await t().app.db.selectFrom('kyc_checks').selectAll().where('user_id', '=', demo.id).orderBy('kind').execute();
    expect(checks.map((row) => [row.kind, row.outcome])).toEqual([['bvn', 'verified'], ['liveness', 'pass'], ['nin', 'verified']]);
    expect(checks[0]).toMatchObject({ bvn_last4: '0001', bvn_fingerprint: t().app.bvnFingerprints.of(demoCustomer.bvn).fingerprint, provider_reference: expect.stringMatching(/^BVN-\d{8}-[0-9A-F]{10}$/) });
    expect(checks[2]).toMatchObject({ nin_last4: '0001', nin_fingerprint: t().app.ninFingerprints.of(demoCustomer.nin).fingerprint });
    for (const row of checks) expect(JSON.stringify(row)).not.toMatch(/[34]0000000001/);
    expect(await t().app.kyc.status(demo.id)).toMatchObject({ tier: 2, can_move_money: true, bvn: { verified: true, last4: '0001' }, nin: { verified: true, last4: '0001' }, liveness: { passed: true }, next_step: 'address' });
    // Her numbers are hers: another customer cannot verify them.
    const other = await customer(t().app, { identity: false });
    expect(await t().app.kyc.verifyBvn(other.userId, { bvn: demoCustomer.bvn, date_of_birth: demoCustomer.dateOfBirth })).toMatchObject({ ok: false, code: 'DUPLICATE' });
    expect(await t().app.kyc.verifyNin(other.userId, { nin: demoCustomer.nin, date_of_birth: demoCustomer.dateOfBirth })).toMatchObject({ ok: false, code: 'DUPLICATE' });
  });

  it('lets the demo customer sign in with the documented password, straight to a finished onboarding', async () => {
    await seedDemo(t().app);
    const result = await t().app.auth.login(loginSchema.parse({ email: demoCustomer.email, password: demoCustomer.password }));
    if (!result.ok) throw new Error(`demo login failed: ${result.code}`);
    expect(result.value.user).toMatchObject({
      email: demoCustomer.email,
      first_name: demoCustomer.firstName,
      last_name: demoCustomer.lastName,
      phone_number: demoCustomer.phoneNumber,
      is_email_verified: true,
      is_address_submitted: true,
      is_transaction_pin_set: true,
      is_security_question_set: true,
    });
    expect((await t().app.sessions.resolve(result.value.token)).status).toBe('active');
  });

  it('shares the account-number sequence with registrations', async () => {
    await seedDemo(t().app);
    await registered(t(), registrationForm({ first_name: 'Bola', last_name: 'Ige', email: 'bola.ige@example.com', phone_number: '0815 000 1122', password: 'groundnut-pyramid-lagoon-3' }));
    const accounts = await t().app.db.selectFrom('accounts').select('account_number').where('kind', '=', 'customer').execute();
    expect(accounts).toHaveLength(2);
    expect(new Set(accounts.map((account) => account.account_number)).size).toBe(2);
  });
});

describeOnEngines('demo history on %s', (t) => {
  it('writes months of history through the ledger once, and the books verify', async () => {
    const { seedDemoHistory, demoFriend } = await import('./seed-history.ts');
    const { verifyLedger } = await import('../core/ledger/verify-ledger.ts');
    await seedDemo(t().app);
    const written = await seedDemoHistory(t().app);
    expect(written).toBeGreaterThan(40);
    expect(await seedDemoHistory(t().app)).toBe(0);
    const friend = (await t().app.users.findByEmail(demoFriend.email))!;
    expect(canMoveMoney(friend)).toBe(true);
    expect(await t().app.db.selectFrom('kyc_checks').select(['kind', 'bvn_last4', 'nin_last4']).where('user_id', '=', friend.id).orderBy('kind').execute()).toEqual([
      { kind: 'bvn', bvn_last4: '0002', nin_last4: null },
      { kind: 'liveness', bvn_last4: null, nin_last4: null },
      { kind: 'nin', bvn_last4: null, nin_last4: '0002' },
    ]);
    const demo = (await t().app.users.findByEmail(demoCustomer.email))!;
    const account = (await t().app.users.loadProfile(demo.id))!.accounts[0]!;
    expect(account.balance).toBeGreaterThan(0);
    const stats = await t().app.transactions.statistics(account.account_number, new Date());
    expect(stats.monthly_statistics.slice(-6).filter((month) => month.inflow > 0 && month.outflow > 0).length).toBeGreaterThanOrEqual(5);
    expect((await verifyLedger(t().app.db)).problems).toEqual([]);
    expect(await t().app.beneficiaries.list(demo.id, account.account_number)).not.toHaveLength(0);
    // Every kind of bill, delivered, several months over (the first month starts after the 3rd).
    for (const category of ['airtime', 'data', 'electricity', 'cable'] as const) {
      const bought = await t().app.transactions.history(account.account_number, { page: 1, perPage: 100, category });
      expect(bought.total, category).toBeGreaterThanOrEqual(5);
      expect(bought.data.every((row) => row.status === 'successful'), category).toBe(true);
    }
  }, 60_000);
});
