import { beforeEach, describe, expect, it } from 'vitest';
import { describeOnEngines } from '../testing/on-engines.ts';
import { customer, testPassword } from '../testing/customers.ts';
import { accountFrozenEmail, accountUnfrozenEmail, caseEmail, freezeCodeEmail, instantPaymentsEmail, newSignInEmail, ownLimitEmail, passwordResetCodeEmail, registrationAttemptEmail, securityChangeEmail, tierRaisedEmail, verificationCodeEmail } from './notifications.ts';
import { statementEmail } from './money-notifications.ts';
import { kobo } from '../../lib/money.ts';
import { formatLagosDateTime } from '../../lib/lagos-time.ts';

/**
 * The account emails follow the language on the customer's profile, also in
 * the flows nobody is signed in to (/password/forgot and /freeze: the profile of the account
 * found). English stays word for word as it was (other tests match its sentences).
 */
describeOnEngines('account emails in the profile language on %s', (t) => {
  let me: Awaited<ReturnType<typeof customer>>;
  let email: string;

  beforeEach(async () => {
    me = await customer(t().app);
    email = (await t().app.users.findById(me.userId))!.email;
  });

  const lastMailTo = (to: string) => t().mailer.sent.filter((mail) => mail.to === to).at(-1);

  it('sends a password reset code in Hausa to a Hausa customer, and the code still works', async () => {
    await t().app.languages.set(me.userId, 'ha');
    expect((await t().app.passwordReset.forgot(email, { ip: '192.0.2.40' })).ok).toBe(true);
    await t().app.passwordReset.settled();
    const mail = lastMailTo(email)!;
    const code = t().mailer.lastCode(email);
    expect(mail.subject).toBe(`${code} ita ce lambar sake saita kalmar sirri ta ${t().app.config.bank.name}`);
    expect(mail.text).toContain('Lambar sake saita kalmar sirri ta');
    expect(mail.html).toContain('wannan imel ɗin');
    expect(mail.text).toContain('Za ta ƙare bayan minti 15');
    expect((await t().app.passwordReset.verifyToken(email, code)).ok).toBe(true);
  });

  it('sends the anonymous freeze code in Yoruba to a Yoruba customer, and freezing says so in Yoruba', async () => {
    await t().app.languages.set(me.userId, 'yo');
    expect((await t().app.freeze.request({ kind: 'email', email }, { ip: '192.0.2.41' })).ok).toBe(true);
    await t().app.freeze.settled();
    const mail = lastMailTo(email)!;
    expect(mail.text).toContain(`Ẹnìkan béèrè láti DÍ àkáǹtì ${t().app.config.bank.name} rẹ.`);
    expect(mail.html).not.toContain(t().mailer.lastCode(email) + '.');
    expect((await t().app.freeze.freeze(me.userId, null, { password: testPassword })).ok).toBe(true);
    expect(lastMailTo(email)!.subject).toBe(`${t().app.config.bank.name}: a ti dí àkáǹtì rẹ`);
  });

  it('keeps an English customer’s reset email as it was', async () => {
    await t().app.passwordReset.forgot(email, { ip: '192.0.2.42' });
    await t().app.passwordReset.settled();
    const code = t().mailer.lastCode(email);
    expect(lastMailTo(email)!.subject).toBe(`${code} is your ${t().app.config.bank.name} password reset code`);
  });
});

