import { expect, it } from 'vitest';
import { describeOnEngines } from '../../testing/on-engines.ts';
import { customer } from '../../testing/customers.ts';
import { say } from '../../../i18n/translate.ts';
import { inEnglish } from '../../testing/in-english.ts';

describeOnEngines('name enquiry limits on %s', { env: { NAME_ENQUIRIES_PER_MINUTE: '30', NAME_ENQUIRIES_PER_DAY: '40' } }, (t) => {
  const self = () => t().app.config.bank.nipCode;

  it('a burst of 50 at once passes the per-minute limit exactly, then the day limit holds', async () => {
    const asker = await customer(t().app);
    const target = await customer(t().app, { firstName: 'Chiamaka', lastName: 'Obi' });
    const burst = () => Promise.all(Array.from({ length: 50 }, () => t().app.nameEnquiries.enquire(asker.userId, { account_number: target.accountNumber, bank_code: self() })));

    const first = await burst();
    const answered = first.filter((result) => result.ok);
    expect(answered).toHaveLength(30);
    for (const result of answered) expect(result).toMatchObject({ ok: true, value: { account_name: 'CHIAMAKA OBI' } });
    const refused = first.filter((result) => !result.ok);
    expect(refused).toHaveLength(20);
    for (const result of refused) {
      expect(inEnglish(result)).toMatchObject({ ok: false, code: 'RATE_LIMITED', message: expect.stringContaining('30 account names in a minute') });
      if (!result.ok) {
        expect(result.retryAfterSeconds).toBeGreaterThan(0);
        expect(result.retryAfterSeconds).toBeLessThanOrEqual(60);
      }
    }

    t().clock.advance(61_000);
    const second = await burst();
    // 40 a day: 30 went in the first minute (the 20 refused by the minute limit did not count
    // towards the day), so exactly 10 more answer, 20 are refused for the day, 20 for the minute.
    expect(second.filter((result) => result.ok)).toHaveLength(10);
    const dayRefusals = second.filter((result) => !result.ok && say('en', result.message).includes('today'));
    expect(dayRefusals).toHaveLength(20);
    for (const result of dayRefusals) if (!result.ok) expect(result.retryAfterSeconds).toBeLessThanOrEqual(24 * 3600);
    expect(second.filter((result) => !result.ok && say('en', result.message).includes('in a minute'))).toHaveLength(20);

    // Another customer is not held back by this one.
    const other = await customer(t().app);
    expect((await t().app.nameEnquiries.enquire(other.userId, { account_number: target.accountNumber, bank_code: self() })).ok).toBe(true);
  });

  it('counts unknown numbers and adding beneficiaries too', async () => {
    const asker = await customer(t().app);
    const target = await customer(t().app);
    // Numbers nobody holds (most fail the check digit): each is still an enquiry asked.
    const results = await Promise.all(
      Array.from({ length: 25 }, (_, index) => t().app.nameEnquiries.enquire(asker.userId, { account_number: `99999999${String(index % 10)}0`, bank_code: self() })),
    );
    expect(results.every((result) => !result.ok && result.code !== 'RATE_LIMITED')).toBe(true);
    const added = await Promise.all(Array.from({ length: 10 }, () => t().app.beneficiaries.create(asker.userId, asker.accountNumber, { account_number: target.accountNumber, bank_code: self(), nickname: '' } as never)));
    // 25 + 10 = 35 asked, 30 a minute: five are refused before any lookup.
    expect(added.filter((result) => !result.ok && result.code === 'RATE_LIMITED')).toHaveLength(5);
    expect(added.filter((result) => result.ok)).toHaveLength(1);
  });
});
