import { randomInt } from 'node:crypto';
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import { compiled, type Param } from '../../db/compiled.ts';
import { thenCommit, type Db } from '../../db/connection.ts';
import { engineOf } from '../../db/engine.ts';
import type { Database } from '../../db/schema.ts';
import type { Failure } from '../result.ts';
import { fail } from '../result.ts';
import { orderedId } from '../ids.ts';
import { lagosDate } from '../../../lib/lagos-time.ts';
import { runTransaction } from '../../db/group-commit.ts';
import { insertRows, type Rider } from '../../db/insert-rows.ts';
import { kobo, type Kobo } from '../../../lib/money.ts';
import { said } from '../../../i18n/said.ts';

export { insertRows, type Rider };

/**
 * Double-entry bookkeeping. Every movement of money is one journal entry whose postings sum to
 * zero; entries and postings are only ever inserted. Balances live on the account row and change
 * in the same database transaction as the postings, through a guarded update that cannot take a
 * customer below zero (and a CHECK constraint refuses it even if this code were wrong).
 *
 * Sign convention: a posting's amount is added to the account's balance. A customer's balance
 * is money the bank owes them (positive); the bank's own accounts carry the other side, so all
 * balances together sum to zero.
 */
export { internalAccounts, internalAccountNumbers } from './system-accounts.ts';

export type Trx = Transaction<Database>;
/**
 * One posting. `ceiling`: a credit that must not take the account past `maxBalance` (a KYC tier's
 * maximum balance): the guarded update checks it against the balance it holds locked, and when it
 * would go past, the whole entry is refused with `refusal` (the recipient of a transfer
 * is no longer locked before the entry, so the check cannot be made from a balance read earlier).
 */
export type PostingLine = { account: string; amount: Kobo; ceiling?: { maxBalance: Kobo; refusal: () => Refusal } };

/** Thrown inside a database transaction to roll it back with an expected failure. */
export class Refusal extends Error {
  readonly failure: Failure;
  constructor(failure: Failure) {
    super(failure.message.key);
    this.failure = failure;
  }
}

/**
 * Runs `work` in one transaction; a Refusal rolls it back and comes out as the failure. On SQLite
 * the transaction is a piece of a group commit (db/group-commit.ts): atomic on its own, answered
 * once durable, sharing its COMMIT with the work that queued behind it.
 */
export async function inTransaction<T>(db: Db, work: (trx: Trx) => Promise<T>): Promise<{ ok: true; value: T } | Failure> {
  try {
    const value = await runTransaction(db, work);
    return { ok: true, value };
  } catch (error) {
    if (error instanceof Refusal) return error.failure;
    throw error;
  }
}

/**
 * Locks the given accounts' rows for the rest of the transaction, in a fixed order so two
 * transfers in opposite directions cannot deadlock. PostgreSQL needs it (row locks); SQLite
 * transactions already hold the database's single write lock (BEGIN IMMEDIATE).
 */
export async function lockAccounts(trx: Trx, accountNumbers: string[]) {
  const sorted = [...new Set(accountNumbers)].sort();
  let query = trx.selectFrom('accounts').select(['account_number', 'balance', 'user_id', 'kind']).where('account_number', 'in', sorted).orderBy('account_number');
  if (engineOf(trx) === 'postgres') query = query.forUpdate();
  const rows = await query.execute();
  return new Map(rows.map((row) => [row.account_number, { ...row, balance: kobo(Number(row.balance)) }]));
}

/**
 * An account whose row the caller read without locking it, and the row version (PostgreSQL's
 * xmin) it read: postEntry's update of that account goes through only while the row is still that
 * version, else the entry stops with StaleRead and nothing is written (money-gate.ts debitNow, for
 * a sender whose recipient sorts before it). `applied` is set once the check is in the statement.
 */
export type AsRead = { account: string; version: string; applied: boolean };

/** The row an AsRead names changed after it was read: the transaction is rolled back and may be run again, locking first. */
export class StaleRead extends Error {}

const unlockedReads = new WeakMap<Trx, AsRead>();
/**
 * Says that `trx` read `asRead.account` without locking it: every postEntry of `trx` that posts to
 * that account checks its version (the one way to ask for the check).
 */
export function readUnlocked(trx: Trx, asRead: AsRead): AsRead {
  unlockedReads.set(trx, asRead);
  return asRead;
}

/** What postEntry is given: the lines sum to zero; `reversesEntryId` makes it a reversal. */
export type Entry = { reference: string; kind: string; description: string; lines: PostingLine[]; at: string; reversesEntryId?: string };
/** An entry checked and given its id (prepareEntry), so its journal row can be written before its postings. */
export type PreparedEntry = Entry & { id: string };

