import { sql, type Expression, type ExpressionBuilder, type QueryCreator, type SqlBool } from 'kysely';
import { batch, type Db } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import { compiled, type Param } from '../../db/compiled.ts';
import type { Config } from '../../config.ts';
import type { Clock } from '../clock.ts';
import { fail, succeed, type Failure, type Result } from '../result.ts';
import { inTransaction, journalEntryInsert, readUnlocked, Refusal, StaleRead, type AsRead, type PreparedEntry, type Trx } from '../ledger/ledger.ts';
import { tierLimits } from '../tiers/tier-limits.ts';
import { presentTransaction } from '../transactions/transaction-repository.ts';
import { pinMatchesUncounted, pinTryUpdate, type PinAttempt, type PinGuard, type PinTries, type TryParams, type TryRow } from './pin-guard.ts';
import { claimKey, judgeStored, Replay, requestHash, settleTakenKey, type Claim } from './idempotency.ts';
import { pendingOnboardingStep } from '../../../lib/onboarding.ts';
import { kobo, type Kobo } from '../../../lib/money.ts';
import type { MoneyWords } from '../payments/words.ts';
import { lagosDate } from '../../../lib/lagos-time.ts';
import type { TransactionJson } from '../../../lib/transaction.ts';
import { accountLimitsOf, customerLimitsSelection, instantPaymentsOff, type LimitGuard } from '../customer-limits/limit-guard.ts';
import { accountFrozen } from '../safety/frozen.ts';
import { said, type Said } from '../../../i18n/said.ts';

/**
 * Everything the checks before the PIN need, in one statement: the caller, whether the account
 * is theirs, the onboarding flags, the frozen flag, the instant-payments switch and, when a key
 * is given, what is stored under it. (The request's session already holds the caller, but not
 * these; reading them together costs one round trip where they cost six.) Compiled once (db/compiled.ts).
 */
const callerQuery = compiled((db: Db, param: Param<{ userId: string; sendAccount: string; key: string }>) => callerSelect(db, param));

function callerSelect(creator: QueryCreator<Database>, param: Param<{ userId: string; sendAccount: string; key: string }>) {
  return creator
    .selectFrom('users')
    .leftJoin('accounts', (join) => join.onRef('accounts.user_id', '=', 'users.id').on('accounts.account_number', '=', param('sendAccount')))
    .leftJoin('addresses', 'addresses.user_id', 'users.id')
    .leftJoin('customer_limits', 'customer_limits.user_id', 'users.id')
    .leftJoin('idempotency_keys', (join) => join.onRef('idempotency_keys.user_id', '=', 'users.id').on('idempotency_keys.key', '=', param('key')))
    .select([
      'users.tier',
      'users.frozen_at',
      'users.email_verified_at',
      (eb) => eb('users.transaction_pin_hash', 'is not', null).as('has_pin'),
      (eb) => eb('users.security_answer_hash', 'is not', null).as('has_answer'),
      'addresses.user_id as address_of',
      'accounts.account_name',
      'customer_limits.instant_payments_enabled',
      'idempotency_keys.request_hash',
      'idempotency_keys.operation',
      'idempotency_keys.state',
      'idempotency_keys.response_body',
      'idempotency_keys.created_at as key_created_at',
    ])
    .where('users.id', '=', param('userId'));
}

type CallerTryParams = TryParams & { sendAccount: string; key: string; instant: number };

/**
 * The caller may try a PIN to move money from `sendAccount` at all: they have a PIN, the account is
 * theirs, onboarding is complete and they are not frozen. callerTryQuery takes a try only then, and
 * speculativeClaimLockQuery locks only then.
 */
function mayTryPin(eb: ExpressionBuilder<Database, 'users'>, sendAccount: string) {
  return eb.and([
    eb('users.transaction_pin_hash', 'is not', null),
    eb('users.frozen_at', 'is', null),
    eb('users.email_verified_at', 'is not', null),
    eb('users.security_answer_hash', 'is not', null),
    eb.exists(eb.selectFrom('addresses').select('addresses.user_id').whereRef('addresses.user_id', '=', 'users.id')),
    eb.exists(eb.selectFrom('accounts').select('accounts.user_id').whereRef('accounts.user_id', '=', 'users.id').where('accounts.account_number', '=', sendAccount)),
  ]);
}

/**
 * What callerTryQuery's try waits for besides the PIN's own state: the caller may try a PIN from
 * this account (mayTryPin), nothing is stored under the idempotency key (a replay or a request
 * under way never spends a try) and, for a transfer to another bank (`instant` 1), instant
 * payments are not off.
 */
