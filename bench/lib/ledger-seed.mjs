// The benchmark's own customers, for bench/ledger-bench.mjs seed: tier-3, onboarded senders
// funded through the sandbox and a common recipient, written through the app's services, and
// optionally one customer with a year of history written through the ledger (so the books still
// verify). Also the configuration every ledger-bench command composes the app with.
import { randomBytes, randomInt } from 'node:crypto';
import { round } from '../stats.mjs';

const PASSWORD = 'quiet harbour lantern ferry 4729';
export const PIN = '4827';
const TRANSFER_KOBO = 500; // ₦5: far below every limit and the stamp-duty threshold

export async function loadConfig() {
  const { parseConfig } = await import('../../src/server/config.ts');
  // The new-browser cap would refuse the benchmark's new customers past ₦20,000: off unless set.
  return parseConfig({ NEW_DEVICE_CAP_NAIRA: '0', DEVICE_BINDING: 'off', ...process.env, SEED_DEMO: 'false' });
}

/** Marks the alert jobs still pending (emails and SMS, alert-jobs.ts) as sent without sending them; how many. */
export async function markAlertsSent(db) {
  const done = await db.updateTable('jobs').set({ status: 'done', finished_at: new Date().toISOString() }).where('kind', 'like', 'alert.%').where('status', '=', 'pending').executeTakeFirst();
  return Number(done.numUpdatedRows);
}

// ---------------------------------------------------------------------------------------------
// seed
// ---------------------------------------------------------------------------------------------
export async function seed(args) {
  const { composeApp } = await import('../../src/server/app.ts');
  const { createOnboardedCustomer } = await import('../../src/server/demo/onboarded-customer.ts');
  const { hashSecret, normaliseAnswer } = await import('../../src/server/core/auth/secrets.ts');
  const senders = Number(args.senders ?? 16);
  const fund = Number(args.fund ?? 1_000_000_000);
  const historyCount = Number(args.history ?? 0);
  const started = Date.now();
  const composed = await composeApp(await loadConfig());
  const app = { ...composed.app, ...composed.internals };
  try {
    const [password, pin, answer] = await Promise.all([hashSecret(PASSWORD), hashSecret(PIN), hashSecret(normaliseAnswer('Corona School'))]);
    const hashes = { password, pin, answer };
    const tag = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
    const phoneBase = randomInt(10_000_000, 80_000_000);
    let made = 0;
    const make = async (firstName, lastName, role) => {
      made += 1;
      const email = `bench.${role}.${tag}@example.com`;
      const created = await createOnboardedCustomer(app, { firstName, lastName, email, phoneNumber: `+23481${String(phoneBase + made).padStart(8, '0')}`, password: PASSWORD, pin: PIN, tier: 3, hashes });
      return { email, userId: created.userId, accountNumber: created.accountNumber };
    };
    const recipient = await make('Amaka', 'Recipient', 'recipient');
    const list = [];
    for (let index = 0; index < senders; index += 1) {
      const sender = await make('Bode', `Sender${index + 1}`, `sender${index + 1}`);
      const funded = await app.inbound.depositFromSandbox({ account_number: sender.accountNumber, amount: fund, narration: 'Bench funding' });
      if (!funded.ok) throw new Error(`funding failed: ${funded.message.key}`);
      list.push(sender);
    }
    let history = null;
    if (historyCount > 0) history = await seedHistory(app, make, historyCount);
    // The seeded customers' alerts (funding, a year of history) were sent when that happened, not
    // during the measurements: without this the server spent the money section composing ~13,000
    // alert mails in the background, beside the requests being measured. The alerts of the
    // transfers and purchases the bench makes are still sent, as a bank sends them.
    const alertsDone = await markAlertsSent(app.db);
    return { password: PASSWORD, pin: PIN, amount: TRANSFER_KOBO, recipient, senders: list, history, seeded_alerts_marked_sent: alertsDone, seconds: round((Date.now() - started) / 1000, 1) };
  } finally {
    await app.db.destroy();
  }
}

/**
 * A customer with `count` transactions spread over the last 12 months, written through the
 * ledger's own postEntry + recordTransaction (no PIN, no HTTP, batched transactions), so the
 * books verify afterwards: deposits, transfers from other banks, transfers to another customer
 * of this bank (who gets the credit), airtime and electricity.
 */
