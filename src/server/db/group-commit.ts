import { AsyncLocalStorage } from 'node:async_hooks';
import { sql, type Transaction } from 'kysely';
import type { Db } from './connection.ts';
import type { Database } from './schema.ts';
import { engineOf } from './engine.ts';

/**
 * Group commit for SQLite (docs/decisions/010-few-statements-on-the-money-path.md). SQLite has one writer and the server one connection, so
 * money transactions already run one after another; each paid its own COMMIT, and with
 * `synchronous = FULL` a COMMIT is a write of every page the transaction touched plus an fsync
 * of the WAL, most of a transfer's time.
 *
 * Work that arrives while a transaction runs waits in a queue; when the transaction's work is
 * done, the queued work runs in the same database transaction, each piece inside a SAVEPOINT of
 * its own, and one COMMIT makes the whole group durable. So:
 * - each piece is all or nothing on its own: a piece that throws (a Refusal, a Replay, a bug) is
 *   rolled back to its savepoint (the group's first piece, which has none, with the transaction)
 *   and the others go on, exactly as if it had run alone;
 * - pieces run one at a time, in arrival order, each seeing what the pieces before it wrote:
 *   the same serial order the connection gave them before;
 * - nobody hears anything before the group's COMMIT: a piece's value (or its refusal) is handed
 *   back only once the group is durable. If the COMMIT fails, every piece of the group fails with
 *   that error and none of them happened (their idempotency claims went with them, so a retry
 *   with the same key starts afresh);
 * - a lone request is barely delayed: with nothing queued, the group is one piece and commits
 *   after one turn of the event loop. Groups form under load, which is when the saved fsyncs
 *   matter;
 * - a group holds at most `maxGroup` pieces, so a write outside it (waiting for the writer,
 *   sqlite-dialect.ts) waits for one group at most; plain reads go to the reader connection
 *   and never wait for a group.
 *
 * PostgreSQL has many connections and its own group commit (commit_delay); there each piece is
 * its own transaction, as before.
 */
export const maxGroup = 32;

type Piece = {
  work: (trx: Transaction<Database>) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  /** A provisional piece (groupedWriteProvisional): told its value as soon as its work is done, before the COMMIT. */
  early?: (value: unknown) => void;
};
type Settled = { piece: Piece; ok: true; value: unknown } | { piece: Piece; ok: false; error: unknown };

/** What a database's groups have done so far (tests and the benchmark read it). */
export type GroupCommitStats = { groups: number; pieces: number; largest: number; failedGroups: number };

type Committer = {
  run: <T>(work: (trx: Transaction<Database>) => Promise<T>) => Promise<T>;
  runProvisional: <T>(work: (trx: Transaction<Database>) => Promise<T>) => Promise<Provisional<T>>;
  stats: GroupCommitStats;
};

/**
 * A grouped write's value as soon as its work is done, and `durable`, which settles with the
 * COMMIT that makes it durable (rejects if that COMMIT fails: then the write never happened).
 */
export type Provisional<T> = { value: T; durable: Promise<void> };

const committers = new WeakMap<Db, Committer>();

/**
 * Set while a piece's work runs. A piece that asked for another transaction or grouped write on
 * the same database would wait for its own group to end, for ever: it gets an error saying so
 * instead (it must use the transaction it was given).
 */
const insidePiece = new AsyncLocalStorage<Db>();

/** A piece that starts another grouped write on its own database would wait for its own group: refused instead. */
function waitsForItself(): Error {
  return new Error('a transaction or grouped write was started inside a transaction on the same SQLite database: it would wait for itself; use the transaction you were given');
}

