import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../testing/test-app.ts';
import { describeOnEngines } from '../../testing/on-engines.ts';
import { balanceOf as balanceOfAccount, expectLedgerBalanced } from '../../testing/balances.ts';
import { customer, newKey, testPin } from '../../testing/customers.ts';
import { internalAccounts } from '../ledger/ledger.ts';
import { createSandboxBiller, sandboxBillerTestNumbers as numbers } from '../../integrations/billers/sandbox-biller.ts';
import { unitsFor } from '../../integrations/billers/sandbox-catalogue.ts';
import type { Biller } from '../../integrations/billers/ports.ts';

const naira = (value: number) => value * 100;
const meter = '45012345678';
const smartcard = '7023456789';

/** Balances, the books and history on the current test app. */
function helpersOf(t: () => TestApp) {
  return {
    balanceOf: (accountNumber: string) => balanceOfAccount(t().app, accountNumber),
    expectLedgerOk: () => expectLedgerBalanced(t().app),
    history: async (_userId: string, accountNumber: string) => (await t().app.transactions.history(accountNumber, { page: 1, perPage: 50 })).data,
  };
}

describeOnEngines('bills on %s', (t) => {
  const { balanceOf, expectLedgerOk, history } = helpersOf(t);

  describe('with the sandbox aggregator', () => {
    it('serves the catalogue: 4 networks with plans, 11 DisCos, 3 TV providers with bouquets', async () => {
      expect((await t().app.bills.networks()).map((network) => network.name)).toEqual(['MTN', 'Airtel', 'Glo', '9mobile']);
      const plans = await t().app.bills.dataPlans('mtn');
      expect(plans.ok && plans.value.length).toBeGreaterThan(5);
      if (plans.ok) expect(new Set(plans.value.map((plan) => plan.period))).toEqual(new Set(['daily', 'weekly', 'monthly']));
      expect(await t().app.bills.dataPlans('nitel')).toMatchObject({ ok: false, code: 'NOT_FOUND' });
      const discos = await t().app.bills.discos();
      expect(discos).toHaveLength(11);
      expect(discos.every((disco) => disco.min_amount > 0 && disco.meter_types.length > 0)).toBe(true);
      expect((await t().app.bills.cableProviders()).map((provider) => provider.name)).toEqual(['DStv', 'GOtv', 'StarTimes']);
      const bouquets = await t().app.bills.cablePackages('gotv');
      expect(bouquets.ok && bouquets.value.every((bouquet) => bouquet.id.startsWith('gotv-'))).toBe(true);
    });

    it('verifies meters and smartcards deterministically; the test numbers are not found', async () => {
      const first = await t().app.bills.verifyMeter('ikeja-electric', { meter_number: meter, meter_type: 'prepaid' });
      const again = await t().app.bills.verifyMeter('ikeja-electric', { meter_number: meter, meter_type: 'prepaid' });
      expect(first.ok).toBe(true);
      expect(again).toEqual(first);
      if (first.ok) expect(first.value.address).toMatch(/Lagos/);
      expect(await t().app.bills.verifyMeter('ikeja-electric', { meter_number: numbers.meter.notFound, meter_type: 'prepaid' })).toMatchObject({ ok: false, code: 'ACCOUNT_NOT_FOUND', errors: { meter_number: expect.any(Array) } });
      expect(await t().app.bills.verifyMeter('yola-electric', { meter_number: meter, meter_type: 'postpaid' })).toMatchObject({ ok: false, code: 'VALIDATION_FAILED', errors: { meter_type: expect.any(Array) } });
      expect(await t().app.bills.verifyMeter('nepa', { meter_number: meter, meter_type: 'prepaid' })).toMatchObject({ ok: false, code: 'NOT_FOUND' });
      const card = await t().app.bills.verifySmartcard('dstv', { smartcard_number: smartcard });
      expect(card.ok && card.value.current_package?.id.startsWith('dstv-')).toBe(true);
      expect(await t().app.bills.verifySmartcard('dstv', { smartcard_number: numbers.smartcard.notFound })).toMatchObject({ ok: false, code: 'ACCOUNT_NOT_FOUND' });
    });

    it('buys airtime: one debit to suspense, settled to the biller; history and statistics show it', async () => {
      const buyer = await customer(t().app, { balance: naira(10_000) });
      const result = await t().app.bills.buyAirtime(buyer.userId, buyer.accountNumber, { network_id: 'mtn', phone_number: '08031234567', amount: naira(1_000), pin: testPin }, newKey());
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      expect(result.value.transaction).toMatchObject({ type: 'debit', category: 'airtime', status: 'successful', amount: naira(1_000), fee: 0, balance_after: naira(9_000), counterparty: null });
      expect(result.value.transaction.details).toMatchObject({ provider: 'MTN', phone_number: '08031234567', request_id: expect.stringMatching(/^\d{12}/) });
      expect(await balanceOf(buyer.accountNumber)).toBe(naira(9_000));
      expect(await balanceOf(internalAccounts.billerSettlement)).toBe(naira(1_000));
      expect(await balanceOf(internalAccounts.suspense)).toBe(0);
      const rows = await history(buyer.userId, buyer.accountNumber);
      expect(rows.filter((row) => row.category === 'airtime')).toHaveLength(1);
      const stats = await t().app.transactions.statistics(buyer.accountNumber, t().clock.now());
      expect(JSON.stringify(stats)).toContain('airtime');
      await expectLedgerOk();
    });

    it('buys a data plan at the catalogue price, whatever amount the client thinks it is', async () => {
      const buyer = await customer(t().app, { balance: naira(10_000) });
      const plans = await t().app.bills.dataPlans('airtel');
      if (!plans.ok) throw new Error('no plans');
      const plan = plans.value.find((candidate) => candidate.period === 'monthly')!;
      const result = await t().app.bills.buyData(buyer.userId, buyer.accountNumber, { provider_id: 'airtel', plan_id: plan.id, phone_number: '09012345678', pin: testPin }, newKey());
      expect(result.ok && result.value.transaction).toMatchObject({ category: 'data', status: 'successful', amount: plan.amount, details: { plan: expect.stringContaining(plan.size), phone_number: '09012345678' } });
      expect(await balanceOf(buyer.accountNumber)).toBe(naira(10_000) - plan.amount);
      await expectLedgerOk();
    });

    it('refuses a plan or package of another provider, amounts out of range, and an unknown network, changing nothing', async () => {
      const buyer = await customer(t().app, { balance: naira(100_000) });
      const mtnPlans = await t().app.bills.dataPlans('mtn');
      if (!mtnPlans.ok) throw new Error('no plans');
      const wrongPlan = await t().app.bills.buyData(buyer.userId, buyer.accountNumber, { provider_id: 'glo', plan_id: mtnPlans.value[0]!.id, phone_number: '08031234567', pin: testPin }, newKey());
      expect(wrongPlan).toMatchObject({ ok: false, code: 'VALIDATION_FAILED', errors: { plan_id: expect.any(Array) } });
      const wrongPackage = await t().app.bills.buyCable(buyer.userId, buyer.accountNumber, { provider_id: 'gotv', package_id: 'dstv-compact', smartcard_number: smartcard, pin: testPin }, newKey());
      expect(wrongPackage).toMatchObject({ ok: false, code: 'VALIDATION_FAILED', errors: { package_id: expect.any(Array) } });
      for (const amount of [naira(49), naira(50_001)]) {
        expect(await t().app.bills.buyAirtime(buyer.userId, buyer.accountNumber, { network_id: 'mtn', phone_number: '08031234567', amount, pin: testPin }, newKey())).toMatchObject({ ok: false, code: 'VALIDATION_FAILED', errors: { amount: expect.any(Array) } });
      }
      expect(await t().app.bills.buyAirtime(buyer.userId, buyer.accountNumber, { network_id: 'nitel', phone_number: '08031234567', amount: naira(100), pin: testPin }, newKey())).toMatchObject({ ok: false, errors: { network_id: expect.any(Array) } });
      expect(await t().app.bills.buyElectricity(buyer.userId, buyer.accountNumber, { provider_id: 'kaduna-electric', meter_number: meter, meter_type: 'prepaid', amount: naira(1_000), pin: testPin }, newKey())).toMatchObject({ ok: false, errors: { amount: expect.any(Array) } });
      const other = await customer(t().app, { balance: naira(1_000) });
      expect(await t().app.bills.buyAirtime(buyer.userId, other.accountNumber, { network_id: 'mtn', phone_number: '08031234567', amount: naira(100), pin: testPin }, newKey())).toMatchObject({ ok: false, code: 'FORBIDDEN' });
      expect(await t().app.bills.buyAirtime(buyer.userId, buyer.accountNumber, { network_id: 'mtn', phone_number: '08031234567', amount: naira(100), pin: '0000' }, newKey())).toMatchObject({ ok: false, code: 'INVALID_PIN' });
      expect(await t().app.bills.buyAirtime(buyer.userId, buyer.accountNumber, { network_id: 'mtn', phone_number: '08031234567', amount: naira(50_000), pin: testPin }, newKey())).toMatchObject({ ok: true });
      expect(await balanceOf(buyer.accountNumber)).toBe(naira(50_000));
      expect(await balanceOf(other.accountNumber)).toBe(naira(1_000));
      await expectLedgerOk();
    });

    it('refuses more than the balance and more than the tier’s daily limit', async () => {
      const poor = await customer(t().app, { balance: naira(500) });
      expect(await t().app.bills.buyAirtime(poor.userId, poor.accountNumber, { network_id: 'glo', phone_number: '08051234567', amount: naira(1_000), pin: testPin }, newKey())).toMatchObject({ ok: false, code: 'INSUFFICIENT_FUNDS' });
      const tierOne = await customer(t().app, { balance: naira(200_000), tier: 1 });
      const daily = t().app.config.money.tiers[1].dailyDebitKobo;
      let spent = 0;
      while (spent + naira(50_000) <= daily) {
        const bought = await t().app.bills.buyAirtime(tierOne.userId, tierOne.accountNumber, { network_id: 'mtn', phone_number: '08031234567', amount: naira(50_000), pin: testPin }, newKey());
        expect(bought.ok).toBe(true);
        spent += naira(50_000);
      }
      const over = await t().app.bills.buyAirtime(tierOne.userId, tierOne.accountNumber, { network_id: 'mtn', phone_number: '08031234567', amount: naira(50_000), pin: testPin }, newKey());
      expect(over).toMatchObject({ ok: false, code: 'LIMIT_EXCEEDED' });
      expect(await balanceOf(poor.accountNumber)).toBe(naira(500));
      expect(await balanceOf(tierOne.accountNumber)).toBe(naira(200_000) - spent);
      await expectLedgerOk();
    });

    it('prepaid electricity: a 20-digit token, units from the tariff, and the token emailed', async () => {
      const buyer = await customer(t().app, { balance: naira(20_000) });
      const verified = await t().app.bills.verifyMeter('eko-electric', { meter_number: meter, meter_type: 'prepaid' });
      if (!verified.ok) throw new Error('meter');
      const result = await t().app.bills.buyElectricity(buyer.userId, buyer.accountNumber, { provider_id: 'eko-electric', meter_number: meter, meter_type: 'prepaid', amount: naira(5_000), pin: testPin }, newKey());
      if (!result.ok) throw new Error(result.message.key);
      const details = result.value.transaction.details;
      expect(result.value.transaction).toMatchObject({ category: 'electricity', status: 'successful' });
      expect(details.token).toMatch(/^\d{20}$/);
      expect(details.units).toBe(`${unitsFor(naira(5_000), verified.value.tariff_band!).toFixed(1)} kWh`);
      expect(details).toMatchObject({ meter_number: meter, meter_type: 'prepaid', customer_name: verified.value.customer_name, address: verified.value.address });
      const mail = t().mailer.sent.find((message) => message.subject.includes('token'));
      expect(mail?.text).toContain((details.token as string).match(/.{4}/g)!.join(' '));
      await expectLedgerOk();
    });

    it('postpaid electricity returns a receipt number and no token', async () => {
      const buyer = await customer(t().app, { balance: naira(20_000) });
      const result = await t().app.bills.buyElectricity(buyer.userId, buyer.accountNumber, { provider_id: 'ibadan-electric', meter_number: '1234567890123', meter_type: 'postpaid', amount: naira(7_500), pin: testPin }, newKey());
      expect(result.ok && result.value.transaction.details).toMatchObject({ receipt_number: expect.stringMatching(/^RCT\d{10}$/) });
      expect(result.ok && result.value.transaction.details.token).toBeUndefined();
      await expectLedgerOk();
    });

    it('cable: pays the chosen bouquet and notes whether it renews the current one', async () => {
      const buyer = await customer(t().app, { balance: naira(100_000) });
      const card = await t().app.bills.verifySmartcard('dstv', { smartcard_number: smartcard });
      if (!card.ok || !card.value.current_package) throw new Error('card');
      const result = await t().app.bills.buyCable(buyer.userId, buyer.accountNumber, { provider_id: 'dstv', package_id: card.value.current_package.id, smartcard_number: smartcard, pin: testPin }, newKey());
      expect(result.ok && result.value.transaction).toMatchObject({ category: 'cable', amount: card.value.current_package.amount, details: { package: card.value.current_package.name, renewal: true, customer_name: card.value.customer_name } });
      await expectLedgerOk();
    });

    it('a meter that is not found is refused before any money moves', async () => {
      const buyer = await customer(t().app, { balance: naira(20_000) });
      const result = await t().app.bills.buyElectricity(buyer.userId, buyer.accountNumber, { provider_id: 'ikeja-electric', meter_number: numbers.meter.notFound, meter_type: 'prepaid', amount: naira(2_000), pin: testPin }, newKey());
      expect(result).toMatchObject({ ok: false, code: 'ACCOUNT_NOT_FOUND' });
      expect(await balanceOf(buyer.accountNumber)).toBe(naira(20_000));
      expect(await history(buyer.userId, buyer.accountNumber)).toHaveLength(1); // the opening deposit
      await expectLedgerOk();
    });

    it('provider failure: reversed at once, with a reversal credit; the money is back', async () => {
      const buyer = await customer(t().app, { balance: naira(10_000) });
      const result = await t().app.bills.buyAirtime(buyer.userId, buyer.accountNumber, { network_id: '9mobile', phone_number: numbers.phone.providerFailure, amount: naira(2_000), pin: testPin }, newKey());
      expect(result.ok && result.value.transaction.status).toBe('reversed');
      expect(await balanceOf(buyer.accountNumber)).toBe(naira(10_000));
      const rows = await history(buyer.userId, buyer.accountNumber);
      expect(rows.find((row) => row.category === 'reversal')).toMatchObject({ type: 'credit', amount: naira(2_000), status: 'successful' });
      expect(rows.find((row) => row.category === 'airtime')).toMatchObject({ status: 'reversed', details: { failure_reason: expect.any(String) } });
      expect(await balanceOf(internalAccounts.billerSettlement)).toBe(0);
      await expectLedgerOk();
    });

    it('timeout then delivered: pending (money in suspense) until a re-query delivers the token', async () => {
      const buyer = await customer(t().app, { balance: naira(10_000) });
      const result = await t().app.bills.buyElectricity(buyer.userId, buyer.accountNumber, { provider_id: 'abuja-electric', meter_number: numbers.meter.timeoutThenDelivered, meter_type: 'prepaid', amount: naira(3_000), pin: testPin }, newKey());
      if (!result.ok) throw new Error(result.message.key);
      expect(result.value.transaction.status).toBe('pending');
      expect(result.value.transaction.details.token).toBeUndefined();
      expect(await balanceOf(internalAccounts.suspense)).toBe(naira(3_000));
      await expectLedgerOk();
      // Not yet due: the timer leaves it alone.
      expect(await t().app.payments.requery()).toEqual({ checked: 0, settled: 0 });
      t().clock.advance(61_000);
      expect(await t().app.payments.requery()).toEqual({ checked: 1, settled: 1 });
      const settled = await t().app.transactions.byReference(buyer.accountNumber, result.value.transaction.reference);
      expect(settled).toMatchObject({ status: 'successful', details: { token: expect.stringMatching(/^\d{20}$/) } });
      expect(await balanceOf(internalAccounts.suspense)).toBe(0);
      expect(await balanceOf(internalAccounts.billerSettlement)).toBe(naira(3_000));
      expect(t().mailer.sent.some((message) => message.subject.includes('token'))).toBe(true);
      await expectLedgerOk();
    });

    it('timeout then failed: pending until the customer checks the status, then reversed once', async () => {
      const buyer = await customer(t().app, { balance: naira(50_000) });
      const card = await t().app.bills.verifySmartcard('startimes', { smartcard_number: numbers.smartcard.timeoutThenFailed });
      if (!card.ok || !card.value.current_package) throw new Error('card');
      const result = await t().app.bills.buyCable(buyer.userId, buyer.accountNumber, { provider_id: 'startimes', package_id: card.value.current_package.id, smartcard_number: numbers.smartcard.timeoutThenFailed, pin: testPin }, newKey());
      if (!result.ok) throw new Error(result.message.key);
      expect(result.value.transaction.status).toBe('pending');
      const price = card.value.current_package.amount;
      expect(await balanceOf(buyer.accountNumber)).toBe(naira(50_000) - price);
      const checked = await t().app.payments.checkStatus(buyer.userId, buyer.accountNumber, result.value.transaction.reference);
      expect(checked.ok && checked.value.status).toBe('reversed');
      // A second check, or the timer, finds nothing left to do.
      await t().app.payments.checkStatus(buyer.userId, buyer.accountNumber, result.value.transaction.reference);
      t().clock.advance(3_600_000);
      expect(await t().app.payments.requery()).toEqual({ checked: 0, settled: 0 });
      expect(await balanceOf(buyer.accountNumber)).toBe(naira(50_000));
      expect((await history(buyer.userId, buyer.accountNumber)).filter((row) => row.category === 'reversal')).toHaveLength(1);
      await expectLedgerOk();
    });

    it('idempotent retries deliver once: sequential replay, 409 for another body, and a parallel burst', async () => {
      const buyer = await customer(t().app, { balance: naira(10_000) });
      const key = newKey();
      const input = { network_id: 'airtel', phone_number: '08021234567', amount: naira(500), pin: testPin };
      const first = await t().app.bills.buyAirtime(buyer.userId, buyer.accountNumber, input, key);
      const again = await t().app.bills.buyAirtime(buyer.userId, buyer.accountNumber, input, key);
      expect(again.replayed).toBe(true);
      expect(again.ok && first.ok && again.value.transaction.reference).toBe(first.ok && first.value.transaction.reference);
      expect(await t().app.bills.buyAirtime(buyer.userId, buyer.accountNumber, { ...input, amount: naira(600) }, key)).toMatchObject({ ok: false, code: 'IDEMPOTENCY_KEY_REUSED' });
      const burstKey = newKey();
      const burst = await Promise.all(Array.from({ length: 8 }, () => t().app.bills.buyAirtime(buyer.userId, buyer.accountNumber, { ...input, amount: naira(700) }, burstKey)));
      const references = new Set(burst.flatMap((result) => (result.ok ? [result.value.transaction.reference] : [])));
      expect(references.size).toBe(1);
      expect(burst.every((result) => result.ok || result.code === 'REQUEST_IN_PROGRESS')).toBe(true);
      expect(await balanceOf(buyer.accountNumber)).toBe(naira(10_000 - 500 - 700));
      expect(await t().app.db.selectFrom('sandbox_bill_payments').select('request_id').execute()).toHaveLength(2);
      await expectLedgerOk();
    });

    it('a replay of a pending purchase answers with how it stands now', async () => {
      const buyer = await customer(t().app, { balance: naira(10_000) });
      const key = newKey();
      const input = { network_id: 'mtn', phone_number: numbers.phone.timeoutThenDelivered, amount: naira(800), pin: testPin };
      const first = await t().app.bills.buyAirtime(buyer.userId, buyer.accountNumber, input, key);
      expect(first.ok && first.value.transaction.status).toBe('pending');
      t().clock.advance(61_000);
      await t().app.payments.requery();
      const replay = await t().app.bills.buyAirtime(buyer.userId, buyer.accountNumber, input, key);
      expect(replay).toMatchObject({ ok: true, replayed: true, value: { transaction: { status: 'successful' } } });
      await expectLedgerOk();
    });
  });

});

