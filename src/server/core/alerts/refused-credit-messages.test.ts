import { describe, expect, it } from 'vitest';
import { locales } from '../../../i18n/locales.ts';
import { gsmSeptets } from '../../integrations/sms/gsm-7.ts';
import { refusedCreditEmail, refusedCreditSms, type RefusedCreditWords } from './refused-credit-messages.ts';

const words: RefusedCreditWords = { amount: '₦6,000.00', limit: '₦20,000.00', left: '₦5,000.00', from: 'BAKARE TUNDE', until: '3 Dec 2026, 14:05', account: '012****789', reason: 'new_account' };

describe('the messages of a credit refused by the cap on money in', () => {
  it('the SMS is one plain GSM 03.38 part in every language and for either reason, however long the payer', () => {
    const payers = ['BAKARE TUNDE', 'CHUKWUEMEKA OLUWASEUN ADEBAYO-OKONKWO NWACHUKWU LIMITED, First City Monument Bank', 'Ọlánrewájú Ìbídùn ‘Ọ̀kẹ́’ | Ƙasim'];
    for (const language of locales) {
      for (const reason of ['new_account', 'new_browser'] as const) {
        for (const from of payers) {
          const text = refusedCreditSms({ bankName: 'Harmattan Bank', words: { ...words, from, reason }, language });
          const septets = gsmSeptets(text);
          expect(septets, `${language} ${reason} ${text}`).not.toBeNull();
          expect(septets!, `${language} ${reason} ${text}`).toBeLessThanOrEqual(160);
          expect(text).toContain('NGN6,000.00');
          expect(text).toContain('NGN20,000.00');
          expect(text).toContain('14:05');
          expect(text).not.toContain('₦');
        }
      }
    }
  });

  it('names the payer and their bank when they fit, the name alone when not', () => {
    expect(refusedCreditSms({ bankName: 'Harmattan Bank', words: { ...words, from: 'BAKARE TUNDE, Zenith Bank' } })).toBe(
      'Harmattan Bank: payment of NGN6,000.00 from BAKARE TUNDE, Zenith Bank refused. New account: at most NGN20,000.00 may come in until 3 Dec 2026, 14:05.',
    );
    const long = refusedCreditSms({ bankName: 'Harmattan Bank', words: { ...words, from: 'BAKARE TUNDE, First City Monument Bank of the Federation', reason: 'new_browser' } });
    expect(long).toContain('from BAKARE TUNDE refused. New device');
  });

  it('the email says what, from whom, why, until when, what is left and where to freeze, in the customer’s language', () => {
    const mail = refusedCreditEmail({ bankName: 'Harmattan Bank', to: 'ada@example.com', firstName: 'Ada', freezeUrl: 'https://bank.example/freeze', words });
    expect(mail.subject).toBe('Harmattan Bank: a payment of NGN6,000.00 to you was refused');
    expect(mail.text).toContain('A payment of ₦6,000.00 from BAKARE TUNDE to your account 012****789 was refused');
    expect(mail.text).toContain('Until 3 Dec 2026, 14:05 (Lagos time) at most ₦20,000.00');
    expect(mail.text).toContain('(₦5,000.00 is left)');
    expect(mail.text).toContain('https://bank.example/freeze');
    const yo = refusedCreditEmail({ bankName: 'Harmattan Bank', to: 'ada@example.com', firstName: 'Ada', freezeUrl: 'https://bank.example/freeze', words: { ...words, reason: 'new_browser' }, language: 'yo' });
    expect(yo.text).toContain('ẹ̀rọ tuntun');
  });
});