function createCommitter(db: Db): Committer {
  const queue: Piece[] = [];
  const stats: GroupCommitStats = { groups: 0, pieces: 0, largest: 0, failedGroups: 0 };
  let draining = false;

  async function runGroup(): Promise<void> {
    let trx;
    try {
      trx = await db.startTransaction().execute();
    } catch (error) {
      // BEGIN failed (the database is busy past busy_timeout, or closed): whoever is waiting now hears it.
      for (const piece of queue.splice(0)) piece.reject(error);
      return;
    }
    const settled: Settled[] = [];
    // The piece under way, until it is settled: if the group fails with it, it hears so too.
    let current: Piece | null = null;
    // One turn of the event loop before the COMMIT, once a group: requests that arrived meanwhile
    // (read the caller on the reader connection, checked the PIN) join this COMMIT instead of
    // waiting for it and paying the next. A lone request pays one setImmediate (microseconds).
    let waited = false;
    /**
     * A provisional piece hears its value now; what it writes next (the payment behind a PIN's
     * try) is usually queued before the next turn of the event loop, so the group waits that turn
     * again (once per such piece, up to maxGroup) and the follow-on shares this COMMIT.
     */
    const tellEarly = (piece: Piece, value: unknown) => {
      if (!piece.early) return;
      piece.early(value);
      waited = false;
    };
    try {
      for (;;) {
        if (queue.length === 0 && !waited && settled.length < maxGroup) {
          waited = true;
          await new Promise((resolve) => setImmediate(resolve));
        }
        if (queue.length === 0 || settled.length >= maxGroup) break;
        const piece = queue.shift()!;
        current = piece;
        if (settled.length === 0) {
          // The group's first piece needs no savepoint: if it throws, the whole (so far only its)
          // transaction rolls back, and the pieces queued meanwhile start a group of their own.
          // A lone request so costs BEGIN, its work and COMMIT, as before group commit.
          let value: unknown;
          try {
            value = await insidePiece.run(db, () => piece.work(trx));
          } catch (error) {
            current = null;
            await rollbackQuietly(trx);
            piece.reject(error);
            return;
          }
          settled.push({ piece, ok: true, value });
          current = null;
          tellEarly(piece, value);
          continue;
        }
        await sql`savepoint piece`.execute(trx);
        try {
          const value = await insidePiece.run(db, () => piece.work(trx));
          await sql`release piece`.execute(trx);
          settled.push({ piece, ok: true, value });
          current = null;
          tellEarly(piece, value);
        } catch (error) {
          // Undo this piece alone; if even that fails, the group cannot be trusted (outer catch).
          await sql`rollback to piece`.execute(trx);
          await sql`release piece`.execute(trx);
          settled.push({ piece, ok: false, error });
          current = null;
        }
      }
      await trx.commit().execute();
    } catch (error) {
      stats.failedGroups += 1;
      await rollbackQuietly(trx);
      for (const entry of settled) entry.piece.reject(error);
      (current as Piece | null)?.reject(error);
      return;
    } finally {
      stats.groups += 1;
      stats.pieces += settled.length;
      stats.largest = Math.max(stats.largest, settled.length);
    }
    for (const entry of settled) {
      if (entry.ok) entry.piece.resolve(entry.value);
      else entry.piece.reject(entry.error);
    }
  }

  async function drain(): Promise<void> {
    draining = true;
    try {
      while (queue.length > 0) await runGroup();
    } finally {
      draining = false;
    }
  }

  return {
    stats,
    run<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
      if (insidePiece.getStore() === db) return Promise.reject(waitsForItself());
      return new Promise<T>((resolve, reject) => {
        queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
        if (!draining) void drain();
      });
    },
    runProvisional<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<Provisional<T>> {
      if (insidePiece.getStore() === db) return Promise.reject(waitsForItself());
      return new Promise<Provisional<T>>((resolveValue, rejectValue) => {
        let settle!: { resolve: () => void; reject: (error: unknown) => void };
        const durable = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
        // Whoever took the value may never wait for durable (a right PIN whose payment follows): its failure is theirs to hear, not an unhandled rejection.
        durable.catch(() => undefined);
        queue.push({
          work,
          early: (value) => resolveValue({ value: value as T, durable }),
          resolve: () => settle.resolve(),
          // Before its value was told (the work threw, or the group failed first) the value's promise rejects; after it, only durable.
          reject: (error) => {
            settle.reject(error);
            rejectValue(error);
          },
        });
        if (!draining) void drain();
      });
    },
  };
}

async function rollbackQuietly(trx: { rollback: () => { execute: () => Promise<void> } }): Promise<void> {
  try {
    await trx.rollback().execute();
  } catch {
    // SQLite may have rolled back already (an I/O error does); the connection is released either way.
  }
}

function committerOf(db: Db): Committer {
  let committer = committers.get(db);
  if (!committer) {
    committer = createCommitter(db);
    committers.set(db, committer);
  }
  return committer;
}

/**
 * Runs `work` in a database transaction: on SQLite as a piece of a group commit (above), on
 * PostgreSQL in a transaction of its own. Either way the work is atomic and its value comes back
 * only once it is committed.
 */
export function runTransaction<T>(db: Db, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  if (engineOf(db) === 'sqlite') return committerOf(db).run(work);
  return db.transaction().execute(work);
}

/**
 * One write outside any transaction (a counter, a flag): on SQLite a piece of the group commit, so
 * it shares a COMMIT (and its fsync) with the money transactions under way instead of paying its
 * own; on PostgreSQL a statement on its own connection, autocommitted, as before. Either way its
 * value comes back once it is durable.
 */
export function groupedWrite<T>(db: Db, work: (executor: Db) => Promise<T>): Promise<T> {
  // On SQLite even a write that finds no group under way starts one: the turn of the event loop
  // before its COMMIT lets the writes and payments of other requests share that COMMIT. (Another
  // connection wanting the lock meanwhile waits on a timer, never in a blocking sleep:
  // sqlite-dialect.ts.)
  if (engineOf(db) === 'sqlite') return committerOf(db).run(work);
  return work(db);
}

/**
 * groupedWrite, but its value comes back as soon as the work is done, before the COMMIT, with
 * `durable` to wait for when something depends on the write having happened. Whatever
 * the caller then writes through the group commit joins this group or a later one, so it can never
 * be durable before this write: a PIN's right try and the payment behind it share one COMMIT,
 * where they waited for two. Anything said to a customer or sent elsewhere on the strength of this
 * write alone must wait for `durable` (a wrong PIN's refusal is answered only once the try is
 * counted for good). If the group's COMMIT fails, `durable` rejects, and the writes queued behind
 * it in the same group fail with it. On PostgreSQL the write is autocommitted before its value
 * comes back, as groupedWrite's, and `durable` is already settled.
 */
export async function groupedWriteProvisional<T>(db: Db, work: (executor: Db) => Promise<T>): Promise<Provisional<T>> {
  if (engineOf(db) === 'sqlite') return committerOf(db).runProvisional(work);
  return { value: await work(db), durable: Promise.resolve() };
}

/** The group-commit figures of a SQLite database (zeros on PostgreSQL or before any group). */
export function groupCommitStats(db: Db): GroupCommitStats {
  return { ...(committers.get(db)?.stats ?? { groups: 0, pieces: 0, largest: 0, failedGroups: 0 }) };
}