async function seedHistory(app, make, count) {
  const { postEntry, newReference, internalAccounts } = await import('../../src/server/core/ledger/ledger.ts');
  const { recordTransaction } = await import('../../src/server/core/transactions/transaction-repository.ts');
  const { transferCharges } = await import('../../src/server/core/ledger/charges.ts');
  const started = Date.now();
  const holder = await make('Halima', 'History', 'history');
  const other = await make('Chuka', 'Counterparty', 'counterparty');
  const bankName = app.config.bank.name;
  const nip = app.config.bank.nipCode;

  const end = Date.now() - 10 * 60_000;
  const start = end - 364 * 24 * 3_600_000;
  const times = Array.from({ length: count }, () => start + Math.random() * (end - start)).sort((a, b) => a - b);
  const naira = (low, high) => randomInt(low, high + 1) * 100;
  const phones = ['08031234567', '08059876543', '09061112222', '07035554444'];
  let balance = 0;
  const plan = times.map((time, index) => {
    let kind;
    if (index === 0) kind = 'deposit';
    else {
      const roll = Math.random();
      kind = roll < 0.25 ? 'deposit' : roll < 0.4 ? 'inbound' : roll < 0.75 ? 'local' : roll < 0.9 ? 'airtime' : 'electricity';
    }
    let amount = index === 0 ? 200_000_000 : kind === 'deposit' ? naira(1_000, 100_000) : kind === 'inbound' ? naira(500, 150_000) : kind === 'local' ? naira(200, 50_000) : kind === 'airtime' ? naira(100, 5_000) : naira(1_000, 30_000);
    let fee = kind === 'local' ? transferCharges(app.config.money, amount, 'local').totalKobo : 0;
    if ((kind === 'local' || kind === 'airtime' || kind === 'electricity') && balance < amount + fee) {
      kind = 'deposit';
      amount = naira(50_000, 100_000);
      fee = 0;
    }
    balance += kind === 'deposit' || kind === 'inbound' ? amount : -(amount + fee);
    return { at: new Date(time), kind, amount, fee };
  });

  const batch = 250;
  for (let offset = 0; offset < plan.length; offset += batch) {
    await app.db.transaction().execute(async (trx) => {
      for (const event of plan.slice(offset, offset + batch)) {
        const at = event.at;
        const iso = at.toISOString();
        const record = (values) => recordTransaction(trx, { status: 'successful', fee: 0, details: {}, counterparty: null, at, ...values });
        if (event.kind === 'deposit' || event.kind === 'inbound') {
          const inbound = event.kind === 'inbound';
          const reference = newReference(inbound ? 'INW' : 'DEP', at);
          const narration = inbound ? 'Transfer from Musa Danjuma' : 'Cash deposit';
          const posted = await postEntry(trx, {
            reference,
            kind: inbound ? 'transfer.inbound' : 'deposit.sandbox',
            description: narration,
            at: iso,
            lines: [
              { account: inbound ? internalAccounts.interbankSettlement : internalAccounts.sandboxFunding, amount: -event.amount },
              { account: holder.accountNumber, amount: event.amount },
            ],
          });
          await record({
            reference, accountNumber: holder.accountNumber, userId: holder.userId, type: 'credit', category: inbound ? 'transfer' : 'deposit', amount: event.amount, balanceAfter: posted.balances.get(holder.accountNumber), narration,
            counterparty: inbound ? { name: 'MUSA DANJUMA', account_number: '0123456789', bank_code: '000013', bank_name: 'Guaranty Trust Bank (GTBank)' } : null,
            details: inbound ? { channel: 'nip' } : {}, entryId: posted.entryId,
          });
        } else if (event.kind === 'local') {
          const reference = newReference('TRF', at);
          const stampDuty = event.fee;
          const posted = await postEntry(trx, {
            reference,
            kind: 'transfer.local',
            description: `Transfer ${holder.accountNumber} → ${other.accountNumber}`,
            at: iso,
            lines: [
              { account: holder.accountNumber, amount: -(event.amount + event.fee) },
              { account: other.accountNumber, amount: event.amount },
              { account: internalAccounts.stampDuty, amount: stampDuty },
            ],
          });
          await record({
            reference, accountNumber: holder.accountNumber, userId: holder.userId, type: 'debit', category: 'transfer', amount: event.amount, fee: event.fee, balanceAfter: posted.balances.get(holder.accountNumber), narration: 'Rent and upkeep',
            counterparty: { name: 'CHUKA COUNTERPARTY', account_number: other.accountNumber, bank_code: nip, bank_name: bankName }, details: { transfer_fee: 0, stamp_duty: stampDuty, channel: 'local' }, entryId: posted.entryId,
          });
          await record({
            reference, accountNumber: other.accountNumber, userId: other.userId, type: 'credit', category: 'transfer', amount: event.amount, balanceAfter: posted.balances.get(other.accountNumber), narration: 'Transfer from HALIMA HISTORY',
            counterparty: { name: 'HALIMA HISTORY', account_number: holder.accountNumber, bank_code: nip, bank_name: bankName }, details: { channel: 'local' }, entryId: posted.entryId,
          });
        } else {
          const airtime = event.kind === 'airtime';
          const reference = newReference(airtime ? 'AIR' : 'ELC', at);
          const phone = phones[randomInt(phones.length)];
          const posted = await postEntry(trx, {
            reference,
            kind: airtime ? 'purchase.airtime' : 'purchase.electricity',
            description: airtime ? `Airtime ${phone}` : 'Electricity 45012345678',
            at: iso,
            lines: [
              { account: holder.accountNumber, amount: -event.amount },
              { account: internalAccounts.billerSettlement, amount: event.amount },
            ],
          });
          await record({
            reference, accountNumber: holder.accountNumber, userId: holder.userId, type: 'debit', category: airtime ? 'airtime' : 'electricity', amount: event.amount, balanceAfter: posted.balances.get(holder.accountNumber),
            narration: airtime ? `MTN airtime for ${phone}` : 'IKEDC prepaid 45012345678',
            details: airtime ? { phone_number: phone, network: 'MTN' } : { meter_number: '45012345678', disco: 'IKEDC', token: '1234-5678-9012-3456-7890', units: round(event.amount / 100 / 209.5, 1) },
            entryId: posted.entryId,
          });
        }
      }
    });
  }
  const counted = await app.db.selectFrom('transactions').select((eb) => eb.fn.countAll().as('n')).where('account_number', '=', holder.accountNumber).executeTakeFirstOrThrow();
  return { ...holder, counterparty: other, transactions: Number(counted.n), seconds: round((Date.now() - started) / 1000, 1), by_kind: plan.reduce((acc, event) => ((acc[event.kind] = (acc[event.kind] ?? 0) + 1), acc), {}) };
}
