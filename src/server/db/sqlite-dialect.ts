import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { CompiledQuery, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler, type DatabaseConnection, type Dialect, type Driver, type QueryResult, type SqliteDatabase, type SqliteStatement } from 'kysely';

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
    // node:sqlite runs a statement synchronously, to the end, so a prepared statement is never
    // reused while another use of it runs (each connection, writer and reader, has its own cache).
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

/**
 * How long a write waits for another connection's write lock (a CLI such as `ledger:verify` or
 * `sandbox:credit`, or in tests a second app on the same file) before it fails. SQLite's own
 * busy_timeout waits by sleeping inside the call, which freezes the event loop: nothing else is
 * served meanwhile, and a transaction of this process that holds the lock across an await can
 * never finish (the group commit does, for one turn of the event loop). So the writer opens with
 * busy_timeout 0 and a write that finds the lock taken is tried again after a timer, 1 ms
 * doubling to 25 ms, until this much time has passed. A statement refused with SQLITE_BUSY
 * changed nothing, so trying it again is safe; only a transaction's BEGIN and a write outside a
 * transaction are retried (inside BEGIN IMMEDIATE the lock is already held).
 */
const busyWaitMs = 5_000;

/**
 * How many WAL pages a commit leaves before it copies them back into the database file (SQLite's
 * automatic checkpoint, which runs inside the COMMIT that crosses the mark). SQLite's default is
 * 1,000 pages (4 MiB): under a stream of transfers a group COMMIT every so often then carried a
 * checkpoint, several times slower than one without, and the pages written again and again (the
 * accounts, the rollups, the right edge of every index) were copied back each time. At 10,000
 * pages each hot page is copied once per 40 MiB of WAL instead of once per 4 MiB, and the
 * transfer service runs measurably faster (docs/benchmark-history.md has the runs). The cost is
 * disk, not memory: the WAL file grows to about 40 MiB
 * and stays that size (journal_size_limit truncates one that grew past 64 MiB, when a reader held
 * a checkpoint back, once it is reset), and a restart after a crash reads that much WAL back.
 * Durability is unchanged: a COMMIT still syncs the WAL (synchronous = FULL).
 */
export const walAutocheckpointPages = 10_000;
const journalSizeLimitBytes = 64 * 1024 * 1024;

export function openSqlite(file: string, options: { busyTimeoutMs?: number } = {}): DatabaseSync {
  const database = new DatabaseSync(file, { enableForeignKeyConstraints: true });
  // WAL lets readers run beside the writer; FULL makes a committed transaction survive power loss.
  database.exec('PRAGMA journal_mode = WAL');
  database.exec('PRAGMA synchronous = FULL');
  database.exec('PRAGMA foreign_keys = ON');
  database.exec(`PRAGMA busy_timeout = ${options.busyTimeoutMs ?? busyWaitMs}`);
  database.exec(`PRAGMA wal_autocheckpoint = ${walAutocheckpointPages}`);
  database.exec(`PRAGMA journal_size_limit = ${journalSizeLimitBytes}`);
  return database;
}

/**
 * The connections of one SQLite database: a writer for transactions and every
 * statement that may write, and a read-only reader for plain SELECTs outside a transaction.
 *
 * Kysely's own SQLite driver runs everything on one connection behind one mutex, so a page's read
 * waited for whatever transaction was under way, and a transaction (with the group commit,
 * db/group-commit.ts, a whole group) could not take in the money requests that arrived meanwhile:
 * their reads before the transaction (the session, the caller) were queued behind it. With WAL a
 * reader sees the last committed state without waiting for the writer, which is what a read
 * outside a transaction on PostgreSQL sees too, so the code written for both engines needs
 * nothing new. The writer is still one at a time: a transaction holds it from BEGIN (IMMEDIATE)
 * to COMMIT or ROLLBACK, a lone write for its one statement. Inside a transaction every
 * statement, reads included, goes to the writer (it sees its own writes). The reader is opened
 * read-only, so a write sent to it by mistake fails loudly instead of bypassing the writer.
 */
class WriterLock {
  private held = false;
  private readonly waiting: Array<() => void> = [];
  async take(): Promise<void> {
    if (!this.held) {
      this.held = true;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }
  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.held = false;
  }
}

function savepointName(name: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`savepoint name ${JSON.stringify(name)} is not a plain identifier`);
  return `"${name}"`;
}

/** A plain SELECT (Kysely compiles them starting with `select`); anything else may write. */
const plainSelect = /^\s*select\b/i;

