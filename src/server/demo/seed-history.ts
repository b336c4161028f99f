import type { Clock } from '../core/clock.ts';
import type { Logger } from '../log.ts';
import type { UserRepository } from '../core/users/user-repository.ts';
import type { TransactionRepository } from '../core/transactions/transaction-repository.ts';
import type { TransferService } from '../core/transfers/transfer-service.ts';
import type { InboundService } from '../core/transfers/inbound-service.ts';
import type { BillServiceApi } from '../core/bills/bill-service.ts';
import type { Alerts } from '../core/alerts/alert-service.ts';
import { createOnboardedCustomer } from './onboarded-customer.ts';
import { recordDemoProofs, type DemoProofsApp } from './demo-proofs.ts';
import { nubanFor } from '../../lib/nuban.ts';
import { lagosDate } from '../../lib/lagos-time.ts';
import { monthNames } from '../../i18n/month-names.ts';
import { demoCustomer } from './seed-demo.ts';

/** A second demo customer, so the demo has someone at this bank to send money to. */
export const demoFriend = { email: 'emeka.demo@harmattan.bank.example', password: 'harmattan-demo-2026', pin: '2580', firstName: 'Emeka', lastName: 'Okafor', phoneNumber: '+2348051234567' } as const;
/** The friend's own sandbox numbers (the families' next), so the demo's transfers to him are credited. */
export const demoFriendNumbers = { bvn: '30000000002', nin: '40000000002', dateOfBirth: '1990-01-01' } as const;

/** A clock the seed moves by hand, so each movement lands on its day in the past. */
class SeedClock implements Clock {
  current = new Date();
  now(): Date {
    return new Date(this.current);
  }
}

type Step =
  | { kind: 'salary'; day: number; naira: number }
  | { kind: 'inbound'; day: number; naira: number; from: string; bank: string; narration: string }
  | { kind: 'local'; day: number; naira: number; narration: string }
  | { kind: 'bank'; day: number; naira: number; bank: { nip: string; cbn: string | null }; serial: string; narration: string }
  | { kind: 'airtime'; day: number; naira: number }
  | { kind: 'data'; day: number; plan: string }
  | { kind: 'electricity'; day: number; naira: number }
  | { kind: 'cable'; day: number; bouquet: string };

/** The demo customer's own line, meter and decoder (any well-formed number resolves in the sandbox). */
const demoPhone = '08031234567';
const demoMeter = '45067812345';
const demoSmartcard = '7023456789';

const firstBank = { nip: '000016', cbn: '011' };
const gtbank = { nip: '000013', cbn: '058' };
const opay = { nip: '100004', cbn: null };
const access = { nip: '000014', cbn: '044' };

/** One month of an ordinary Lagos salary earner's money: paid on the 25th, spent across the month. */
function monthPlan(index: number): Step[] {
  const wobble = (base: number) => base + ((index * 7919) % 9) * 500;
  return [
    { kind: 'bank', day: 2, naira: wobble(45_000), bank: firstBank, serial: '302118745', narration: 'Rent contribution' },
    { kind: 'bank', day: 4, naira: wobble(12_000), bank: opay, serial: '815500213', narration: 'Foodstuff, Mile 12 market' },
    { kind: 'airtime', day: 3, naira: 2_000 },
    { kind: 'local', day: 6, naira: wobble(8_000), narration: 'Owambe aso-ebi' },
    { kind: 'data', day: 7, plan: 'mtn-10gb-30d' },
    { kind: 'bank', day: 9, naira: wobble(25_000), bank: gtbank, serial: '104477120', narration: 'Mum upkeep' },
    { kind: 'inbound', day: 11, naira: wobble(7_500), from: 'ADEWALE TUNDE SAMUEL', bank: access.nip, narration: 'Refund for fuel' },
    { kind: 'electricity', day: 12, naira: 15_000 },
    { kind: 'bank', day: 14, naira: wobble(6_500), bank: opay, serial: '815500213', narration: 'Transport, Bolt rides' },
    { kind: 'cable', day: 16, bouquet: 'gotv-max' },
    { kind: 'bank', day: 18, naira: wobble(15_000), bank: access, serial: '066239871', narration: 'School fees, Chidi' },
    { kind: 'local', day: 21, naira: wobble(4_000), narration: 'Lunch split' },
    { kind: 'salary', day: 25, naira: 220_000 },
    { kind: 'bank', day: 27, naira: wobble(60_000), bank: gtbank, serial: '201965432', narration: 'Ajo savings contribution' },
  ];
}

/**
 * Six months of realistic history for the demo customer, written through the real services
 * (ledger, limits, PIN, sandbox switch) with the clock set to each day. Runs once: it does
 * nothing if the demo account already has transactions.
 */
type SeedServices = { log: Logger; users: UserRepository; transactions: TransactionRepository; transfers: TransferService; inbound: InboundService; bills: BillServiceApi };

