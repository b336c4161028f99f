import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { describeOnEngines } from '../../testing/on-engines.ts';
import { customer } from '../../testing/customers.ts';
import { inEnglish } from '../../testing/in-english.ts';
import { sha256Hex } from '../digest.ts';
import { maxSelfieBytes } from './selfie-image.ts';

const born = '1990-01-01';
const fixture = (name: string) => new Uint8Array(fs.readFileSync(path.join(import.meta.dirname, '../../integrations/identity/fixtures', name)));

describeOnEngines('identities before money on %s', (t) => {
  const userOf = (userId: string) => t().app.db.selectFrom('users').select(['tier', 'bvn_verified_at', 'nin_verified_at', 'liveness_passed_at']).where('id', '=', userId).executeTakeFirstOrThrow();
  const checksOf = (userId: string) => t().app.db.selectFrom('kyc_checks').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
  const tierMails = (to: string) => t().mailer.sent.filter((mail) => mail.to === to && /now Tier/.test(mail.subject));
  const emailOf = async (userId: string) => (await t().app.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow()).email;

  it('tier 0 → 1 by a NIN, 1 → 2 by the BVN; each proof timed on the row and announced by email', async () => {
    const someone = await customer(t().app, { identity: false });
    expect(await t().app.kyc.status(someone.userId)).toMatchObject({ tier: 0, next_step: 'bvn', can_move_money: false, bvn: { verified: false }, nin: { verified: false }, liveness: { passed: false } });
    const nin = await t().app.kyc.verifyNin(someone.userId, { nin: '40000000101', date_of_birth: born });
    expect(nin).toMatchObject({ ok: true, value: { user: { tier: 1, is_nin_verified: true, is_bvn_verified: false }, kyc: { tier: 1, nin: { verified: true, last4: '0101' }, next_step: 'liveness' } } });
    expect(await userOf(someone.userId)).toMatchObject({ tier: 1, nin_verified_at: expect.any(String), bvn_verified_at: null });
    const bvn = await t().app.kyc.verifyBvn(someone.userId, { bvn: '30000000101', date_of_birth: born });
    expect(bvn).toMatchObject({ ok: true, value: { user: { tier: 2, is_nin_verified: true, is_bvn_verified: true } } });
    expect(tierMails(await emailOf(someone.userId)).map((mail) => mail.subject)).toEqual([expect.stringContaining('Tier 1'), expect.stringContaining('Tier 2')]);
    expect(inEnglish(await t().app.kyc.verifyNin(someone.userId, { nin: '40000000102', date_of_birth: born }))).toMatchObject({ ok: false, code: 'DUPLICATE', message: 'Your NIN is already verified.' });
  });

  it('keeps only a keyed NIN fingerprint (its own key, not the BVN’s) and the last four digits', async () => {
    const someone = await customer(t().app, { identity: false });
    await t().app.kyc.verifyNin(someone.userId, { nin: '44444444443', date_of_birth: born });
    t().clock.advance(1000);
    await t().app.kyc.verifyNin(someone.userId, { nin: '44444444441', date_of_birth: born });
    const rows = await checksOf(someone.userId);
    expect(rows.map((row) => [row.kind, row.outcome])).toEqual([['nin', 'not_found'], ['nin', 'verified']]);
    expect(rows[1]).toMatchObject({ nin_last4: '4441', nin_fingerprint: t().app.ninFingerprints.of('44444444441').fingerprint, bvn_fingerprint: null });
    expect(rows[1]!.nin_fingerprint).not.toBe(t().app.bvnFingerprints.of('44444444441').fingerprint);
    expect(rows[1]!.nin_fingerprint).not.toBe(sha256Hex('44444444441'));
    for (const row of rows) for (const value of Object.values(row)) expect(String(value)).not.toMatch(/4444444444[13]/);
  });

  it('a wrong date, someone else’s NIN, an unknown NIN and NIMC down: the BVN’s codes and field notes, nothing proved', async () => {
    const someone = await customer(t().app, { identity: false, firstName: 'Ada', lastName: 'Obi' });
    expect(inEnglish(await t().app.kyc.verifyNin(someone.userId, { nin: '44444444441', date_of_birth: '1991-02-03' }))).toMatchObject({ ok: false, code: 'NIN_MISMATCH', errors: { date_of_birth: ['This is not the date of birth on your NIN record'] } });
    const other = await t().app.kyc.verifyNin(someone.userId, { nin: '44444444442', date_of_birth: born });
    expect(inEnglish(other)).toMatchObject({ ok: false, code: 'NIN_MISMATCH', errors: { nin: [expect.any(String)] } });
    expect(JSON.stringify(other)).not.toMatch(/Amaka|Okafor|1988/i);
    expect(inEnglish(await t().app.kyc.verifyNin(someone.userId, { nin: '44444444443', date_of_birth: born }))).toMatchObject({ ok: false, code: 'NIN_NOT_FOUND', message: expect.stringContaining('2 more times today') });
    expect(await t().app.kyc.verifyNin(someone.userId, { nin: '44444444444', date_of_birth: born })).toMatchObject({ ok: false, code: 'PROVIDER_FAILED' });
    expect(await userOf(someone.userId)).toMatchObject({ tier: 0, nin_verified_at: null });
    expect((await t().app.kyc.status(someone.userId)).failed_attempts_today).toBe(0);
    // The daily limit is the BVN's: five failures, then 429 until Lagos midnight.
    await t().app.kyc.verifyNin(someone.userId, { nin: '44444444443', date_of_birth: born });
    await t().app.kyc.verifyNin(someone.userId, { nin: '44444444443', date_of_birth: born });
    expect(inEnglish(await t().app.kyc.verifyNin(someone.userId, { nin: '44444444441', date_of_birth: born }))).toMatchObject({ ok: false, code: 'RATE_LIMITED', message: expect.stringContaining('NIN 5 times today') });
  });

  it('50 customers verifying one NIN at the same moment: exactly one gets it', async () => {
    const racers = await Promise.all(Array.from({ length: 50 }, () => customer(t().app, { identity: false })));
    const results = await Promise.all(racers.map((racer) => t().app.kyc.verifyNin(racer.userId, { nin: '40000777777', date_of_birth: born })));
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    for (const result of results.filter((result) => !result.ok)) expect(inEnglish(result)).toMatchObject({ code: 'DUPLICATE', message: 'This NIN is already linked to another account at this bank.' });
    const rows = await Promise.all(racers.map((racer) => userOf(racer.userId)));
    expect(rows.filter((row) => row.tier === 1 && row.nin_verified_at !== null)).toHaveLength(1);
    expect(rows.filter((row) => row.tier === 0)).toHaveLength(49);
    const verified = await t().app.db.selectFrom('kyc_checks').select('user_id').where('kind', '=', 'nin').where('outcome', '=', 'verified').where('nin_last4', '=', '7777').execute();
    expect(verified).toHaveLength(1);
  });

  it('a BVN and a NIN verified at the same moment both count: Tier 2, never lowered', async () => {
    for (let round = 0; round < 5; round += 1) {
      const someone = await customer(t().app, { identity: false });
      const [bvn, nin] = await Promise.all([
        t().app.kyc.verifyBvn(someone.userId, { bvn: `3000010000${round}`, date_of_birth: born }),
        t().app.kyc.verifyNin(someone.userId, { nin: `4000010000${round}`, date_of_birth: born }),
      ]);
      expect(bvn.ok && nin.ok).toBe(true);
      expect(await userOf(someone.userId)).toMatchObject({ tier: 2, bvn_verified_at: expect.any(String), nin_verified_at: expect.any(String) });
    }
  });

  it('a selfie needs an identity first; a pass sets liveness_passed_at and money may move', async () => {
    const someone = await customer(t().app, { identity: false });
    expect(inEnglish(await t().app.kyc.checkLiveness(someone.userId, fixture('selfie-pass.jpg')))).toMatchObject({ ok: false, code: 'NO_IDENTITY', message: expect.stringContaining('BVN or NIN first') });
    await t().app.kyc.verifyBvn(someone.userId, { bvn: '30000000201', date_of_birth: born });
    const passed = await t().app.kyc.checkLiveness(someone.userId, fixture('selfie-pass.jpg'));
    expect(passed).toMatchObject({ ok: true, value: { verdict: 'pass', review_case: null, kyc: { liveness: { passed: true }, can_move_money: true, next_step: 'nin' } } });
    expect((await userOf(someone.userId)).liveness_passed_at).toEqual(expect.any(String));
    const rows = (await checksOf(someone.userId)).filter((row) => row.kind === 'liveness');
    // The verdict and the provider's reference, never the picture.
    expect(rows).toEqual([expect.objectContaining({ outcome: 'pass', provider_reference: expect.stringMatching(/^LIV-/), bvn_fingerprint: null, nin_fingerprint: null, address: null, date_of_birth: null })]);
  });

  it('a picture that is not JPEG or PNG, an empty one or one over 5 MiB is refused unread by the provider', async () => {
    const someone = await customer(t().app, { tier: 1 });
    expect(inEnglish(await t().app.kyc.checkLiveness(someone.userId, new TextEncoder().encode('GIF89a not a selfie')))).toMatchObject({ ok: false, code: 'VALIDATION_FAILED', errors: { selfie: ['This is not a JPEG or PNG photo'] } });
    expect(await t().app.kyc.checkLiveness(someone.userId, new Uint8Array(0))).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    const big = new Uint8Array(maxSelfieBytes + 1);
    big.set(fixture('selfie-pass.jpg'));
    expect(await t().app.kyc.checkLiveness(someone.userId, big)).toMatchObject({ ok: false, code: 'PAYLOAD_TOO_LARGE' });
    expect((await checksOf(someone.userId)).filter((row) => row.kind === 'liveness')).toHaveLength(0);
  });

  it('retry uses no try; the third fail in a Lagos day opens a case for a person, and the answer says so', async () => {
    const someone = await customer(t().app, { identity: false });
    await t().app.kyc.verifyNin(someone.userId, { nin: '40000000301', date_of_birth: born });
    expect(await t().app.kyc.checkLiveness(someone.userId, fixture('selfie-retry.png'))).toMatchObject({ ok: true, value: { verdict: 'retry', review_case: null } });
    expect(await t().app.kyc.checkLiveness(someone.userId, fixture('selfie-fail.jpg'))).toMatchObject({ ok: true, value: { verdict: 'fail', review_case: null } });
    expect(await t().app.kyc.checkLiveness(someone.userId, fixture('selfie-fail.jpg'))).toMatchObject({ ok: true, value: { verdict: 'fail', review_case: null } });
    const third = await t().app.kyc.checkLiveness(someone.userId, fixture('selfie-fail.jpg'));
    expect(third).toMatchObject({ ok: true, value: { verdict: 'fail', review_case: expect.stringMatching(/^HB-CASE-\d{4}-\d{6}$/) } });
    const number = third.ok ? third.value.review_case : null;
    const kase = await t().app.db.selectFrom('support_cases').selectAll().where('number', '=', number!).executeTakeFirstOrThrow();
    expect(kase).toMatchObject({ user_id: someone.userId, kind: 'liveness_review', status: 'open' });
    // A fourth fail keeps the same open case; the customer's own list does not show the bank's review.
    expect(await t().app.kyc.checkLiveness(someone.userId, fixture('selfie-fail.jpg'))).toMatchObject({ ok: true, value: { review_case: number } });
    expect(await t().app.cases.list(someone.userId)).toEqual([]);
    expect((await userOf(someone.userId)).liveness_passed_at).toBeNull();
    expect((await checksOf(someone.userId)).filter((row) => row.kind === 'liveness').map((row) => row.outcome)).toEqual(['retry', 'fail', 'fail', 'fail', 'fail']);
  });
});