function mayTakeTry(eb: ExpressionBuilder<Database, 'users'>, param: Param<CallerTryParams>) {
  return eb.and([
    mayTryPin(eb, param('sendAccount')),
    eb.not(eb.exists(eb.selectFrom('idempotency_keys').select('idempotency_keys.user_id').whereRef('idempotency_keys.user_id', '=', 'users.id').where('idempotency_keys.key', '=', param('key')))),
    eb.or([
      eb(sql<number>`${param('instant')}::integer`, '=', 0),
      eb.not(
        eb.exists(
          eb
            .selectFrom('customer_limits')
            .select('customer_limits.user_id')
            .whereRef('customer_limits.user_id', '=', 'users.id')
            .where('customer_limits.instant_payments_enabled', 'is not', null)
            .where('customer_limits.instant_payments_enabled', '<>', 1),
        ),
      ),
    ]),
  ]);
}

/**
 * PostgreSQL (docs/decisions/010-few-statements-on-the-money-path.md): the caller's read and the PIN's try in one statement, one round trip
 * where they were two. The try (pin-guard.ts pinTryUpdate, a CTE) is taken only when the read
 * would let the request on to the PIN (mayTakeTry). Both read one snapshot, and PostgreSQL's
 * UPDATE takes a row only when it meets its conditions as the snapshot saw it and, if it changed
 * since, as it is now; so whenever the try was taken, the checks made on the read pass too, and
 * the PIN is judged from the try's row (pins.inTurn's taken). When the try was not taken and the
 * checks pass anyway (a key stored but past its window, a PIN lock, a row that changed in
 * between), the PIN is tried on its own (pins.confirm), as on SQLite. The read's columns are
 * callerQuery's, as they were before the try; the try's come back as `try_*`.
 *
 * Shape 'uncounted' (debitNow's): a right PIN on a clean count (pinMatchesUncounted:
 * under the current key, no try counted, no lock) takes no try, so the statement writes nothing
 * and its autocommit waits for no WAL flush; the read says so as `uncounted_match` 1. That
 * answer is worth something only with debitNow's claim behind it, which re-reads the count in
 * the money transaction and lets the sender's row through its PIN gate only while it is still
 * 0 and unlocked (speculativeClaimLockQuery, unlockedClaimQuery); a request whose claim found
 * otherwise takes a counted try (takenOf never trusts an uncounted match). A wrong PIN is
 * always counted, so at most `maxAttempts` wrong PINs are ever compared, as before.
 */
const callerTryQuery = compiled((db: Db, param: Param<CallerTryParams>, shape: '' | 'uncounted') => {
  const uncounted = shape === 'uncounted';
  const read = callerSelect(
    db.with('pin_try', (creator) => {
      const update = pinTryUpdate(creator, param).where((eb) => mayTakeTry(eb, param));
      return (uncounted ? update.where((eb) => eb.not(pinMatchesUncounted(param))) : update).returning([
        'users.transaction_pin_hash as try_hash',
        'users.pin_key_version as try_key',
        'users.pin_failed_attempts as try_count',
        'users.pin_locked_until as try_locked_until',
      ]);
    }) as unknown as QueryCreator<Database>,
    param,
  )
    .leftJoin(sql<{ try_hash: string | null; try_key: string | null; try_count: number; try_locked_until: string | null }>`pin_try`.as('pin_try'), (join) => join.on(sql<boolean>`true`))
    .select([
      sql<string | null>`pin_try.try_hash`.as('try_hash'),
      sql<string | null>`pin_try.try_key`.as('try_key'),
      sql<number | null>`pin_try.try_count`.as('try_count'),
      sql<string | null>`pin_try.try_locked_until`.as('try_locked_until'),
    ]);
  // The read's snapshot is the try's: a row the try skipped as a right PIN on a clean count is that row here.
  return read.select((eb) =>
    uncounted
      ? eb.case().when(eb.and([eb(sql.ref('pin_try.try_count'), 'is', null), pinMatchesUncounted(param), mayTakeTry(eb as unknown as ExpressionBuilder<Database, 'users'>, param)])).then(1).else(0).end().as('uncounted_match')
      : sql<number>`0`.as('uncounted_match'),
  );
});

type CallerTryRow = Awaited<ReturnType<typeof callerTryQuery>>['rows'][number];

type DebitParams = { accounts: string[]; sendAccount: string; day: string };
/** lockForDebit's read: the accounts a debit touches, their owners, the sender's limits and today's tally. */
const debitRead = (db: QueryCreator<Database>, param: Param<DebitParams>, n: number) =>
  db
    .selectFrom('accounts')
    .leftJoin('users', 'users.id', 'accounts.user_id')
    .leftJoin('customer_limits', 'customer_limits.user_id', 'accounts.user_id')
    .select((eb) => [
      'accounts.account_number',
      'accounts.balance',
      'accounts.user_id',
      'accounts.kind',
      'accounts.account_name',
      'accounts.created_at as opened_at',
      'users.tier',
      'users.frozen_at',
      ...customerLimitsSelection,
      // One row of the triggers' daily tally (migrations/2026-11-27T1300_daily_debits.ts), not a sum over the day's debits.
      eb.selectFrom('daily_debits').select('amount_kobo').where('account_number', '=', param('sendAccount')).where('value_date', '=', param('day')).as('debited_today'),
    ])
    .where('accounts.account_number', 'in', param.list('accounts', n))
    .orderBy('accounts.account_number');
