import type { Config } from '../../config.ts';
import type { Db } from '../../db/connection.ts';
import { fail, type Failure } from '../result.ts';
import { Refusal, type Trx } from '../ledger/ledger.ts';
import type { MoneyWords } from '../payments/words.ts';
import { kobo, type Kobo } from '../../../lib/money.ts';
import { capWindowAt, limitCheck, ownLimitAt, tightestBroken, type CapWindow, type LimitCheck, type OwnLimitState } from './rules.ts';
import { said } from '../../../i18n/said.ts';

/** What the limits read about a customer's account: its opening, and their customer_limits row (nulls when none). */
export type AccountLimitsRow = {
  userId: string;
  accountOpenedAt: string;
  own: OwnLimitState;
  instantPaymentsEnabled: boolean;
  newBrowserStartedAt: string | null;
  newBrowserUntil: string | null;
};

/** The limits columns as loadAccountLimits selects them (the money gate reads them with the account lock). */
export type AccountLimitsColumns = {
  user_id: string | null;
  opened_at: string;
  own: number | string | null;
  raise_to: number | string | null;
  raise_at: string | null;
  instant: number | string | null;
  window_start: string | null;
  window_until: string | null;
};

export function accountLimitsOf(row: AccountLimitsColumns | undefined): AccountLimitsRow | undefined {
  if (!row?.user_id) return undefined;
  const money = (value: number | string | null) => (value === null ? null : kobo(Number(value)));
  return {
    userId: row.user_id,
    accountOpenedAt: row.opened_at,
    own: { ownDailyLimitKobo: money(row.own), raiseToKobo: money(row.raise_to), raiseAppliesAt: row.raise_at },
    instantPaymentsEnabled: row.instant === null || Number(row.instant) === 1,
    newBrowserStartedAt: row.window_start,
    newBrowserUntil: row.window_until,
  };
}

/** The customer_limits columns under the names AccountLimitsColumns gives them (with accounts left-joined to customer_limits). */
export const customerLimitsSelection = [
  'customer_limits.own_daily_limit_kobo as own',
  'customer_limits.raise_to_kobo as raise_to',
  'customer_limits.raise_applies_at as raise_at',
  'customer_limits.instant_payments_enabled as instant',
  'customer_limits.new_browser_window_started_at as window_start',
  'customer_limits.new_browser_window_until as window_until',
] as const;

/** The limits row of the customer who owns `accountNumber`, or undefined for an internal or unknown account. */
export async function loadAccountLimits(executor: Trx | Db, accountNumber: string): Promise<AccountLimitsRow | undefined> {
  const row = await executor
    .selectFrom('accounts')
    .leftJoin('customer_limits', 'customer_limits.user_id', 'accounts.user_id')
    .select(['accounts.user_id as user_id', 'accounts.created_at as opened_at', ...customerLimitsSelection])
    .where('accounts.account_number', '=', accountNumber)
    .executeTakeFirst();
  return accountLimitsOf(row);
}

/** A transfer to another bank while the customer has instant payments off (the money gate reads the switch with the caller). */
export function instantPaymentsOff(): Failure {
  return fail('INSTANT_PAYMENTS_OFF', said('said.errors.instantOff'));
}

/** What left the account (debits still standing: successful or pending, amounts without charges) since `since`. */
export async function debitedSince(executor: Trx | Db, accountNumber: string, since: string): Promise<Kobo> {
  const row = await executor
    .selectFrom('transactions')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('total'))
    .where('account_number', '=', accountNumber)
    .where('type', '=', 'debit')
    .where('status', 'in', ['successful', 'pending'])
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return kobo(Number(row.total));
}

/**
 * What arrived on the account since `since` and counts against the cap on money in: credits still
 * standing (successful or pending). Not counted: a reversal (the customer's own failed debit given
 * back: no new money) and a sandbox deposit (the sandbox funding account, which only the demo seed
 * and the tests pay from: the bank's own test money, not a payment from anyone).
 */
export async function creditedSince(executor: Trx | Db, accountNumber: string, since: string): Promise<Kobo> {
  const row = await executor
    .selectFrom('transactions')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('total'))
    .where('account_number', '=', accountNumber)
    .where('type', '=', 'credit')
    .where('status', 'in', ['successful', 'pending'])
    .where('category', 'not in', uncappedCreditCategories)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return kobo(Number(row.total));
}
/** Credits the cap on money in neither counts nor refuses (creditedSince). */
export const uncappedCreditCategories = ['reversal', 'deposit'] as const;

/** What left and what arrived since `since`, in one statement (the overview shows both while a window is open). */
export async function movedSince(executor: Trx | Db, accountNumber: string, since: string): Promise<{ debitedKobo: Kobo; creditedKobo: Kobo }> {
  const row = await executor
    .selectFrom('transactions')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>(eb.case().when('type', '=', 'debit').then(eb.ref('amount')).end()), eb.lit(0)).as('debited'),
      eb.fn
        .coalesce(eb.fn.sum<number>(eb.case().when(eb.and([eb('type', '=', 'credit'), eb('category', 'not in', uncappedCreditCategories)])).then(eb.ref('amount')).end()), eb.lit(0))
        .as('credited'),
    ])
    .where('account_number', '=', accountNumber)
    .where('status', 'in', ['successful', 'pending'])
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return { debitedKobo: kobo(Number(row.debited)), creditedKobo: kobo(Number(row.credited)) };
}

