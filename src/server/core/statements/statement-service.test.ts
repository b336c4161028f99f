import { expect, it } from 'vitest';
import { describeOnEngines } from '../../testing/on-engines.ts';
import { customer } from '../../testing/customers.ts';
import { lagosDate } from '../../../lib/lagos-time.ts';
import { createStatementService, statementsPerHour } from './statement-service.ts';
import { createJobQueue } from '../../jobs/job-queue.ts';

/** Statement requests under bursts: counted by the requests recorded and the statements mailed. */
describeOnEngines('statement requests on %s', (t) => {
  const recorded = (userId: string) => t().app.db.selectFrom('statement_requests').select('id').where('user_id', '=', userId).execute();
  const statementMails = (to: string) => t().mailer.sent.filter((mail) => mail.to === to && mail.attachments?.length);

  it('of 50 requests sent at once, exactly 5 are accepted, recorded and mailed; the rest are told the limit', async () => {
    const owner = await customer(t().app);
    const email = (await t().app.users.findById(owner.userId))!.email;
    const today = lagosDate(t().clock.now());
    // Two server processes sharing the database, as a burst spread over them would be.
    const jobs = createJobQueue({ db: t().app.db, clock: t().clock, log: t().app.log });
    const other = createStatementService({ db: t().app.db, config: t().app.config, clock: t().clock, log: t().app.log, mailer: t().mailer, transactions: t().app.transactions, jobs });
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => (i % 2 ? other : t().app.statements).request(owner.userId, owner.accountNumber, { start_date: today, end_date: today, format: 'csv' })),
    );
    await Promise.all([t().app.statements.settled(), other.settled()]);
    expect(answers.filter((answer) => answer.ok)).toHaveLength(statementsPerHour);
    expect(answers.filter((answer) => !answer.ok && answer.code === 'RATE_LIMITED')).toHaveLength(50 - statementsPerHour);
    expect(await recorded(owner.userId)).toHaveLength(statementsPerHour);
    expect(statementMails(email)).toHaveLength(statementsPerHour);

    // The hour is a rolling one: an hour later there are 5 more, and no more.
    t().clock.advance(3_600_000 + 1000);
    const later = await Promise.all(Array.from({ length: 50 }, () => t().app.statements.request(owner.userId, owner.accountNumber, { start_date: today, end_date: today, format: 'csv' })));
    expect(later.filter((answer) => answer.ok)).toHaveLength(statementsPerHour);
  });

  it('one customer’s burst does not use up another’s statements', async () => {
    const [first, second] = [await customer(t().app), await customer(t().app)];
    const today = lagosDate(t().clock.now());
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        const who = i % 2 ? first : second;
        return t().app.statements.request(who.userId, who.accountNumber, { start_date: today, end_date: today, format: 'csv' });
      }),
    );
    await t().app.statements.settled();
    expect(answers.filter((answer) => answer.ok)).toHaveLength(2 * statementsPerHour);
    expect(await recorded(first.userId)).toHaveLength(statementsPerHour);
    expect(await recorded(second.userId)).toHaveLength(statementsPerHour);
  });
});
