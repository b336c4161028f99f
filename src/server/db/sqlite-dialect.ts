import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { SqliteDialect, type SqliteDatabase, type SqliteStatement } from 'kysely';

/**
 * Kysely's SQLite dialect expects a better-sqlite3-shaped database. Node's built-in
 * node:sqlite is close enough that a thin adapter suffices, so no native addon is compiled.
 */
class NodeSqliteStatement implements SqliteStatement {
  readonly reader: boolean;
  private readonly statement: StatementSync;
  constructor(statement: StatementSync) {
    this.statement = statement;
    this.reader = statement.columns().length > 0;
  }
  all(parameters: ReadonlyArray<unknown>): unknown[] {
    return this.statement.all(...(parameters as never[]));
  }
  run(parameters: ReadonlyArray<unknown>) {
    const result = this.statement.run(...(parameters as never[]));
    return { changes: result.changes, lastInsertRowid: result.lastInsertRowid };
  }
  iterate(parameters: ReadonlyArray<unknown>): IterableIterator<unknown> {
    return this.statement.iterate(...(parameters as never[])) as IterableIterator<unknown>;
  }
}

/**
 * How many prepared statements one connection keeps. Kysely prepares every query it runs; the
 * app's queries are a few hundred distinct texts, so keeping them prepared saves SQLite's parse
 * and plan on every call (a money transaction runs a dozen). The least recently used goes first.
 */
const preparedStatementCacheSize = 500;

class NodeSqliteDatabase implements SqliteDatabase {
  private readonly database: DatabaseSync;
  private readonly prepared = new Map<string, NodeSqliteStatement>();
  constructor(database: DatabaseSync) {
    this.database = database;
  }
  prepare(sql: string): SqliteStatement {
    // Kysely opens transactions with a plain (deferred) BEGIN. A deferred transaction that reads
    // and then writes can fail with SQLITE_BUSY when another process (a CLI such as
    // ledger:verify or sandbox:credit) wrote in between; BEGIN IMMEDIATE takes the write lock
    // up front and waits for it (busy_timeout) instead.
    const text = sql === 'begin' ? 'begin immediate' : sql;
    const cached = this.prepared.get(text);
    if (cached) {
      // Most recently used last (a Map keeps insertion order).
      this.prepared.delete(text);
      this.prepared.set(text, cached);
      return cached;
    }
    // One connection runs one statement at a time (Kysely's SQLite driver holds a mutex and
    // node:sqlite is synchronous), so a statement is never reused while another use of it runs.
    const statement = new NodeSqliteStatement(this.database.prepare(text));
    this.prepared.set(text, statement);
    if (this.prepared.size > preparedStatementCacheSize) this.prepared.delete(this.prepared.keys().next().value!);
    return statement;
  }
  close(): void {
    this.prepared.clear();
    if (this.database.isOpen) this.database.close();
  }
}

export function openSqlite(file: string): DatabaseSync {
  const database = new DatabaseSync(file, { enableForeignKeyConstraints: true });
  // WAL lets readers run beside the writer; FULL makes a committed transaction survive power loss.
  database.exec('PRAGMA journal_mode = WAL');
  database.exec('PRAGMA synchronous = FULL');
  database.exec('PRAGMA foreign_keys = ON');
  database.exec('PRAGMA busy_timeout = 5000');
  return database;
}

export function createNodeSqliteDialect(file: string): SqliteDialect {
  return new SqliteDialect({ database: async () => new NodeSqliteDatabase(openSqlite(file)) });
}
