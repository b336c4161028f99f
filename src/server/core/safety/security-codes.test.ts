import { expect, it } from 'vitest';
import { describeOnEngines } from '../../testing/on-engines.ts';
import { customer } from '../../testing/customers.ts';
import { locales } from '../../../i18n/locales.ts';
import { fitsOneSms } from '../../integrations/sms/gsm-7.ts';
import { securityCodePurposes } from '../../../lib/security-schemas.ts';

/**
 * The security code's SMS (decision 027) in the customer's language: one GSM part with the code,
 * what it is for and where to freeze, with a public origin as long as a real one.
 */
describeOnEngines('the security code SMS (%s)', { env: { PUBLIC_ORIGIN: 'https://online.harmattan-bank.example.com' } }, (t) => {
  it('fits one plain GSM part in every language and for every purpose, and carries the code', async () => {
    const english = new Map<string, string>();
    for (const locale of locales) {
      const me = await customer(t().app);
      await t().app.db.updateTable('users').set({ language: locale }).where('id', '=', me.userId).execute();
      for (const purpose of securityCodePurposes) {
        const asked = await t().app.securityCodes.request(me.userId, purpose);
        expect(asked.ok, `${locale} ${purpose}`).toBe(true);
        const text = t().sms.sent.at(-1)!.text;
        expect(fitsOneSms(text), `${locale} ${purpose}: ${text}`).toBe(true);
        expect(text).toMatch(/\b\d{6}\b/);
        expect(text).toContain('online.harmattan-bank.example.com/freeze');
        if (locale === 'en') english.set(purpose, text.replace(/\d{6}/, ''));
        else expect(text.replace(/\d{6}/, ''), `${locale} ${purpose}`).not.toBe(english.get(purpose));
      }
    }
  });
});
