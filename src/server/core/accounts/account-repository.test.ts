import { expect, it } from 'vitest';
import { isValidNuban } from '../../../lib/nuban.ts';
import { describeOnEngines } from '../../testing/on-engines.ts';
import { customer } from '../../testing/customers.ts';
import { openSavingsAccount } from './account-repository.ts';

describeOnEngines('account numbers on %s', (t) => {
  it('are valid NUBANs for this bank with unpredictable serials', async () => {
    const numbers: string[] = [];
    for (let index = 0; index < 20; index += 1) numbers.push((await customer(t().app)).accountNumber);
    expect(new Set(numbers).size).toBe(20);
    for (const number of numbers) expect(isValidNuban(number, t().app.config.bank.cbnCode), number).toBe(true);
    // In order of opening, no two neighbours are close: a counter would give steps of 1.
    const serials = numbers.map((number) => Number(number.slice(0, 9)));
    const steps = serials.slice(1).map((serial, index) => Math.abs(serial - serials[index]!));
    expect(Math.min(...steps)).toBeGreaterThan(1000);
    // Spread over the range, not clustered at its start.
    expect(Math.max(...serials) - Math.min(...serials)).toBeGreaterThan(100_000_000);
  });

  it('draws again when a serial is taken, inside the same transaction', async () => {
    const first = await customer(t().app);
    const taken = Number(first.accountNumber.slice(0, 9));
    const draws = [taken, taken, taken + 1];
    const other = await customer(t().app);
    const opened = await t().app.db.transaction().execute((trx) =>
      openSavingsAccount(trx, { userId: other.userId, accountName: 'SECOND ACCOUNT', bankCbnCode: t().app.config.bank.cbnCode, openedAt: new Date().toISOString() }, () => draws.shift()!),
    );
    expect(opened.slice(0, 9)).toBe(String(taken + 1));
    expect(draws).toHaveLength(0);
    const owner = await t().app.db.selectFrom('accounts').select('user_id').where('account_number', '=', first.accountNumber).executeTakeFirstOrThrow();
    expect(owner.user_id).toBe(first.userId);
  });

  it('gives up after 20 taken serials rather than loop forever', async () => {
    const first = await customer(t().app);
    const taken = Number(first.accountNumber.slice(0, 9));
    const other = await customer(t().app);
    await expect(
      t().app.db.transaction().execute((trx) => openSavingsAccount(trx, { userId: other.userId, accountName: 'X', bankCbnCode: t().app.config.bank.cbnCode, openedAt: new Date().toISOString() }, () => taken)),
    ).rejects.toThrow(/no free account number/);
  });
});
