import { expect, model, test as base } from './support/fixtures.ts';
import { newCustomer, onboardThroughApi, receiveTransfer } from './support/customers.ts';
import { naira, signedInCustomer } from './support/funded.ts';
import { mailsAbout, waitForMailAbout } from './support/settings.ts';
import { smsTo, waitUntil } from './support/outbox.ts';
import { AlertSettingsPage } from './page-models/alert-settings-page.ts';
import { ReceiptPage } from './page-models/receipt-page.ts';
import { SendMoneyPage } from './page-models/send-money-page.ts';
import { TransferPage } from './page-models/transfer-page.ts';
import { gsmSeptets } from '../src/server/integrations/sms/gsm-7.ts';

/**
 * Transaction alerts, in both projects: every debit and credit is emailed after the
 * money committed (the server's job worker sends it), and texted too once the customer turns SMS
 * alerts on in settings, a plain form post with or without JavaScript.
 */

const test = base.extend<{ transfer: TransferPage; send: SendMoneyPage; receipt: ReceiptPage; alerts: AlertSettingsPage }>({
  transfer: model(TransferPage),
  send: model(SendMoneyPage),
  receipt: model(ReceiptPage),
  alerts: model(AlertSettingsPage),
});

/** The phone number as the bank keeps it: 0803 123 4567 → +2348031234567. */
const e164 = (typed: string) => `+234${typed.replace(/\s/g, '').slice(1)}`;
const masked = (accountNumber: string) => `${accountNumber.slice(0, 3)}****${accountNumber.slice(7)}`;

test.describe('transaction alerts', () => {
  test('a transfer produces an alert mail to the sender and (inside the bank) to the recipient, with the right balance', async ({ page, browser, js, transfer, send, receipt }, testInfo) => {
    const sender = await signedInCustomer(page, naira(20_000));
    const { baseURL } = testInfo.project.use;
    const theirs = await browser.newContext({ baseURL, javaScriptEnabled: js });
    const recipient = await onboardThroughApi(theirs.request, newCustomer());
    await theirs.close();

    await transfer.goto();
    await transfer.toThisBankLink.click();
    await send.arrivedAt(SendMoneyPage.path);
    await send.fillDetails({ accountNumber: recipient.accountNumber, amount: '2,500', narration: 'Aso-ebi share' });
    await send.proceed();
    await send.confirm(sender.pin);
    const reference = await receipt.arrived();

    const debit = await waitForMailAbout(sender.email, /debit alert: NGN2,500\.00/);
    expect(debit.subject).toContain(`on ${masked(sender.accountNumber)}`);
    expect(debit.text).toContain(`Reference: ${reference}`);
    expect(debit.text).toContain(`To: ${`${recipient.firstName} ${recipient.lastName}`.toUpperCase()}, ${recipient.accountNumber}`);
    expect(debit.text).toContain('Narration: Aso-ebi share');
    expect(debit.text).toMatch(/Time: .+ \(Lagos\)/);
    expect(debit.text).toContain('Balance after: ₦17,500.00');

    const credit = await waitForMailAbout(recipient.email, /credit alert: NGN2,500\.00/);
    expect(credit.subject).toContain(`on ${masked(recipient.accountNumber)}`);
    expect(credit.text).toContain(`Reference: ${reference}`);
    expect(credit.text).toContain(`From: ${`${sender.firstName} ${sender.lastName}`.toUpperCase()}, ${sender.accountNumber}`);
    expect(credit.text).toContain('Balance after: ₦2,500.00');
    // One alert each for this movement, and no text: neither turned SMS on.
    expect(mailsAbout(recipient.email, /alert:/)).toHaveLength(1);
    expect(smsTo(e164(sender.phone))).toEqual([]);
  });

  test('turning SMS alerts on in settings makes the next alert also land in the SMS outbox; off, no longer', async ({ page, alerts }) => {
    const me = await signedInCustomer(page, naira(5_000));
    const phone = e164(me.phone);
    await waitForMailAbout(me.email, /credit alert: NGN5,000\.00/);
    expect(smsTo(phone)).toEqual([]);

    await alerts.goto();
    await expect(alerts.emailAlerts).toHaveText('Always on');
    await expect(alerts.smsAlerts).toHaveText('Off');
    await expect(alerts.chargeNote).toContainText('SMS alerts may carry a charge.');
    await alerts.switchSms('on');
    await expect(alerts.smsAlerts).toHaveText('On');
    await expect(alerts.sectionNotice).toContainText(`SMS alerts are on and go to ${phone}`);
    await waitForMailAbout(me.email, /your SMS alerts were turned on/);

    await receiveTransfer(page.request, me.accountNumber, naira(1_500), 'BAKARE TUNDE');
    const text = await waitUntil(() => smsTo(phone).at(0), 10_000, () => `No SMS alert reached ${phone}`);
    // One plain SMS: the amount, the counterparty, the reference, the balance and where to freeze.
    expect(text).toMatch(/^Harmattan Bank: Credit NGN1,500\.00; From BAKARE TUNDE[^;]*; (.+; )?Ref \S+; Bal NGN6,500\.00; Not you\? Freeze: \S+\/freeze$/);
    expect(gsmSeptets(text)).toBeLessThanOrEqual(160);
    await waitForMailAbout(me.email, /credit alert: NGN1,500\.00/); // email still goes

    await alerts.switchSms('off');
    await expect(alerts.smsAlerts).toHaveText('Off');
    await receiveTransfer(page.request, me.accountNumber, naira(700), 'BAKARE TUNDE');
    await waitForMailAbout(me.email, /credit alert: NGN700\.00/);
    // The text would be queued before the email is sent; give the worker a moment to prove it was not.
    await page.waitForTimeout(1_000);
    expect(smsTo(phone)).toHaveLength(1);
  });
});
