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

class NodeSqliteDatabase implements SqliteDatabase {
  private readonly database: DatabaseSync;
  constructor(database: DatabaseSync) {
    this.database = database;
  }
  prepare(sql: string): SqliteStatement {
    // Kysely opens transactions with a plain (deferred) BEGIN. A deferred transaction that reads
    // and then writes can fail with SQLITE_BUSY when another process (a CLI such as
    // ledger:verify or sandbox:credit) wrote in between; BEGIN IMMEDIATE takes the write lock
    // up front and waits for it (busy_timeout) instead.
    return new NodeSqliteStatement(this.database.prepare(sql === 'begin' ? 'begin immediate' : sql));
  }
  close(): void {
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
