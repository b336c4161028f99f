import { beforeEach, expect, it } from 'vitest';
import { describeOnEngines } from '../../testing/on-engines.ts';
import { customer, newKey, testPin } from '../../testing/customers.ts';
import { caseSchema } from '../../../lib/safety-schemas.ts';
import type { TestApp } from '../../testing/test-app.ts';
import type { CaseActor } from './case-service.ts';
import { caseAnswerMailJob } from './case-service.ts';

const naira = (value: number) => value * 100;
const reviewer: CaseActor = { staffId: 'staff-kyc-1', address: '203.0.113.8', via: 'screen' };
const agent: CaseActor = { staffId: 'staff-support-1', address: '203.0.113.7', via: 'screen' };

async function check(t: TestApp, userId: string, fields: { kind: 'liveness' | 'bvn'; outcome: 'fail' | 'mismatch'; reference?: string; last4?: string; dob?: string; agoMs?: number }) {
  await t.app.db
    .insertInto('kyc_checks')
    .values({
      id: `chk-${Math.random().toString(36).slice(2)}`, user_id: userId, kind: fields.kind, outcome: fields.outcome, bvn_fingerprint: null, bvn_key_version: null,
      bvn_last4: fields.last4 ?? null, date_of_birth: fields.dob ?? null, address: null, provider_reference: fields.reference ?? null,
      created_at: new Date(t.clock.now().getTime() - (fields.agoMs ?? 0)).toISOString(),
    })
    .execute();
}

describeOnEngines('the identity review queue on %s', (app) => {
  let me: { userId: string; accountNumber: string };
  let number: string;

  beforeEach(async () => {
    const t = app();
    me = await customer(t.app, { balance: naira(5_000) });
    for (const reference of ['LIV-1', 'LIV-2', 'LIV-3']) await check(t, me.userId, { kind: 'liveness', outcome: 'fail', reference });
    number = (await t.app.cases.openReview(me.userId, { kind: 'liveness_review', reference: 'LIV-3', description: '3 failed liveness checks today' })).number;
  });

  it('lists open reviews with the liveness checks kept and the last 30 days\' mismatches, and audits the read with the customers', async () => {
    const t = app();
    const other = await customer(t.app);
    await check(t, other.userId, { kind: 'bvn', outcome: 'mismatch', last4: '4321', dob: '1990-02-01', agoMs: 3_600_000 });
    await check(t, other.userId, { kind: 'bvn', outcome: 'mismatch', last4: '4321', dob: '1990-02-01', agoMs: 31 * 24 * 3_600_000 });
    const { reviews, mismatches } = await t.app.identityReviews.queue(reviewer);
    expect(reviews.map((review) => [review.number, review.band, review.checks.map((entry) => entry.reference).sort()])).toEqual([[number, 'ample', ['LIV-1', 'LIV-2', 'LIV-3']]]);
    expect(Date.parse(reviews[0]!.dueAt) - Date.parse(reviews[0]!.createdAt)).toBe(14 * 24 * 3_600_000);
    expect(mismatches.map((row) => [row.kind, row.last4, row.dateOfBirth])).toEqual([['bvn', '4321', '1990-02-01']]);
    const audit = await t.app.db.selectFrom('staff_audit').selectAll().where('action', '=', 'kyc.queue').executeTakeFirstOrThrow();
    expect(JSON.parse(audit.detail).customers.sort()).toEqual([me.userId, other.userId].sort());
    // Support's queue holds the customers' reports only.
    expect((await t.app.caseDesk.queue(agent)).map((kase) => kase.number)).toEqual([]);
  });

  it('resolves a review with a finding and a reason, audited, changing no automatic decision and writing to nobody', async () => {
    const t = app();
    const identityOf = async () => t.app.db.selectFrom('users').select(['tier', 'liveness_passed_at', 'bvn_verified_at', 'nin_verified_at']).where('id', '=', me.userId).executeTakeFirstOrThrow();
    const before = await identityOf();
    const refused = [
      await t.app.identityReviews.resolve(number, { reason: 'The face matches the BVN photo.' }, reviewer),
      await t.app.identityReviews.resolve(number, { outcome: 'confirmed', reason: 'Fine' }, reviewer),
      await t.app.identityReviews.resolve(number, { outcome: 'approved', reason: 'The face matches the BVN photo.' }, reviewer),
    ];
    expect(refused.map((result) => (result.ok ? 0 : [result.status, Object.keys(result.errors ?? {})]))).toEqual([[400, ['outcome']], [400, ['reason']], [400, ['outcome']]]);
    expect(await t.app.identityReviews.resolve(number, { outcome: 'confirmed', reason: 'The face matches the BVN photo.' }, reviewer)).toEqual({ ok: true, value: { outcome: 'confirmed' } });

    const row = await t.app.db.selectFrom('support_cases').selectAll().where('number', '=', number).executeTakeFirstOrThrow();
    expect(row.status).toBe('resolved');
    const last = await t.app.db.selectFrom('support_case_events').selectAll().where('case_id', '=', row.id).orderBy('line', 'desc').executeTakeFirstOrThrow();
    expect([last.note, last.staff_id]).toEqual(['Identity confirmed: The face matches the BVN photo.', reviewer.staffId]);
    const audit = await t.app.db.selectFrom('staff_audit').selectAll().where('action', '=', 'kyc.review').execute();
    expect(audit.map((entry) => [entry.staff_id, entry.customer_user_id, entry.before_text, entry.after_text, JSON.parse(entry.detail).outcome])).toEqual([[reviewer.staffId, me.userId, 'open', 'resolved', 'confirmed']]);
    expect(await identityOf()).toEqual(before);
    expect(await t.app.db.selectFrom('jobs').select('id').where('kind', '=', caseAnswerMailJob).execute()).toEqual([]);
    // Once: resolved is no longer in the queue, and a second finding is refused.
    expect(await t.app.identityReviews.resolve(number, { outcome: 'refused', reason: 'Second thoughts about it.' }, reviewer)).toMatchObject({ ok: false, status: 404 });
    expect((await t.app.identityReviews.queue(reviewer)).reviews).toEqual([]);
  });

  it('keeps the two queues apart: KYC cannot resolve a customer\'s report, support cannot answer a review', async () => {
    const t = app();
    const other = await customer(t.app, { balance: naira(5_000) });
    const sent = await t.app.transfers.sendLocal(me.userId, me.accountNumber, { account_number: other.accountNumber, amount: naira(100), narration: '', pin: testPin, save_beneficiary: false }, newKey());
    if (!sent.ok) throw new Error(sent.message.key);
    const opened = await t.app.cases.open({ id: me.userId, accounts: [{ account_number: me.accountNumber }] }, null, caseSchema.parse({ reference: sent.value.transaction.reference, kind: 'not_received', description: 'The money never reached my sister.' }));
    if (!opened.ok) throw new Error(opened.message.key);
    expect(await t.app.identityReviews.resolve(opened.value.case.number, { outcome: 'confirmed', reason: 'The face matches the BVN photo.' }, reviewer)).toMatchObject({ ok: false, status: 404 });
    expect(await t.app.caseDesk.answer(number, { text: 'Hello.', status: 'resolved' }, agent)).toMatchObject({ ok: false, status: 404 });
    expect(await t.app.db.selectFrom('support_cases').select('status').orderBy('number').execute()).toEqual([{ status: 'open' }, { status: 'open' }]);
  });
});