/** The shape is the number of accounts (the `in` list's length). */
const debitReadQuery = compiled((db: Db, param: Param<DebitParams>, n: number) => debitRead(db, param, n));
type DebitRow = Awaited<ReturnType<typeof debitReadQuery>>['rows'][number];
type ClaimParams = DebitParams & { userId: string; key: string; operation: string; requestHash: string; at: string; entryId: string; reference: string; kind: string; description: string };

/**
 * The same read on PostgreSQL, locking the sender's row and those of the accounts that sort before
 * it (the CTE `locked`, in account order), and reading the sender's row version as locked and as
 * this statement's snapshot saw it (lockForDebit). `creator` may carry the claim's CTEs (`k`, the
 * idempotency key's insert): then the lock waits for the key (`exists (select 1 from k)`), so a
 * request whose key another one holds takes no lock before it knows, and none at all when the key
 * was taken.
 */
function lockedRead(creator: QueryCreator<Database>, param: Param<DebitParams>, n: number, afterClaim: boolean, pinGate?: (eb: ExpressionBuilder<Database, 'accounts'>) => Expression<SqlBool>, unlocked = false) {
  return debitRead(
    creator.with(
      (cte) => cte('locked').materialized(),
      (inner) => {
        let locking = inner
          .selectFrom('accounts')
          .select(['account_number', sql<string>`xmin::text`.as('version')])
          .where('account_number', 'in', param.list('accounts', n))
          .where('account_number', unlocked ? '=' : '<=', param('sendAccount'));
        if (afterClaim) locking = locking.where(sql<boolean>`exists (select 1 from k)`);
        if (pinGate) locking = locking.where(pinGate);
        // `unlocked` (debitNow's claim when another account sorts before the sender): the sender's
        // row as the gates let it through, locked by nobody; its version is checked by the entry.
        return unlocked ? locking : locking.orderBy('account_number').forUpdate();
      },
    ) as unknown as QueryCreator<Database>,
    param,
    n,
  )
    .leftJoin(sql<{ account_number: string; version: string }>`locked`.as('locked'), (join) => join.onRef(sql.ref('locked.account_number'), '=', sql.ref('accounts.account_number')))
    .select([sql<string | null>`locked.version`.as('locked_version'), sql<string | null>`(select seen.xmin::text from accounts as seen where seen.account_number = ${param('sendAccount')})`.as('seen_version')]);
}
const debitLockQuery = compiled((db: Db, param: Param<DebitParams>, n: number) => lockedRead(db, param, n, false));

/**
 * The idempotency claim (with the entry's journal row) and the lock and reads in one statement on
 * PostgreSQL (one round trip fewer for every payment, and one fewer while a recipient
 * that sorts before the sender is locked). `claimed` is 0 when the key was taken.
 */
const claimLockQuery = compiled((db: Db, param: Param<ClaimParams>, n: number) => claimLock(db, param, n, false));

/**
 * claimLockQuery as debitNow sends it on PostgreSQL, ahead of its PIN's verdict: it locks nothing
 * unless the customer's PIN count, as its snapshot sees it (after the try's autocommit), is 0 and
 * no lock holds, and the customer may try a PIN from this account at all (the checks callerTryQuery
 * makes before its try: the account is theirs, onboarding is complete, it is not frozen). So a
 * wrong PIN, any request while the PIN is locked, and any request refused before the PIN take no
 * row lock on anyone's account (another's account named as the sender, a recipient that sorts
 * before the sender), as none did when the PIN came first; the key and journal row are rolled
 * back with the transaction. (A count of 0 does not by
 * itself say the request's own try matched, another's may have reset it: debitNow goes on only
 * when its try matched, and only when the sender's row was locked here.)
 */
const speculativeClaimLockQuery = compiled((db: Db, param: Param<ClaimParams>, n: number) =>
  claimLock(db, param, n, true),
);

/**
 * speculativeClaimLockQuery when another account (a recipient) sorts before the sender: it locks
 * no row at all, the sender's included, and reads the sender's row version (xmin) with what the
 * checks need. The entry's statement then takes the rows' locks in account order (postEntry) and
 * updates the sender only while its row is still that version (AsRead); a sender that changed
 * meanwhile stops the entry (StaleRead) and the transfer runs again, locking first
 * (debitNow). Without it, a recipient that sorts before its senders (a merchant on a busy day, the
 * bench's one recipient) was locked from this statement through a round trip to Node and back to
 * the COMMIT, by every sender that sorts after it.
 */
const unlockedClaimQuery = compiled((db: Db, param: Param<ClaimParams>, n: number) =>
  claimLock(db, param, n, true, true),
);
/** unlockedClaimQuery for a request whose PIN was judged before (or that takes none): no PIN gate. */
const unlockedPlainClaimQuery = compiled((db: Db, param: Param<ClaimParams>, n: number) => claimLock(db, param, n, false, true));