export async function seedDemoHistory(bank: Parameters<typeof createOnboardedCustomer>[0] & DemoProofsApp & SeedServices & { alerts: Pick<Alerts, 'dropQueuedFor'>; withClock(clock: Clock): SeedServices }): Promise<number> {
  const { log, users } = bank;
  const demo = await users.findByEmail(demoCustomer.email);
  if (!demo) return 0;
  const profile = (await users.loadProfile(demo.id))!;
  const account = profile.accounts[0]!.account_number;
  const existing = await bank.transactions.history(account, { page: 1, perPage: 1 });
  if (existing.total > 0) return 0;

  const friendRow = await users.findByEmail(demoFriend.email);
  let friend: string;
  if (friendRow) {
    friend = (await users.loadProfile(friendRow.id))!.accounts[0]!.account_number;
  } else {
    const created = await createOnboardedCustomer(bank, { ...demoFriend, tier: 2 });
    // His BVN, NIN and liveness pass on record too: the demo's transfers to him are credited.
    await recordDemoProofs(bank, created.userId, demoFriendNumbers);
    friend = created.accountNumber;
  }

  // The same bank, composed on a clock the seed moves by hand.
  const clock = new SeedClock();
  const { transfers, inbound, bills } = bank.withClock(clock);

  const today = new Date();
  const [year, month] = lagosDate(today).split('-').map(Number) as [number, number];
  const todayDay = Number(lagosDate(today).slice(8, 10));
  let written = 0;
  let key = 0;
  const opening = new Date(Date.UTC(year, month - 1 - 6, 20, 9, 0, 0));
  clock.current = opening;
  await inbound.depositFromSandbox({ account_number: account, amount: 150_000_00, narration: 'Opening deposit', at: opening });
  written += 1;

  for (let back = 5; back >= 0; back -= 1) {
    const monthStart = new Date(Date.UTC(year, month - 1 - back, 1));
    for (const [position, step] of monthPlan(back).entries()) {
      if (back === 0 && step.day > todayDay) continue;
      // 08:00–19:00 Lagos, spread by position so the list reads like a real day.
      const at = new Date(Date.UTC(monthStart.getUTCFullYear(), monthStart.getUTCMonth(), step.day, 7 + ((position * 5) % 11), (position * 13) % 60));
      if (at > today) continue;
      clock.current = at;
      key += 1;
      const idempotencyKey = `demo-seed-${at.getTime()}-${key}`;
      let result;
      if (step.kind === 'salary') {
        result = await inbound.receiveInterbank({ account_number: account, amount: step.naira * 100, sender_name: 'HARMATTAN LOGISTICS LTD', sender_bank_code: '000015', narration: `Salary ${monthNames.en.long[monthStart.getUTCMonth()]}`, at });
      } else if (step.kind === 'inbound') {
        result = await inbound.receiveInterbank({ account_number: account, amount: step.naira * 100, sender_name: step.from, sender_bank_code: step.bank, narration: step.narration, at });
      } else if (step.kind === 'airtime') {
        result = await bills.buyAirtime(demo.id, account, { network_id: 'mtn', phone_number: demoPhone, amount: step.naira * 100, pin: demoCustomer.pin }, idempotencyKey);
      } else if (step.kind === 'data') {
        result = await bills.buyData(demo.id, account, { provider_id: 'mtn', plan_id: step.plan, phone_number: demoPhone, pin: demoCustomer.pin }, idempotencyKey);
      } else if (step.kind === 'electricity') {
        result = await bills.buyElectricity(demo.id, account, { provider_id: 'ikeja-electric', meter_number: demoMeter, meter_type: 'prepaid', amount: step.naira * 100, pin: demoCustomer.pin }, idempotencyKey);
      } else if (step.kind === 'cable') {
        result = await bills.buyCable(demo.id, account, { provider_id: 'gotv', package_id: step.bouquet, smartcard_number: demoSmartcard, pin: demoCustomer.pin }, idempotencyKey);
      } else if (step.kind === 'local') {
        result = await transfers.sendLocal(demo.id, account, { account_number: friend, amount: step.naira * 100, narration: step.narration, pin: demoCustomer.pin, save_beneficiary: true }, idempotencyKey);
      } else {
        const destination = nubanFor(step.serial, { cbnCode: step.bank.cbn, nipCode: step.bank.nip });
        result = await transfers.sendToBank(demo.id, account, { account_number: destination, bank_code: step.bank.nip, amount: step.naira * 100, narration: step.narration, pin: demoCustomer.pin, save_beneficiary: step.serial !== '815500213' }, idempotencyKey);
      }
      if (result.ok) written += 1;
      else log.warn('demo.history_step_refused', { step: step.kind, day: step.day, code: result.code });
    }
  }
  // Months-old movements are history, not news: their alerts are dropped, not mailed on first start.
  const friendId = (await users.findByEmail(demoFriend.email))?.id;
  const dropped = await bank.alerts.dropQueuedFor(friendId ? [demo.id, friendId] : [demo.id]);
  log.info('demo.history_seeded', { account, transactions: written, alerts_dropped: dropped });
  return written;
}
