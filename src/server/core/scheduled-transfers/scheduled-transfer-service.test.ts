import { afterEach, describe, expect, it } from 'vitest';
import { composeApp } from '../../app.ts';
import { describeOnEngines } from '../../testing/on-engines.ts';
import { balanceOf as balanceOfAccount, expectLedgerBalanced } from '../../testing/balances.ts';
import { customer, testPin } from '../../testing/customers.ts';
import { runIdempotencyKey } from './scheduled-runs.ts';
import type { ScheduledTransferInput } from '../../../lib/scheduled-transfer-schemas.ts';
import { formatLagosDate } from '../../../lib/lagos-time.ts';
import { t as tr } from '../../../i18n/translate.ts';
import { inEnglish } from '../../testing/in-english.ts';

const escapeRe = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const naira = (value: number) => value * 100;
let keys = 0;
const newKey = () => `create-${process.pid}-${++keys}-${Math.random().toString(36).slice(2, 10)}`;

describeOnEngines('scheduled transfers on %s', (t, engine) => {
  const others: Awaited<ReturnType<typeof composeApp>>[] = [];
  afterEach(async () => {
    for (const other of others.splice(0)) await other.internals.db.destroy().catch(() => undefined);
  });

  /** Moves the test's clock to a Lagos wall-clock time (the clock only ever moves forward here). */
  const setLagos = (local: string) => {
    const target = Date.parse(`${local}+01:00`);
    t().clock.advance(target - t().clock.now().getTime());
  };
  const balanceOf = (accountNumber: string) => balanceOfAccount(t().app, accountNumber);
  /** The server's worker: the sweep, then every due job (runs, retries, emails, alerts). */
  const work = async () => {
    await t().app.scheduledTransfers.sweep();
    await t().app.jobs.runDue();
  };
  const debitsOf = async (accountNumber: string) =>
    t().app.db.selectFrom('transactions').select(['reference', 'amount', 'created_at']).where('account_number', '=', accountNumber).where('type', '=', 'debit').where('category', '=', 'transfer').execute();

  async function pair(balance = naira(100_000), tier: 1 | 2 | 3 = 3) {
    const sender = await customer(t().app, { balance, tier });
    const recipient = await customer(t().app, { firstName: 'Bola', lastName: 'Ade' });
    return { sender, recipient };
  }
  function schedule(sender: { userId: string; accountNumber: string }, fields: Partial<ScheduledTransferInput> & Pick<ScheduledTransferInput, 'account_number' | 'first_date' | 'repeat'>, key = newKey()) {
    return t().app.scheduledTransfers.create(sender.userId, sender.accountNumber, { amount: naira(5_000), narration: 'Rent', pin: testPin, ...fields }, key);
  }
  async function made(sender: { userId: string; accountNumber: string }, fields: Parameters<typeof schedule>[1]) {
    const result = await schedule(sender, fields);
    if (!result.ok) throw new Error(`schedule refused: ${result.message}`);
    return result.value.schedule;
  }

  it('a monthly schedule on the 31st runs on the last day of February, then on the 31st again, and ends after its count', async () => {
    setLagos('2030-01-30T10:00:00');
    const { sender, recipient } = await pair();
    const created = await made(sender, { account_number: recipient.accountNumber, first_date: '2030-01-31', repeat: 'monthly', count: 3 });
    expect(created).toMatchObject({ status: 'active', next_run_date: '2030-01-31', next_run_at: '2030-01-31T08:00:00+01:00', day_of_month: 31, account_name: 'BOLA ADE', count: 3 });

    // Before 08:00 nothing is due.
    setLagos('2030-01-31T07:59:00');
    await work();
    expect(await debitsOf(sender.accountNumber)).toHaveLength(0);

    setLagos('2030-01-31T08:00:00');
    await work();
    expect(await balanceOf(recipient.accountNumber)).toBe(naira(5_000));
    expect(await t().app.scheduledTransfers.find(sender.userId, created.id)).toMatchObject({ runs_made: 1, next_run_date: '2030-02-28', status: 'active' });

    setLagos('2030-02-28T08:00:05');
    await work();
    expect(await balanceOf(recipient.accountNumber)).toBe(naira(10_000));
    expect(await t().app.scheduledTransfers.find(sender.userId, created.id)).toMatchObject({ runs_made: 2, next_run_date: '2030-03-31' });

    setLagos('2030-03-31T09:30:00');
    await work();
    const done = await t().app.scheduledTransfers.find(sender.userId, created.id);
    expect(done).toMatchObject({ runs_made: 3, status: 'finished', next_run_date: null });
    expect(done?.recent_runs.map((run) => [run.date, run.state])).toEqual([['2030-03-31', 'succeeded'], ['2030-02-28', 'succeeded'], ['2030-01-31', 'succeeded']]);
    // Each run is a normal transfer: stamp duty under ₦10,000 is nil, no fee inside the bank.
    expect(await balanceOf(sender.accountNumber)).toBe(naira(100_000 - 15_000));
    expect((await debitsOf(sender.accountNumber)).map((debit) => debit.amount)).toEqual([naira(5_000), naira(5_000), naira(5_000)]);
    await expectLedgerBalanced(t().app);
  });

  it('a server that was down at 08:00 runs what was due when it starts, once, and skips to the next date', async () => {
    setLagos('2030-02-04T12:00:00');
    const { sender, recipient } = await pair();
    const created = await made(sender, { account_number: recipient.accountNumber, first_date: '2030-02-05', repeat: 'weekly' });

    // Down from before 08:00 on the 5th until the 20th: two dates passed (5th, 12th, 19th).
    setLagos('2030-02-20T10:15:00');
    await t().app.scheduledTransfers.startSweeps();
    await t().app.jobs.runDue();
    expect(await debitsOf(sender.accountNumber)).toHaveLength(1);
    expect(await t().app.scheduledTransfers.find(sender.userId, created.id)).toMatchObject({ runs_made: 1, next_run_date: '2030-02-26', recent_runs: [{ date: '2030-02-05', state: 'succeeded' }] });

    // Starting again (another restart, the same day) adds nothing.
    await t().app.scheduledTransfers.startSweeps();
    await t().app.jobs.runDue();
    await work();
    expect(await debitsOf(sender.accountNumber)).toHaveLength(1);

    // The sweep job put itself back at the next 08:00 and runs the 26th then.
    const sweepJob = await t().app.db.selectFrom('jobs').select(['run_at', 'status']).where('unique_key', '=', 'scheduled_transfers.sweep').executeTakeFirstOrThrow();
    expect(sweepJob).toEqual({ run_at: '2030-02-21T07:00:00.000Z', status: 'pending' });
    setLagos('2030-02-26T08:00:00');
    await t().app.jobs.runDue();
    expect(await debitsOf(sender.accountNumber)).toHaveLength(2);
    expect(await balanceOf(recipient.accountNumber)).toBe(naira(10_000));
  });

  it('a run refused for funds is tried again at 16:00, then missed and emailed; three misses in a row pause it', async () => {
    setLagos('2030-03-01T09:00:00');
    const { sender, recipient } = await pair(naira(3_000));
    const created = await made(sender, { account_number: recipient.accountNumber, first_date: '2030-03-02', repeat: 'weekly' });

    setLagos('2030-03-02T08:00:00');
    await work();
    expect(await t().app.scheduledTransfers.find(sender.userId, created.id)).toMatchObject({ runs_made: 0, next_run_date: '2030-03-02', recent_runs: [{ date: '2030-03-02', state: 'retry' }] });
    const job = await t().app.db.selectFrom('jobs').select('run_at').where('unique_key', '=', `scheduled-run:${created.id}:2030-03-02`).executeTakeFirstOrThrow();
    expect(job.run_at).toBe('2030-03-02T15:00:00.000Z');

    setLagos('2030-03-02T15:59:00');
    await work();
    expect(t().mailer.sent.filter((mail) => /scheduled transfer/i.test(mail.subject))).toHaveLength(0);

    setLagos('2030-03-02T16:00:00');
    await work();
    const missed = await t().app.scheduledTransfers.find(sender.userId, created.id);
    expect(missed).toMatchObject({ status: 'active', runs_made: 1, misses_in_row: 1, next_run_date: '2030-03-09', recent_runs: [{ date: '2030-03-02', state: 'missed' }] });
    expect(missed?.recent_runs[0]?.failure).toMatch(/balance/i);
    const mails = t().mailer.sent.filter((mail) => mail.to === sender.email && /scheduled transfer/i.test(mail.subject));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('₦5,000.00');
    expect(mails[0]!.text).toContain('BOLA ADE');
    expect(mails[0]!.text).toContain('9 Mar 2030');
    expect(await balanceOf(sender.accountNumber)).toBe(naira(3_000));

    for (const day of ['2030-03-09', '2030-03-16']) {
      setLagos(`${day}T08:00:00`);
      await work();
      setLagos(`${day}T16:00:00`);
      await work();
    }
    const paused = await t().app.scheduledTransfers.find(sender.userId, created.id);
    expect(paused).toMatchObject({ status: 'paused', paused_reason: 'missed', misses_in_row: 3, next_run_date: null });
    const last = t().mailer.sent.filter((mail) => mail.to === sender.email && /scheduled transfer/i.test(mail.subject)).at(-1)!;
    expect(last.subject).toMatch(/paused/);
    // Paused: the next date passes without a try.
    setLagos('2030-03-23T08:00:00');
    await work();
    expect((await t().app.scheduledTransfers.find(sender.userId, created.id))?.recent_runs[0]?.date).toBe('2030-03-16');
    expect(await balanceOf(sender.accountNumber)).toBe(naira(3_000));
    expect(await debitsOf(sender.accountNumber)).toHaveLength(0);
  });

  it('the missed-date email is written in the language on the customer’s profile, the refusal and dates too', async () => {
    setLagos('2030-03-01T09:00:00');
    const { sender, recipient } = await pair(naira(3_000));
    await t().app.db.updateTable('users').set({ language: 'yo' }).where('id', '=', sender.userId).execute();
    const created = await made(sender, { account_number: recipient.accountNumber, first_date: '2030-03-02', repeat: 'weekly' });
    setLagos('2030-03-02T08:00:00');
    await work();
    setLagos('2030-03-02T16:00:00');
    await work();
    expect((await t().app.scheduledTransfers.find(sender.userId, created.id))?.recent_runs[0]?.state).toBe('missed');

    const mails = t().mailer.sent.filter((mail) => mail.to === sender.email);
    const missed = mails.find((mail) => mail.subject === tr('yo', 'requests.missed.subject', { amount: '₦5,000.00' }));
    expect(missed, mails.map((mail) => mail.subject).join(' | ')).toBeDefined();
    const [greeting, notMade, next, where] = missed!.text.trim().split('\n\n');
    expect(greeting).toBe(tr('yo', 'email.hello', { name: 'Ada' }));
    expect(notMade).toMatch(new RegExp(`^Ìfiránṣẹ́ ₦5,000\\.00 rẹ tí a ṣètò sí BOLA ADE \\(.+\\) fún ${escapeRe(formatLagosDate('2030-03-02', 'yo'))} kò lọ: Owó inú àkáǹtì rẹ, ₦3,000\\.00, kò tó fún ₦5,0\\d\\d\\.\\d\\d`));
    expect(next).toBe(tr('yo', 'requests.missed.next', { date: formatLagosDate('2030-03-09', 'yo') }));
    expect(where).toBe(tr('yo', 'requests.missed.where'));
    expect(missed!.text).not.toMatch(/Your scheduled transfer|balance of/);
    expect(formatLagosDate('2030-03-09', 'yo')).not.toBe('9 Mar 2030');
  });

  it('a retry that finds the money makes the transfer; a run over the tier limit is refused like any transfer', async () => {
    setLagos('2030-04-01T09:00:00');
    const { sender, recipient } = await pair(naira(1_000));
    const created = await made(sender, { account_number: recipient.accountNumber, first_date: '2030-04-02', repeat: 'once' });
    setLagos('2030-04-02T08:00:00');
    await work();
    expect(await debitsOf(sender.accountNumber)).toHaveLength(0);
    await t().app.inbound.depositFromSandbox({ account_number: sender.accountNumber, amount: naira(10_000), narration: 'Salary' });
    setLagos('2030-04-02T16:00:00');
    await work();
    expect(await t().app.scheduledTransfers.find(sender.userId, created.id)).toMatchObject({ status: 'finished', runs_made: 1, misses_in_row: 0, recent_runs: [{ state: 'succeeded' }] });
    expect(await balanceOf(recipient.accountNumber)).toBe(naira(5_000));

    // Tier 1 (₦50,000 a day): a ₦60,000 run is refused for the limit, tried again, then missed.
    const small = await pair(naira(200_000), 3);
    await t().app.db.updateTable('users').set({ tier: 1 }).where('id', '=', small.sender.userId).execute();
    const big = await made(small.sender, { account_number: small.recipient.accountNumber, first_date: '2030-04-03', repeat: 'monthly', amount: naira(60_000) });
    setLagos('2030-04-03T08:00:00');
    await work();
    setLagos('2030-04-03T16:00:00');
    await work();
    const refused = await t().app.scheduledTransfers.find(small.sender.userId, big.id);
    expect(refused).toMatchObject({ misses_in_row: 1, recent_runs: [{ state: 'missed' }], next_run_date: '2030-05-03' });
    expect(refused?.recent_runs[0]?.failure).toContain('₦50,000.00');
    expect(await balanceOf(small.sender.accountNumber)).toBe(naira(200_000));
  });

  it('a frozen account’s run is missed at once, and nothing leaves it', async () => {
    setLagos('2030-05-01T09:00:00');
    const { sender, recipient } = await pair();
    const created = await made(sender, { account_number: recipient.accountNumber, first_date: '2030-05-02', repeat: 'weekly' });
    await t().app.db.updateTable('users').set({ frozen_at: t().clock.now().toISOString(), frozen_via: 'password' }).where('id', '=', sender.userId).execute();
    setLagos('2030-05-02T08:00:00');
    await work();
    const missed = await t().app.scheduledTransfers.find(sender.userId, created.id);
    expect(missed).toMatchObject({ misses_in_row: 1, recent_runs: [{ state: 'missed' }] });
    expect(missed?.recent_runs[0]?.failure).toMatch(/frozen/);
    expect(await balanceOf(sender.accountNumber)).toBe(naira(100_000));
  });

  it('the same date never runs twice across two processes sharing the database', async () => {
    setLagos('2030-06-01T09:00:00');
    const { sender, recipient } = await pair();
    const created = await made(sender, { account_number: recipient.accountNumber, first_date: '2030-06-02', repeat: 'weekly' });
    const second = await composeApp(t().app.config, { clock: t().clock, mailer: t().mailer });
    others.push(second);
    setLagos('2030-06-02T08:00:00');
    const both = [() => t().app.scheduledTransfers.runDate(created.id, '2030-06-02'), () => second.app.scheduledTransfers.runDate(created.id, '2030-06-02')];
    // PostgreSQL runs them truly at once; two SQLite connections in one Node process cannot overlap a transaction, so there one follows the other.
    if (engine === 'postgres') {
      const settled = await Promise.allSettled(both.map((run) => run()));
      // The loser either saw the date done or found the key in progress (its job is retried later).
      for (const outcome of settled) if (outcome.status === 'rejected') expect(String(outcome.reason)).toMatch(/in progress/);
    } else {
      for (const run of both) await run();
    }
    // Both processes' workers and sweeps, and a run straight after: still one transfer.
    await Promise.all([t().app.scheduledTransfers.sweep(), second.app.scheduledTransfers.sweep()]);
    await t().app.jobs.runDue();
    await second.app.jobs.runDue();
    await second.app.scheduledTransfers.runDate(created.id, '2030-06-02');
    expect(await debitsOf(sender.accountNumber)).toHaveLength(1);
    expect(await balanceOf(recipient.accountNumber)).toBe(naira(5_000));
    expect(await t().app.scheduledTransfers.find(sender.userId, created.id)).toMatchObject({ runs_made: 1, next_run_date: '2030-06-09' });

    // Even past the 24-hour replay window, a date whose money moved is not sent again.
    await t().app.db.updateTable('scheduled_transfer_runs').set({ state: 'due' }).where('schedule_id', '=', created.id).execute();
    await t().app.db.updateTable('scheduled_transfers').set({ next_run_date: '2030-06-02', runs_made: 0 }).where('id', '=', created.id).execute();
    setLagos('2030-06-04T08:00:00');
    await t().app.scheduledTransfers.runDate(created.id, '2030-06-02');
    expect(await debitsOf(sender.accountNumber)).toHaveLength(1);
    expect(await t().app.db.selectFrom('idempotency_keys').select('key').where('key', '=', runIdempotencyKey(created.id, '2030-06-02')).execute()).toHaveLength(1);
    await expectLedgerBalanced(t().app);
  });

  describe('making and managing a schedule', () => {
    it('needs the right PIN, checks the dates and the recipient, and a repeated request returns the first schedule', async () => {
      setLagos('2030-07-01T09:00:00');
      const { sender, recipient } = await pair();
      const fields = { account_number: recipient.accountNumber, first_date: '2030-07-02', repeat: 'monthly' as const };
      expect(await schedule(sender, { ...fields, pin: '1111' })).toMatchObject({ ok: false, code: 'INVALID_PIN' });
      // 08:00 has passed today: tomorrow at the earliest.
      expect(inEnglish(await schedule(sender, { ...fields, first_date: '2030-07-01' }))).toMatchObject({ ok: false, code: 'VALIDATION_FAILED', errors: { first_date: [expect.stringContaining('2 Jul 2030')] } });
      expect(inEnglish(await schedule(sender, { ...fields, first_date: '2031-08-01' }))).toMatchObject({ ok: false, code: 'VALIDATION_FAILED', errors: { first_date: [expect.any(String)] } });
      expect(inEnglish(await schedule(sender, { ...fields, account_number: sender.accountNumber }))).toMatchObject({ ok: false, code: 'VALIDATION_FAILED', errors: { account_number: [expect.any(String)] } });
      const other = await customer(t().app);
      expect(await t().app.scheduledTransfers.create(sender.userId, other.accountNumber, { ...fields, amount: naira(10), narration: '', pin: testPin }, newKey())).toMatchObject({ ok: false, code: 'FORBIDDEN' });
      expect(await t().app.scheduledTransfers.list(sender.userId)).toEqual([]);

      const key = newKey();
      const first = await schedule(sender, fields, key);
      const again = await schedule(sender, fields, key);
      expect(first).toMatchObject({ ok: true, value: { replayed: false } });
      expect(again).toMatchObject({ ok: true, value: { replayed: true } });
      if (first.ok && again.ok) expect(again.value.schedule.id).toBe(first.value.schedule.id);
      expect(await schedule(sender, { ...fields, amount: naira(6_000) }, key)).toMatchObject({ ok: false, code: 'IDEMPOTENCY_KEY_REUSED' });
      expect(await t().app.scheduledTransfers.list(sender.userId)).toHaveLength(1);
    });

    it('pause stops the runs, resume needs the PIN, cancel needs none; another customer’s schedule is not found', async () => {
      setLagos('2030-08-01T09:00:00');
      const { sender, recipient } = await pair();
      const stranger = await customer(t().app);
      const created = await made(sender, { account_number: recipient.accountNumber, first_date: '2030-08-02', repeat: 'weekly' });
      const service = t().app.scheduledTransfers;
      expect(await service.pause(stranger.userId, created.id)).toMatchObject({ ok: false, code: 'NOT_FOUND' });
      expect(await service.cancel(stranger.userId, created.id)).toMatchObject({ ok: false, code: 'NOT_FOUND' });
      expect(await service.find(stranger.userId, created.id)).toBeNull();

      expect(await service.pause(sender.userId, created.id)).toMatchObject({ ok: true, value: { status: 'paused', next_run_date: null } });
      expect(await service.pause(sender.userId, created.id)).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
      setLagos('2030-08-02T08:00:00');
      await work();
      expect(await debitsOf(sender.accountNumber)).toHaveLength(0);

      expect(await service.resume(sender.userId, created.id, '0000')).toMatchObject({ ok: false, code: 'INVALID_PIN' });
      // Resumed after 08:00: the next date from tomorrow (weekly from the 2nd: the 9th).
      expect(await service.resume(sender.userId, created.id, testPin)).toMatchObject({ ok: true, value: { status: 'active', next_run_date: '2030-08-09' } });
      expect(await service.cancel(sender.userId, created.id)).toMatchObject({ ok: true, value: { status: 'cancelled', next_run_date: null } });
      expect(await service.resume(sender.userId, created.id, testPin)).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
      setLagos('2030-08-09T08:00:00');
      await work();
      expect(await debitsOf(sender.accountNumber)).toHaveLength(0);
    });
  });
});
