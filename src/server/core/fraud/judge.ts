import type { Db } from '../../db/connection.ts';
import type { Trx } from '../ledger/ledger.ts';
import { lookbackMs, muleRule, newPayeeNewDeviceRule, velocityRule, type Evidence, type FraudRule, type FraudRules } from './rules.ts';

/** Transfers are the outflows judged; bills are not (decision 032). */
export const outflowCategories = ['transfer'];
/** At most this many rows are read for one rule's window: far above any threshold, so a flood is still judged, in bounded time. */
export const windowRowCap = 500;

/**
 * A transfer out as the rules see it: already written (`writtenId`: rows written before it are
 * the earlier ones) or about to be written inside the money transaction (`writtenId` null:
 * every row there is earlier).
 */
export type OutflowMovement = {
  accountNumber: string;
  userId: string;
  amountKobo: number;
  at: Date;
  counterpartyAccount: string | null;
  counterpartyBankCode: string | null;
  counterpartyBankName: string | null;
  counterpartyName: string | null;
  writtenId: string | null;
};
export type Finding = [FraudRule, Evidence];

/**
 * The outflow rules (mule, new payee from a new device, velocity) on one transfer out, each fact
 * read with an indexed query bounded by its window. Run after the fact by the fraud job and, for
 * a transfer to another bank, in its money transaction before the switch is called (the hold).
 */
export async function judgeOutflow(executor: Db | Trx, rules: FraudRules, movement: OutflowMovement): Promise<Finding[]> {
  const lookback = lookbackMs(rules);
  const { accountNumber, at, writtenId } = movement;
  const atIso = at.toISOString();
  const since = (ms: number) => new Date(at.getTime() - ms).toISOString();
  let earlierQuery = executor.selectFrom('transactions').select('created_at')
    .where('account_number', '=', accountNumber).where('created_at', '>=', since(lookback.transfersMs)).where('created_at', '<=', atIso)
    .where('type', '=', 'debit').where('category', 'in', outflowCategories);
  if (writtenId) earlierQuery = earlierQuery.where('id', '<', writtenId);
  let paidQuery = executor.selectFrom('transactions').select('id')
    .where('account_number', '=', accountNumber).where('counterparty_account', '=', movement.counterpartyAccount ?? '').where('counterparty_bank_code', '=', movement.counterpartyBankCode ?? '')
    // Paid: delivered. A transfer still held or pending has paid nobody yet, so a second one to the same stranger is as new.
    .where('type', '=', 'debit').where('status', '=', 'successful');
  if (writtenId) paidQuery = paidQuery.where('id', '<', writtenId);
  const [credits, earlier, device, paid] = await Promise.all([
    executor.selectFrom('transactions').select(['created_at', 'counterparty_account', 'amount'])
      .where('account_number', '=', accountNumber).where('created_at', '>=', since(lookback.creditsMs)).where('created_at', '<=', atIso)
      .where('type', '=', 'credit').where('category', '=', 'transfer').orderBy('created_at', 'desc').limit(windowRowCap).execute(),
    earlierQuery.orderBy('created_at', 'desc').limit(windowRowCap).execute(),
    executor.selectFrom('bound_devices').select('bound_at').where('user_id', '=', movement.userId).executeTakeFirst(),
    // Ever paid this payee before this transfer (one probe of transactions_account_counterparty).
    movement.counterpartyAccount ? paidQuery.limit(1).executeTakeFirst() : Promise.resolve({ id: 'no payee' }),
  ]);
  const found: Finding[] = [];
  const mule = muleRule(rules.mule, at, credits.map((credit) => ({ at: new Date(credit.created_at), fromAccount: credit.counterparty_account || null, amountKobo: Number(credit.amount) })));
  if (mule) found.push(['mule', mule]);
  const payee = [movement.counterpartyName, movement.counterpartyAccount].filter(Boolean).join(' ');
  const newPayee = newPayeeNewDeviceRule(rules.newPayeeNewDevice, at, { amountKobo: movement.amountKobo, payee, payeeBank: movement.counterpartyBankName, paidBefore: Boolean(paid), deviceBoundAt: device ? new Date(device.bound_at) : null });
  if (newPayee) found.push(['new_payee_new_device', newPayee]);
  const velocity = velocityRule(rules.velocity, at, earlier.map((transfer) => new Date(transfer.created_at)));
  if (velocity) found.push(['velocity', velocity]);
  return found;
}