/** While true, the aggregator below loses every payment request (the connection drops). */
let dropping = true;
const lossyBiller = {
  biller: (deps: Parameters<typeof createSandboxBiller>[0]) => {
    const sandbox = createSandboxBiller(deps);
    const lossy: Biller = {
      ...sandbox,
      pay: async (request) => {
        if (dropping) throw new Error('connection reset');
        return sandbox.pay(request);
      },
    };
    return lossy;
  },
};

describeOnEngines('bills on %s', lossyBiller, (t) => {
  const { balanceOf, expectLedgerOk } = helpersOf(t);

  describe('with an aggregator that loses requests', () => {
    it('a purchase it never received is reversed after the query says so, never before', async () => {
      dropping = true;
      const buyer = await customer(t().app, { balance: naira(10_000) });
      const result = await t().app.bills.buyAirtime(buyer.userId, buyer.accountNumber, { network_id: 'glo', phone_number: '08051234567', amount: naira(1_500), pin: testPin }, newKey());
      expect(result.ok && result.value.transaction.status).toBe('pending');
      expect(await balanceOf(buyer.accountNumber)).toBe(naira(8_500));
      dropping = false;
      // Asked too early, "never received" could still be a payment on its way: it stays pending.
      expect(await t().app.payments.checkStatus(buyer.userId, buyer.accountNumber, result.ok ? result.value.transaction.reference : '')).toMatchObject({ ok: true, value: { status: 'pending' } });
      // That early query counted: the next is due two minutes later.
      t().clock.advance(61_000);
      expect(await t().app.payments.requery()).toEqual({ checked: 0, settled: 0 });
      t().clock.advance(60_000);
      expect(await t().app.payments.requery()).toEqual({ checked: 1, settled: 1 });
      expect(await balanceOf(buyer.accountNumber)).toBe(naira(10_000));
      const reference = result.ok ? result.value.transaction.reference : '';
      expect(await t().app.transactions.byReference(buyer.accountNumber, reference)).toMatchObject({ status: 'reversed' });
      await expectLedgerOk();
    });
  });
});
