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
 * money committed (the server's job worker sends it), and texted too unless the customer turned
 * SMS alerts off in settings (a plain form post with or without JavaScript) and accepted the
 * indemnity.
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
    // One alert each for this movement, and a text each: SMS alerts are on by default.
    expect(mailsAbout(recipient.email, /alert:/)).toHaveLength(1);
    const sent = await waitUntil(() => smsTo(e164(sender.phone)).find((text) => text.includes('Debit NGN2,500.00')), 10_000, () => `No SMS debit alert reached ${sender.phone}`);
    expect(sent).toContain(`Ref ${reference}; Bal NGN17,500.00; Not you? Freeze: `);
    const received = await waitUntil(() => smsTo(e164(recipient.phone)).find((text) => text.includes('Credit NGN2,500.00')), 10_000, () => `No SMS credit alert reached ${recipient.phone}`);
    expect(received).toContain(`From ${`${sender.firstName} ${sender.lastName}`.toUpperCase()}`);
    for (const text of [sent, received]) expect(gsmSeptets(text)).toBeLessThanOrEqual(160);
  });

  test('SMS alerts are on for a new customer; turning them off needs the indemnity (refused without it), then no text; on again, texts again', async ({ page, alerts }) => {
    const me = await signedInCustomer(page, naira(5_000));
    const phone = e164(me.phone);
    // The opening deposit is texted as well as emailed.
    const first = await waitUntil(() => smsTo(phone).find((text) => text.includes('Credit NGN5,000.00')), 10_000, () => `No SMS alert reached ${phone}`);
    expect(first).toMatch(/^Harmattan Bank: Credit NGN5,000\.00; .*Ref \S+; Bal NGN5,000\.00; Not you\? Freeze: \S+\/freeze$/);

    await alerts.goto();
    await expect(alerts.emailAlerts).toHaveText('Always on');
    await expect(alerts.smsAlerts).toHaveText('On');
    await expect(alerts.indemnity).toContainText('you accept that the bank is not liable for any loss you would have noticed from an SMS alert');
    await expect(alerts.acceptIndemnity).not.toBeChecked();
    await expect(alerts.acceptIndemnity).toHaveAttribute('required', '');

    // The browser will not post it unticked; a post without it is refused on the field, and nothing changes.
    await alerts.section.getByRole('button', { name: 'Turn off SMS alerts' }).click();
    await expect(page).toHaveURL(/\/account\/settings$/);
    await alerts.switchOffWithoutIndemnity();
    await expect(alerts.indemnityError).toHaveText('To turn SMS alerts off, tick the box to accept the indemnity.');
    await expect(alerts.smsAlerts).toHaveText('On');
    expect(mailsAbout(me.email, /your SMS alerts were turned off/)).toHaveLength(0);

    await alerts.switchSms('off');
    await expect(alerts.smsAlerts).toHaveText('Off');
    await expect(alerts.smsOffSince).toContainText('when you accepted the indemnity');
    await expect(alerts.sectionNotice).toContainText('SMS alerts are off.');
    await expect(alerts.chargeNote).toContainText('SMS alerts may carry a charge.');
    await waitForMailAbout(me.email, /your SMS alerts were turned off/);
    const textsBefore = smsTo(phone).length;
    await receiveTransfer(page.request, me.accountNumber, naira(700), 'BAKARE TUNDE');
    await waitForMailAbout(me.email, /credit alert: NGN700\.00/);
    // The text would be queued before the email is sent; give the worker a moment to prove it was not.
    await page.waitForTimeout(1_000);
    expect(smsTo(phone)).toHaveLength(textsBefore);

    await alerts.switchSms('on');
    await expect(alerts.smsAlerts).toHaveText('On');
    await expect(alerts.sectionNotice).toContainText(`SMS alerts are on and go to ${phone}`);
    await expect(alerts.smsOffSince).toHaveCount(0);
    await receiveTransfer(page.request, me.accountNumber, naira(1_500), 'BAKARE TUNDE');
    const text = await waitUntil(() => smsTo(phone).find((sms) => sms.includes('Credit NGN1,500.00')), 10_000, () => `No SMS alert reached ${phone}`);
    // One plain SMS: the amount, the counterparty, the reference, the balance and where to freeze.
    expect(text).toMatch(/^Harmattan Bank: Credit NGN1,500\.00; From BAKARE TUNDE[^;]*; (.+; )?Ref \S+; Bal NGN7,200\.00; Not you\? Freeze: \S+\/freeze$/);
    expect(gsmSeptets(text)).toBeLessThanOrEqual(160);
  });
});
