import { describe, expect, it } from 'vitest';
import { english } from '../i18n/testing/in-english.ts';
import type { DataPlan } from './bills.ts';
import { dataDetailsSchema, dataFingerprint, findPlan, planLabel, plansByPeriod, planSummary } from './data-form.ts';
import { kobo } from './money.ts';

const plan = (id: string, period: DataPlan['period'], size = '1GB', validity = '1 day', amount = 50_000): DataPlan => ({ id, name: `${size} ${period}`, amount: kobo(amount), validity, size, period });
const plans = [plan('a', 'daily'), plan('b', 'monthly', '2GB', '30 days', 150_000), plan('c', 'daily', '500MB'), plan('d', 'monthly', '7GB', '30 days')];

describe('plansByPeriod', () => {
  it('groups daily, weekly, monthly in that order, keeping the provider’s order and leaving out empty groups', () => {
    const groups = plansByPeriod(plans);
    expect(groups.map((group) => [group.label, group.plans.map((item) => item.id)])).toEqual([
      ['Daily plans', ['a', 'c']],
      ['Monthly plans', ['b', 'd']],
    ]);
    expect(plansByPeriod([])).toEqual([]);
  });
});

describe('plan wording', () => {
  it('says what a plan gives and costs', () => {
    expect(planSummary(plans[1]!)).toBe('2GB for 30 days');
    expect(planLabel(plans[1]!)).toBe('2GB monthly · 2GB for 30 days · ₦1,500.00');
  });
});

describe('findPlan', () => {
  it('finds only a plan of the list given', () => {
    expect(findPlan(plans, 'b')).toBe(plans[1]);
    expect(findPlan(plans, 'z')).toBeUndefined();
    expect(findPlan(undefined, 'b')).toBeUndefined();
    expect(findPlan(plans, '')).toBeUndefined();
  });
});

describe('dataDetailsSchema', () => {
  it('needs the network, a plan and a Nigerian mobile number', () => {
    expect(dataDetailsSchema.parse({ provider_id: 'glo', plan_id: 'glo-5gb-30d', phone_number: '0805 123 4567', pin: 'ignored' })).toEqual({
      provider_id: 'glo',
      plan_id: 'glo-5gb-30d',
      phone_number: '08051234567',
    });
    const result = dataDetailsSchema.safeParse({ provider_id: 'glo', plan_id: '', phone_number: '12345' });
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path[0], english(issue.message)]));
    expect(messages).toEqual({ plan_id: 'Choose a data plan', phone_number: 'Enter a Nigerian mobile number, like 0803 123 4567' });
  });
});

describe('dataFingerprint', () => {
  it('changes with every detail', () => {
    const base = { provider_id: 'mtn', plan_id: 'mtn-1gb-1d', phone_number: '08031234567' };
    for (const change of [{ provider_id: 'glo' }, { plan_id: 'mtn-2gb-30d' }, { phone_number: '08031234568' }]) {
      expect(dataFingerprint({ ...base, ...change })).not.toBe(dataFingerprint(base));
    }
  });
});