/**
 * An account's balance after the entry, as SQL a rider can hold in place of a value (a credit row's
 * balance_after): on PostgreSQL the balance its update returned in the same statement, elsewhere
 * the figure postEntry already has. Never null: where the entry is refused it reads 0 in a row
 * the refusal rolls back.
 */
export type BalanceAfter = (account: string) => RawBuilder<unknown>;
/** What postEntry takes as a rider: a statement, or one made from the entry's balances after. */
export type EntryRider = Rider | ((balanceAfter: BalanceAfter) => Rider);


/** Checks the lines (integer kobo, at least two non-zero, summing to zero) and gives the entry its id. */
export function prepareEntry(entry: Entry | PreparedEntry): PreparedEntry {
  if ('id' in entry) return entry;
  const lines = entry.lines.filter((line) => line.amount !== 0);
  if (lines.length < 2) throw new Error('an entry needs at least two non-zero lines');
  for (const line of lines) {
    if (!Number.isSafeInteger(line.amount)) throw new Error(`posting amount must be integer kobo, got ${line.amount}`);
  }
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  if (total !== 0) throw new Error(`unbalanced entry ${entry.reference}: lines sum to ${total}`);
  return { ...entry, lines, id: orderedId('je', new Date(entry.at)) };
}

/** The entry's journal_entries row, as a statement (or a rider of the idempotency claim on PostgreSQL, before any lock). */
export function journalEntryInsert(entry: PreparedEntry): RawBuilder<unknown> {
  return insertRows('journal_entries', [{ id: entry.id, reference: entry.reference, kind: entry.kind, description: entry.description, reverses_entry_id: entry.reversesEntryId ?? null, created_at: entry.at }]);
}

/** A debit line's balance update: a customer account must cover it (compiled once, db/compiled.ts). */
const guardedDebit = compiled((db: Kysely<Database>, param: Param<{ amount: number; account: string; covers: number }>) =>
  db
    .updateTable('accounts')
    .set({ balance: sql<number>`balance + ${param('amount')}` })
    .where('account_number', '=', param('account'))
    .where((eb) => eb.or([eb('kind', '<>', 'customer'), eb('balance', '>=', param('covers'))]))
    .returning('balance'),
);
/** A credit line's balance update. */
const credit = compiled((db: Kysely<Database>, param: Param<{ amount: number; account: string }>) =>
  db
    .updateTable('accounts')
    .set({ balance: sql<number>`balance + ${param('amount')}` })
    .where('account_number', '=', param('account'))
    .returning('balance'),
);
/** A credit line with a ceiling: the balance after it must stay at or under `room` + amount. */
const cappedCredit = compiled((db: Kysely<Database>, param: Param<{ amount: number; account: string; room: number }>) =>
  db
    .updateTable('accounts')
    .set({ balance: sql<number>`balance + ${param('amount')}` })
    .where('account_number', '=', param('account'))
    .where('balance', '<=', param('room'))
    .returning('balance'),
);

const insufficientFunds = () => new Refusal(fail('INSUFFICIENT_FUNDS', said('said.money.notEnough')));

/** Why a line's guarded update changed nothing: no such account (a bug), its ceiling, or funds. */
async function refusalFor(trx: Trx, line: PostingLine): Promise<Refusal> {
  const exists = await trx.selectFrom('accounts').select('account_number').where('account_number', '=', line.account).executeTakeFirst();
  if (!exists) throw new Error(`posting to unknown account ${line.account}`);
  return line.ceiling && line.amount > 0 ? line.ceiling.refusal() : insufficientFunds();
}

/** What postEntry's statement raises (as a text that is not an integer) when a line was stopped or came out unexpected. */
const entryRefused = 'entry_refused_u';
const entryUnexpected = 'entry_unexpected_u';
const stopPattern = new RegExp(`(${entryRefused}|${entryUnexpected})(\\d+) (-?\\d+)`);

/** The refusal or error a stopped entry statement stands for; any other error as it came. */
function stoppedBy(error: unknown, entry: PreparedEntry, ordered: readonly PostingLine[], expect: ReadonlyMap<string, number> | undefined, asRead: AsRead | undefined): unknown {
  const found = error instanceof Error && (error as { code?: string }).code === '22P02' ? stopPattern.exec(error.message) : null;
  if (!found) return error;
  const line = ordered[Number(found[2])]!;
  // The row read unlocked stopped its own update: changed since (or short of funds, which the
  // locked run again will say); either way the entry is run again from a locked read.
  if (found[1] === entryRefused && asRead?.account === line.account) return new StaleRead(`entry ${entry.reference}: ${line.account} changed after it was read`);
  if (found[1] === entryUnexpected) return new Error(`entry ${entry.reference}: ${line.account} came to ${found[3]}, expected ${expect?.get(line.account)}`);
  if (found[3] === '0') return new Error(`posting to unknown account ${line.account}`);
  return line.ceiling && line.amount > 0 ? line.ceiling.refusal() : insufficientFunds();
}

