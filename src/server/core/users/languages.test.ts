import { expect, it } from 'vitest';
import type { Locale } from '../../../i18n/locales.ts';
import { describeOnEngines } from '../../testing/on-engines.ts';
import { customer, newKey, testPin } from '../../testing/customers.ts';

const naira = (value: number) => value * 100;

describeOnEngines('the customer’s language on %s', (t) => {
  it('is English until chosen, refuses anything but the five, and the next alert email and SMS follow it', async () => {
    const { app } = t();
    const sender = await customer(app, { balance: naira(50_000), firstName: 'Ngozi', lastName: 'Eze' });
    const recipient = await customer(app, { firstName: 'Bola', lastName: 'Ade' });
    expect(await app.languages.of(sender.userId)).toBe('en');
    await expect(app.languages.set(sender.userId, 'fr' as Locale)).rejects.toThrow('not a language of the bank');
    // A code the bank does not speak, written past the app, is read as English.
    await app.db.updateTable('users').set({ language: 'fr' }).where('id', '=', sender.userId).execute();
    expect(await app.languages.of(sender.userId)).toBe('en');

    await app.languages.set(sender.userId, 'pcm');
    await app.languages.set(sender.userId, 'pcm');
    expect(await app.languages.of(sender.userId)).toBe('pcm');

    const sent = await app.transfers.sendLocal(sender.userId, sender.accountNumber, { account_number: recipient.accountNumber, amount: naira(1_000), narration: 'Market', pin: testPin, save_beneficiary: false }, newKey());
    expect(sent.ok).toBe(true);
    await app.jobs.runDue();
    await app.jobs.runDue();

    const email = (await app.users.findById(sender.userId))!.email;
    const debit = t().mailer.sent.find((mail) => mail.to === email && mail.subject.includes('debit alert'))!;
    expect(debit.text).toContain('Hello Ngozi,');
    expect(debit.text).toContain(`₦1,000.00 don comot from your account`);
    expect(debit.text).toContain('Status: E don go');
    expect(debit.html).toContain('Hello Ngozi,');
    // The recipient is texted too (SMS alerts are on by default): the sender's text is the one to their phone.
    const phone = (await app.users.findById(sender.userId))!.phone_number;
    const text = t().sms.sent.find((message) => message.to === phone && message.text.includes('NGN1,000.00'))!.text;
    expect(text).toMatch(/^Harmattan Bank: Debit NGN1,000\.00; To /);
    // The recipient chose nothing: English.
    const recipientEmail = (await app.users.findById(recipient.userId))!.email;
    expect(t().mailer.sent.find((mail) => mail.to === recipientEmail)!.text).toContain('was credited to your account');
  });
});
