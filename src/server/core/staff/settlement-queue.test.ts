import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { describeOnEngines } from '../../testing/on-engines.ts';
import { balanceOf } from '../../testing/balances.ts';
import { customer, newKey, testPin } from '../../testing/customers.ts';
import { nubanFor } from '../../../lib/nuban.ts';
import { sandboxSerials } from '../../integrations/interbank/sandbox-switch.ts';
import { sandboxBillerTestNumbers } from '../../integrations/billers/sandbox-biller.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { staffMember } from '../../testing/staff.ts';

const run = promisify(execFile);
const gtbank = { cbnCode: '058', nipCode: '000013' };
const naira = (value: number) => value * 100;
const dayAndAnHour = 25 * 3_600_000;

const member = <R extends 'settlement' | 'support' | 'supervisor'>(t: TestApp, role: R) => staffMember(t, role, '203.0.113.8');

/** `npm run ledger:verify` as an operator runs it, against the test app's database. */
async function ledgerVerify(t: TestApp): Promise<{ code: number; stdout: string }> {
  const database = t.app.config.database;
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', SEED_DEMO: 'false' };
  if (database.kind === 'postgres') Object.assign(env, { DATABASE_URL: database.url, PIN_KEY: randomBytes(32).toString('base64') });
  else env.DATA_DIR = t.app.config.dataDir;
  try {
    const { stdout } = await run(process.execPath, [path.join(import.meta.dirname, '../../../../scripts/ledger-verify.mjs')], { env });
    return { code: 0, stdout };
  } catch (error) {
    return { code: (error as { code: number }).code, stdout: String((error as { stdout: string }).stdout) + String((error as { stderr: string }).stderr) };
  }
}

describeOnEngines('the settlement queue (%s)', (app) => {
  it('lists transfers and bills pending past 24 hours, re-queries each with the switch, and audits it', async () => {
    const t = app();
    const payer = await customer(t.app, { balance: naira(100_000), firstName: 'Ngozi', lastName: 'Eze' });
    const toBank = (serial: string) => t.app.transfers.sendToBank(payer.userId, payer.accountNumber, { account_number: nubanFor(serial, gtbank), bank_code: gtbank.nipCode, amount: naira(5_000), narration: '', pin: testPin, save_beneficiary: false }, newKey());
    const stuck = await toBank(sandboxSerials.stuck);
    const failing = await toBank(sandboxSerials.timeoutThenFailure);
    const bill = await t.app.bills.buyAirtime(payer.userId, payer.accountNumber, { network_id: 'mtn', phone_number: sandboxBillerTestNumbers.phone.timeoutThenDelivered, amount: naira(1_000), pin: testPin }, newKey());
    if (!stuck.ok || !failing.ok || !bill.ok) throw new Error('not sent');
    const settlement = await member(t, 'settlement');
    expect(await t.app.settlementQueue.list(settlement)).toEqual([]);

    // A day and an hour later, with the timer's sweep held off: all three are overdue, the oldest first.
    t.clock.advance(dayAndAnHour);
    const young = await toBank(sandboxSerials.stuck);
    if (!young.ok) throw new Error('not sent');
    const listed = await t.app.settlementQueue.list(settlement);
    expect(listed.map((row) => [row.reference, row.rail, row.customer, row.ageHours])).toEqual([
      [stuck.value.transaction.reference, 'interbank_transfers', 'Ngozi Eze', 25],
      [failing.value.transaction.reference, 'interbank_transfers', 'Ngozi Eze', 25],
      [bill.value.transaction.reference, 'bill_purchases', 'Ngozi Eze', 25],
    ]);

    const before = await balanceOf(t.app, payer.accountNumber);
    // The switch still says "in progress": it stays; it says failed: reversed at once, without a proposal.
    expect(await t.app.settlementQueue.requery(settlement, stuck.value.transaction.reference)).toMatchObject({ ok: true, value: { before: 'pending', after: 'pending' } });
    expect(await t.app.settlementQueue.requery(settlement, failing.value.transaction.reference)).toMatchObject({ ok: true, value: { after: 'failed' } });
    expect(await t.app.settlementQueue.requery(settlement, bill.value.transaction.reference)).toMatchObject({ ok: true, value: { after: 'successful' } });
    expect(await balanceOf(t.app, payer.accountNumber)).toBe(before + naira(5_000) + naira(10));
    expect(await t.app.settlementQueue.requery(settlement, failing.value.transaction.reference)).toMatchObject({ ok: false, status: 409 });
    expect(await t.app.settlementQueue.requery(settlement, 'TRF-UNKNOWN')).toMatchObject({ ok: false, status: 404 });
    expect((await t.app.settlementQueue.list(settlement)).map((row) => row.reference)).toEqual([stuck.value.transaction.reference]);

    const audited = await t.app.db.selectFrom('staff_audit').select(['action', 'customer_user_id', 'before_text', 'after_text']).where('action', '=', 'settlement.requery').orderBy('seq').execute();
    expect(audited).toEqual([
      { action: 'settlement.requery', customer_user_id: payer.userId, before_text: 'pending', after_text: 'pending' },
      { action: 'settlement.requery', customer_user_id: payer.userId, before_text: 'pending', after_text: 'failed' },
      { action: 'settlement.requery', customer_user_id: payer.userId, before_text: 'pending', after_text: 'successful' },
    ]);
  }, 60_000);

  it('keeps `npm run ledger:verify` green after a manual reversal by proposal', async () => {
    const t = app();
    const payer = await customer(t.app, { balance: naira(30_000) });
    const stuck = await t.app.transfers.sendToBank(payer.userId, payer.accountNumber, { account_number: nubanFor(sandboxSerials.stuck, gtbank), bank_code: gtbank.nipCode, amount: naira(20_000), narration: '', pin: testPin, save_beneficiary: false }, newKey());
    if (!stuck.ok) throw new Error('not sent');
    const proposed = await t.app.proposals.propose(await member(t, 'settlement'), { kind: 'reversal', target: stuck.value.transaction.reference, reason: 'Stuck at the switch for 25 hours, no answer' });
    if (!proposed.ok) throw new Error(proposed.message);
    expect(await t.app.proposals.approve(await member(t, 'supervisor'), proposed.value.id, '')).toMatchObject({ ok: true, value: { status: 'approved' } });
    expect(await balanceOf(t.app, payer.accountNumber)).toBe(naira(30_000));
    const verified = await ledgerVerify(t);
    expect(verified.stdout).toContain('Ledger OK');
    expect(verified.code).toBe(0);
  }, 60_000);
});