describe('the account emails, word for word', () => {
  const base = { bankName: 'Harmattan Bank', to: 'ada@example.com', firstName: 'Ada' };
  /** 10:15 in Lagos on 22 Nov 2026: the emails are handed instants and write them in Lagos time. */
  const moment = '2026-11-22T09:15:00.000Z';

  it('say in English exactly what they said before the catalogue', () => {
    const freeze = freezeCodeEmail({ ...base, code: '123456', minutes: 15 });
    expect(freeze.text).toContain('Someone asked to FREEZE your Harmattan Bank account. Your code is 123456. It works for 15 minutes and only once.');
    expect(freeze.html).toContain('Someone asked to FREEZE your Harmattan Bank account. It works for 15 minutes and only once.');
    const pinReset = securityChangeEmail({ ...base, change: 'pin_reset', at: '2026-11-22T09:15:00.000Z' });
    expect(pinReset.subject).toBe('Harmattan Bank: your transaction PIN was reset');
    // The moment is an instant, written in Lagos time by the email itself.
    expect(pinReset.text).toContain('(22 Nov 2026, 10:15)');
    expect(accountFrozenEmail({ ...base, via: 'code', at: moment, signedOut: 2 }).text).toContain('We signed out 2 devices.');
    expect(accountFrozenEmail({ ...base, via: 'code', at: moment, signedOut: 1 }).text).toContain('We signed out 1 device.');
    expect(accountFrozenEmail({ ...base, via: 'code', at: moment, signedOut: 1 }).text).toContain('Your Harmattan Bank account was frozen on 22 Nov 2026, 10:15,');
    expect(accountUnfrozenEmail({ ...base, at: moment }).text).toContain('Your Harmattan Bank account was unfrozen on 22 Nov 2026, 10:15,');
    const signIn = newSignInEmail({ ...base, at: moment, browser: 'Chrome on Android', ip: '10.0.0.1', freezeUrl: 'https://bank.example/freeze', capped: null });
    expect(signIn.text).toContain('22 Nov 2026, 10:15');
    expect(signIn.text).toContain('from Chrome on Android, network address 10.0.0.1: a browser you have not signed in from before.');
    expect(verificationCodeEmail({ ...base, code: '654321', minutes: 10 }).subject).toBe('654321 is your Harmattan Bank verification code');
  });

  it('keep the English of the case, limit, statement, tier and registration emails', () => {
    expect(caseEmail({ ...base, number: 'HB-CASE-2026-000001', reference: 'REF1', kind: 'fraud', status: 'open', opened: true }).text).toContain('We have received your report about transaction REF1 (I did not make this (fraud)). Your case number is HB-CASE-2026-000001.');
    expect(caseEmail({ ...base, number: 'HB-CASE-2026-000001', reference: 'REF1', kind: 'fraud', status: 'investigating', opened: false }).subject).toBe('Harmattan Bank: your case HB-CASE-2026-000001 is being investigated');
    const raise = ownLimitEmail({ ...base, limit: kobo(10_000_00), at: '2026-11-22T09:15:00.000Z', appliesAt: '2026-11-23T09:15:00.000Z' });
    expect(raise.subject).toBe('Your daily limit rises to ₦10,000.00 on 23 Nov 2026, 10:15');
    expect(raise.text).toContain('On 22 Nov 2026, 10:15 you asked to raise your own daily limit to ₦10,000.00. It applies from 23 Nov 2026, 10:15 (Lagos time);');
    expect(ownLimitEmail({ ...base, limit: kobo(5_000_00), at: '2026-11-22T09:15:00.000Z', appliesAt: null }).subject).toBe('Your daily limit is now ₦5,000.00');
    expect(instantPaymentsEmail({ ...base, enabled: false, at: '2026-11-22T09:15:00.000Z' }).text).toContain('On 22 Nov 2026, 10:15 instant transfers to other banks were turned off from your settings. Transfers within Harmattan Bank still work;');
    expect(statementEmail({ ...base, accountNumber: '0123456789', from: 'a', until: 'b', count: 1, format: 'pdf' }).text).toContain('(1 transaction), as PDF.');
    const tier2 = tierRaisedEmail({ ...base, tier: 2, dailyLimit: kobo(200_000_00), maxBalance: kobo(500_000_00), at: moment });
    expect(tier2.subject).toBe('Harmattan Bank: your account is now Tier 2');
    expect(tier2.text).toContain('Your account is now Tier 2 (22 Nov 2026, 10:15). You can now send and spend up to ₦200,000.00 a day, and keep a balance of ₦500,000.00.');
    expect(tierRaisedEmail({ ...base, tier: 3, dailyLimit: kobo(5_000_000_00), maxBalance: null, at: moment }).text).toContain('You can now send and spend up to ₦5,000,000.00 a day, with no maximum balance.');
    expect(registrationAttemptEmail({ ...base, detail: 'phone', at: moment }).text).toContain('account with the phone number on your account.');
    expect(registrationAttemptEmail({ ...base, detail: 'phone', at: moment }).text).toContain('On 22 Nov 2026, 10:15 someone tried');
  });

  it('say every one in Igbo, Pidgin and Hausa without an English sentence left', () => {
    const igbo = passwordResetCodeEmail({ ...base, code: '123456', minutes: 15, language: 'ig' });
    expect(igbo.text).toContain('Ndewo Ada,');
    expect(igbo.text).toContain('Koodu ntọgharị okwuntughe Harmattan Bank gị bụ 123456.');
    expect(igbo.text).not.toMatch(/password reset code|Never share/);
    const pidgin = securityChangeEmail({ ...base, change: 'sms_alerts_on', at: '2026-11-22T09:15:00.000Z', language: 'pcm' });
    expect(pidgin.subject).toBe('Harmattan Bank: your SMS alerts don on');
    const yorubaLimit = ownLimitEmail({ ...base, limit: kobo(10_000_00), at: '2026-11-22T09:15:00.000Z', appliesAt: '2026-11-23T09:15:00.000Z', language: 'yo' });
    // The dates in Yoruba's own month names, as formatLagosDateTime writes them for Yoruba.
    expect(yorubaLimit.subject).toContain(formatLagosDateTime('2026-11-23T09:15:00.000Z', 'yo'));
    expect(yorubaLimit.subject).not.toContain('Nov 2026');
    const hausa = newSignInEmail({ ...base, at: moment, browser: 'Chrome', ip: null, freezeUrl: 'https://bank.example/freeze', capped: { cap: kobo(20_000_00), hours: 24 }, language: 'ha' });
    expect(hausa.text).toContain(formatLagosDateTime(moment, 'ha'));
    // A tier with no maximum balance says so in the language, not with an English phrase inside it.
    const noMax = tierRaisedEmail({ ...base, tier: 3, dailyLimit: kobo(5_000_000_00), maxBalance: null, at: moment, language: 'ha' }).text;
    expect(noMax).toContain('₦5,000,000.00');
    expect(noMax).not.toMatch(/maximum/);
    expect(hausa.text).toContain('cikin awa 24 masu zuwa, abin da bai wuce ₦20,000.00');
    expect(hausa.text).not.toContain('network address');
    const yoruba = caseEmail({ ...base, number: 'HB-CASE-2026-000001', reference: 'REF1', kind: 'wrong_amount', status: 'resolved', note: 'Refunded.', opened: false, language: 'yo' });
    expect(yoruba.subject).toBe('Harmattan Bank: ẹjọ́ rẹ HB-CASE-2026-000001 ti di: a ti yanjú rẹ̀');
    expect(yoruba.text).toContain('Refunded.');
    expect(statementEmail({ ...base, accountNumber: '0123456789', from: 'a', until: 'b', count: 3, format: 'csv', language: 'ig' }).text).toContain('(azụmahịa 3), dị ka CSV.');
  });
});
