import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../testing/test-app.ts';
import { defaultFraudRules as rules, evidenceInWords, inflowAfterFreezeRule, muleRule, newPayeeNewDeviceRule, velocityRule, type CreditFact } from './rules.ts';

const minute = 60_000;
const hour = 60 * minute;
const naira = (value: number) => value * 100;

/** A fake clock walked through each rule's window: `ago(ms)` is an instant that long before now. */
function clockAt() {
  const clock = new ManualClock(Date.UTC(2026, 11, 3, 9, 0, 0));
  return { now: () => clock.now(), ago: (ms: number) => new Date(clock.now().getTime() - ms), advance: (ms: number) => clock.advance(ms) };
}

describe('the mule rule: 3+ senders, ₦100,000+, within 60 minutes, then a transfer out', () => {
  const credits = (at: (n: number) => Date, amounts: number[], senders = ['0690000031', '0690000032', '0690000033']): CreditFact[] =>
    amounts.map((amount, index) => ({ at: at(index), fromAccount: senders[index % senders.length]!, amountKobo: naira(amount) }));

  it('flags three senders totalling ₦100,000 exactly, the first exactly 60 minutes before', () => {
    const clock = clockAt();
    const found = muleRule(rules.mule, clock.now(), credits((n) => clock.ago([60 * minute, 30 * minute, 1000][n]!), [40_000, 40_000, 20_000]));
    expect(found).toMatchObject({ senders: ['0690000031', '0690000032', '0690000033'], totalKobo: naira(100_000), credits: 3, windowMinutes: 60 });
  });

  it('does not flag when the first credit is one millisecond outside the window', () => {
    const clock = clockAt();
    expect(muleRule(rules.mule, clock.now(), credits((n) => clock.ago([60 * minute + 1, 30 * minute, 1000][n]!), [40_000, 40_000, 40_000]))).toBeNull();
  });

  it('does not flag ₦99,999.99, nor two senders, nor credits whose sender is unknown', () => {
    const clock = clockAt();
    const at = (n: number) => clock.ago((n + 1) * minute);
    expect(muleRule(rules.mule, clock.now(), [...credits(at, [40_000, 40_000]), { at: at(2), fromAccount: '0690000033', amountKobo: naira(20_000) - 1 }])).toBeNull();
    expect(muleRule(rules.mule, clock.now(), credits(at, [60_000, 60_000, 60_000], ['0690000031', '0690000032']))).toBeNull();
    expect(muleRule(rules.mule, clock.now(), [...credits(at, [60_000, 60_000], ['0690000031', '0690000032']), { at: at(2), fromAccount: null, amountKobo: naira(60_000) }])).toBeNull();
  });

  it('does not count a credit after the transfer out', () => {
    const clock = clockAt();
    const later = credits((n) => (n < 2 ? clock.ago(minute) : new Date(clock.now().getTime() + 1)), [50_000, 50_000, 50_000]);
    expect(muleRule(rules.mule, clock.now(), later)).toBeNull();
  });

  it('says what it saw in words, in Lagos time', () => {
    const clock = clockAt();
    const found = muleRule(rules.mule, clock.now(), credits((n) => clock.ago((3 - n) * minute), [40_000, 40_000, 40_000]))!;
    expect(evidenceInWords('mule', found, (iso) => `<${iso}>`)).toBe(
      `3 credits from 3 different accounts (0690000031, 0690000032, 0690000033) totalling ₦120,000.00 between <${clock.ago(3 * minute).toISOString()}> and <${clock.ago(minute).toISOString()}>, then this transfer out within 60 minutes.`,
    );
  });
});

