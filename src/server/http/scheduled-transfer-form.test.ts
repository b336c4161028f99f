import { expect, it } from 'vitest';
import { describeOnEngines } from '../testing/on-engines.ts';
import { customer, testPin } from '../testing/customers.ts';
import { carriedFields, scheduleFormPage } from './scheduled-transfer-form.ts';
import type { App } from '../app.ts';
import { kobo } from '../../lib/money.ts';
import { wordView } from './forms.ts';

/** The no-JavaScript steps of /transfers/scheduled/new: details → name and PIN → the schedule, once for a double tap. */
describeOnEngines('scheduling a transfer on the page (%s)', (t) => {
  it('details, then confirm with a wrong PIN (stays, says so), then the right one: one schedule, even posted twice', async () => {
    t().clock.advance(Date.parse('2030-10-01T09:00:00+01:00') - t().clock.now().getTime());
    const me = await customer(t().app, { balance: 50_000_00 });
    const recipient = await customer(t().app, { firstName: 'Bola', lastName: 'Ade' });
    const account = { account_number: me.accountNumber, balance: kobo(50_000_00) };
    const page = scheduleFormPage({ app: t().app as unknown as App, user: { id: me.userId } as Parameters<typeof scheduleFormPage>[0]['user'], account });
    const post = async (fields: Record<string, string>) => {
      const answer = await page.answer(new Request('http://bank.test/transfers/scheduled/new', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() }), new URL('http://bank.test/transfers/scheduled/new'));
      // The screen's words in English, as the page says them.
      return 'screen' in answer ? { ...answer, screen: { ...answer.screen, view: wordView('en', answer.screen.view) } } : answer;
    };

    const visit = await page.answer(new Request('http://bank.test/transfers/scheduled/new'), new URL('http://bank.test/transfers/scheduled/new'));
    expect(visit).toMatchObject({ screen: { step: 'details', view: { values: { first_date: '2030-10-02', repeat: 'monthly' } } } });

    const details = { step: 'details', bank_code: t().app.config.bank.nipCode, account_number: recipient.accountNumber, amount: '2,500', narration: 'Pocket money', first_date: '2030-10-02', repeat: 'monthly', end_date: '', count: '3' };
    expect(await post({ ...details, amount: 'lots' })).toMatchObject({ status: 422, screen: { step: 'details', view: { errors: { amount: [expect.any(String)] } } } });
    const confirm = await post(details);
    if ('redirect' in confirm || confirm.screen.step !== 'confirm') throw new Error('expected the confirm step');
    expect(confirm.screen.shown.recipientName).toBe('BOLA ADE');
    expect(confirm.screen.details).toMatchObject({ amount: 2_500_00, count: 3, repeat: 'monthly' });

    const hidden = Object.fromEntries(Object.entries(carriedFields(confirm.screen.details)).filter(([, value]) => value !== undefined)) as Record<string, string>;
    const confirmFields = { ...hidden, step: 'confirm', idempotency_key: confirm.screen.key, key_details: confirm.screen.fingerprint };
    const wrong = await post({ ...confirmFields, pin: '0000' });
    expect(wrong).toMatchObject({ status: 422, screen: { step: 'confirm', view: { errors: { pin: [expect.stringMatching(/PIN/)] } } } });
    const made = await post({ ...confirmFields, pin: testPin });
    expect(made).toMatchObject({ redirect: expect.stringMatching(/^\/transfers\/scheduled\?made=sch_/) });
    const twice = await post({ ...confirmFields, pin: testPin });
    expect(twice).toEqual(made);
    expect(await t().app.scheduledTransfers.list(me.userId)).toHaveLength(1);
  });
});