function claimLock(db: Db, param: Param<ClaimParams>, n: number, pinGated: boolean, unlocked = false) {
  const pinGate = pinGated
    ? (eb: ExpressionBuilder<Database, 'accounts'>) =>
        eb.exists(
          eb
            .selectFrom('users')
            .select('users.id')
            .where('users.id', '=', param('userId'))
            .where('users.pin_failed_attempts', '=', 0)
            .where((pin) => pin.or([pin('users.pin_locked_until', 'is', null), pin('users.pin_locked_until', '<=', param('at'))]))
            .where((pin) => mayTryPin(pin, param('sendAccount'))),
        )
    : undefined;
  return lockedRead(
    db
      .with('e', (creator) =>
        creator.insertInto('journal_entries').values({ id: param('entryId'), reference: param('reference'), kind: param('kind'), description: param('description'), reverses_entry_id: null, created_at: param('at') }),
      )
      .with('k', (creator) =>
        creator
          .insertInto('idempotency_keys')
          .values({ user_id: param('userId'), key: param('key'), operation: param('operation'), request_hash: param('requestHash'), state: 'in_progress', response_status: null, response_body: null, transaction_reference: null, created_at: param('at'), updated_at: param('at') })
          .onConflict((conflict) => conflict.columns(['user_id', 'key']).doNothing())
          .returning('user_id'),
      ) as unknown as QueryCreator<Database>,
    param,
    n,
    true,
    pinGate,
    unlocked,
  ).select(sql<number>`(select count(*) from k)::integer`.as('claimed'));
}

/** The prelude's word that the request may go on to the money. */
type Ready = { claim: Claim; accountName: string; tier: number };
/** debitNow's speculative transaction is rolled back: the PIN's try is judged outside it. */
class NotReady extends Error {}

/** What every call that moves money answers: the customer's Transaction and a sentence. */
export type MoneyOutcome = { transaction: TransactionJson; message: Said };
export type MoneyResult = Result<MoneyOutcome> & { replayed?: boolean };

/**
 * The checks every debit passes through, whatever it pays for (a transfer, a bill): the account
 * is the caller's and onboarding is complete; a retry of a finished request replays its answer;
 * the PIN; and, inside the money transaction, the idempotency claim, the tier's daily limit and
 * the balance.
 */
/**
 * `pins` null: a gate whose callers confirmed the PIN before (a scheduled transfer's runs, given
 * the PIN when the schedule was made or resumed; the bench's service run): every other check
 * applies, no PIN is asked and no try taken.
 */