describe('the new payee from a new device rule: above ₦50,000, first to the payee, within 24 hours of the device', () => {
  const facts = (over: Partial<Parameters<typeof newPayeeNewDeviceRule>[2]>) => ({ amountKobo: naira(50_000) + 1, payee: 'EZE OBI 0690000031', payeeBank: 'Access Bank', paidBefore: false, deviceBoundAt: null, ...over });

  it('flags ₦50,000.01 to a new payee exactly 24 hours after the device was bound', () => {
    const clock = clockAt();
    expect(newPayeeNewDeviceRule(rules.newPayeeNewDevice, clock.now(), facts({ deviceBoundAt: clock.ago(24 * hour) }))).toMatchObject({ hoursSinceDevice: 24, amountKobo: naira(50_000) + 1 });
  });

  it('does not flag ₦50,000 exactly, a payee paid before, a device older than 24 hours, or no bound device', () => {
    const clock = clockAt();
    const rule = (over: Partial<Parameters<typeof newPayeeNewDeviceRule>[2]>) => newPayeeNewDeviceRule(rules.newPayeeNewDevice, clock.now(), facts(over));
    expect(rule({ amountKobo: naira(50_000), deviceBoundAt: clock.ago(hour) })).toBeNull();
    expect(rule({ paidBefore: true, deviceBoundAt: clock.ago(hour) })).toBeNull();
    expect(rule({ deviceBoundAt: clock.ago(24 * hour + 1) })).toBeNull();
    expect(rule({})).toBeNull();
  });

  it('moves with the clock: flagged at the device plus 24 hours, not one millisecond later', () => {
    const clock = clockAt();
    const bound = clock.now();
    clock.advance(24 * hour);
    expect(newPayeeNewDeviceRule(rules.newPayeeNewDevice, clock.now(), facts({ deviceBoundAt: bound }))).not.toBeNull();
    clock.advance(1);
    expect(newPayeeNewDeviceRule(rules.newPayeeNewDevice, clock.now(), facts({ deviceBoundAt: bound }))).toBeNull();
  });
});

describe('the velocity rule: more than 10 transfers out in 10 minutes', () => {
  it('flags the 11th within 10 minutes (the first exactly 10 minutes before), not the 10th', () => {
    const clock = clockAt();
    const earlier = Array.from({ length: 10 }, (_, n) => clock.ago(n === 0 ? 10 * minute : n * 1000));
    expect(velocityRule(rules.velocity, clock.now(), earlier.slice(0, 9))).toBeNull();
    expect(velocityRule(rules.velocity, clock.now(), earlier)).toMatchObject({ transfers: 11, windowMinutes: 10, firstAt: clock.ago(10 * minute).toISOString() });
  });

  it('does not count a transfer one millisecond outside the window', () => {
    const clock = clockAt();
    const earlier = Array.from({ length: 10 }, (_, n) => clock.ago(n === 0 ? 10 * minute + 1 : n * 1000));
    expect(velocityRule(rules.velocity, clock.now(), earlier)).toBeNull();
  });
});

describe('the inflow after a freeze rule: money in within 24 hours of a freeze', () => {
  it('flags a credit exactly 24 hours after the freeze, and not one millisecond later, nor an account not frozen', () => {
    const clock = clockAt();
    const frozenAt = clock.now();
    clock.advance(24 * hour);
    expect(inflowAfterFreezeRule(rules.inflowAfterFreeze, clock.now(), { frozenAt, amountKobo: naira(5_000) })).toMatchObject({ hoursSinceFreeze: 24, amountKobo: naira(5_000) });
    clock.advance(1);
    expect(inflowAfterFreezeRule(rules.inflowAfterFreeze, clock.now(), { frozenAt, amountKobo: naira(5_000) })).toBeNull();
    expect(inflowAfterFreezeRule(rules.inflowAfterFreeze, clock.now(), { frozenAt: null, amountKobo: naira(5_000) })).toBeNull();
  });

  it('does not flag a credit before the freeze', () => {
    const clock = clockAt();
    expect(inflowAfterFreezeRule(rules.inflowAfterFreeze, clock.now(), { frozenAt: new Date(clock.now().getTime() + 1), amountKobo: 1 })).toBeNull();
  });
});
