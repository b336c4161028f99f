import { describe, expect, it } from 'vitest';
import { sandboxCatalogue, unitsFor } from './sandbox-catalogue.ts';
import { scenarioOf } from './sandbox-biller.ts';
import { newBillRequestId } from './ports.ts';

describe('the sandbox catalogue', () => {
  it('has unique ids, and every plan and bouquet is priced in whole naira', () => {
    const plans = Object.values(sandboxCatalogue.dataPlans).flat();
    const bouquets = Object.values(sandboxCatalogue.cablePackages).flat();
    for (const list of [plans, bouquets, sandboxCatalogue.discos]) expect(new Set(list.map((item) => item.id)).size).toBe(list.length);
    expect([...plans, ...bouquets].every((item) => item.amount > 0 && item.amount % 100 === 0)).toBe(true);
    expect(Object.keys(sandboxCatalogue.dataPlans)).toEqual(sandboxCatalogue.networks.map((network) => network.id));
    expect(Object.keys(sandboxCatalogue.cablePackages)).toEqual(sandboxCatalogue.cableProviders.map((provider) => provider.id));
  });

  it('units follow the documented tariff: amount less 7.5 % VAT, over the band rate, down to 0.1 kWh', () => {
    expect(unitsFor(500_000, 'A')).toBe(22.2); // ₦5,000 ÷ 1.075 ÷ ₦209.50 = 22.20…
    expect(unitsFor(500_000, 'B')).toBe(73.8); // ÷ ₦63 = 73.83…
    expect(unitsFor(100_000, 'E')).toBe(23.2); // ₦1,000 ÷ 1.075 ÷ ₦40 = 23.25…
    expect(() => unitsFor(100, 'Z')).toThrow();
  });
});

describe('the sandbox test numbers', () => {
  it('decide the outcome by their last digit', () => {
    expect(scenarioOf('99999999991', 'account')).toBe('notFound');
    expect(scenarioOf('9999999999992', 'account')).toBe('providerFailure');
    expect(scenarioOf('9999999993', 'account')).toBe('timeoutThenDelivered');
    expect(scenarioOf('08099999994', 'phone')).toBe('timeoutThenFailed');
    expect(scenarioOf('08099999991', 'phone')).toBe('normal');
    expect(scenarioOf('45012345678', 'account')).toBe('normal');
  });

  it('request ids start with the Lagos date and time to the minute (VTpass)', () => {
    expect(newBillRequestId(new Date('2026-11-21T23:30:00Z'))).toMatch(/^202611220030[a-z0-9]{12}$/);
  });
});