/**
 * Posts one balanced entry and returns each touched account's balance after it. Lines that take
 * money from a customer account are guarded: if the balance does not cover them the whole
 * transaction is refused with INSUFFICIENT_FUNDS.
 *
 * Options: `written` when the entry's journal row is already in (journalEntryInsert); `expect`,
 * balances after the entry that the caller computed from rows it holds locked (a mismatch throws,
 * rolling everything back); `riders`, statements that go with the postings (the customer's
 * transactions rows, their alerts, the idempotent answer), written after them; a rider may be
 * made from the balances after the entry (EntryRider), for an account the caller did not lock;
 * `final`, the entry's statement is its transaction's last: on PostgreSQL its COMMIT is written
 * behind it (db/connection.ts thenCommit), so the row locks it takes are held for that statement
 * and the COMMIT, not also for a round trip to Node and back. The caller writes nothing after it.
 * An account `trx` read without a lock (readUnlocked, PostgreSQL): its update also requires the
 * row version read, and an entry stopped there throws StaleRead; where the entry cannot be one
 * statement it throws StaleRead at once, so the caller runs again with the row locked.
 *
 * On PostgreSQL it is one statement: the guarded balance updates, one data-modifying
 * CTE a line in account order, each waiting for the one before (`exists (select 1 from u<k-1>)`,
 * so row locks are still taken in that fixed order and a failed guard stops the rest), then the
 * journal row, the postings and the riders. The postings' insert checks the guards and the
 * expected balances and raises when one failed (entryRefused, entryUnexpected), so the statement
 * fails as a whole and its refusal does not wait for the caller: that is what lets `final` send the
 * COMMIT before the answer is read. On SQLite, and for an entry with two lines on one account, the
 * statements run one after the other as before.
 */
