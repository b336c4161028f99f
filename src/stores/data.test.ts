import { beforeEach, describe, expect, it } from 'vitest';
import type { DataPlan } from '../lib/bills.ts';
import { plans, processing, selectedPlan, selectPlan, showPlans, whileProcessing } from './data.ts';
import { kobo } from '../lib/money.ts';

const plan = (id: string, amount: number): DataPlan => ({ id, name: id, amount: kobo(amount), validity: '30 days', size: '2GB', period: 'monthly' });
const mtn = [plan('mtn-2gb-30d', 150_000), plan('mtn-7gb-30d', 350_000)];
const glo = [plan('glo-5gb-30d', 150_000)];

describe('data store', () => {
  beforeEach(() => {
    showPlans([]);
    selectPlan(null);
  });

  it('selects only a plan of the network shown', () => {
    showPlans(mtn);
    selectPlan('mtn-7gb-30d');
    expect(selectedPlan.get()).toEqual(mtn[1]);
    selectPlan('glo-5gb-30d');
    expect(selectedPlan.get()).toBeNull();
  });

  it('unselects the plan when another network’s plans are shown, and keeps it when it is still there', () => {
    showPlans(mtn);
    selectPlan('mtn-2gb-30d');
    showPlans([...mtn]);
    expect(selectedPlan.get()?.id).toBe('mtn-2gb-30d');
    showPlans(glo);
    expect(plans.get()).toBe(glo);
    expect(selectedPlan.get()).toBeNull();
  });

  it('switches processing on around a purchase and off again', async () => {
    let during = false;
    await whileProcessing(async () => {
      during = processing.get();
    });
    expect(during).toBe(true);
    expect(processing.get()).toBe(false);
  });
});