export function createMoneyGate(deps: { db: Db; config: Config; clock: Clock; pins: PinGuard | null; words: MoneyWords; limitGuard?: LimitGuard }) {
  const { db, config, clock, pins, words, limitGuard } = deps;

  /** The caller's row for the checks before the PIN (callerQuery). */
  async function readCaller(userId: string, sendAccount: string, key: string | null) {
    return (await callerQuery(db, { userId, sendAccount, key: key ?? '' })).rows[0];
  }
  type CallerRow = NonNullable<Awaited<ReturnType<typeof readCaller>>>;

  function authorised(row: CallerRow | undefined): Result<{ accountName: string; tier: number; frozen: boolean }> {
    if (!row) return fail('UNAUTHENTICATED', said('error.UNAUTHENTICATED'));
    if (row.account_name === null) return fail('FORBIDDEN', said('said.errors.notYours'));
    const flags = { is_email_verified: row.email_verified_at !== null, is_address_submitted: row.address_of !== null, is_transaction_pin_set: Boolean(row.has_pin), is_security_question_set: Boolean(row.has_answer) };
    if (pendingOnboardingStep(flags)) return fail('ONBOARDING_INCOMPLETE', said('said.errors.finishSetup'));
    return succeed({ accountName: row.account_name, tier: row.tier, frozen: row.frozen_at !== null });
  }

  /** The caller may move money from this account: it is theirs and onboarding is complete. */
  async function authorise(userId: string, sendAccount: string): Promise<Result<{ accountName: string; tier: number; frozen: boolean }>> {
    return authorised(await readCaller(userId, sendAccount, null));
  }

  /**
   * Authorise, the idempotency fast path, then the PIN. A retry of a finished request replays
   * its answer before the PIN is checked again: it moves no money, must not count as a PIN
   * attempt, and returns what the first one returned. A transfer to another bank (`instant`)
   * is refused while the customer has instant payments off, before the replay and the PIN, and
   * only once the account is known to be theirs.
   */
  async function prelude(
    userId: string,
    sendAccount: string,
    pin: string,
    key: string,
    operation: string,
    hashed: Record<string, unknown>,
    options: { instant?: boolean } = {},
  ): Promise<{ done: MoneyResult } | { ready: Ready }> {
    const claim: Claim = { userId, key, operation, requestHash: requestHash(operation, { send_account: sendAccount, ...hashed }) };
    if (!pins) return judgeCaller(await readCaller(userId, sendAccount, key), claim, options, async () => succeed(undefined));
    if (config.database.kind !== 'postgres') return judgeCaller(await readCaller(userId, sendAccount, key), claim, options, () => pins.confirm(userId, pin, { beforeDurable: true }));
    // On PostgreSQL the PIN's try rides on the caller's read (callerTryQuery), in the customer's turn as a try of its own would be.
    return pins.inTurn(userId, async (tries) => {
      const attempt = tries.attempt(pin);
      const row = (await callerTryQuery(db, { ...attempt.params, sendAccount, key, instant: options.instant ? 1 : 0 })).rows[0];
      return judgeTry(tries, pin, attempt, row, claim, options);
    });
  }

  /** The PIN's try as callerTryQuery took it (null: it took none). */
  function takenOf(row: CallerTryRow | undefined): TryRow | null {
    return row && row.try_count !== null ? { transaction_pin_hash: row.try_hash, pin_key_version: row.try_key, pin_failed_attempts: Number(row.try_count), pin_locked_until: row.try_locked_until } : null;
  }

  /** The prelude's judgement of callerTryQuery's row: the checks, then the try it took, or one taken now. */
  function judgeTry(tries: PinTries, pin: string, attempt: PinAttempt, row: CallerTryRow | undefined, claim: Claim, options: { instant?: boolean }) {
    const taken = takenOf(row);
    return judgeCaller(row, claim, options, () => (taken ? tries.taken(pin, attempt, taken) : tries.confirm(pin, attempt)));
  }

  /** The prelude's checks on the caller's row, in order; `confirmPin` last, only when they all pass. */
  async function judgeCaller(
    row: CallerRow | undefined,
    claim: Claim,
    options: { instant?: boolean },
    confirmPin: () => Promise<Result<void>>,
  ): Promise<{ done: MoneyResult } | { ready: Ready }> {
    const caller = authorised(row);
    if (!caller.ok) return { done: caller };
    if (options.instant && row!.instant_payments_enabled !== null && Number(row!.instant_payments_enabled) !== 1) return { done: instantPaymentsOff() };
    const stored = row!.request_hash !== null ? { request_hash: row!.request_hash, operation: row!.operation!, state: row!.state!, response_body: row!.response_body, created_at: row!.key_created_at! } : undefined;
    const early = judgeStored<MoneyOutcome>(claim, stored, clock.now());
    if (early instanceof Replay) return { done: { ...early.outcome, replayed: true } as MoneyResult };
    if (early instanceof Refusal) return { done: early.failure };
    // A frozen account is refused after a finished request's replay and before the PIN: no PIN try is spent
    // (docs/decisions/006-account-freeze-and-cases.md).
    if (caller.value.frozen) return { done: accountFrozen() };
    const confirmed = await confirmPin();
    if (!confirmed.ok) return { done: confirmed };
    return { ready: { ...caller.value, claim } };
  }

  /**
   * Locks the sender's account and reads what the checks need: each account's owner, tier and
   * name, and for the sender its balance, the frozen flag, the limits row and what it has already
   * debited today. On SQLite the transaction holds the write lock from its BEGIN, so this is one
   * statement where the lock and the checks took five, and every balance it reads is current.
   *
   * On PostgreSQL it locks the sender's row and those of the other accounts that sort
   * before it, in account order; an account that sorts after the sender (a transfer's recipient,
   * half the time) is locked by the entry's own balance update (postEntry), which takes its rows
   * in the same order. So every transaction still takes its row locks in one global order and two
   * transfers in opposite directions cannot deadlock, while a burst to one account (a merchant, a
   * salary day) holds that account's lock only from the entry's statement to the COMMIT, one round
   * trip where it was three: the bench's sixteen senders to one recipient spent most of their time
   * waiting on that row. An unlocked account's balance here is a snapshot, so nothing may be
   * decided from it: a recipient's maximum balance is the ceiling of its credit line and its
   * balance after the transfer comes from that line's update (postEntry's BalanceAfter).
   *
   * A transfer inside the bank (debitNow) goes further when its recipient sorts before the sender:
   * its claim locks no row at all (unlockedClaimQuery) and the entry's statement takes every lock,
   * in account order, updating the sender only while its row is the version the checks read
   * (postEntry's AsRead). A transaction then holds no row lock when its entry's statement starts,
   * so it still cannot deadlock; a sender that changed in between stops the entry (StaleRead) and
   * the transfer runs again through this lock. Measured on the bench's API transfers, 16 clients
   * to one recipient that 6 of them sort after: 206–233 transfers/s and a p99 of
   * 146–170 ms with the recipient locked here, 293–323/s and 98–106 ms without.
   *
   * The lock and the reads are one statement, with a check. A statement that waited for a lock
   * reads the locked rows' versions as they are once it has them, but the rest (the balances,
   * today's debits, the frozen flag) as they were when it started. Only a debit from the same
   * account, which holds that account's lock, can change what the sender's checks read (every
   * debit updates its account's balance in the transaction that adds to daily_debits), so the
   * statement also reads the sender's row version (xmin) as its snapshot saw it: when it equals
   * the version it locked, nothing committed on that account while the statement waited and what
   * it read is current; otherwise the reads run again in a second statement, which sees what the
   * debit before it committed.
   */
  async function lockForDebit(trx: Trx, sendAccount: string, others: string[], now: Date) {
    const sorted = [...new Set([sendAccount, ...others])].sort();
    const params = { accounts: sorted, sendAccount, day: lagosDate(now) };
    if (config.database.kind !== 'postgres') return debitContext(sendAccount, (await debitReadQuery(trx, params, sorted.length)).rows);
    return debitContext(sendAccount, await current(trx, params, (await debitLockQuery(trx, params, sorted.length)).rows));
  }

  /** The locked read as it stands, or read again when the sender's row changed while the statement waited for its lock. */
  async function current<R extends { account_number: string; locked_version: string | null; seen_version: string | null }>(trx: Trx, params: DebitParams, rows: R[]) {
    const sender = rows.find((row) => row.account_number === params.sendAccount);
    return sender && sender.locked_version !== sender.seen_version ? (await debitReadQuery(trx, params, params.accounts.length)).rows : rows;
  }

  /**
   * The idempotency claim, with the entry's journal row, then lockForDebit: on PostgreSQL one
   * statement (claimLockQuery). The key found taken is judged as the claim judges it (a replay or
   * a refusal is thrown; a key past its window is taken over, and then the lock is taken alone).
   */
  async function claimAndLock(trx: Trx, claim: Claim, entry: PreparedEntry, sendAccount: string, others: string[], now: Date) {
    if (config.database.kind !== 'postgres') {
      await claimKey(trx, claim, now, [journalEntryInsert(entry)]);
      return lockForDebit(trx, sendAccount, others, now);
    }
    const statement = claimLockStatement(trx, claim, entry, sendAccount, others, now);
    return claimed(trx, claim, statement.params, now, (await trx.executeQuery(statement.bound())).rows);
  }

  /** claimLockQuery's params for this claim, entry and debit (PostgreSQL). */
  function claimLockStatement(trx: Trx, claim: Claim, entry: PreparedEntry, sendAccount: string, others: string[], now: Date) {
    const sorted = [...new Set([sendAccount, ...others])].sort();
    const params: DebitParams = { accounts: sorted, sendAccount, day: lagosDate(now) };
    const claimParams: ClaimParams = { ...params, userId: claim.userId, key: claim.key, operation: claim.operation, requestHash: claim.requestHash, at: now.toISOString(), entryId: entry.id, reference: entry.reference, kind: entry.kind, description: entry.description };
    // debitNow's claim locks nothing when another account sorts before the sender (unlockedClaimQuery).
    const unlocked = sorted[0] !== sendAccount;
    return {
      params,
      unlocked,
      bound: () => claimLockQuery.bind(trx, claimParams, sorted.length),
      unlockedBound: () => unlockedPlainClaimQuery.bind(trx, claimParams, sorted.length),
      speculative: () => (unlocked ? unlockedClaimQuery : speculativeClaimLockQuery).bind(trx, claimParams, sorted.length),
    };
  }

  /**
   * What claimLockQuery's rows come to: the debit's context, or (the key was taken) the key judged
   * and the lock taken alone. `unlocked`: the rows came from unlockedClaimQuery, so the context
   * carries the sender's version as read (`asRead`), for the entry to check.
   */
  async function claimed(trx: Trx, claim: Claim, params: DebitParams, now: Date, rows: Awaited<ReturnType<typeof claimLockQuery>>['rows'], unlocked = false): Promise<DebitLock> {
    if (Number(rows[0]?.claimed ?? 0) === 0) {
      await settleTakenKey(trx, claim, now);
      return lockForDebit(trx, params.sendAccount, params.accounts.filter((account) => account !== params.sendAccount), now);
    }
    if (!unlocked) return debitContext(params.sendAccount, await current(trx, params, rows));
    const version = rows.find((row) => row.account_number === params.sendAccount)?.seen_version;
    if (!version) throw new Error(`debit from unknown account ${params.sendAccount}`);
    return { ...debitContext(params.sendAccount, rows), asRead: readUnlocked(trx, { account: params.sendAccount, version, applied: false }) };
  }

  /**
   * A debit whose money moves within the request (a transfer inside the bank): the prelude; then
   * `check`, the request's own checks that need no database (a failure is the answer, after the
   * PIN as before); then, in the money transaction, the claim with the entry's journal row
   * (`entry`, made with the transaction's time) and the lock and reads (claimAndLock), and `work`
   * with what they read.
   *
   * On PostgreSQL the prelude's statement and the transaction's first go out in one
   * write (db/connection.ts batch): the caller's read with the PIN's try (callerTryQuery), an
   * autocommit as before, then BEGIN and the claim, lock and reads (claimLockQuery), one round
   * trip where they were two. PostgreSQL runs them in that order, so the try is committed before
   * the transaction's snapshot is taken, whatever becomes of the transaction. The claim goes out
   * before its PIN is judged, so it is kept only when the try was taken and matched in SQL (then
   * every check of the prelude passed, see callerTryQuery): anything else (a wrong PIN, a lock, a
   * replay, a PIN under an older key, an account that is not the caller's) rolls the transaction
   * back, with its claim, journal row and locks, before the try is judged as the prelude judges it
   * (which may write, on a connection of its own); and a request found ready only then goes on
   * as on SQLite. The claim locks no row unless the PIN's count is 0 and unlocked as its snapshot
   * sees it (speculativeClaimLockQuery): a wrong or locked PIN locks nobody's account, not even
   * for the round trip. All of it in the customer's turn (pins.inTurn), as the prelude's try is.
   * When another account (the recipient) sorts before the sender, the claim locks no row at all
   * and the entry checks the sender's row version instead (unlockedClaimQuery, lockForDebit).
   */
  async function debitNow(
    request: { userId: string; sendAccount: string; pin: string; key: string; operation: string; hashed: Record<string, unknown>; others: string[]; check?: () => Failure | null; entry: (now: Date) => PreparedEntry },
    work: (trx: Trx, debit: Ready & { now: Date; entry: PreparedEntry } & DebitLock) => Promise<MoneyResult>,
  ): Promise<MoneyResult> {
    // Read unlocked (unlockedClaimQuery), the sender's row is checked by the entry that debits it
    // (postEntry, told by readUnlocked); a work that posted none for it has not debited it.
    const checkedWork = async (trx: Trx, debit: Ready & { now: Date; entry: PreparedEntry } & DebitLock) => {
      const result = await work(trx, debit);
      if (debit.asRead && !debit.asRead.applied) throw new Error(`debitNow: the sender ${debit.asRead.account} was read unlocked and no entry debited it`);
      return result;
    };
    const { userId, sendAccount, pin, key, operation, hashed, others, check } = request;
    /**
     * The money transaction of a request found ready. On PostgreSQL its claim locks nothing when
     * another account sorts before the sender (unlockedClaimQuery), unless `lockFirst`; a sender
     * that changed before its entry (StaleRead) runs again with `lockFirst`.
     */
    const transact = (ready: Ready, lockFirst = false): Promise<MoneyResult> =>
      moneyTransaction(async (trx) => {
        const now = clock.now();
        const entry = request.entry(now);
        if (config.database.kind === 'postgres' && !lockFirst) {
          const statement = claimLockStatement(trx, ready.claim, entry, sendAccount, others, now);
          if (statement.unlocked) {
            const rows = (await trx.executeQuery(statement.unlockedBound())).rows;
            return checkedWork(trx, { ...ready, now, entry, ...(await claimed(trx, ready.claim, statement.params, now, rows, true)) });
          }
        }
        return checkedWork(trx, { ...ready, now, entry, ...(await claimAndLock(trx, ready.claim, entry, sendAccount, others, now)) });
      }).catch((error: unknown) => {
        if (error instanceof StaleRead && !lockFirst) return transact(ready, true);
        throw error;
      });
    if (!pins || config.database.kind !== 'postgres') {
      const ready = await prelude(userId, sendAccount, pin, key, operation, hashed);
      if ('done' in ready) return ready.done;
      return check?.() ?? transact(ready.ready);
    }
    const claim: Claim = { userId, key, operation, requestHash: requestHash(operation, { send_account: sendAccount, ...hashed }) };
    return pins.inTurn(userId, async (tries) => {
      const attempt = tries.attempt(pin);
      let seen: CallerTryRow | undefined;
      let ready: Ready | null = null;
      try {
        return await moneyTransaction(async (trx) => {
          const now = clock.now();
          const entry = request.entry(now);
          const statement = claimLockStatement(trx, claim, entry, sendAccount, others, now);
          const [callerRows, claimRows] = await batch(trx, [callerTryQuery.bind(trx, { ...attempt.params, sendAccount, key, instant: 0 }, 'uncounted'), statement.speculative()], { beforeBegin: 1 });
          seen = callerRows[0];
          // Matched in SQL (a count of 0 after the try): the PIN was right and every check passed.
          // The claim's lock was taken unless another try counted meanwhile (speculativeClaimLockQuery).
          // Or a right PIN on a clean count, matched without taking a try (callerTryQuery 'uncounted'):
          // trusted only when this claim, in the money transaction, read the count as still 0 and
          // unlocked and so let the sender's row through its PIN gate.
          const gatePassed = claimRows.some((row) => row.account_number === sendAccount && row.locked_version !== null);
          const matched = takenOf(seen)?.pin_failed_attempts === 0 || (Number(seen?.uncounted_match ?? 0) === 1 && gatePassed);
          const lockedHere = gatePassed || Number(claimRows[0]?.claimed ?? 0) === 0;
          const judged = matched && lockedHere ? await judgeCaller(seen, claim, {}, async () => succeed(undefined)) : null;
          if (!judged || 'done' in judged) throw new NotReady();
          const refused = check?.();
          if (refused) throw new Refusal(refused);
          ready = judged.ready;
          return checkedWork(trx, { ...judged.ready, now, entry, ...(await claimed(trx, claim, statement.params, now, claimRows, statement.unlocked)) });
        });
      } catch (error) {
        // The sender read unlocked had changed by its entry: rolled back whole (claim and journal
        // row included); its PIN was judged and its checks passed, so it runs again, locking first.
        if (error instanceof StaleRead && ready) return transact(ready, true);
        if (!(error instanceof NotReady)) throw error;
      }
      // Rolled back: the try it took (or one taken now) judged as the prelude judges it.
      const judged = await judgeTry(tries, pin, attempt, seen, claim, {});
      if ('done' in judged) return judged.done;
      return check?.() ?? transact(judged.ready);
    });
  }

  function debitContext<R extends DebitRow>(sendAccount: string, rows: R[]) {
    const locked = new Map(rows.map((row) => [row.account_number, { ...row, balance: Number(row.balance) }]));
    const sender = locked.get(sendAccount);
    if (!sender) throw new Error(`debit from unknown account ${sendAccount}`);
    return { locked, sender: { accountNumber: sendAccount, frozen: sender.frozen_at !== null, usedTodayKobo: kobo(Number(sender.debited_today ?? 0)), limits: accountLimitsOf(sender) } };
  }
  /** The debit's context; `asRead` when the sender's row was read unlocked (readUnlocked: the entry that debits it checks its version). */
  type DebitLock = ReturnType<typeof debitContext> & { asRead?: AsRead };
  type DebitContext = DebitLock['sender'];

  /**
   * The sender's checks inside the money transaction, from what lockForDebit read with the lock:
   * a freeze that landed since the prelude stops it; then the tier's daily limit and the
   * customer's own limits.
   */
  async function checkDebit(trx: Trx, sender: DebitContext, tier: number, amountKobo: Kobo, now: Date, verb: 'send' | 'spend' = 'send') {
    if (sender.frozen) throw new Refusal(accountFrozen());
    const limitKobo = tierLimits(config.money, tier).dailyDebitKobo;
    const usedKobo = sender.usedTodayKobo;
    // The customer's own daily limit and the new-browser cap, each at or below the tier's.
    await limitGuard?.check(trx, sender.accountNumber, { amountKobo, usedTodayKobo: usedKobo, now, verb, limits: sender.limits });
    if (usedKobo + amountKobo > limitKobo) {
      const refusal = words.dailyLimit({ limitKobo, usedKobo, leftKobo: kobo(Math.max(0, limitKobo - usedKobo)), tier, verb });
      throw new Refusal(fail('LIMIT_EXCEEDED', refusal.message, { errors: { amount: [refusal.field] } }));
    }
  }

  /** Daily debit limit for the sender's tier (and the frozen flag and own limits), checked with the account locked. */
  async function checkDailyLimit(trx: Trx, accountNumber: string, tier: number, amountKobo: Kobo, now: Date, verb: 'send' | 'spend' = 'send') {
    const { sender } = await lockForDebit(trx, accountNumber, [], now);
    await checkDebit(trx, sender, tier, amountKobo, now, verb);
  }

  /** The balance covers the debit (amount and charges), or the transaction is refused. */
  function requireFunds(balanceKobo: Kobo, totalKobo: Kobo, what?: 'amount and charges') {
    if (balanceKobo < totalKobo) {
      throw new Refusal(fail('INSUFFICIENT_FUNDS', words.insufficientFunds({ balanceKobo, totalKobo, ...(what ? { what } : {}) }), { errors: { amount: [said('said.money.insufficientField')] } }));
    }
  }

  /** Runs a money transaction; a replay found while claiming the key comes out as its outcome. */
  async function moneyTransaction(work: (trx: Trx) => Promise<MoneyResult>): Promise<MoneyResult> {
    try {
      const result = await inTransaction(db, work);
      return result.ok ? result.value : result;
    } catch (error) {
      if (error instanceof Replay) return { ...(error.outcome as MoneyResult), replayed: true };
      throw error;
    }
  }

  async function presentByReference(executor: Trx | Db, accountNumber: string, reference: string): Promise<TransactionJson> {
    const row = await executor.selectFrom('transactions').selectAll().where('account_number', '=', accountNumber).where('reference', '=', reference).executeTakeFirstOrThrow();
    return presentTransaction(row);
  }

  return { authorise, prelude, debitNow, lockForDebit, claimAndLock, checkDebit, checkDailyLimit, requireFunds, moneyTransaction, presentByReference };
}
export type MoneyGate = ReturnType<typeof createMoneyGate>;