export async function postEntry(
  trx: Trx,
  input: Entry | PreparedEntry,
  options: { written?: boolean; expect?: ReadonlyMap<string, number>; riders?: readonly EntryRider[]; final?: boolean } = {},
): Promise<{ entryId: string; balances: Map<string, Kobo> }> {
  const entry = prepareEntry(input);
  const { lines } = entry;
  const riders = options.riders ?? [];
  const read = unlockedReads.get(trx);
  // The account read unlocked, when this entry posts to it.
  const asRead = read && lines.some((line) => line.account === read.account) ? read : undefined;
  // Applied in account order (the same order lockAccounts uses).
  const ordered = lines.map((line, index) => ({ ...line, index })).sort((a, b) => (a.account < b.account ? -1 : a.account > b.account ? 1 : a.index - b.index));
  const balances = new Map<string, Kobo>();
  const oneStatement = engineOf(trx) === 'postgres' && new Set(lines.map((line) => line.account)).size === lines.length;
  if (asRead && !oneStatement) {
    // Only the one statement checks a row's version with its update: anything else runs again from a locked read.
    throw new StaleRead(`entry ${entry.reference}: ${asRead.account} read unlocked, and this entry cannot check its version`);
  }

  if (oneStatement) {
    const name = (k: number) => sql.raw(`u${k}`);
    const updates = ordered.map(
      (line, k) =>
        sql`${name(k)} as (update accounts set balance = balance + ${line.amount}::bigint where account_number = ${line.account} and (${line.amount}::bigint >= 0 or kind <> 'customer' or balance >= ${-line.amount}::bigint)${line.ceiling ? sql` and balance <= ${line.ceiling.maxBalance - line.amount}::bigint` : sql``}${asRead?.account === line.account ? sql` and xmin::text = ${asRead.version}::text` : sql``}${k === 0 ? sql`` : sql` and exists (select 1 from ${name(k - 1)})`} returning account_number, balance)`,
    );
    const after: BalanceAfter = (account) => {
      const k = ordered.findIndex((line) => line.account === account);
      if (k < 0) throw new Error(`entry ${entry.reference} posts nothing to ${account}`);
      return sql`coalesce((select balance from ${name(k)}), 0)`;
    };
    const postingValues = sql.join(lines.map((line, index) => sql`(${index + 1}::integer, ${line.account}::text, ${line.amount}::bigint)`));
    // The statement refuses itself (raises) when a guard stopped a line or a balance came out other
    // than the caller expected, so a refusal never depends on code running after it (`final`).
    const refused = ordered.map((line, k) => sql`when not exists (select 1 from ${name(k)}) then (${sql.raw(`'${entryRefused}${k} '`)} || (select count(*) from accounts where account_number = ${line.account}::text))::integer`);
    const unexpected = [...(options.expect ?? [])].map(([account, balance]) => {
      const k = ordered.findIndex((line) => line.account === account);
      if (k < 0) throw new Error(`entry ${entry.reference} posts nothing to ${account}`);
      return sql`when (select balance from ${name(k)}) <> ${balance}::bigint then (${sql.raw(`'${entryUnexpected}${k} '`)} || (select balance from ${name(k)}))::integer`;
    });
    const guard = sql`case ${sql.join([...refused, ...unexpected], sql` `)} else 1 end`;
    const ctes = [
      ...updates,
      ...(options.written ? [] : [sql`e as (${journalEntryInsert(entry)})`]),
      sql`p as (insert into postings (entry_id, line, account_number, amount, created_at) select ${entry.id}::text, v.line, v.account, v.amount, ${entry.at}::text from (values ${postingValues}) as v (line, account, amount) where ${guard} = 1)`,
      ...riders.map((rider, index) => sql`${sql.raw(`r${index}`)} as (${typeof rider === 'function' ? rider(after) : rider})`),
    ];
    const selects = sql.join(ordered.map((_, k) => sql`select account_number, balance from ${name(k)}`), sql` union all `);
    const statement = sql<{ account_number: string; balance: number | string }>`with ${sql.join(ctes)} ${selects}${options.final ? sql.raw(` ${thenCommit}`) : sql``}`;
    if (asRead) asRead.applied = true;
    let rows: { account_number: string; balance: number | string }[];
    try {
      ({ rows } = await statement.execute(trx));
    } catch (error) {
      throw stoppedBy(error, entry, ordered, options.expect, asRead);
    }
    for (const row of rows) balances.set(row.account_number, kobo(Number(row.balance)));
    const missing = ordered.find((line) => !balances.has(line.account));
    if (missing) throw await refusalFor(trx, missing);
  } else {
    if (!options.written) await journalEntryInsert(entry).execute(trx);
    for (const line of ordered) {
      const updated =
        line.amount < 0
          ? (await guardedDebit(trx, { amount: line.amount, account: line.account, covers: -line.amount })).rows[0]
          : line.ceiling
            ? (await cappedCredit(trx, { amount: line.amount, account: line.account, room: line.ceiling.maxBalance - line.amount })).rows[0]
            : (await credit(trx, { amount: line.amount, account: line.account })).rows[0];
      if (!updated) throw await refusalFor(trx, line);
      balances.set(line.account, kobo(Number(updated.balance)));
    }
    await insertRows('postings', lines.map((line, index) => ({ entry_id: entry.id, line: index + 1, account_number: line.account, amount: line.amount, created_at: entry.at }))).execute(trx);
  }
  for (const [account, expected] of options.expect ?? []) {
    if (balances.get(account) !== expected) throw new Error(`entry ${entry.reference}: ${account} came to ${balances.get(account)}, expected ${expected}`);
  }
  if (!oneStatement) {
    const known: BalanceAfter = (account) => {
      const balance = balances.get(account);
      if (balance === undefined) throw new Error(`entry ${entry.reference} posts nothing to ${account}`);
      return sql`${balance}`;
    };
    for (const rider of riders) await (typeof rider === 'function' ? rider(known) : rider).execute(trx);
  }
  return { entryId: entry.id, balances };
}

/** Posts the exact opposite of an entry. The unique index on reverses_entry_id forbids a second one. */
export async function reverseEntry(trx: Trx, original: { entryId: string; reference: string; at: string; description: string }) {
  const lines = await trx.selectFrom('postings').select(['account_number', 'amount']).where('entry_id', '=', original.entryId).orderBy('line').execute();
  if (lines.length === 0) throw new Error(`no postings for entry ${original.entryId}`);
  return postEntry(trx, {
    reference: original.reference,
    kind: 'reversal',
    description: original.description,
    at: original.at,
    reversesEntryId: original.entryId,
    lines: lines.map((line) => ({ account: line.account_number, amount: kobo(-Number(line.amount)) })),
  });
}

/** A customer-facing reference: prefix, the Lagos date and time to the second, six random characters. */
export function newReference(prefix: string, at: Date): string {
  const stamp = lagosDate(at).replaceAll('-', '').slice(2) + new Date(at.getTime() + 3_600_000).toISOString().slice(11, 19).replaceAll(':', '');
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  let tail = '';
  for (let index = 0; index < 6; index += 1) tail += alphabet[randomInt(alphabet.length)];
  return `${prefix}${stamp}${tail}`;
}
