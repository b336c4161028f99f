import { describe, expect, it } from 'vitest';
import { describeOnEngines } from '../../testing/on-engines.ts';
import { createTestApp, engines } from '../../testing/test-app.ts';
import { customer, newKey, testPin } from '../../testing/customers.ts';
import { balanceOf, expectLedgerBalanced } from '../../testing/balances.ts';
import { nubanFor } from '../../../lib/nuban.ts';
import { said } from '../../../i18n/said.ts';
import { inEnglish } from '../../testing/in-english.ts';
import { sandboxSerials } from '../../integrations/interbank/sandbox-switch.ts';
import { inboundRefusalCode } from '../../integrations/interbank/ports.ts';
import { gsmSeptets } from '../../integrations/sms/gsm-7.ts';
import { refusedCreditJob, refusedCreditSmsJob } from '../alerts/refused-credit-alerts.ts';

const naira = (value: number) => value * 100;
const hourMs = 3_600_000;

/**
 * The cap on money in (docs/decisions/025-no-money-without-identity-and-the-cap-both-ways.md), on
 * both engines with the cap on (₦20,000, 24 hours): in the window the cap on money out uses, at
 * most ₦20,000 in total may arrive, counted on its own; a credit past it is refused whole.
 */
describeOnEngines('the cap on money in on %s', { env: { NEW_DEVICE_CAP_NAIRA: '20000' } }, (t) => {
  const app = () => t().app;
  /** A customer whose opening window has closed (the sandbox deposit that funds them is never counted). */
  async function established(balance = naira(500_000)) {
    const made = await customer(app(), { balance });
    t().clock.advance(25 * hourMs);
    return made;
  }
  const sendLocal = (from: { userId: string; accountNumber: string }, to: string, amount: number, narration = '', key = newKey()) =>
    app().transfers.sendLocal(from.userId, from.accountNumber, { account_number: to, amount, narration, pin: testPin, save_beneficiary: false }, key);
  const fromBank = (to: string, amount: number, sender = 'BAKARE TUNDE') => app().inbound.receiveInterbank({ account_number: to, amount, sender_name: sender, sender_bank_code: '000013' });
  const refusalJobs = async (kind: string) => app().db.selectFrom('jobs').select(['payload', 'unique_key']).where('kind', '=', kind).execute();
  const capIn = async (userId: string) => (await app().limits.overview(userId)).new_browser_cap_in;

  it('a new account receives up to ₦20,000 in its first day: under and exactly at the cap land, one kobo over is refused whole', async () => {
    const payer = await established();
    const fresh = await customer(app());
    expect(await capIn(fresh.userId)).toMatchObject({ limit: naira(20_000), used: 0, left: naira(20_000), reason: 'new_account' });
    expect(await sendLocal(payer, fresh.accountNumber, naira(12_000))).toMatchObject({ ok: true });
    expect(await fromBank(fresh.accountNumber, naira(8_000))).toMatchObject({ ok: true });
    expect(await capIn(fresh.userId)).toMatchObject({ used: naira(20_000), left: 0 });
    // Counted on their own: nothing left the account, the cap on money out is untouched.
    expect((await app().limits.overview(fresh.userId)).new_browser_cap).toMatchObject({ used: 0, left: naira(20_000) });

    const refused = await sendLocal(payer, fresh.accountNumber, 1);
    expect(refused).toMatchObject({ ok: false, code: 'RECIPIENT_CAP_REACHED', message: said('said.errors.recipientCapReached') });
    // The payer learns nothing of the recipient's figures.
    expect(JSON.stringify(inEnglish(refused))).not.toMatch(/20,000|₦0\.00|until/);
    const fromOutside = await fromBank(fresh.accountNumber, 1);
    expect(fromOutside).toMatchObject({ ok: false, code: 'CREDIT_NOT_PERMITTED', message: said('said.errors.creditCapReached') });
    // Towards the switch: 57, "transaction not permitted to receiver".
    if (!fromOutside.ok) expect(inboundRefusalCode(fromOutside.code)).toBe('57');
    expect(await balanceOf(app(), fresh.accountNumber)).toBe(naira(20_000));
    expect(await balanceOf(app(), payer.accountNumber)).toBe(naira(500_000) - naira(12_000) - naira(50));
    await expectLedgerBalanced(app());
  });

  it('a credit that would pass the cap is refused whole, not in part; a smaller one still lands', async () => {
    const payer = await established();
    const fresh = await customer(app());
    expect(await fromBank(fresh.accountNumber, naira(15_000))).toMatchObject({ ok: true });
    expect(await sendLocal(payer, fresh.accountNumber, naira(6_000))).toMatchObject({ ok: false, code: 'RECIPIENT_CAP_REACHED' });
    expect(await fromBank(fresh.accountNumber, naira(6_000))).toMatchObject({ ok: false, code: 'CREDIT_NOT_PERMITTED' });
    expect(await balanceOf(app(), fresh.accountNumber)).toBe(naira(15_000));
    expect(await balanceOf(app(), payer.accountNumber)).toBe(naira(500_000));
    expect(await sendLocal(payer, fresh.accountNumber, naira(5_000))).toMatchObject({ ok: true });
    expect(await balanceOf(app(), fresh.accountNumber)).toBe(naira(20_000));
    await expectLedgerBalanced(app());
  });

  it('once the window has closed, credits land again; a new device opens a fresh window that counts from its start', async () => {
    const payer = await established();
    const fresh = await customer(app());
    expect(await fromBank(fresh.accountNumber, naira(20_000))).toMatchObject({ ok: true });
    t().clock.advance(24 * hourMs);
    expect(await capIn(fresh.userId)).toBeNull();
    expect(await fromBank(fresh.accountNumber, naira(150_000))).toMatchObject({ ok: true });
    expect(await sendLocal(payer, fresh.accountNumber, naira(100_000))).toMatchObject({ ok: true });
    // A sign-in from a new browser: what arrived before it does not count, what arrives after it does.
    t().clock.advance(60_000);
    await app().limits.recogniseSignIn(fresh.userId, { deviceCookie: undefined, origin: 'http://127.0.0.1:4321', ip: null, userAgent: null });
    expect(await capIn(fresh.userId)).toMatchObject({ used: 0, left: naira(20_000), reason: 'new_browser' });
    expect(await sendLocal(payer, fresh.accountNumber, naira(20_000))).toMatchObject({ ok: true });
    expect(await fromBank(fresh.accountNumber, naira(1))).toMatchObject({ ok: false, code: 'CREDIT_NOT_PERMITTED' });
    await expectLedgerBalanced(app());
  });

  it("a reversal of the customer's own failed debit is neither counted nor refused, even with the cap used up", async () => {
    const fresh = await customer(app(), { balance: naira(50_000) });
    expect(await fromBank(fresh.accountNumber, naira(20_000))).toMatchObject({ ok: true });
    const before = await balanceOf(app(), fresh.accountNumber);
    const bounced = await app().transfers.sendToBank(fresh.userId, fresh.accountNumber, { account_number: nubanFor(sandboxSerials.notPermittedToReceiver, { cbnCode: '058', nipCode: '000013' }), bank_code: '000013', amount: naira(5_000), narration: '', pin: testPin, save_beneficiary: false }, newKey());
    expect(bounced).toMatchObject({ ok: true, value: { transaction: { status: 'reversed' } } });
    expect(await balanceOf(app(), fresh.accountNumber)).toBe(before);
    expect(await capIn(fresh.userId)).toMatchObject({ used: naira(20_000) });
    await expectLedgerBalanced(app());
  });

  it('a payment towards a payment request is a transfer inside the bank: refused over the cap, and not counted towards the request', async () => {
    const payer = await established();
    const fresh = await customer(app());
    const request = await app().paymentRequests.create(fresh.userId, fresh.accountNumber, { note: '', expires_in_days: 7, amount: naira(30_000) }, 'http://127.0.0.1:4321');
    if (!request.ok) throw new Error(request.code);
    const paying = `For ${request.value.reference}`;
    expect(await sendLocal(payer, fresh.accountNumber, naira(25_000), paying)).toMatchObject({ ok: false, code: 'RECIPIENT_CAP_REACHED' });
    const row = await app().db.selectFrom('payment_requests').selectAll().where('reference', '=', request.value.reference).executeTakeFirstOrThrow();
    expect(Number(row.paid_kobo ?? 0)).toBe(0);
    expect(await sendLocal(payer, fresh.accountNumber, naira(20_000), paying)).toMatchObject({ ok: true });
  });

  it("a scheduled transfer's run past the recipient's cap is refused like a limit: nothing moves, and it is tried again in the afternoon", async () => {
    const payer = await established();
    const recipient = await established(naira(1_000));
    const lagosDay = (at: Date) => new Date(at.getTime() + hourMs).toISOString().slice(0, 10);
    const tomorrow = lagosDay(new Date(t().clock.now().getTime() + 24 * hourMs));
    const created = await app().scheduledTransfers.create(payer.userId, payer.accountNumber, { account_number: recipient.accountNumber, amount: naira(5_000), narration: 'Rent', first_date: tomorrow, repeat: 'once', pin: testPin }, newKey());
    if (!created.ok) throw new Error(created.code);
    // The recipient signs in from a new device on the morning of the run and receives ₦20,000 from elsewhere.
    const morning = Date.parse(`${tomorrow}T07:00:00+01:00`);
    t().clock.advance(morning - t().clock.now().getTime());
    await app().limits.recogniseSignIn(recipient.userId, { deviceCookie: undefined, origin: 'http://127.0.0.1:4321', ip: null, userAgent: null });
    expect(await fromBank(recipient.accountNumber, naira(20_000))).toMatchObject({ ok: true });
    t().clock.advance(hourMs);
    await app().scheduledTransfers.sweep();
    await app().jobs.runDue();
    expect(await app().scheduledTransfers.find(payer.userId, created.value.schedule.id)).toMatchObject({ runs_made: 0, recent_runs: [{ date: tomorrow, state: 'retry' }] });
    expect(await balanceOf(app(), recipient.accountNumber)).toBe(naira(21_000));
    expect(await balanceOf(app(), payer.accountNumber)).toBe(naira(500_000));
  });

  it('the refused customer is alerted by email and SMS after the refusal, once per payer and amount, in their language', async () => {
    const payer = await established();
    const fresh = await customer(app(), { firstName: 'Ngozi' });
    await app().db.updateTable('users').set({ language: 'pcm' }).where('id', '=', fresh.userId).execute();
    expect(await fromBank(fresh.accountNumber, naira(15_000))).toMatchObject({ ok: true });
    const key = newKey();
    // The same request tried twice, and the same payment pressed again under a new key: one refusal to tell.
    for (const attempt of [key, key, newKey()]) expect(await sendLocal(payer, fresh.accountNumber, naira(6_000), '', attempt)).toMatchObject({ ok: false, code: 'RECIPIENT_CAP_REACHED' });
    expect(await fromBank(fresh.accountNumber, naira(7_500), 'CHIOMA OKAFOR')).toMatchObject({ ok: false, code: 'CREDIT_NOT_PERMITTED' });
    const queued = await refusalJobs(refusedCreditJob);
    expect(queued).toHaveLength(2);

    await app().jobs.runDue();
    await app().jobs.runDue();
    const mails = t().mailer.sent.filter((mail) => mail.to === fresh.email && mail.subject.includes('we no gree collect'));
    expect(mails).toHaveLength(2);
    const local = mails.find((mail) => mail.subject.includes('NGN6,000.00'))!;
    expect(local.text).toContain('Ngozi');
    expect(local.text).toContain('Why: your account still new');
    expect(local.text).toContain('₦20,000.00');
    expect(local.text).toContain('₦5,000.00 remain');
    const phone = (await app().db.selectFrom('users').select('phone_number').where('id', '=', fresh.userId).executeTakeFirstOrThrow()).phone_number;
    // SMS alerts are on by default, so the ₦15,000 that landed was texted too: the refusals are the other two.
    const all = t().sms.sent.filter((message) => message.to === phone);
    const texts = all.filter((message) => message.text.includes('fit enter until'));
    expect(texts).toHaveLength(2);
    expect(all).toHaveLength(3);
    for (const text of texts) {
      expect(gsmSeptets(text.text)).not.toBeNull();
      expect(gsmSeptets(text.text)!).toBeLessThanOrEqual(160);
      expect(text.text).not.toContain('₦');
      expect(text.text).toContain('New account: only NGN20,000.00 fit enter until');
    }
    expect(texts.map((text) => text.text).join('\n')).toContain('NGN7,500.00 from CHIOMA OKAFOR');
    expect(await refusalJobs(refusedCreditSmsJob)).toHaveLength(2);
  });

  it('a burst of 50 credits of ₦1,000 from several payers, inside the bank and from other banks, lands at most ₦20,000', async () => {
    const payers = await Promise.all(Array.from({ length: 5 }, () => established(naira(100_000))));
    const fresh = await customer(app());
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        index % 3 === 0 ? fromBank(fresh.accountNumber, naira(1_000), `PAYER ${index % 4}`) : sendLocal(payers[index % payers.length]!, fresh.accountNumber, naira(1_000)),
      ),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(20);
    for (const result of results) if (!result.ok) expect(['RECIPIENT_CAP_REACHED', 'CREDIT_NOT_PERMITTED']).toContain(result.code);
    expect(await balanceOf(app(), fresh.accountNumber)).toBe(naira(20_000));
    // What the payers inside the bank lost is exactly what of theirs landed: a refused one took nothing.
    const landedLocal = results.filter((result, index) => result.ok && index % 3 !== 0).length;
    const paid = (await Promise.all(payers.map((payer) => balanceOf(app(), payer.accountNumber)))).reduce((sum, balance) => sum + (naira(100_000) - balance), 0);
    expect(paid).toBe(landedLocal * naira(1_000));
    await expectLedgerBalanced(app());
    expect(await capIn(fresh.userId)).toMatchObject({ used: naira(20_000), left: 0 });
    // Thirty refusals, but one message per payer and amount: nine payers at most (five inside the bank, four outside).
    const told = await refusalJobs(refusedCreditJob);
    expect(told.length).toBeGreaterThan(0);
    expect(told.length).toBeLessThanOrEqual(9);
  });
});

describe.each(engines)('the cap on money in turned off on %s', (engine) => {
  it('NEW_DEVICE_CAP_NAIRA=0 (the test default): a new account receives any amount, and the limits show no cap', async () => {
    const t = await createTestApp(engine);
    try {
      const payer = await customer(t.app, { balance: naira(500_000) });
      const fresh = await customer(t.app);
      expect(await t.app.inbound.receiveInterbank({ account_number: fresh.accountNumber, amount: naira(150_000), sender_name: 'EZE OBI', sender_bank_code: '000013' })).toMatchObject({ ok: true });
      expect(await t.app.transfers.sendLocal(payer.userId, payer.accountNumber, { account_number: fresh.accountNumber, amount: naira(100_000), narration: '', pin: testPin, save_beneficiary: false }, newKey())).toMatchObject({ ok: true });
      expect(await t.app.limits.overview(fresh.userId)).toMatchObject({ new_browser_cap: null, new_browser_cap_in: null });
    } finally {
      await t.close();
    }
  });
});