/** Both caps at `now` from one sum, for the overview: null when off or no window is open. */
export async function capsAt(executor: Trx | Db, rules: Config['customerLimits'], accountNumber: string, limits: AccountLimitsRow, now: Date): Promise<{ out: LimitCheck; in: LimitCheck; window: CapWindow } | null> {
  if (rules.newBrowserCapKobo === null) return null;
  const window = capWindowAt(limits, now, rules.newBrowserCapMs);
  if (!window) return null;
  const moved = await movedSince(executor, accountNumber, window.startedAt);
  return { out: limitCheck(rules.newBrowserCapKobo, moved.debitedKobo), in: limitCheck(rules.newBrowserCapKobo, moved.creditedKobo), window };
}

/**
 * Whether the recipient's window is open at `now` with the cap on: only then does a credit cost
 * the lock and the sum of checkCredit (the common case sends no statement for it).
 */
export function creditWindowOpen(rules: Config['customerLimits'], limits: AccountLimitsRow | undefined, now: Date): CapWindow | null {
  if (rules.newBrowserCapKobo === null || !limits) return null;
  return capWindowAt(limits, now, rules.newBrowserCapMs);
}

/**
 * A credit of `amountKobo` to an account whose window is open (creditWindowOpen): the cap as it
 * stands, and whether the credit breaks it. The caller holds the recipient's row locked (on
 * PostgreSQL a statement before this one, so this sum sees every credit committed before the
 * lock was granted; on SQLite the write transaction), so parallel credits are counted one after
 * another.
 */
export async function creditOverCap(executor: Trx, rules: Config['customerLimits'], accountNumber: string, window: CapWindow, amountKobo: Kobo): Promise<(LimitCheck & { window: CapWindow }) | null> {
  if (rules.newBrowserCapKobo === null) return null;
  const check = { ...limitCheck(rules.newBrowserCapKobo, await creditedSince(executor, accountNumber, window.startedAt)), window };
  return tightestBroken([check], amountKobo);
}

/** The new-browser cap at `now` for this account: the window and how much of it is used, or null (off, or no window open). */
export async function capAt(executor: Trx | Db, rules: Config['customerLimits'], accountNumber: string, limits: AccountLimitsRow, now: Date): Promise<(LimitCheck & { window: CapWindow }) | null> {
  if (rules.newBrowserCapKobo === null) return null;
  const window = capWindowAt(limits, now, rules.newBrowserCapMs);
  if (!window) return null;
  return { ...limitCheck(rules.newBrowserCapKobo, await debitedSince(executor, accountNumber, window.startedAt)), window };
}

/**
 * The customer's own daily limit and the new-browser cap, checked by the money gate inside every
 * debit's transaction with the sending account locked (as the tier's limit is), so a burst of
 * parallel debits is counted one after another and cannot get past either. Of the two, a debit
 * over both is refused with the tighter one's words (LIMIT_EXCEEDED, naming which limit).
 */
export function createLimitGuard(deps: { config: Pick<Config, 'customerLimits'>; words: MoneyWords }) {
  const { config, words } = deps;
  const rules = config.customerLimits;

  return {
    /** `limits`: the row when the caller read it already (the money gate does, with the account lock); else it is loaded. */
    async check(trx: Trx, accountNumber: string, debit: { amountKobo: Kobo; usedTodayKobo: Kobo; now: Date; verb: 'send' | 'spend'; limits?: AccountLimitsRow | undefined }): Promise<void> {
      const limits = 'limits' in debit ? debit.limits : await loadAccountLimits(trx, accountNumber);
      if (!limits) return;
      type Named = LimitCheck & ({ kind: 'own' } | { kind: 'cap'; window: CapWindow });
      const checks: Named[] = [];
      const ownKobo = ownLimitAt(limits.own, debit.now);
      if (ownKobo !== null) checks.push({ kind: 'own', ...limitCheck(ownKobo, debit.usedTodayKobo) });
      const cap = await capAt(trx, rules, accountNumber, limits, debit.now);
      if (cap) checks.push({ kind: 'cap', ...cap });
      const broken = tightestBroken(checks, debit.amountKobo);
      if (!broken) return;
      const figures = { limitKobo: broken.limitKobo, usedKobo: broken.usedKobo, leftKobo: broken.leftKobo, verb: debit.verb };
      const refusal =
        broken.kind === 'own'
          ? words.ownDailyLimit({ ...figures, raiseDelayHours: rules.ownLimitRaiseDelayMs / 3_600_000 })
          : words.newBrowserCap({ ...figures, until: broken.window.until, reason: broken.window.reason });
      throw new Refusal(fail('LIMIT_EXCEEDED', refusal.message, { errors: { amount: [refusal.field] } }));
    },
  };
}
export type LimitGuard = ReturnType<typeof createLimitGuard>;
