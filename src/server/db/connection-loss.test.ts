import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/test-app.ts';
import { customer, newKey, testPin } from '../testing/customers.ts';
const naira = (value: number) => value * 100;
import { verifyLedger } from '../core/ledger/verify-ledger.ts';
import { isDatabaseUnavailable } from './unavailable.ts';

/**
 * What a failover or an administrator does to the app's connections: every backend of the
 * app's database terminated (pg_terminate_backend) again and again while transfers run. Nothing
 * may crash the process (an unhandled 'error' event fails the run), every failure must be one the
 * edge answers 503 (isDatabaseUnavailable), and a retry with the same key moves each transfer once.
 * Only this test's own scratch database's backends are touched.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL connections terminated under load', () => {
  it('no crash, only 503-class failures, and retries with their keys move each transfer exactly once', async () => {
    const t = await createTestApp('postgres');
    try {
      const { app } = t;
      const sender = await customer(app, { balance: naira(1_000_000), tier: 3 });
      const recipient = await customer(app, { tier: 3 });
      const transfers = Array.from({ length: 30 }, (_, index) => ({ key: newKey(), amount: naira(1_000) + index }));
      const send = (transfer: (typeof transfers)[number]) => app.transfers.sendLocal(sender.userId, sender.accountNumber, { account_number: recipient.accountNumber, amount: transfer.amount, narration: 'Terminated', pin: testPin, save_beneficiary: false }, transfer.key);
      const terminate = () => sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`.execute(app.db);

      const unexpected: string[] = [];
      let away = 0;
      const firstTry = Promise.all(
        transfers.map(async (transfer, index) => {
          await new Promise((resolve) => setTimeout(resolve, index * 5));
          try {
            const result = await send(transfer);
            if (!result.ok) unexpected.push(`#${index}: ${result.code}`);
            return result.ok;
          } catch (error) {
            if (isDatabaseUnavailable(error)) away += 1;
            else unexpected.push(`#${index}: ${error instanceof Error ? error.message : String(error)}`);
            return false;
          }
        }),
      );
      for (let round = 0; round < 4; round += 1) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        await terminate().catch(() => undefined);
      }
      const firstOutcome = await firstTry;
      expect(unexpected).toEqual([]);

      // Every transfer not answered is tried again with its key until it is; the pool reconnects by itself.
      for (const [index, transfer] of transfers.entries()) {
        if (firstOutcome[index]) continue;
        let done = false;
        for (let attempt = 1; attempt <= 20 && !done; attempt += 1) {
          try {
            const result = await send(transfer);
            if (result.ok) done = true;
            else if (result.code !== 'REQUEST_IN_PROGRESS') throw new Error(`retry of #${index}: ${result.code}`);
          } catch (error) {
            if (!isDatabaseUnavailable(error)) throw error;
          }
          if (!done) await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(done, `#${index} went through on a retry`).toBe(true);
      }

      const debits = await app.db.selectFrom('transactions').select(['amount', 'fee']).where('account_number', '=', sender.accountNumber).where('type', '=', 'debit').execute();
      expect(debits).toHaveLength(transfers.length);
      const debited = debits.reduce((sum, row) => sum + Number(row.amount) + Number(row.fee), 0);
      const balance = await app.db.selectFrom('accounts').select('balance').where('account_number', '=', sender.accountNumber).executeTakeFirstOrThrow();
      expect(Number(balance.balance)).toBe(naira(1_000_000) - debited);
      expect((await verifyLedger(app.db)).problems).toEqual([]);
      // It happened: some requests found their connection gone (else this proved nothing).
      expect(away + firstOutcome.filter((ok) => !ok).length).toBeGreaterThan(0);
    } finally {
      await t.close();
    }
  });
});
