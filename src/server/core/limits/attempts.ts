import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { engineOf } from '../../db/engine.ts';

/**
 * Guess limits hold only if an attempt is TAKEN before the secret is checked, in one step that
 * parallel requests cannot interleave. Counters on a row do it with a single guarded
 * `UPDATE … RETURNING` (or `INSERT … ON CONFLICT DO UPDATE … RETURNING`); limits that count rows
 * (statements, KYC checks, one-time codes issued) do it here: the count and the insert run in one
 * transaction that holds the customer's users row locked, so a burst is served one at a time.
 *
 * PostgreSQL runs statements truly concurrently and needs the row lock (`FOR UPDATE`); an SQLite
 * transaction already holds the database's one write lock from its start (BEGIN IMMEDIATE, see
 * sqlite-dialect.ts), and one writer connection serves every transaction, one at a time.
 */
type Executor = Kysely<Database> | Transaction<Database>;

export function isPostgres(executor: Executor): boolean {
  return engineOf(executor) === 'postgres';
}

/** Locks the customer's users row for the rest of `trx`; false when there is no such customer. */
export async function lockUserRow(trx: Transaction<Database>, userId: string): Promise<boolean> {
  let query = trx.selectFrom('users').select('id').where('id', '=', userId);
  if (isPostgres(trx)) query = query.forUpdate();
  return (await query.executeTakeFirst()) !== undefined;
}

/**
 * Runs `work` in a transaction holding the customer's row lock (inside `executor` when it is
 * already a transaction, such as registration's). Keep `work` short and on the database only:
 * never wait for a mail or an outside service while holding the lock.
 */
export async function withUserLocked<T>(executor: Executor, userId: string, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  const run = async (trx: Transaction<Database>) => {
    await lockUserRow(trx, userId);
    return work(trx);
  };
  return executor.isTransaction ? run(executor as Transaction<Database>) : (executor as Kysely<Database>).transaction().execute(run);
}

/**
 * Runs work for one key (a customer, an email) one at a time within this process. Guess limits
 * take tries in the database, which holds however many processes serve the bank; this only keeps
 * a customer's own burst of RIGHT answers (fifty payments sent at once by a script) from finding
 * every try taken by its own checks still in flight, and being refused. Entries go when idle.
 */
export function createKeyedQueue() {
  const tails = new Map<string, Promise<void>>();
  return function serialised<T>(key: string, work: () => Promise<T>): Promise<T> {
    const result = (tails.get(key) ?? Promise.resolve()).then(work);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return result;
  };
}
