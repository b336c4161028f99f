import { expect, it } from 'vitest';
import { describeOnEngines } from '../../testing/on-engines.ts';
import { customer, newKey, testPin } from '../../testing/customers.ts';
import { createKycService } from './kyc-service.ts';
import { moneyWords } from '../../http/money-words.ts';
import { lagosDate, lagosDayStartUtc } from '../../../lib/lagos-time.ts';
import { sha256Hex } from '../digest.ts';
import type { IdentityService } from '../../integrations/identity/ports.ts';
import { inEnglish } from '../../testing/in-english.ts';

const naira = (value: number) => value * 100;
const ownBvn = '22222222222';
const born = '1990-01-01';
const address = { address: '7 Bode Thomas Street', city: 'Surulere', state: 'Lagos', lga: 'Surulere', proof_type: 'utility_bill', proof_reference: 'EKO-4455667788' };

describeOnEngines('KYC on %s', (t) => {
  const tierOf = async (userId: string) => Number((await t().app.db.selectFrom('users').select('tier').where('id', '=', userId).executeTakeFirstOrThrow()).tier);
  const checksOf = (userId: string) => t().app.db.selectFrom('kyc_checks').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
  const tierMails = (to: string) => t().mailer.sent.filter((mail) => mail.to === to && /now Tier/.test(mail.subject));
  const emailOf = async (userId: string) => (await t().app.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow()).email;

  it('a Tier 1 customer over the daily limit raises the tier with a BVN match, and the same transfer then goes through', async () => {
    const sender = await customer(t().app, { balance: naira(100_000), tier: 1, provedBy: 'nin' });
    const recipient = await customer(t().app);
    const send = () => t().app.transfers.sendLocal(sender.userId, sender.accountNumber, { account_number: recipient.accountNumber, amount: naira(60_000), narration: 'Rent', pin: testPin, save_beneficiary: false }, newKey());
    expect(await send()).toMatchObject({ ok: false, code: 'LIMIT_EXCEEDED' });

    const before = await t().app.kyc.status(sender.userId);
    expect(before).toMatchObject({ tier: 1, limits: { daily_debit: naira(50_000), max_balance: naira(300_000) }, used_today: 0, next_step: 'bvn', bvn: { verified: false }, address: { verified: false } });
    expect(before.tiers.map((tier) => [tier.tier, tier.daily_debit, tier.max_balance])).toEqual([
      [1, naira(50_000), naira(300_000)],
      [2, naira(200_000), naira(500_000)],
      [3, naira(5_000_000), null],
    ]);

    const result = await t().app.kyc.verifyBvn(sender.userId, { bvn: ownBvn, date_of_birth: born });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.user.tier).toBe(2);
    expect(result.value.kyc).toMatchObject({ tier: 2, limits: { daily_debit: naira(200_000) }, next_step: 'address', bvn: { verified: true, last4: '2222' } });
    expect(await tierOf(sender.userId)).toBe(2);

    const sent = await send();
    expect(sent.ok).toBe(true);
    expect((await t().app.kyc.status(sender.userId)).used_today).toBe(naira(60_000));

    const mails = tierMails(await emailOf(sender.userId));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Tier 2');
    expect(mails[0]!.text).toContain('₦200,000.00');
    expect(mails[0]!.text).toContain('₦500,000.00');
  });

  it('keeps only a fingerprint and the last four digits of the BVN', async () => {
    const someone = await customer(t().app, { tier: 1, provedBy: 'nin' });
    await t().app.kyc.verifyBvn(someone.userId, { bvn: '22222222224', date_of_birth: born });
    t().clock.advance(1000);
    await t().app.kyc.verifyBvn(someone.userId, { bvn: ownBvn, date_of_birth: born });
    const rows = await checksOf(someone.userId);
    expect(rows.map((row) => row.outcome)).toEqual(['not_found', 'verified']);
    // Keyed (HMAC under the server key), never the plain SHA-256 a dictionary of 11-digit BVNs inverts.
    expect(rows[1]).toMatchObject({ kind: 'bvn', bvn_last4: '2222', bvn_fingerprint: t().app.bvnFingerprints.of(ownBvn).fingerprint, bvn_key_version: t().app.bvnFingerprints.of(ownBvn).keyVersion, date_of_birth: born });
    expect(rows[1]!.bvn_fingerprint).not.toBe(sha256Hex(ownBvn));
    expect(rows[1]!.provider_reference).toBeTruthy();
    for (const row of rows) {
      for (const value of Object.values(row)) expect(String(value)).not.toMatch(/2222222222[24]/);
    }
  });

  it('a wrong date of birth, someone else’s BVN, an unknown BVN and an unavailable service change nothing', async () => {
    const someone = await customer(t().app, { tier: 1, provedBy: 'nin', firstName: 'Ada', lastName: 'Obi' });
    const wrongDate = await t().app.kyc.verifyBvn(someone.userId, { bvn: ownBvn, date_of_birth: '1991-02-03' });
    expect(inEnglish(wrongDate)).toMatchObject({ ok: false, code: 'BVN_MISMATCH', errors: { date_of_birth: [expect.any(String)] } });

    const other = await t().app.kyc.verifyBvn(someone.userId, { bvn: '22222222223', date_of_birth: born });
    expect(inEnglish(other)).toMatchObject({ ok: false, code: 'BVN_MISMATCH', errors: { bvn: [expect.any(String)] } });
    // The record's name and date are never revealed.
    expect(JSON.stringify(other)).not.toMatch(/Musa|Danjuma|1985/i);

    expect(inEnglish(await t().app.kyc.verifyBvn(someone.userId, { bvn: '22222222224', date_of_birth: born }))).toMatchObject({ ok: false, code: 'BVN_NOT_FOUND', errors: { bvn: [expect.any(String)] } });
    expect(await t().app.kyc.verifyBvn(someone.userId, { bvn: '12345678901', date_of_birth: born })).toMatchObject({ ok: false, code: 'BVN_NOT_FOUND' });
    expect(await t().app.kyc.verifyBvn(someone.userId, { bvn: '22222222225', date_of_birth: born })).toMatchObject({ ok: false, code: 'PROVIDER_FAILED' });

    expect(await tierOf(someone.userId)).toBe(1);
    expect((await checksOf(someone.userId)).map((row) => row.outcome).sort()).toEqual(['failed', 'mismatch', 'mismatch', 'not_found', 'not_found']);
    expect((await t().app.kyc.status(someone.userId)).failed_attempts_today).toBe(4);
    expect(tierMails(await emailOf(someone.userId))).toHaveLength(0);
  });

  it('a service that does not answer in time is a 504 and changes nothing', async () => {
    const someone = await customer(t().app, { tier: 1, provedBy: 'nin' });
    const silent: IdentityService = {
      matchBvn: () => new Promise(() => {}),
      matchNin: () => new Promise(() => {}),
      checkLiveness: () => new Promise(() => {}),
      verifyAddress: () => new Promise(() => {}),
    };
    const kyc = createKycService({ ...t().app, identity: silent, words: moneyWords, timeoutMs: 20 });
    expect(await kyc.verifyBvn(someone.userId, { bvn: ownBvn, date_of_birth: born })).toMatchObject({ ok: false, code: 'PROVIDER_TIMEOUT' });
    expect(await tierOf(someone.userId)).toBe(1);
    expect((await checksOf(someone.userId)).map((row) => row.outcome)).toEqual(['failed']);
  });

  it('allows five failed checks a Lagos day, then refuses until midnight; provider failures do not count', async () => {
    // 20:00 in Lagos: four hours to midnight.
    const evening = Date.parse(`${lagosDate(t().clock.now())}T19:00:00Z`);
    t().clock.advance(evening - t().clock.now().getTime());
    const someone = await customer(t().app, { tier: 1, provedBy: 'nin' });
    await t().app.kyc.verifyBvn(someone.userId, { bvn: '22222222225', date_of_birth: born });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect(await t().app.kyc.verifyBvn(someone.userId, { bvn: '22222222224', date_of_birth: born })).toMatchObject({ ok: false, code: 'BVN_NOT_FOUND' });
    }
    const refused = await t().app.kyc.verifyBvn(someone.userId, { bvn: ownBvn, date_of_birth: born });
    expect(refused).toMatchObject({ ok: false, code: 'RATE_LIMITED', retryAfterSeconds: 4 * 3600 });
    expect(await tierOf(someone.userId)).toBe(1);
    expect((await checksOf(someone.userId)).length).toBe(6);

    t().clock.advance(4 * 3600 * 1000 + 1000);
    expect(t().clock.now().toISOString() > lagosDayStartUtc(lagosDate(t().clock.now()))).toBe(true);
    expect((await t().app.kyc.verifyBvn(someone.userId, { bvn: ownBvn, date_of_birth: born })).ok).toBe(true);
    expect(await tierOf(someone.userId)).toBe(2);
  });

  it('refuses a BVN already verified for another customer, and a second BVN for the same one', async () => {
    const first = await customer(t().app, { tier: 1, provedBy: 'nin' });
    const second = await customer(t().app, { tier: 1, provedBy: 'nin' });
    expect((await t().app.kyc.verifyBvn(first.userId, { bvn: ownBvn, date_of_birth: born })).ok).toBe(true);
    const taken = await t().app.kyc.verifyBvn(second.userId, { bvn: ownBvn, date_of_birth: born });
    expect(inEnglish(taken)).toMatchObject({ ok: false, code: 'DUPLICATE', message: 'This BVN is already linked to another account at this bank.' });
    expect(await tierOf(second.userId)).toBe(1);
    // Another of the sandbox's own-record BVNs works for the second customer.
    expect((await t().app.kyc.verifyBvn(second.userId, { bvn: '30000123456', date_of_birth: born })).ok).toBe(true);
    expect(inEnglish(await t().app.kyc.verifyBvn(first.userId, { bvn: '30000654321', date_of_birth: born }))).toMatchObject({ ok: false, code: 'DUPLICATE', message: 'Your BVN is already verified.' });
  });

  it('two customers verifying one BVN at the same moment: exactly one gets it', async () => {
    const racers = await Promise.all(Array.from({ length: 4 }, () => customer(t().app, { tier: 1, provedBy: 'nin' })));
    const results = await Promise.all(racers.map((racer) => t().app.kyc.verifyBvn(racer.userId, { bvn: '30000777777', date_of_birth: born })));
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    for (const result of results.filter((result) => !result.ok)) expect(result).toMatchObject({ code: 'DUPLICATE' });
    const tiers = await Promise.all(racers.map((racer) => tierOf(racer.userId)));
    expect(tiers.filter((tier) => tier === 2)).toHaveLength(1);
  });

  it('verifies the address of a Tier 2 customer and raises them to Tier 3', async () => {
    const someone = await customer(t().app, { tier: 1, provedBy: 'nin' });
    await t().app.kyc.verifyBvn(someone.userId, { bvn: ownBvn, date_of_birth: born });

    const before = await t().app.kyc.status(someone.userId);
    expect(before.address).toMatchObject({ verified: false, line: null, on_file: { address: '14 Admiralty Way', city: 'Lekki', state: 'Lagos', lga: 'Eti-Osa' } });

    const result = await t().app.kyc.verifyAddress(someone.userId, address);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.user.tier).toBe(3);
    expect(result.value.kyc).toMatchObject({ tier: 3, next_step: null, limits: { daily_debit: naira(5_000_000), max_balance: null }, address: { verified: true, line: '7 Bode Thomas Street, Surulere, Surulere, Lagos' } });
    expect(await t().app.db.selectFrom('addresses').select(['address', 'city', 'state', 'lga']).where('user_id', '=', someone.userId).executeTakeFirst()).toEqual({ address: '7 Bode Thomas Street', city: 'Surulere', state: 'Lagos', lga: 'Surulere' });
    const mails = tierMails(await emailOf(someone.userId));
    expect(mails.map((mail) => mail.subject)).toEqual([expect.stringContaining('Tier 2'), expect.stringContaining('Tier 3')]);
    expect(mails[1]!.text).toContain('no maximum');

    expect(await t().app.kyc.verifyAddress(someone.userId, address)).toMatchObject({ ok: false, code: 'DUPLICATE' });
  });

  it('an address verified with one identity counts only once both are proved (Tier 3 = BVN, NIN and the address)', async () => {
    const someone = await customer(t().app, { tier: 1, provedBy: 'nin' });
    const early = await t().app.kyc.verifyAddress(someone.userId, address);
    expect(early).toMatchObject({ ok: true, value: { user: { tier: 1 }, kyc: { tier: 1, address: { verified: true }, next_step: 'bvn' } } });
    expect(tierMails(await emailOf(someone.userId))).toHaveLength(0);
    expect(await t().app.kyc.verifyAddress(someone.userId, address)).toMatchObject({ ok: false, code: 'DUPLICATE' });
    const bvn = await t().app.kyc.verifyBvn(someone.userId, { bvn: ownBvn, date_of_birth: born });
    expect(bvn).toMatchObject({ ok: true, value: { user: { tier: 3 }, kyc: { tier: 3, next_step: null } } });
    expect(tierMails(await emailOf(someone.userId)).map((mail) => mail.subject)).toEqual([expect.stringContaining('Tier 3')]);
  });

  it('refuses a P.O. Box, a document that does not show the address, and an unavailable verifier, changing nothing', async () => {
    const someone = await customer(t().app, { tier: 2 });
    for (const postal of ['P.O. Box 1234, Ikeja', 'PO Box 55', 'PMB 2011, Ibadan']) {
      expect(inEnglish(await t().app.kyc.verifyAddress(someone.userId, { ...address, address: postal }))).toMatchObject({ ok: false, code: 'VALIDATION_FAILED', errors: { address: [expect.stringContaining('P.O. Box')] } });
    }
    const notShown = await t().app.kyc.verifyAddress(someone.userId, { ...address, proof_reference: '000123456' });
    expect(inEnglish(notShown)).toMatchObject({ ok: false, code: 'VALIDATION_FAILED', errors: { proof_reference: [expect.stringContaining('does not show this address')] } });
    t().clock.advance(1000);
    expect(await t().app.kyc.verifyAddress(someone.userId, { ...address, proof_reference: '999999' })).toMatchObject({ ok: false, code: 'PROVIDER_FAILED' });

    expect(await tierOf(someone.userId)).toBe(2);
    expect((await checksOf(someone.userId)).map((row) => [row.kind, row.outcome])).toEqual([
      ['address', 'mismatch'],
      ['address', 'failed'],
    ]);
    expect((await t().app.db.selectFrom('addresses').select('address').where('user_id', '=', someone.userId).executeTakeFirstOrThrow()).address).toBe('14 Admiralty Way');
    expect((await t().app.kyc.status(someone.userId)).failed_attempts_today).toBe(1);
  });
});
