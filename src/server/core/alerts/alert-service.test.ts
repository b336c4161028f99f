import { describe, expect, it } from 'vitest';
import { describeOnEngines } from '../../testing/on-engines.ts';
import { customer, newKey, testPin } from '../../testing/customers.ts';
import { inProcessApi } from '../../testing/in-process-api.ts';
import { nubanFor } from '../../../lib/nuban.ts';
import { sandboxSerials } from '../../integrations/interbank/sandbox-switch.ts';
import { gsmSeptets } from '../../integrations/sms/gsm-7.ts';
import { gsmText, transactionAlertSms, type TransactionAlert } from '../money-notifications.ts';
import { alertKey, transactionAlertJob } from './alert-jobs.ts';
import { maskAccount } from './alert-service.ts';

const naira = (value: number) => value * 100;
const gtb = (serial: string) => nubanFor(serial, { cbnCode: '058', nipCode: '000013' });

describeOnEngines('transaction alerts on %s', (t) => {
  const emailOf = async (userId: string) => (await t().app.users.findById(userId))!.email;
  const phoneOf = async (userId: string) => (await t().app.users.findById(userId))!.phone_number;
  const alertsTo = (email: string) => t().mailer.sent.filter((mail) => mail.to === email && / (debit|credit) alert: /.test(mail.subject));
  const alertJobs = () => t().app.db.selectFrom('jobs').selectAll().where('kind', '=', transactionAlertJob).execute();

  describe('email, always', () => {
    it('a transfer inside the bank alerts the sender (debit, charges, balance after) and the recipient (credit, their balance), once each', async () => {
      const sender = await customer(t().app, { balance: naira(100_000), firstName: 'Ngozi', lastName: 'Adebayo' });
      const recipient = await customer(t().app, { firstName: 'Bola', lastName: 'Ade' });
      const sent = await t().app.transfers.sendLocal(sender.userId, sender.accountNumber, { account_number: recipient.accountNumber, amount: naira(20_000), narration: 'Rent share', pin: testPin, save_beneficiary: false }, newKey());
      expect(sent.ok).toBe(true);
      if (!sent.ok) return;
      const reference = sent.value.transaction.reference;
      // Queued with the money, sent by the worker: nothing is mailed before it runs.
      expect(alertsTo(await emailOf(recipient.userId))).toHaveLength(0);
      await t().app.jobs.runDue();

      // Both rows were written at the same instant, so the worker may send them in either order.
      const senderAlerts = alertsTo(await emailOf(sender.userId));
      expect(senderAlerts.map((mail) => mail.subject).sort()).toEqual([
        `Harmattan Bank credit alert: NGN100,000.00 on ${maskAccount(sender.accountNumber)}`,
        `Harmattan Bank debit alert: NGN20,000.00 on ${maskAccount(sender.accountNumber)}`,
      ]);
      const debit = senderAlerts.find((mail) => mail.subject.includes('debit alert'))!.text;
      expect(debit).toContain(`₦20,000.00 was debited from your account ${maskAccount(sender.accountNumber)}.`);
      expect(debit).toContain('Charges: ₦50.00');
      expect(debit).toContain(`To: BOLA ADE, ${recipient.accountNumber}`);
      expect(debit).toContain('Narration: Rent share');
      expect(debit).toContain(`Reference: ${reference}`);
      expect(debit).toMatch(/Time: \d{1,2} \w{3} \d{4}, \d{2}:\d{2} \(Lagos\)/);
      expect(debit).toContain('Status: Successful');
      expect(debit).toContain('Balance after: ₦79,950.00');

      const recipientAlerts = alertsTo(await emailOf(recipient.userId));
      expect(recipientAlerts).toHaveLength(1);
      expect(recipientAlerts[0]!.subject).toBe(`Harmattan Bank credit alert: NGN20,000.00 on ${maskAccount(recipient.accountNumber)}`);
      expect(recipientAlerts[0]!.text).toContain(`From: NGOZI ADEBAYO, ${sender.accountNumber}`);
      expect(recipientAlerts[0]!.text).toContain('Balance after: ₦20,000.00');
      expect(recipientAlerts[0]!.text).not.toContain('Charges:');
      expect(recipientAlerts[0]!.html).toContain('Balance after: ₦20,000.00');

      // A second run, a retried request and a later run send nothing again.
      await t().app.jobs.runDue();
      expect(alertsTo(await emailOf(sender.userId))).toHaveLength(2);
      expect(alertsTo(await emailOf(recipient.userId))).toHaveLength(1);
      expect((await alertJobs()).every((job) => job.status === 'done')).toBe(true);
      // SMS is off until the customer turns it on.
      expect(t().sms.sent).toHaveLength(0);
    });

    it('names the transaction’s category in the language on the profile (Hausa), and in English for everyone else', async () => {
      const sender = await customer(t().app, { balance: naira(50_000), firstName: 'Musa', lastName: 'Bello' });
      const recipient = await customer(t().app, { firstName: 'Bola', lastName: 'Ade' });
      await t().app.languages.set(sender.userId, 'ha');
      const sent = await t().app.transfers.sendLocal(sender.userId, sender.accountNumber, { account_number: recipient.accountNumber, amount: naira(2_000), narration: 'Kuɗin haya', pin: testPin, save_beneficiary: false }, newKey());
      expect(sent.ok).toBe(true);
      await t().app.jobs.runDue();
      const senderMail = t().mailer.sent.filter((mail) => mail.to === sender.email).map((mail) => mail.text);
      expect(senderMail.some((text) => text.includes('Iri: Cirewa (Tura kuɗi)'))).toBe(true);
      expect(senderMail.some((text) => text.includes('(Transfer)'))).toBe(false);
      expect(alertsTo(await emailOf(recipient.userId)).map((mail) => mail.text).join('\n')).toContain('Type: Credit (Transfer)');
    });

    it('a refused transfer moves nothing and alerts nothing; an idempotent replay writes no second alert', async () => {
      const sender = await customer(t().app, { balance: naira(1_000) });
      const recipient = await customer(t().app);
      const before = (await alertJobs()).length;
      const refused = await t().app.transfers.sendLocal(sender.userId, sender.accountNumber, { account_number: recipient.accountNumber, amount: naira(5_000), narration: '', pin: testPin, save_beneficiary: false }, newKey());
      expect(refused).toMatchObject({ ok: false, code: 'INSUFFICIENT_FUNDS' });
      expect(await alertJobs()).toHaveLength(before);
      const key = newKey();
      const input = { account_number: recipient.accountNumber, amount: naira(100), narration: 'Once', pin: testPin, save_beneficiary: false };
      expect((await t().app.transfers.sendLocal(sender.userId, sender.accountNumber, input, key)).ok).toBe(true);
      expect((await t().app.transfers.sendLocal(sender.userId, sender.accountNumber, input, key)).ok).toBe(true);
      expect(await alertJobs()).toHaveLength(before + 2); // one debit, one credit
      await t().app.jobs.runDue();
      expect(alertsTo(await emailOf(recipient.userId))).toHaveLength(1);
    });

    it('an inbound transfer from another bank and a bill payment are alerted', async () => {
      const buyer = await customer(t().app);
      const received = await t().app.inbound.receiveInterbank({ account_number: buyer.accountNumber, amount: naira(5_000), sender_name: 'BAKARE TUNDE', sender_bank_code: '000013', narration: 'School fees' });
      expect(received.ok).toBe(true);
      const bought = await t().app.bills.buyAirtime(buyer.userId, buyer.accountNumber, { network_id: 'mtn', phone_number: '08031234567', amount: naira(1_000), pin: testPin }, newKey());
      expect(bought.ok).toBe(true);
      await t().app.jobs.runDue();
      const mails = alertsTo(await emailOf(buyer.userId));
      expect(mails).toHaveLength(2);
      const credit = mails.find((mail) => mail.subject.includes('credit alert'));
      const debit = mails.find((mail) => mail.subject.includes('debit alert'));
      expect(credit!.text).toContain('From: BAKARE TUNDE');
      expect(credit!.text).toContain('Narration: School fees');
      expect(credit!.text).toContain('Balance after: ₦5,000.00');
      expect(debit!.subject).toContain('debit alert: NGN1,000.00');
      expect(debit!.text).toContain('Type: Debit (Airtime)');
      expect(debit!.text).toContain('Balance after: ₦4,000.00');
    });

    it('a transfer to another bank left pending is alerted as pending; when it fails, its reversal credit is alerted too', async () => {
      const sender = await customer(t().app, { balance: naira(10_000) });
      const email = await emailOf(sender.userId);
      const sent = await t().app.transfers.sendToBank(sender.userId, sender.accountNumber, { account_number: gtb(sandboxSerials.timeoutThenFailure), bank_code: '000013', amount: naira(2_000), narration: 'Upkeep', pin: testPin, save_beneficiary: false }, newKey());
      expect(sent).toMatchObject({ ok: true, value: { transaction: { status: 'pending' } } });
      await t().app.jobs.runDue();
      const pending = alertsTo(email).find((mail) => mail.subject.includes('debit alert'))!;
      expect(pending.subject).toContain('debit alert: NGN2,000.00');
      expect(pending.text).toContain('Status: Pending');
      expect(pending.text).toContain('Charges: ₦10.00');
      expect(pending.text).toContain('Balance after: ₦7,990.00');

      t().clock.advance(31_000);
      expect(await t().app.payments.requery()).toEqual({ checked: 1, settled: 1 });
      await t().app.jobs.runDue();
      const mails = alertsTo(email);
      expect(mails).toHaveLength(3); // the deposit, the pending debit, the reversal: no second alert for the debit
      expect(mails[2]!.subject).toContain('credit alert: NGN2,010.00');
      expect(mails[2]!.text).toContain('Type: Credit (Reversal)');
      expect(mails[2]!.text).toContain('Balance after: ₦10,000.00');
    });

    it('a mailer that fails is retried with the job until the alert goes, and the SMS is not texted twice', async () => {
      const owner = await customer(t().app);
      await t().app.alerts.setSms(owner.userId, true);
      const send = t().mailer.send.bind(t().mailer);
      let failures = 1;
      t().mailer.send = async (message) => {
        if (/alert:/.test(message.subject) && failures > 0) {
          failures -= 1;
          throw new Error('smtp down');
        }
        return send(message);
      };
      await t().app.inbound.depositFromSandbox({ account_number: owner.accountNumber, amount: naira(700), narration: 'Top up' });
      await t().app.jobs.runDue();
      const email = await emailOf(owner.userId);
      expect(alertsTo(email)).toHaveLength(0);
      expect(t().sms.sent).toHaveLength(1);
      t().clock.advance(30_000);
      await t().app.jobs.runDue();
      expect(alertsTo(email)).toHaveLength(1);
      expect(t().sms.sent).toHaveLength(1);
    });
  });

  describe('SMS, for customers who turn it on', () => {
    it('is off by default; turned on, the next alert is also texted to the phone on the account; turned off, no longer', async () => {
      const owner = await customer(t().app);
      const phone = await phoneOf(owner.userId);
      expect(await t().app.alerts.settings(owner.userId)).toEqual({ email: true, sms: false, sms_to: phone });
      await t().app.inbound.depositFromSandbox({ account_number: owner.accountNumber, amount: naira(1_000), narration: 'First' });
      await t().app.jobs.runDue();
      expect(t().sms.sent).toHaveLength(0);

      const on = await t().app.alerts.setSms(owner.userId, true);
      expect(on).toMatchObject({ ok: true, value: { email: true, sms: true, sms_to: phone, changed: true } });
      await t().app.inbound.depositFromSandbox({ account_number: owner.accountNumber, amount: naira(2_500), narration: 'Second' });
      await t().app.jobs.runDue();
      expect(t().sms.sent).toHaveLength(1);
      expect(t().sms.sent[0]!.to).toBe(phone);
      const text = t().sms.sent[0]!.text;
      expect(text).toMatch(new RegExp(`^Harmattan Bank: Credit NGN2,500\\.00; Acct ${maskAccount(owner.accountNumber).replace(/\*/g, '\\*')}; .+; Ref \\S+; Bal NGN3,500\\.00; Not you\\? Freeze: localhost:\\d+/freeze$`));
      expect(gsmSeptets(text)).toBeLessThanOrEqual(160);
      expect(alertsTo(await emailOf(owner.userId))).toHaveLength(2); // email still goes

      expect(await t().app.alerts.setSms(owner.userId, false)).toMatchObject({ ok: true, value: { sms: false, changed: true } });
      await t().app.inbound.depositFromSandbox({ account_number: owner.accountNumber, amount: naira(100), narration: 'Third' });
      await t().app.jobs.runDue();
      expect(t().sms.sent).toHaveLength(1);
      expect(alertsTo(await emailOf(owner.userId))).toHaveLength(3);
    });

    it('each change is confirmed by email once; setting what is already set changes nothing and mails nothing, even at once', async () => {
      const owner = await customer(t().app);
      const email = await emailOf(owner.userId);
      const confirmations = () => t().mailer.sent.filter((mail) => mail.to === email && /SMS alerts were turned/.test(mail.subject));
      expect(await t().app.alerts.setSms(owner.userId, false)).toMatchObject({ ok: true, value: { sms: false, changed: false } });
      const together = await Promise.all([t().app.alerts.setSms(owner.userId, true), t().app.alerts.setSms(owner.userId, true), t().app.alerts.setSms(owner.userId, true)]);
      expect(together.filter((result) => result.ok && result.value.changed)).toHaveLength(1);
      expect(confirmations().map((mail) => mail.subject)).toEqual(['Harmattan Bank: your SMS alerts were turned on']);
      expect(confirmations()[0]!.text).toContain('may carry a charge');
      await t().app.alerts.setSms(owner.userId, false);
      await t().app.alerts.setSms(owner.userId, false);
      expect(confirmations()).toHaveLength(2);
    });
  });

  describe('over the API', () => {
    it('GET and POST /v1/alerts/settings: the envelope, booleans only, and only the caller’s own settings', async () => {
      const owner = await customer(t().app);
      const other = await customer(t().app);
      const token = (await t().app.sessions.create(owner.userId)).token;
      const api = inProcessApi(t().app);
      const call = async (method: string, body?: { json?: unknown; form?: string }, auth = true) => {
        const headers: Record<string, string> = auth ? { authorization: `Bearer ${token}` } : {};
        if (body?.json !== undefined) headers['content-type'] = 'application/json';
        if (body?.form !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
        const response = await api.fetch(new Request('http://bank.test/api/v1/alerts/settings', { method, headers, body: body?.json !== undefined ? JSON.stringify(body.json) : body?.form }));
        return { status: response.status, json: (await response.json()) as Record<string, any> };
      };
      const phone = await phoneOf(owner.userId);
      expect(await call('GET')).toEqual({ status: 200, json: { success: true, message: 'Email alerts are always on. SMS alerts are off.', data: { email: true, sms: false, sms_to: phone } } });
      expect(await call('GET', undefined, false)).toMatchObject({ status: 401, json: { success: false, code: 'UNAUTHENTICATED' } });

      for (const json of [{}, { sms: 'yes' }, { sms: 1 }, { sms: null }, { sms: [true] }]) {
        const refused = await call('POST', { json });
        expect(refused.status, JSON.stringify(json)).toBe(422);
        expect(refused.json).toMatchObject({ success: false, code: 'VALIDATION_FAILED', errors: { sms: expect.any(Array) } });
      }
      expect(await t().app.alerts.settings(owner.userId)).toMatchObject({ sms: false });

      const on = await call('POST', { json: { sms: true } });
      expect(on).toMatchObject({ status: 200, json: { success: true, data: { email: true, sms: true, sms_to: phone } } });
      expect(on.json.message).toContain('may carry a charge');
      expect(on.json.data).not.toHaveProperty('changed');
      // A form body says true or false as text.
      expect(await call('POST', { form: 'sms=false' })).toMatchObject({ status: 200, json: { data: { sms: false } } });
      expect(await call('POST', { form: 'sms=on' })).toMatchObject({ status: 422 });
      // Nobody else's setting moved.
      expect(await t().app.alerts.settings(other.userId)).toMatchObject({ sms: false });
    });
  });

  it('the demo seed drops the alerts of its backdated history instead of mailing them', async () => {
    const owner = await customer(t().app, { balance: naira(500) });
    const bystander = await customer(t().app, { balance: naira(700) });
    expect(await t().app.alerts.dropQueuedFor([owner.userId])).toBe(1);
    await t().app.jobs.runDue();
    expect(alertsTo(await emailOf(owner.userId))).toHaveLength(0);
    expect(alertsTo(await emailOf(bystander.userId))).toHaveLength(1);
    const [row] = await t().app.db.selectFrom('transactions').select('id').where('user_id', '=', owner.userId).execute();
    expect(await t().app.db.selectFrom('jobs').select('status').where('unique_key', '=', alertKey(row!.id)).executeTakeFirst()).toEqual({ status: 'done' });
  });
});

describe('the SMS alert text', () => {
  const alert: TransactionAlert = {
    type: 'debit',
    account: '012****789',
    category: 'Transfer',
    amount: '₦20,000.00',
    charges: '₦50.00',
    counterparty: 'BOLA ADE, 0123456789, Harmattan Bank',
    narration: 'Rent share',
    reference: 'TRF20261122101500ABCDEF',
    time: '22 Nov 2026, 10:15',
    balanceAfter: '₦79,950.00',
    status: 'pending',
  };

  const sms = (changes: Partial<TransactionAlert> = {}, language?: 'en' | 'yo' | 'ha' | 'ig' | 'pcm') => transactionAlertSms({ bankName: 'Harmattan Bank', alert: { ...alert, ...changes }, freezeAt: 'bank.example/freeze', ...(language ? { language } : {}) });

  it('says NGN for ₦, keeps every figure, and fits one plain SMS of 160 GSM characters with the freeze hint', () => {
    const text = sms();
    expect(text).toBe('Harmattan Bank: Debit NGN20,000.00 (pending); To BOLA ADE, 0123456789; Ref TRF20261122101500ABCDEF; Bal NGN79,950.00; Not you? Freeze: bank.example/freeze');
    expect(gsmSeptets(text)).toBeLessThanOrEqual(160);
    expect(text).not.toContain('|');
  });

  it('drops the counterparty’s bank, then its account, then clips the name, and drops the description, time and account before any figure', () => {
    const long = sms({ narration: 'x'.repeat(300), counterparty: 'y'.repeat(300) });
    expect(gsmSeptets(long)).toBeLessThanOrEqual(160);
    expect(long).toMatch(/^Harmattan Bank: Debit NGN20,000\.00 \(pending\); To y+\.\.; Ref TRF20261122101500ABCDEF; Bal NGN79,950\.00; Not you\? Freeze: bank\.example\/freeze$/);
    const short = sms({ counterparty: 'ADA', narration: 'Rent', charges: null });
    expect(short).toBe('Harmattan Bank: Debit NGN20,000.00 (pending); To ADA; Acct 012****789; Ref TRF20261122101500ABCDEF; Bal NGN79,950.00; Not you? Freeze: bank.example/freeze');
    const posted = sms({ status: 'successful', counterparty: 'ADA', narration: 'Rent', charges: null });
    expect(posted).toBe('Harmattan Bank: Debit NGN20,000.00; To ADA; Acct 012****789; Desc Rent; Ref TRF20261122101500ABCDEF; Bal NGN79,950.00; Not you? Freeze: bank.example/freeze');
  });

  it('counts the characters the GSM alphabet escapes twice, and writes nothing outside it', () => {
    const text = sms({ counterparty: '{[~]}^\\€|'.repeat(8), narration: '“Rent” – ₦ share' });
    expect(gsmSeptets(text)).not.toBeNull();
    expect(gsmSeptets(text)).toBeLessThanOrEqual(160);
  });

  it.each(['en', 'pcm', 'ha', 'yo', 'ig'] as const)('in %s it is one plain SMS too', (language) => {
    const text = sms({ counterparty: 'ƊANLADI ƘWARI, Ọ̀LỌ́LÁ ÀDÌGÚN', narration: 'Kuɗin haya ọ̀sẹ̀' }, language);
    expect(gsmSeptets(text)).not.toBeNull();
    expect(gsmSeptets(text)).toBeLessThanOrEqual(160);
    expect(text).toContain('NGN20,000.00');
    expect(text).toContain('TRF20261122101500ABCDEF');
    expect(text).toContain('NGN79,950.00');
    expect(text).toContain('bank.example/freeze');
    expect(text).toMatch(/; \S+( \S+)? DANLA/);
  });

  it('folds marked letters to the GSM alphabet, keeping the accented letters it has', () => {
    expect(gsmText('Ọ̀lọ́lá Àdìgún')).toBe('Olola Adìgun');
    expect(gsmText('ƙ ɗ ɓ ƴ Ƙ')).toBe('k d b y K');
    expect(gsmText('é è à ü Ñ')).toBe('é è à ü Ñ');
    expect(gsmText('a|b ₦5 “x” 😀')).toBe('a/b NGN5 "x" ?');
  });
});
