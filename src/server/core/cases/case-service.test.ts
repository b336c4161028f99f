import { beforeEach, expect, it } from 'vitest';
import { describeOnEngines } from '../../testing/on-engines.ts';
import { customer, newKey, testPassword, testPin } from '../../testing/customers.ts';
import { caseSchema, caseNumberPattern } from '../../../lib/safety-schemas.ts';
import { lagosDate } from '../../../lib/lagos-time.ts';
import { wrongPasswordMessage } from '../settings/settings-service.ts';
import { say } from '../../../i18n/translate.ts';
import { inEnglish } from '../../testing/in-english.ts';

const naira = (value: number) => value * 100;

describeOnEngines('cases on %s', (t) => {
  let me: { userId: string; accountNumber: string };
  let other: { userId: string; accountNumber: string };
  let email: string;
  let reference: string;
  let othersReference: string;

  const caller = (who: { userId: string; accountNumber: string }) => ({ id: who.userId, accounts: [{ account_number: who.accountNumber }] });
  const report = (fields: Record<string, unknown>, who = me) =>
    t().app.cases.open(caller(who), null, caseSchema.parse({ reference, kind: 'not_received', description: 'The money never reached my sister.', ...fields }));

  beforeEach(async () => {
    me = await customer(t().app, { balance: naira(20_000) });
    other = await customer(t().app, { balance: naira(20_000) });
    email = (await t().app.users.findById(me.userId))!.email;
    const sent = await t().app.transfers.sendLocal(me.userId, me.accountNumber, { account_number: other.accountNumber, amount: naira(1_000), narration: '', pin: testPin, save_beneficiary: false }, newKey());
    if (!sent.ok) throw new Error(sent.message.key);
    reference = sent.value.transaction.reference;
    // Money that reached only the other customer (a transfer between us carries one reference on both accounts).
    const theirs = await t().app.inbound.depositFromSandbox({ account_number: other.accountNumber, amount: naira(500), narration: 'Their own deposit' });
    if (!theirs.ok) throw new Error(theirs.message.key);
    othersReference = theirs.value.reference;
    t().mailer.sent.length = 0;
  });

  it('opens a numbered case about my transaction, acknowledges it by email at once, and lists it', async () => {
    const opened = await report({});
    if (!opened.ok) throw new Error(opened.message.key);
    const year = lagosDate(t().clock.now()).slice(0, 4);
    expect(opened.value.case).toMatchObject({ number: `HB-CASE-${year}-000001`, reference, account_number: me.accountNumber, kind: 'not_received', status: 'open', history: [{ status: 'open', note: null }] });
    expect(opened.value.frozen).toBeNull();
    const mail = t().mailer.sent.find((message) => message.to === email);
    expect(mail?.subject).toContain(`HB-CASE-${year}-000001`);
    expect(mail?.text).toContain(reference);

    const second = await report({ kind: 'wrong_amount' });
    expect(second.ok && second.value.case.number).toBe(`HB-CASE-${year}-000002`);
    const listed = await t().app.cases.list(me.userId);
    expect(listed.map((kase) => kase.number)).toEqual([`HB-CASE-${year}-000002`, `HB-CASE-${year}-000001`]);
    expect(await t().app.cases.get(me.userId, `HB-CASE-${year}-000001`)).toMatchObject({ ok: true, value: { reference } });
  });

  it('refuses another customer\'s transaction and case as "not found", revealing nothing', async () => {
    const notMine = await report({ reference: othersReference });
    const none = await report({ reference: 'TRF-NO-SUCH-REFERENCE' });
    expect(notMine).toEqual(none);
    expect(notMine).toMatchObject({ ok: false, code: 'NOT_FOUND' });

    const theirs = await report({ reference: othersReference }, other);
    if (!theirs.ok) throw new Error(theirs.message.key);
    const asMe = await t().app.cases.get(me.userId, theirs.value.case.number);
    expect(asMe).toEqual(await t().app.cases.get(me.userId, 'HB-CASE-2099-999999'));
    expect(asMe).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    expect(await t().app.cases.get(me.userId, "x' or 1=1 --")).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    expect(await t().app.cases.list(me.userId)).toEqual([]);
    expect(await t().app.db.selectFrom('support_cases').select('number').execute()).toHaveLength(1);
  });

  it('refuses the same report twice while the first is open', async () => {
    const first = await report({});
    expect(first.ok).toBe(true);
    expect(inEnglish(await report({}))).toMatchObject({ ok: false, code: 'DUPLICATE', message: expect.stringContaining(first.ok ? first.value.case.number : '?') });
  });

  it('reporting fraud can freeze the account in the same step; a wrong password opens nothing and freezes nothing', async () => {
    const wrong = await report({ kind: 'fraud', freeze_account: 'on', password: 'not-my-password' });
    expect(wrong).toMatchObject({ ok: false, code: 'INVALID_CREDENTIALS', errors: { password: [wrongPasswordMessage] } });
    expect(await t().app.cases.list(me.userId)).toEqual([]);
    expect(await t().app.freeze.state(me.userId)).toMatchObject({ frozen: false });

    const opened = await report({ kind: 'fraud', freeze_account: 'on', password: testPassword });
    expect(opened).toMatchObject({ ok: true, value: { case: { kind: 'fraud', status: 'open' }, frozen: { signedOutSessions: 0 } } });
    expect(await t().app.freeze.state(me.userId)).toMatchObject({ frozen: true });
    expect(caseSchema.safeParse({ reference, kind: 'wrong_amount', description: 'Charged twice for this one.', freeze_account: true, password: 'x' }).success).toBe(false);
  });

  it('stores and mails (through the worker) each status an operator moves it to, with the note', async () => {
    const opened = await report({});
    if (!opened.ok) throw new Error(opened.message.key);
    const number = opened.value.case.number;
    // The transfer's own alerts go first, so the mails below are the case's alone.
    await t().app.jobs.runDue();
    t().mailer.sent.length = 0;
    expect(await t().app.cases.move(number, 'investigating', 'Asked the receiving bank.')).toMatchObject({ ok: true, value: { status: 'investigating' } });
    t().clock.advance(1_000);
    expect(await t().app.cases.move(number, 'resolved', null)).toMatchObject({ ok: true });
    await t().app.jobs.runDue();
    const shown = await t().app.cases.get(me.userId, number);
    expect(shown.ok && shown.value.history.map((event) => [event.status, event.note])).toEqual([
      ['open', null],
      ['investigating', 'Asked the receiving bank.'],
      ['resolved', null],
    ]);
    // One mail per move; the worker may send a batch's in any order, each says its own status.
    const mails = t().mailer.sent.filter((message) => message.to === email);
    expect(mails).toHaveLength(2);
    expect(mails.find((message) => /being investigated/.test(message.subject))?.text).toContain('Asked the receiving bank.');
    expect(mails.some((message) => /is resolved/.test(message.subject))).toBe(true);
    // Resolved: the same report may be made again.
    expect((await report({})).ok).toBe(true);
    expect(await t().app.cases.move('HB-CASE-2099-000001', 'closed', null)).toMatchObject({ ok: false, code: 'NOT_FOUND' });
  });

  it('numbers cases opened at the same moment uniquely, one sequence', async () => {
    const customers = await Promise.all(Array.from({ length: 6 }, () => customer(t().app, { balance: naira(5_000) })));
    const references = await Promise.all(
      customers.map(async (who) => {
        const sent = await t().app.transfers.sendLocal(who.userId, who.accountNumber, { account_number: me.accountNumber, amount: naira(100), narration: '', pin: testPin, save_beneficiary: false }, newKey());
        if (!sent.ok) throw new Error(sent.message.key);
        return sent.value.transaction.reference;
      }),
    );
    const opened = await Promise.all(customers.map((who, index) => report({ reference: references[index] }, who)));
    const numbers = opened.map((result) => (result.ok ? result.value.case.number : say('en', result.message)));
    expect(numbers.every((number) => caseNumberPattern.test(number))).toBe(true);
    expect(new Set(numbers).size).toBe(6);
    expect(numbers.map((number) => Number(number.slice(-6))).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
