import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../log.ts';
import { createTermiiSms } from '../../integrations/sms/termii-sms.ts';
import { describeOnEngines } from '../../testing/on-engines.ts';
import { customer, newKey, testPin } from '../../testing/customers.ts';
import { inProcessApi } from '../../testing/in-process-api.ts';
import { nubanFor } from '../../../lib/nuban.ts';
import { sandboxSerials } from '../../integrations/interbank/sandbox-switch.ts';
import fc from 'fast-check';
import { clipSeptets, gsmSeptets } from '../../integrations/sms/gsm-7.ts';
import { t as t_ } from '../../../i18n/translate.ts';
import { gsmText, transactionAlertSms, type TransactionAlert } from '../money-notifications.ts';
import { alertKey, smsAlertJob, smsAlertKey, transactionAlertJob } from './alert-jobs.ts';
import { indemnityRequiredMessage, maskAccount } from './alert-service.ts';
import { deviceHashOf } from '../devices/device-binding.ts';

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
      // SMS is on by default: each row is texted too, once, to its own customer's phone.
      const [senderPhone, recipientPhone] = [await phoneOf(sender.userId), await phoneOf(recipient.userId)];
      expect(t().sms.sent.filter((message) => message.to === senderPhone)).toHaveLength(2);
      expect(t().sms.sent.filter((message) => message.to === recipientPhone)).toHaveLength(1);
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

  describe('SMS, on unless turned off with the indemnity', () => {
    const smsJobs = () => t().app.db.selectFrom('jobs').select(['payload', 'unique_key']).where('kind', '=', smsAlertJob).execute();
    const rowOf = (userId: string) => t().app.db.selectFrom('alert_settings').select(['sms_enabled', 'sms_off_accepted_at', 'sms_off_device_hash']).where('user_id', '=', userId).executeTakeFirst();

    it('is on for a new customer: a credit and a debit each queue an SMS alert job and are texted to the phone on the account', async () => {
      const owner = await customer(t().app);
      const other = await customer(t().app);
      const phone = await phoneOf(owner.userId);
      expect(await rowOf(owner.userId)).toBeUndefined();
      expect(await t().app.alerts.settings(owner.userId)).toEqual({ email: true, sms: true, sms_to: phone, sms_off_accepted_at: null });

      const credited = await t().app.inbound.depositFromSandbox({ account_number: owner.accountNumber, amount: naira(3_000), narration: 'First' });
      expect(credited.ok).toBe(true);
      const sent = await t().app.transfers.sendLocal(owner.userId, owner.accountNumber, { account_number: other.accountNumber, amount: naira(1_000), narration: 'Share', pin: testPin, save_beneficiary: false }, newKey());
      expect(sent.ok).toBe(true);
      await t().app.jobs.runDue();
      const ownRows = await t().app.db.selectFrom('transactions').select(['id', 'type']).where('user_id', '=', owner.userId).execute();
      expect(ownRows.map((row) => row.type).sort()).toEqual(['credit', 'debit']);
      const queued = (await smsJobs()).map((job) => job.unique_key);
      for (const row of ownRows) expect(queued).toContain(smsAlertKey(row.id));

      const texts = t().sms.sent.filter((message) => message.to === phone).map((message) => message.text);
      expect(texts).toHaveLength(2);
      expect(texts.find((text) => text.includes('Credit'))).toMatch(/^Harmattan Bank: Credit NGN3,000\.00; .*Ref \S+; Bal NGN3,000\.00; Not you\? Freeze: localhost:\d+\/freeze$/);
      expect(texts.find((text) => text.includes('Debit'))).toMatch(/^Harmattan Bank: Debit NGN1,000\.00; To ADA TEST\d+, \d{10}(, Harmattan Bank)?; .*Ref \S+; Bal NGN2,000\.00; Not you\? Freeze: localhost:\d+\/freeze$/);
      for (const text of texts) expect(gsmSeptets(text)).toBeLessThanOrEqual(160);
      expect(alertsTo(await emailOf(owner.userId))).toHaveLength(2); // email goes as well
    });

    it('turning off is refused without the indemnity and changes nothing; with it, it records the time and the device; on again clears both', async () => {
      const owner = await customer(t().app);
      const email = await emailOf(owner.userId);
      const ownerPhone = await phoneOf(owner.userId);
      const confirmations = () => t().mailer.sent.filter((mail) => mail.to === email && /SMS alerts were turned/.test(mail.subject));
      for (const choice of [{ sms: false }, { sms: false, accept_indemnity: false }]) {
        const refused = await t().app.alerts.setSms(owner.userId, choice, deviceHashOf('phone-device'));
        expect(refused).toMatchObject({ ok: false, code: 'VALIDATION_FAILED', errors: { accept_indemnity: [indemnityRequiredMessage] } });
      }
      expect(await rowOf(owner.userId)).toBeUndefined();
      expect(await t().app.alerts.settings(owner.userId)).toMatchObject({ sms: true });
      expect(confirmations()).toHaveLength(0);

      const offAt = t().clock.now().toISOString();
      const off = await t().app.alerts.setSms(owner.userId, { sms: false, accept_indemnity: true }, deviceHashOf('phone-device'));
      expect(off).toMatchObject({ ok: true, value: { sms: false, sms_off_accepted_at: offAt, changed: true } });
      expect(await rowOf(owner.userId)).toEqual({ sms_enabled: 0, sms_off_accepted_at: offAt, sms_off_device_hash: deviceHashOf('phone-device') });
      expect(await t().app.alerts.settings(owner.userId)).toMatchObject({ sms: false, sms_off_accepted_at: offAt });
      // A second "off" is no change: the first acceptance stays as it was.
      t().clock.advance(60_000);
      expect(await t().app.alerts.setSms(owner.userId, { sms: false, accept_indemnity: true }, deviceHashOf('laptop'))).toMatchObject({ ok: true, value: { changed: false, sms_off_accepted_at: offAt } });
      expect((await rowOf(owner.userId))?.sms_off_device_hash).toBe(deviceHashOf('phone-device'));

      await t().app.inbound.depositFromSandbox({ account_number: owner.accountNumber, amount: naira(100), narration: 'While off' });
      await t().app.jobs.runDue();
      expect(t().sms.sent.filter((message) => message.to === ownerPhone)).toHaveLength(0);
      expect(alertsTo(email)).toHaveLength(1);

      const on = await t().app.alerts.setSms(owner.userId, { sms: true });
      expect(on).toMatchObject({ ok: true, value: { sms: true, sms_off_accepted_at: null, changed: true } });
      expect(await rowOf(owner.userId)).toEqual({ sms_enabled: 1, sms_off_accepted_at: null, sms_off_device_hash: null });
      await t().app.inbound.depositFromSandbox({ account_number: owner.accountNumber, amount: naira(200), narration: 'On again' });
      await t().app.jobs.runDue();
      expect(t().sms.sent.filter((message) => message.to === ownerPhone)).toHaveLength(1);
      expect(confirmations().map((mail) => mail.subject)).toEqual(['Harmattan Bank: your SMS alerts were turned off', 'Harmattan Bank: your SMS alerts were turned on']);
    });

    it('through Termii: an error body and then no answer each leave the SMS job to try again, and the next try sends it once, the email once', async () => {
      // Termii's send endpoint on a local port, answering as its documentation says, in turn.
      const answers: (({ status: number; body: string }) | 'silence')[] = [
        { status: 400, body: JSON.stringify({ message: 'Insufficient balance' }) },
        'silence',
        { status: 200, body: JSON.stringify({ code: 'ok', message_id: '9122821270554876574', message: 'Successfully Sent', balance: 9, user: 'Bank' }) },
      ];
      const seen: Record<string, unknown>[] = [];
      const server = http.createServer((request, response) => {
        let text = '';
        request.setEncoding('utf8');
        request.on('data', (chunk: string) => (text += chunk));
        request.on('end', () => {
          seen.push({ path: request.url, ...(JSON.parse(text) as Record<string, unknown>) });
          const answer = answers.shift() ?? 'silence';
          if (answer === 'silence') return;
          response.writeHead(answer.status, { 'content-type': 'application/json' });
          response.end(answer.body);
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const termii = createTermiiSms({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, apiKey: 'TLtestkey0123456789', senderId: 'Harmattan', timeoutMs: 1_500 }, createLogger('silent'));
      t().sms.send = (message) => termii.send(message);
      try {
        const owner = await customer(t().app);
        const phone = await phoneOf(owner.userId);
        await t().app.inbound.depositFromSandbox({ account_number: owner.accountNumber, amount: naira(900), narration: 'Via Termii' });
        const smsJob = () => t().app.db.selectFrom('jobs').select(['status', 'attempts', 'last_error']).where('kind', '=', smsAlertJob).where('unique_key', 'like', 'alert-sms:%').execute();
        await t().app.jobs.runDue();
        expect(seen).toHaveLength(1);
        expect(seen[0]).toMatchObject({ path: '/api/sms/send', api_key: 'TLtestkey0123456789', to: phone.slice(1), from: 'Harmattan', type: 'plain', channel: 'dnd', sms: expect.stringMatching(/^Harmattan Bank: Credit NGN900\.00; /) });
        expect(await smsJob()).toMatchObject([{ status: 'pending', last_error: 'termii answered 400: Insufficient balance' }]);
        for (const timeout of [true, false]) {
          t().clock.advance(10 * 60_000);
          await t().app.jobs.runDue();
          if (timeout) expect((await smsJob())[0]).toMatchObject({ status: 'pending', last_error: expect.stringContaining('termii timeout') });
        }
        expect(seen).toHaveLength(3);
        expect(new Set(seen.map((body) => body.sms)).size).toBe(1);
        expect(await smsJob()).toMatchObject([{ status: 'done' }]);
        expect(alertsTo(await emailOf(owner.userId))).toHaveLength(1);
      } finally {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    });

    it('each change is confirmed by email once; setting what is already set changes nothing and mails nothing, even at once', async () => {
      const owner = await customer(t().app);
      const email = await emailOf(owner.userId);
      const confirmations = () => t().mailer.sent.filter((mail) => mail.to === email && /SMS alerts were turned/.test(mail.subject));
      const off = { sms: false, accept_indemnity: true };
      expect(await t().app.alerts.setSms(owner.userId, { sms: true })).toMatchObject({ ok: true, value: { sms: true, changed: false } });
      const together = await Promise.all([t().app.alerts.setSms(owner.userId, off, null), t().app.alerts.setSms(owner.userId, off, null), t().app.alerts.setSms(owner.userId, off, null)]);
      expect(together.filter((result) => result.ok && result.value.changed)).toHaveLength(1);
      expect(confirmations().map((mail) => mail.subject)).toEqual(['Harmattan Bank: your SMS alerts were turned off']);
      const again = await Promise.all([t().app.alerts.setSms(owner.userId, { sms: true }), t().app.alerts.setSms(owner.userId, { sms: true })]);
      expect(again.filter((result) => result.ok && result.value.changed)).toHaveLength(1);
      expect(confirmations()).toHaveLength(2);
      expect(confirmations()[1]!.text).toContain('may carry a charge');
      await t().app.alerts.setSms(owner.userId, { sms: true });
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
      expect(await call('GET')).toEqual({ status: 200, json: { success: true, message: `Email alerts are always on. SMS alerts are on and go to ${phone}; SMS alerts may carry a charge.`, data: { email: true, sms: true, sms_to: phone, sms_off_accepted_at: null } } });
      expect(await call('GET', undefined, false)).toMatchObject({ status: 401, json: { success: false, code: 'UNAUTHENTICATED' } });

      for (const json of [{}, { sms: 'yes' }, { sms: 1 }, { sms: null }, { sms: [true] }, { accept_indemnity: true }]) {
        const refused = await call('POST', { json });
        expect(refused.status, JSON.stringify(json)).toBe(422);
        expect(refused.json).toMatchObject({ success: false, code: 'VALIDATION_FAILED', errors: { sms: expect.any(Array) } });
      }
      // Off without the indemnity: 422 on its field, nothing changed.
      for (const json of [{ sms: false }, { sms: false, accept_indemnity: false }, { sms: false, accept_indemnity: 'yes' }, { sms: false, accept_indemnity: 1 }]) {
        const refused = await call('POST', { json });
        expect(refused.status, JSON.stringify(json)).toBe(422);
        expect(refused.json).toMatchObject({ success: false, code: 'VALIDATION_FAILED', errors: { accept_indemnity: [expect.any(String)] } });
      }
      expect(await t().app.alerts.settings(owner.userId)).toMatchObject({ sms: true });

      // Off with it, from a device the client names (the signed value a login answered).
      const { deviceCookie, deviceId } = await t().app.limits.recogniseAccountOpening(owner.userId, undefined);
      const offAt = t().clock.now().toISOString();
      const off = await api.fetch(new Request('http://bank.test/api/v1/alerts/settings', { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-device': deviceCookie }, body: JSON.stringify({ sms: false, accept_indemnity: true }) }));
      expect(off.status).toBe(200);
      expect(await off.json()).toEqual({ success: true, message: 'Email alerts are always on. SMS alerts are off.', data: { email: true, sms: false, sms_to: phone, sms_off_accepted_at: offAt } });
      expect(await t().app.db.selectFrom('alert_settings').select('sms_off_device_hash').where('user_id', '=', owner.userId).executeTakeFirst()).toEqual({ sms_off_device_hash: deviceHashOf(deviceId) });
      expect(await call('GET')).toMatchObject({ status: 200, json: { data: { sms: false, sms_off_accepted_at: offAt } } });

      const on = await call('POST', { json: { sms: true } });
      expect(on).toMatchObject({ status: 200, json: { success: true, data: { email: true, sms: true, sms_to: phone, sms_off_accepted_at: null } } });
      expect(on.json.message).toContain('may carry a charge');
      expect(on.json.data).not.toHaveProperty('changed');
      // A form body says true or false as text; without X-Device (or with a forged one) no device is recorded.
      expect(await call('POST', { form: 'sms=false&accept_indemnity=true' })).toMatchObject({ status: 200, json: { data: { sms: false } } });
      expect(await t().app.db.selectFrom('alert_settings').select('sms_off_device_hash').where('user_id', '=', owner.userId).executeTakeFirst()).toEqual({ sms_off_device_hash: null });
      expect(await call('POST', { form: 'sms=on' })).toMatchObject({ status: 422 });
      expect(await call('POST', { form: 'sms=true' })).toMatchObject({ status: 200, json: { data: { sms: true } } });
      const forged = await api.fetch(new Request('http://bank.test/api/v1/alerts/settings', { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-device': `${deviceCookie.slice(0, -2)}xx` }, body: JSON.stringify({ sms: false, accept_indemnity: true }) }));
      expect(forged.status).toBe(200);
      expect(await t().app.db.selectFrom('alert_settings').select('sms_off_device_hash').where('user_id', '=', owner.userId).executeTakeFirst()).toEqual({ sms_off_device_hash: null });
      // Nobody else's setting moved.
      expect(await t().app.alerts.settings(other.userId)).toMatchObject({ sms: true });
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

  it('counts the characters the GSM alphabet escapes twice, clipping the name by septets, and writes nothing outside it', () => {
    const text = sms({ counterparty: '{[~]}^\\€|'.repeat(8), narration: '“Rent” – ₦ share' });
    expect(gsmSeptets(text)).not.toBeNull();
    expect(gsmSeptets(text)).toBeLessThanOrEqual(160);
    // The name is cut, not dropped, and every figure stays.
    expect(text).toMatch(/; To \{\[~\]\}\^\\€\/.*\.\.; Ref TRF20261122101500ABCDEF; Bal NGN79,950\.00; Not you\? Freeze: bank\.example\/freeze$/);
    expect(clipSeptets('ab{cd', 3)).toBe('ab');
    expect(clipSeptets('ab{cd', 4)).toBe('ab{');
    expect(clipSeptets('€€€', 5)).toBe('€€');
  });

  const languages = ['en', 'pcm', 'ha', 'yo', 'ig'] as const;
  const fortyCharacters = 'CHUKWUEMEKA OLUWASEUN ABDULLAHI-BELLOXYZ';

  it.each(languages)('in %s, a 40-character name is clipped and the amount, balance, reference and freeze hint stay whole, at the largest figures', (language) => {
    expect(fortyCharacters).toHaveLength(40);
    for (const type of ['debit', 'credit'] as const) {
      for (const status of ['successful', 'pending'] as const) {
        for (const freezeAt of ['bank.example/freeze', 'localhost:4321/freeze', 'online.harmattanbank.com.ng/freeze']) {
          const big = { type, status, amount: '₦9,999,999.99', balanceAfter: '₦99,999,999.99', reference: 'TRF261202101500ABCDEF', counterparty: `${fortyCharacters}, 0123456789, Guaranty Trust Bank` };
          const text = transactionAlertSms({ bankName: 'Harmattan Bank', alert: { ...alert, ...big }, freezeAt, language });
          expect(gsmSeptets(text), text).not.toBeNull();
          expect(gsmSeptets(text), text).toBeLessThanOrEqual(160);
          expect(text).toContain('NGN9,999,999.99');
          expect(text).toContain('NGN99,999,999.99');
          expect(text).toContain('TRF261202101500ABCDEF');
          expect(text.endsWith(freezeAt), text).toBe(true);
          // The name clipped with "..", never the figures: at least 18 characters of it, 10 beside a long address.
          expect(text, text).toMatch(freezeAt.length > 30 ? /; \S+( \S+)? CHUKWUEMEK[A-Z -]*(\.\.)?; / : /; \S+( \S+)? CHUKWUEMEKA OLUWAS[A-Z -]*(\.\.)?; /);
          expect(text).not.toContain('Guaranty');
        }
      }
    }
  });

  it('property: any name, description, figures and language make one plain SMS with every figure whole', () => {
    const gsmish = fc.constantFrom(...Array.from('ABCDEFGHIJKLMNOPQRSTUVWXYZ abcdefghij-.,\'{}[]~^\\€|ƘƊƁỌ̀Ẹ́ṢÀÌÙ₦“”😀é'));
    const name = fc.array(gsmish, { minLength: 1, maxLength: 60 }).map((characters) => characters.join(''));
    const kobo = fc.integer({ min: 1, max: 9_999_999_999 });
    const naira = (value: number) => `₦${(value / 100).toLocaleString('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    fc.assert(
      fc.property(
        fc.constantFrom(...languages),
        fc.constantFrom('debit' as const, 'credit' as const),
        fc.constantFrom('successful' as const, 'pending' as const),
        name,
        fc.option(name, { nil: null }),
        name,
        kobo,
        kobo,
        fc.stringMatching(/^(TRF|RVS|BIL)\d{12}[A-Z2-9]{6}$/),
        (language, type, status, counterparty, bank, narration, amount, balance, reference) => {
          const text = transactionAlertSms({
            bankName: 'Harmattan Bank',
            alert: { ...alert, type, status, counterparty: bank ? `${counterparty}, 0123456789, ${bank}` : counterparty, narration, amount: naira(amount), balanceAfter: naira(balance), reference },
            freezeAt: 'harmattanbank.ng/freeze',
            language,
          });
          expect(gsmSeptets(text), text).not.toBeNull();
          expect(gsmSeptets(text), text).toBeLessThanOrEqual(160);
          expect(text).toContain(` ${naira(amount).replace('₦', 'NGN')}`);
          expect(text).toContain(` ${naira(balance).replace('₦', 'NGN')};`);
          expect(text).toContain(` ${reference};`);
          expect(text.endsWith(' harmattanbank.ng/freeze'), text).toBe(true);
          // The counterparty is there, whole or clipped: its label follows the amount.
          const label = t_(language, type === 'debit' ? 'alert.sms.to' : 'alert.sms.from');
          expect(text, text).toContain(`; ${gsmText(label)} `);
        },
      ),
      { numRuns: 400 },
    );
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
