import { beforeEach, describe, expect, it } from 'vitest';
import { describeOnEngines } from '../../testing/on-engines.ts';
import { customer, newKey, testPin } from '../../testing/customers.ts';
import { balanceOf, expectLedgerBalanced } from '../../testing/balances.ts';
import { nubanFor } from '../../../lib/nuban.ts';
import { said } from '../../../i18n/said.ts';
import { identityColumns } from '../../demo/onboarded-customer.ts';
import { sandboxSerials } from '../../integrations/interbank/sandbox-switch.ts';

const naira = (value: number) => value * 100;
const gtbAccount = nubanFor('000000123', { cbnCode: '058', nipCode: '000013' });

describeOnEngines('no money in or out without an identity on %s', (t) => {
  let unproved: { userId: string; accountNumber: string };
  let proved: { userId: string; accountNumber: string };

  beforeEach(async () => {
    unproved = await customer(t().app, { balance: naira(50_000), identity: false });
    proved = await customer(t().app, { balance: naira(50_000) });
  });

  const pinAttempts = async (userId: string) => (await t().app.users.findById(userId))!.pin_failed_attempts;
  const sendLocal = (from: { userId: string; accountNumber: string }, to: string, pin = testPin, key = newKey()) =>
    t().app.transfers.sendLocal(from.userId, from.accountNumber, { account_number: to, amount: naira(1_000), narration: '', pin, save_beneficiary: false }, key);

  describe('debits', () => {
    it('refuses every kind of debit with 423 IDENTITY_REQUIRED before the PIN: no try spent, nothing moved', async () => {
      const me = unproved;
      const attempts = await Promise.all([
        sendLocal(me, proved.accountNumber),
        t().app.transfers.sendToBank(me.userId, me.accountNumber, { account_number: gtbAccount, bank_code: '000013', amount: naira(1_000), narration: '', pin: testPin, save_beneficiary: false }, newKey()),
        t().app.bills.buyAirtime(me.userId, me.accountNumber, { network_id: 'mtn', phone_number: '08031234567', amount: naira(500), pin: testPin }, newKey()),
        t().app.bills.buyElectricity(me.userId, me.accountNumber, { provider_id: 'ikeja-electric', meter_number: '45012345678', meter_type: 'prepaid', amount: naira(2_000), pin: testPin }, newKey()),
        t().app.bills.buyCable(me.userId, me.accountNumber, { provider_id: 'dstv', package_id: 'dstv-compact', smartcard_number: '7023456789', pin: testPin }, newKey()),
      ]);
      for (const result of attempts) expect(result).toMatchObject({ ok: false, code: 'IDENTITY_REQUIRED', message: said('said.errors.identityRequired') });
      // A wrong PIN is not looked at either.
      expect(await sendLocal(me, proved.accountNumber, '9999')).toMatchObject({ ok: false, code: 'IDENTITY_REQUIRED' });
      expect(await pinAttempts(me.userId)).toBe(0);
      expect(await balanceOf(t().app, me.accountNumber)).toBe(naira(50_000));
      await expectLedgerBalanced(t().app);
    });

    it('refuses a schedule from an account without identity before its PIN', async () => {
      const made = await t().app.scheduledTransfers.create(unproved.userId, unproved.accountNumber, { account_number: proved.accountNumber, amount: naira(1_000), narration: '', first_date: '2026-12-20', repeat: 'once', pin: '9999' }, newKey());
      expect(made).toMatchObject({ ok: false, code: 'IDENTITY_REQUIRED' });
      expect(await pinAttempts(unproved.userId)).toBe(0);
    });

    it('a burst of 50 debits from an account without identity moves nothing', async () => {
      const results = await Promise.all(Array.from({ length: 50 }, () => sendLocal(unproved, proved.accountNumber)));
      expect(results.every((result) => !result.ok && result.code === 'IDENTITY_REQUIRED')).toBe(true);
      expect(await balanceOf(t().app, unproved.accountNumber)).toBe(naira(50_000));
      expect(await balanceOf(t().app, proved.accountNumber)).toBe(naira(50_000));
      expect(await pinAttempts(unproved.userId)).toBe(0);
      await expectLedgerBalanced(t().app);
    });

    it('moves money again once the proofs are made', async () => {
      await t().app.db.updateTable('users').set(identityColumns(3, t().app.clock.now().toISOString())).where('id', '=', unproved.userId).execute();
      expect(await sendLocal(unproved, proved.accountNumber)).toMatchObject({ ok: true });
    });
  });

  describe('credits', () => {
    it('refuses a transfer inside the bank to an account without identity (422 RECIPIENT_CANNOT_RECEIVE), whole', async () => {
      expect(await sendLocal(proved, unproved.accountNumber)).toMatchObject({ ok: false, code: 'RECIPIENT_CANNOT_RECEIVE', message: said('said.errors.recipientCannotReceive') });
      expect(await balanceOf(t().app, proved.accountNumber)).toBe(naira(50_000));
      expect(await balanceOf(t().app, unproved.accountNumber)).toBe(naira(50_000));
      await expectLedgerBalanced(t().app);
    });

    it('refuses a credit from another bank and a sandbox deposit (CREDIT_NOT_PERMITTED): nothing lands', async () => {
      expect(await t().app.inbound.receiveInterbank({ account_number: unproved.accountNumber, amount: naira(2_500), sender_name: 'BAKARE TUNDE', sender_bank_code: '000013' })).toMatchObject({ ok: false, code: 'CREDIT_NOT_PERMITTED' });
      expect(await t().app.inbound.depositFromSandbox({ account_number: unproved.accountNumber, amount: naira(2_500), narration: 'Deposit' })).toMatchObject({ ok: false, code: 'CREDIT_NOT_PERMITTED' });
      expect(await balanceOf(t().app, unproved.accountNumber)).toBe(naira(50_000));
      await expectLedgerBalanced(t().app);
    });

    it('a burst of 50 credits to an account without identity lands none', async () => {
      const results = await Promise.all(Array.from({ length: 50 }, () => sendLocal(proved, unproved.accountNumber)));
      expect(results.every((result) => !result.ok && result.code === 'RECIPIENT_CANNOT_RECEIVE')).toBe(true);
      expect(await balanceOf(t().app, unproved.accountNumber)).toBe(naira(50_000));
      expect(await balanceOf(t().app, proved.accountNumber)).toBe(naira(50_000));
      await expectLedgerBalanced(t().app);
    });
  });
});