function execute(database: NodeSqliteDatabase, compiledQuery: CompiledQuery): QueryResult<unknown> {
  const statement = database.prepare(compiledQuery.sql);
  if (statement.reader) return { rows: statement.all(compiledQuery.parameters) };
  const { changes, lastInsertRowid } = statement.run(compiledQuery.parameters);
  return { insertId: lastInsertRowid != null ? BigInt(lastInsertRowid) : undefined, numAffectedRows: changes != null ? BigInt(changes) : undefined, rows: [] };
}


function isBusy(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { errcode?: unknown }).errcode === 5;
}

async function executeWaiting(database: NodeSqliteDatabase, compiledQuery: CompiledQuery): Promise<QueryResult<unknown>> {
  const started = Date.now();
  for (let pause = 1; ; pause = Math.min(pause * 2, 25)) {
    try {
      return execute(database, compiledQuery);
    } catch (error) {
      if (!isBusy(error) || Date.now() - started >= busyWaitMs) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}

/** What Kysely gets for each acquisition: a reader for plain SELECTs, the writer (when held, or for one statement) otherwise. */
class SplitConnection implements DatabaseConnection {
  holdsWriter = false;
  private readonly driver: SplitSqliteDriver;
  constructor(driver: SplitSqliteDriver) {
    this.driver = driver;
  }
  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const { writer, reader, lock } = this.driver.parts();
    if (this.holdsWriter) {
      // The transaction's BEGIN (IMMEDIATE: it takes the write lock) waits for another connection's lock without blocking.
      if (compiledQuery.sql === 'begin') return (await executeWaiting(writer, compiledQuery)) as QueryResult<R>;
      return execute(writer, compiledQuery) as QueryResult<R>;
    }
    if (plainSelect.test(compiledQuery.sql)) return execute(reader, compiledQuery) as QueryResult<R>;
    await lock.take();
    try {
      return (await executeWaiting(writer, compiledQuery)) as QueryResult<R>;
    } finally {
      lock.release();
    }
  }
  // eslint-disable-next-line require-yield -- the app never streams; Kysely's interface has it
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not supported on SQLite here');
  }
}

class SplitSqliteDriver implements Driver {
  private readonly file: string;
  private writer: NodeSqliteDatabase | null = null;
  private reader: NodeSqliteDatabase | null = null;
  private readonly lock = new WriterLock();
  constructor(file: string) {
    this.file = file;
  }
  async init(): Promise<void> {
    // The writer first: it sets WAL on the file before the read-only reader opens it.
    this.writer = new NodeSqliteDatabase(openSqlite(this.file, { busyTimeoutMs: 0 }));
    this.reader = new NodeSqliteDatabase(openSqliteReader(this.file));
  }
  parts() {
    if (!this.writer || !this.reader) throw new Error('the SQLite database is closed');
    return { writer: this.writer, reader: this.reader, lock: this.lock };
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    return new SplitConnection(this);
  }
  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const split = connection as SplitConnection;
    await this.lock.take();
    split.holdsWriter = true;
    try {
      await split.executeQuery(CompiledQuery.raw('begin'));
    } catch (error) {
      this.endTransaction(split);
      throw error;
    }
  }
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    // A failed COMMIT leaves the transaction open (a deferred constraint): the writer stays held until the rollback.
    await connection.executeQuery(CompiledQuery.raw('commit'));
    this.endTransaction(connection as SplitConnection);
  }
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await connection.executeQuery(CompiledQuery.raw('rollback'));
    } finally {
      this.endTransaction(connection as SplitConnection);
    }
  }
  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${savepointName(name)}`));
  }
  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to ${savepointName(name)}`));
  }
  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release ${savepointName(name)}`));
  }
  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    this.endTransaction(connection as SplitConnection);
  }
  async destroy(): Promise<void> {
    this.reader?.close();
    this.writer?.close();
    this.reader = null;
    this.writer = null;
  }
  private endTransaction(connection: SplitConnection): void {
    if (!connection.holdsWriter) return;
    connection.holdsWriter = false;
    this.lock.release();
  }
}

/** Kysely's SQLite adapter, but telling it the driver hands out connections itself (SplitSqliteDriver), so it keeps no mutex of its own. */
class SplitSqliteAdapter extends SqliteAdapter {
  override get supportsMultipleConnections(): boolean {
    return true;
  }
}

export function openSqliteReader(file: string): DatabaseSync {
  const database = new DatabaseSync(file, { readOnly: true, enableForeignKeyConstraints: true });
  database.exec('PRAGMA busy_timeout = 5000');
  return database;
}

/** Kysely's SQLite dialect with this file's driver (a writer and a reader) in place of its one connection. */
export function createNodeSqliteDialect(file: string): Dialect {
  return {
    createDriver: () => new SplitSqliteDriver(file),
    createQueryCompiler: () => new SqliteQueryCompiler(),
    createAdapter: () => new SplitSqliteAdapter(),
    createIntrospector: (db) => new SqliteIntrospector(db),
  };
}
