import { expressionBuilder, sql, type Expression, type QueryCreator, type SqlBool } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import { compiled, type Param } from '../../db/compiled.ts';
import { customerLimitsSelection } from '../customer-limits/limit-guard.ts';
import { pinMatchesUncounted, pinTryUpdate, type TryParams } from './pin-guard.ts';

/**
 * Every statement of the money gate, for both engines (docs/decisions/017-the-money-path-one-per-engine.md).
 * Each is built with Kysely's builder and compiled once per engine and shape (db/compiled.ts);
 * the engines (engines/sqlite.ts, engines/postgres.ts) choose which to send, and the variants
 * are named, never chosen by flags.
 */

type CallerParams = { userId: string; sendAccount: string; key: string };

/**
 * Everything the checks before the PIN need, in one statement: the caller, whether the account
 * is theirs, the onboarding flags, the frozen flag, the instant-payments switch and, when a key
 * is given, what is stored under it. (The request's session already holds the caller, but not
 * these; reading them together costs one round trip where they cost six.)
 */
function callerSelect(creator: QueryCreator<Database>, param: Param<CallerParams>) {
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
      'users.bvn_verified_at',
      'users.nin_verified_at',
      'users.liveness_passed_at',
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
const callerQuery = compiled((db: Db, param: Param<CallerParams>) => callerSelect(db, param));

/** The caller's row for the checks before the PIN (callerSelect); `key` null when no key is stored yet. */
export async function readCaller(db: Db, userId: string, sendAccount: string, key: string | null) {
  return (await callerQuery(db, { userId, sendAccount, key: key ?? '' })).rows[0];
}
export type CallerRow = NonNullable<Awaited<ReturnType<typeof readCaller>>>;

export type CallerTryParams = TryParams & { sendAccount: string; key: string; instant: number };

/** The users table in scope, for conditions written once and used in several statements. */
const users = expressionBuilder<Database, 'users'>();

/**
 * The caller may try a PIN to move money from `sendAccount` at all: they have a PIN, the account is
 * theirs, onboarding is complete, they are not frozen and they may move money (an identity and a
 * liveness pass: kyc/identity-rule.ts canMoveMoney, said again here in SQL so a customer without
 * them never spends a try). callerTryQuery takes a try only then, and
 * a PIN-gated claim (claimLockQueries) locks only then.
 */
function mayTryPin(sendAccount: string) {
  return users.and([
    users('users.transaction_pin_hash', 'is not', null),
    users('users.frozen_at', 'is', null),
    users('users.liveness_passed_at', 'is not', null),
    users.or([users('users.bvn_verified_at', 'is not', null), users('users.nin_verified_at', 'is not', null)]),
    users('users.email_verified_at', 'is not', null),
    users('users.security_answer_hash', 'is not', null),
    users.exists(users.selectFrom('addresses').select('addresses.user_id').whereRef('addresses.user_id', '=', 'users.id')),
    users.exists(users.selectFrom('accounts').select('accounts.user_id').whereRef('accounts.user_id', '=', 'users.id').where('accounts.account_number', '=', sendAccount)),
  ]);
}

/**
 * What callerTryQuery's try waits for besides the PIN's own state: the caller may try a PIN from
 * this account (mayTryPin), nothing is stored under the idempotency key (a replay or a request
 * under way never spends a try) and, for a transfer to another bank (`instant` 1), instant
 * payments are not off.
 */
function mayTakeTry(param: Param<CallerTryParams>) {
  return users.and([
    mayTryPin(param('sendAccount')),
    users.not(users.exists(users.selectFrom('idempotency_keys').select('idempotency_keys.user_id').whereRef('idempotency_keys.user_id', '=', 'users.id').where('idempotency_keys.key', '=', param('key')))),
    users.or([
      users(sql<number>`${param('instant')}::integer`, '=', 0),
      users.not(
        users.exists(
          users
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
 * How callerTryQuery takes the PIN's try. `counted`: the try is taken (and counted) whenever the
 * read would let the request on to the PIN. `uncounted` (debitNow's): a right PIN on a clean count
 * (pinMatchesUncounted: under the current key, no try counted, no lock) takes no try, so the
 * statement writes nothing and its autocommit waits for no WAL flush; the read says so as
 * `uncounted_match` 1.
 */
export type PinTry = 'counted' | 'uncounted';

/**
 * PostgreSQL (docs/decisions/010-few-statements-on-the-money-path.md): the caller's read and the PIN's try in one statement, one round trip
 * where they were two. The try (pin-guard.ts pinTryUpdate, a CTE) is taken only when the read
 * would let the request on to the PIN (mayTakeTry). Both read one snapshot, and PostgreSQL's
 * UPDATE takes a row only when it meets its conditions as the snapshot saw it and, if it changed
 * since, as it is now; so whenever the try was taken, the checks made on the read pass too, and
 * the PIN is judged from the try's row (pins.inTurn's taken). When the try was not taken and the
 * checks pass anyway (a key stored but past its window, a PIN lock, a row that changed in
 * between), the PIN is tried on its own (pins.confirm), as on SQLite. The read's columns are
 * callerSelect's, as they were before the try; the try's come back as `try_*`.
 *
 * An `uncounted` match is worth something only with debitNow's claim behind it, which re-reads
 * the count in the money transaction and lets the sender's row through its PIN gate only while
 * it is still 0 and unlocked (the claim's `lock-if-pin` and `unlocked-if-pin` variants); a request
 * whose claim found otherwise takes a counted try (an uncounted match is never trusted alone).
 * A wrong PIN is always counted, so at most `maxAttempts` wrong PINs are ever compared, as before.
 */
export const callerTryQuery = compiled((db: Db, param: Param<CallerTryParams>, shape: PinTry) => {
  const uncounted = shape === 'uncounted';
  const read = callerSelect(
    db.with('pin_try', (creator) => {
      const update = pinTryUpdate(creator, param).where(mayTakeTry(param));
      return (uncounted ? update.where((eb) => eb.not(pinMatchesUncounted(param))) : update).returning([
        'users.transaction_pin_hash as try_hash',
        'users.pin_key_version as try_key',
        'users.pin_failed_attempts as try_count',
        'users.pin_locked_until as try_locked_until',
      ]);
    }),
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
  return read.select(
    uncounted
      ? users.case().when(users.and([users(sql.ref('pin_try.try_count'), 'is', null), pinMatchesUncounted(param), mayTakeTry(param)])).then(1).else(0).end().as('uncounted_match')
      : sql<number>`0`.as('uncounted_match'),
  );
});
export type CallerTryRow = Awaited<ReturnType<typeof callerTryQuery>>['rows'][number];

export type DebitParams = { accounts: string[]; sendAccount: string; day: string };
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
      'users.bvn_verified_at',
      'users.nin_verified_at',
      'users.liveness_passed_at',
      ...customerLimitsSelection,
      // One row of the triggers' daily tally (migrations/2026-11-27T1300_daily_debits.ts), not a sum over the day's debits.
      eb.selectFrom('daily_debits').select('amount_kobo').where('account_number', '=', param('sendAccount')).where('value_date', '=', param('day')).as('debited_today'),
    ])
    .where('accounts.account_number', 'in', param.list('accounts', n))
    .orderBy('accounts.account_number');
/** The read alone (SQLite, where the transaction holds the write lock from its BEGIN). The shape is the number of accounts (the `in` list's length). */
export const debitReadQuery = compiled((db: Db, param: Param<DebitParams>, n: number) => debitRead(db, param, n));
export type DebitRow = Awaited<ReturnType<typeof debitReadQuery>>['rows'][number];

export type ClaimParams = DebitParams & { userId: string; key: string; operation: string; requestHash: string; at: string; entryId: string; reference: string; kind: string; description: string };

/**
 * What a claim's lock waits for before it takes its rows: `claim`, the idempotency key's insert
 * (the CTE `k`: a request whose key another holds takes no lock before it knows, and none at all
 * when the key was taken), or `claim-and-pin`, also the customer's PIN count, as the statement's
 * snapshot sees it, is 0 with no lock in force, and the customer may try a PIN from this account
 * at all (pinGate).
 */
type LockWaitsFor = 'claim' | 'claim-and-pin';
/**
 * How it takes the sender's row: `locked`, with those of the accounts that sort before it, in
 * account order; `unlocked` (a recipient sorts before the sender), locked by nobody: its version
 * is read for the entry to check (ledger.ts readUnlocked).
 */
type SenderRow = 'locked' | 'unlocked';

/** The customer's PIN count is 0 with no lock in force, and they may try a PIN from this account. */
function pinGate(param: Param<ClaimParams>) {
  return users.exists(
    users
      .selectFrom('users')
      .select('users.id')
      .where('users.id', '=', param('userId'))
      .where('users.pin_failed_attempts', '=', 0)
      .where((pin) => pin.or([pin('users.pin_locked_until', 'is', null), pin('users.pin_locked_until', '<=', param('at'))]))
      .where(mayTryPin(param('sendAccount'))),
  );
}

/**
 * debitRead on PostgreSQL, taking the sender's row as `sender` says once every one of `waits`
 * holds (the CTE `locked`), and reading the sender's row version as locked and as this
 * statement's snapshot saw it (lockForDebit). `creator` carries the claim's CTEs when `waits`
 * refers to them.
 */
function lockedRead(creator: QueryCreator<Database>, param: Param<DebitParams>, n: number, sender: SenderRow, waits: readonly Expression<SqlBool>[]) {
  return debitRead(
    creator.with(
      (cte) => cte('locked').materialized(),
      (inner) => {
        let locking = inner
          .selectFrom('accounts')
          .select(['account_number', sql<string>`xmin::text`.as('version')])
          .where('account_number', 'in', param.list('accounts', n))
          .where('account_number', sender === 'unlocked' ? '=' : '<=', param('sendAccount'));
        for (const wait of waits) locking = locking.where(wait);
        // The sender's row as the gates let it through, locked by nobody: its version is checked by the entry.
        return sender === 'unlocked' ? locking : locking.orderBy('account_number').forUpdate();
      },
    ),
    param,
    n,
  )
    .leftJoin(sql<{ account_number: string; version: string }>`locked`.as('locked'), (join) => join.onRef(sql.ref('locked.account_number'), '=', sql.ref('accounts.account_number')))
    .select([sql<string | null>`locked.version`.as('locked_version'), sql<string | null>`(select seen.xmin::text from accounts as seen where seen.account_number = ${param('sendAccount')})`.as('seen_version')]);
}
/** The lock and the reads in one statement (PostgreSQL lockForDebit). */
export const debitLockQuery = compiled((db: Db, param: Param<DebitParams>, n: number) => lockedRead(db, param, n, 'locked', []));

/**
 * The claim statements of PostgreSQL: the idempotency claim (with the entry's journal row) and
 * the lock and reads in one statement, one round trip fewer for every payment. `claimed` is 0 when
 * the key was taken.
 *
 * - `lock`: the sender and the accounts that sort before it, locked once the key is this
 *   request's.
 * - `lock-if-pin`: as debitNow sends it ahead of its PIN's verdict: it locks nothing unless the
 *   PIN count, as its snapshot sees it (after the try's autocommit), is 0 and no lock holds, and
 *   the customer may try a PIN from this account at all (the checks callerTryQuery makes before
 *   its try). So a wrong PIN, any request while the PIN is locked, and any request refused before
 *   the PIN take no row lock on anyone's account (another's account named as the sender, a
 *   recipient that sorts before the sender), as none did when the PIN came first; the key and
 *   journal row are rolled back with the transaction. (A count of 0 does not by itself say the
 *   request's own try matched, another's may have reset it: debitNow goes on only when its try
 *   matched, and only when the sender's row was let through here.)
 * - `unlocked-if-pin`: `lock-if-pin` when another account (a recipient) sorts before the sender:
 *   it locks no row at all, the sender's included, and reads the sender's row version (xmin) with
 *   what the checks need. The entry's statement then takes the rows' locks in account order
 *   (postEntry) and updates the sender only while its row is still that version (AsRead); a
 *   sender that changed meanwhile stops the entry (StaleRead) and the transfer runs again,
 *   locking first (debitNow). Without it, a recipient that sorts before its senders (a merchant on
 *   a busy day) was locked from this statement through a round trip to Node and back to the
 *   COMMIT, by every sender that sorts after it.
 * - `unlocked`: `unlocked-if-pin` for a request whose PIN was judged before (or that takes none).
 */
export type ClaimVariant = 'lock' | 'lock-if-pin' | 'unlocked-if-pin' | 'unlocked';
const claimShapes: Record<ClaimVariant, [LockWaitsFor, SenderRow]> = {
  lock: ['claim', 'locked'],
  'lock-if-pin': ['claim-and-pin', 'locked'],
  'unlocked-if-pin': ['claim-and-pin', 'unlocked'],
  unlocked: ['claim', 'unlocked'],
};

const keyClaimed = sql<boolean>`exists (select 1 from k)`;

function claimLock(db: Db, param: Param<ClaimParams>, n: number, variant: ClaimVariant) {
  const [waitsFor, sender] = claimShapes[variant];
  const claiming = db
    .with('e', (creator) =>
      creator.insertInto('journal_entries').values({ id: param('entryId'), reference: param('reference'), kind: param('kind'), description: param('description'), reverses_entry_id: null, created_at: param('at') }),
    )
    .with('k', (creator) =>
      creator
        .insertInto('idempotency_keys')
        .values({ user_id: param('userId'), key: param('key'), operation: param('operation'), request_hash: param('requestHash'), state: 'in_progress', response_status: null, response_body: null, transaction_reference: null, created_at: param('at'), updated_at: param('at') })
        .onConflict((conflict) => conflict.columns(['user_id', 'key']).doNothing())
        .returning('user_id'),
    );
  const waits = waitsFor === 'claim-and-pin' ? [keyClaimed, pinGate(param)] : [keyClaimed];
  return lockedRead(claiming, param, n, sender, waits).select(sql<number>`(select count(*) from k)::integer`.as('claimed'));
}

/** One compiled statement per claim variant; the shape is the number of accounts. */
export const claimLockQueries: { readonly [V in ClaimVariant]: ReturnType<typeof claimLockQueryOf> } = {
  lock: claimLockQueryOf('lock'),
  'lock-if-pin': claimLockQueryOf('lock-if-pin'),
  'unlocked-if-pin': claimLockQueryOf('unlocked-if-pin'),
  unlocked: claimLockQueryOf('unlocked'),
};
function claimLockQueryOf(variant: ClaimVariant) {
  return compiled((db: Db, param: Param<ClaimParams>, n: number) => claimLock(db, param, n, variant));
}
export type ClaimRow = Awaited<ReturnType<(typeof claimLockQueries)['lock']>>['rows'][number];