describeOnEngines('the sandbox switch on %s', (t) => {
  it('answers 57 for a receiver the other bank may not credit: the transfer is reversed at once', async () => {
    const me = await customer(t().app, { balance: naira(10_000) });
    const refused = await t().app.transfers.sendToBank(me.userId, me.accountNumber, { account_number: nubanFor('999999995', { cbnCode: '058', nipCode: '000013' }), bank_code: '000013', amount: naira(1_000), narration: '', pin: testPin, save_beneficiary: false }, newKey());
    expect(refused).toMatchObject({ ok: true, value: { transaction: { status: 'reversed' } } });
    expect(await balanceOf(t().app, me.accountNumber)).toBe(naira(10_000));
    await expectLedgerBalanced(t().app);
  });

  it('a reversal of the customer\'s own failed debit lands even once their proofs are gone', async () => {
    const me = await customer(t().app, { balance: naira(10_000) });
    const sent = await t().app.transfers.sendToBank(me.userId, me.accountNumber, { account_number: nubanFor(sandboxSerials.timeoutThenFailure, { cbnCode: '058', nipCode: '000013' }), bank_code: '000013', amount: naira(1_000), narration: '', pin: testPin, save_beneficiary: false }, newKey());
    expect(sent).toMatchObject({ ok: true, value: { transaction: { status: 'pending' } } });
    await t().app.db.updateTable('users').set(identityColumns(0, t().app.clock.now().toISOString())).where('id', '=', me.userId).execute();
    t().clock.advance(31_000);
    expect(await t().app.payments.requery()).toEqual({ checked: 1, settled: 1 });
    expect(await balanceOf(t().app, me.accountNumber)).toBe(naira(10_000));
    await expectLedgerBalanced(t().app);
  });
});
