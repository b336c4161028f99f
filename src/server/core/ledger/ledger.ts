import { randomInt } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import type { Failure } from '../result.ts';
import { fail } from '../result.ts';
import { newId } from '../ids.ts';
import { lagosDate } from '../../../lib/lagos-time.ts';

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
export type PostingLine = { account: string; amount: number };

/** Thrown inside a database transaction to roll it back with an expected failure. */
export class Refusal extends Error {
  readonly failure: Failure;
  constructor(failure: Failure) {
    super(failure.message);
    this.failure = failure;
  }
}

/** Runs `work` in one transaction; a Refusal rolls it back and comes out as the failure. */
export async function inTransaction<T>(db: Db, work: (trx: Trx) => Promise<T>): Promise<{ ok: true; value: T } | Failure> {
  try {
    const value = await db.transaction().execute(work);
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
export async function lockAccounts(trx: Trx, engine: 'sqlite' | 'postgres', accountNumbers: string[]) {
  const sorted = [...new Set(accountNumbers)].sort();
  let query = trx.selectFrom('accounts').select(['account_number', 'balance', 'user_id', 'kind']).where('account_number', 'in', sorted).orderBy('account_number');
  if (engine === 'postgres') query = query.forUpdate();
  const rows = await query.execute();
  return new Map(rows.map((row) => [row.account_number, { ...row, balance: Number(row.balance) }]));
}

/**
 * Posts one balanced entry and returns each touched account's balance after it. Lines that take
 * money from a customer account are guarded: if the balance does not cover them the whole
 * transaction is refused with INSUFFICIENT_FUNDS.
 */
export async function postEntry(
  trx: Trx,
  entry: { reference: string; kind: string; description: string; lines: PostingLine[]; at: string; reversesEntryId?: string },
): Promise<{ entryId: string; balances: Map<string, number> }> {
  const lines = entry.lines.filter((line) => line.amount !== 0);
  if (lines.length < 2) throw new Error('an entry needs at least two non-zero lines');
  for (const line of lines) {
    if (!Number.isSafeInteger(line.amount)) throw new Error(`posting amount must be integer kobo, got ${line.amount}`);
  }
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  if (total !== 0) throw new Error(`unbalanced entry ${entry.reference}: lines sum to ${total}`);

  const entryId = newId('je');
  await trx
    .insertInto('journal_entries')
    .values({ id: entryId, reference: entry.reference, kind: entry.kind, description: entry.description, reverses_entry_id: entry.reversesEntryId ?? null, created_at: entry.at })
    .execute();

  const balances = new Map<string, number>();
  // Apply in account order (the same order lockAccounts uses).
  const ordered = lines.map((line, index) => ({ ...line, index })).sort((a, b) => (a.account < b.account ? -1 : a.account > b.account ? 1 : a.index - b.index));
  for (const line of ordered) {
    const updated = await trx
      .updateTable('accounts')
      .set({ balance: sql<number>`balance + ${line.amount}` })
      .where('account_number', '=', line.account)
      .where((eb) => (line.amount < 0 ? eb.or([eb('kind', '<>', 'customer'), eb('balance', '>=', -line.amount)]) : eb.lit(true)))
      .returning('balance')
      .executeTakeFirst();
    if (!updated) {
      const exists = await trx.selectFrom('accounts').select('account_number').where('account_number', '=', line.account).executeTakeFirst();
      if (!exists) throw new Error(`posting to unknown account ${line.account}`);
      throw new Refusal(fail('INSUFFICIENT_FUNDS', 'Your balance is not enough for this amount and its charges.'));
    }
    balances.set(line.account, Number(updated.balance));
  }
  await trx
    .insertInto('postings')
    .values(lines.map((line, index) => ({ entry_id: entryId, line: index + 1, account_number: line.account, amount: line.amount, created_at: entry.at })))
    .execute();
  return { entryId, balances };
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
    lines: lines.map((line) => ({ account: line.account_number, amount: -Number(line.amount) })),
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
