import fs from 'node:fs';
import path from 'node:path';
import { CompiledQuery, Kysely, PostgresDialect, type LogEvent } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import { createRequire } from 'node:module';
import type pgTypes from 'pg';
import type { Config } from '../config.ts';
import type { Logger } from '../log.ts';
import type { Database } from './schema.ts';
import { createNodeSqliteDialect } from './sqlite-dialect.ts';
import { engineOf } from './engine.ts';
import * as initial from './migrations/2026-11-21T1200_initial.ts';
import * as ledger from './migrations/2026-11-21T1500_ledger.ts';
import * as bills from './migrations/2026-11-21T1900_bills.ts';
import * as kyc from './migrations/2026-11-21T2100_kyc.ts';
import * as keyedSecrets from './migrations/2026-11-22T1100_keyed_secrets.ts';
import * as openDoors from './migrations/2026-11-22T1200_open_doors.ts';
import * as pendingRegistrationTokens from './migrations/2026-11-22T1600_pending_registration_tokens.ts';
import * as bvnUniqueIndex from './migrations/2026-11-22T1700_bvn_unique_index.ts';
import * as sharedLimits from './migrations/2026-11-22T1800_shared_limits.ts';
import * as jobs from './migrations/2026-11-22T1810_jobs.ts';
import * as alerts from './migrations/2026-11-22T1900_alerts.ts';
import * as freezeAndCases from './migrations/2026-11-22T1910_freeze_and_cases.ts';
import * as ownLimits from './migrations/2026-11-22T1920_own_limits.ts';
import * as monthlyRollups from './migrations/2026-11-22T2000_monthly_rollups.ts';
import * as paymentRequests from './migrations/2026-11-22T2010_payment_requests.ts';
import * as scheduledTransfers from './migrations/2026-11-22T2020_scheduled_transfers.ts';
import * as language from './migrations/2026-11-22T2030_language.ts';
import * as dailyDebits from './migrations/2026-11-27T1300_daily_debits.ts';
import * as transactionsNewestFirst from './migrations/2026-11-27T1700_transactions_newest_first.ts';
import * as languageAnyCode from './migrations/2026-12-02T0600_language_any_code.ts';
import * as identityBeforeMoney from './migrations/2026-12-02T1000_identity_before_money.ts';
import * as boundDevices from './migrations/2026-12-02T1120_bound_devices.ts';
import * as securityCodesAndSmsAlerts from './migrations/2026-12-02T1130_security_codes_and_sms_alerts.ts';
import * as staffAndAudit from './migrations/2026-12-02T1300_staff_and_audit.ts';
import * as caseClocks from './migrations/2026-12-03T0810_case_clocks.ts';
import * as proposals from './migrations/2026-12-03T0820_proposals.ts';
import * as fraudMonitoring from './migrations/2026-12-03T0830_fraud_monitoring.ts';

export type Db = Kysely<Database>;

let pgLoaded: typeof pgTypes | undefined;
/** pg loads with the first PostgreSQL connection: a server on SQLite never loads it (docs/decisions/013-render-and-memory-costs.md). */
function pgModule(): typeof pgTypes {
  if (!pgLoaded) {
    pgLoaded = createRequire(import.meta.url)('pg') as typeof pgTypes;
    // BIGINT (kobo, counters) comes back from pg as a string by default; kobo stays far below 2^53.
    pgLoaded.types.setTypeParser(20, (value) => Number(value));
  }
  return pgLoaded;
}

/**
 * `onQuery` sees every statement's SQL as it runs (tests count the statements a payment costs);
 * `onWrite`, on PostgreSQL, the statements of each write to the server (tests count round trips).
 */
export function connect(database: Config['database'], log?: Logger, options: { onQuery?: (sql: string) => void; onWrite?: (statements: string[]) => void } = {}): Db {
  const { onQuery, onWrite } = options;
  // A batch (see batch below) is logged as its statements.
  const logged = onQuery ? { log: (event: LogEvent) => (event.query.sql === batchText ? batchOf(event.query.parameters).forEach((statement) => onQuery(statement.sql)) : onQuery(event.query.sql)) } : {};
  if (database.kind === 'sqlite') {
    fs.mkdirSync(path.dirname(database.file), { recursive: true });
    return new Kysely<Database>({ dialect: createNodeSqliteDialect(database.file), ...logged });
  }
  // Pipeline mode lets a client write a query before the one ahead of it has been answered, which
  // pipelineTransactions uses for a transaction's BEGIN and COMMIT; every other query still waits
  // for the one before it (Kysely sends one at a time per connection).
  // Bounds so that nothing waits for ever: a query 10 s, a transaction left idle 15 s (its locks
  // go with it), a connection 5 s to open (the request is then answered 503, db/unavailable.ts).
  const pool = new (pgModule().Pool)({ connectionString: database.url, max: 10, statement_timeout: 10_000, idle_in_transaction_session_timeout: 15_000, connectionTimeoutMillis: 5_000, pipeline: true } as pgTypes.PoolConfig);
  // The server ending an idle connection (restart, failover, an administrator) is emitted here;
  // with no listener it would crash the process. The pool has already dropped that connection.
  pool.on('error', (error) => log?.warn('db.idle_connection_lost', { error: error.message }));
  const resets = new WeakMap<pgTypes.PoolClient, () => void>();
  pool.on('connect', (client) => {
    // A connection ended while checked out (an administrator's pg_terminate_backend, a restart)
    // with no query of its own running is emitted on the client; with no listener it would crash
    // the process. The query that uses it next fails and the pool drops it on release.
    client.on('error', (error) => log?.warn('db.connection_lost', { error: error.message }));
    prepareByName(client);
    resets.set(client, pipelineTransactions(client, onWrite));
  });
  // A client goes back to the pool owing nothing (Kysely always ends its transactions; this is in case).
  pool.on('release', (_error: Error | undefined, client: pgTypes.PoolClient) => resets.get(client)?.());
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }), ...logged });
}

/** Statement texts given a name, at most `namedLimit` of them; a text past that runs unnamed. */
const statementNames = new Map<string, string>();
const namedLimit = 1000;
const preparable = /^\s*(select|insert|update|delete|with)\b/i;

function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < namedLimit && preparable.test(text)) {
    name = `k${statementNames.size.toString(36)}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * Kysely's pg driver sends every query unnamed, so PostgreSQL parses and plans it on every call.
 * Here a connection's queries go out as named prepared statements, one name per SQL text (the
 * texts Kysely compiles are few; their values are parameters), so each connection parses a text
 * once and PostgreSQL may keep its plan. Only DML is named, never DDL.
 */
function prepareByName(client: pgTypes.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((text: unknown, values?: unknown, callback?: unknown) => {
    const name = typeof text === 'string' && Array.isArray(values) && callback === undefined ? statementName(text) : undefined;
    return name ? query({ name, text, values }) : query(text, values, callback);
  }) as typeof client.query;
}

/**
 * Ends a statement that is its transaction's last (ledger.ts postEntry `final`): the COMMIT is
 * written right behind it, in the same write, instead of after its answer came back.
 */
export const thenCommit = '/* then commit */';

/** What batch sends through Kysely: this text, with the statements as its one parameter. */
const batchText = '/* batch */';
type BatchItem = { sql: string; parameters: readonly unknown[]; beforeBegin: boolean };
const batchOf = (parameters: readonly unknown[]): BatchItem[] => parameters[0] as BatchItem[];

/** The rows of each statement of a batch, typed from the statements. */
export type BatchRows<T extends readonly CompiledQuery<unknown>[]> = { -readonly [K in keyof T]: T[K] extends CompiledQuery<infer O> ? O[] : never };

/**
 * PostgreSQL (docs/decisions/010-few-statements-on-the-money-path.md): statements written to the server in one write, each answered in turn,
 * where Kysely would send each only once the one before it was answered; the rows of each, in
 * order. The first `beforeBegin` of them go ahead of the transaction's BEGIN (on a transaction
 * `executor` whose BEGIN has not gone out yet, see pipelineTransactions): each is an autocommit
 * of its own, committed before the transaction starts, whatever becomes of the transaction. A
 * failure of any statement fails the batch (the transaction's statements after a failed one fail
 * with it, as in any transaction). Not for SQLite, where a statement is a call on the one
 * connection and there is no round trip to save.
 */
export async function batch<const T extends readonly CompiledQuery<unknown>[]>(executor: Db, statements: T, options: { beforeBegin?: number } = {}): Promise<BatchRows<T>> {
  if (engineOf(executor) !== 'postgres') throw new Error('batch is for PostgreSQL');
  const before = options.beforeBegin ?? 0;
  const items: BatchItem[] = statements.map((query, index) => ({ sql: query.sql, parameters: query.parameters, beforeBegin: index < before }));
  const result = await executor.executeQuery(CompiledQuery.raw(batchText, [items]));
  return result.rows as unknown as BatchRows<T>;
}

type Sent = Promise<pgTypes.QueryResult>;
const answered = (command: string): pgTypes.QueryResult => ({ command, rowCount: null, rows: [], fields: [], oid: 0 });

/**
 * A transaction costs PostgreSQL two round trips of its own, BEGIN and COMMIT, and on a hot row
 * (sixteen payers to one merchant) the COMMIT's comes while the row is locked: the statement's
 * answer travels to Node and waits its turn of a busy event loop before the COMMIT is even sent,
 * all of it time the row stays locked. Here, on a client in pipeline mode:
 *
 * - BEGIN is not sent on its own: it goes in one write with the transaction's first statement
 *   (a transaction that sends none sends nothing, its COMMIT or ROLLBACK included);
 * - a statement ending in `thenCommit` goes in one write with the COMMIT behind it. PostgreSQL
 *   runs the COMMIT as soon as the statement ends; if the statement failed, that COMMIT ends the
 *   transaction as a ROLLBACK (the server's rule for a transaction in error). So such a statement
 *   must itself refuse (raise) whatever should stop the transaction: nothing after it can.
 *   Kysely's COMMIT then gets that answer; a ROLLBACK asked for instead gets the same one, and is
 *   an error if the transaction had committed. Any other statement is refused until then.
 *
 * The texts are Kysely's own (`begin`, `commit`, `rollback`, each with no parameters).
 */
function pipelineTransactions(client: pgTypes.PoolClient, onWrite?: (statements: string[]) => void): () => void {
  const query = client.query.bind(client) as (text: string, values?: unknown[]) => Sent;
  const stream = (client as unknown as { connection: { stream: { cork(): void; uncork(): void } } }).connection.stream;
  let beginOwed = false;
  let commit: Sent | null = null;
  /** The statements in one write, each answered in turn; a failure of one before the last is the group's. */
  const write = (statements: [string, unknown[] | undefined][]): Sent[] => {
    onWrite?.(statements.map(([text]) => text));
    stream.cork();
    try {
      return statements.map(([text, values]) => query(text, values));
    } finally {
      stream.uncork();
    }
  };
  /** A batch's statements in one write: those before BEGIN, the BEGIN owed (if any), the rest; the rows of each but the BEGIN. */
  const sendBatch = (items: BatchItem[]): Promise<pgTypes.QueryResult> => {
    if (commit) return Promise.reject(new Error('a statement after the final statement of a transaction (thenCommit)'));
    const before = items.filter((item) => item.beforeBegin);
    if (before.length > 0 && !beginOwed) return Promise.reject(new Error('a batch statement before BEGIN on a connection whose transaction has begun, or none'));
    const begin: [string, unknown[]][] = beginOwed ? [['begin', []]] : [];
    beginOwed = false;
    const line = (item: BatchItem): [string, unknown[]] => [item.sql, [...item.parameters]];
    const sent = write([...before.map(line), ...begin, ...items.filter((item) => !item.beforeBegin).map(line)]);
    const answers = [...sent.slice(0, before.length), ...sent.slice(before.length + begin.length)];
    return Promise.allSettled(sent).then((settled) => {
      const failed = settled.find((outcome) => outcome.status === 'rejected');
      if (failed) throw failed.reason;
      return Promise.all(answers).then((results) => ({ ...answered('BATCH'), rows: results.map((result) => result.rows) }));
    });
  };
  client.query = ((text: unknown, values?: unknown, callback?: unknown) => {
    if (typeof text !== 'string' || callback !== undefined || (values !== undefined && !Array.isArray(values))) {
      return (query as (...args: unknown[]) => unknown)(text, values, callback);
    }
    const params = values as unknown[] | undefined;
    const bare = !params || params.length === 0;
    if (text === batchText && params?.length === 1) return sendBatch(batchOf(params));
    if (commit) {
      const sent = commit;
      if (bare && text === 'commit') {
        commit = null;
        return sent;
      }
      if (bare && text === 'rollback') {
        commit = null;
        return sent.then(
          (result) => {
            if (result.command === 'COMMIT') throw new Error('rollback asked for after a transaction committed with its final statement');
            return answered('ROLLBACK');
          },
          () => answered('ROLLBACK'),
        );
      }
      return Promise.reject(new Error('a statement after the final statement of a transaction (thenCommit)'));
    }
    if (bare && text === 'begin' && !beginOwed) {
      beginOwed = true;
      return Promise.resolve(answered('BEGIN'));
    }
    const final = text.endsWith(thenCommit);
    if (beginOwed) {
      beginOwed = false;
      if (bare && (text === 'commit' || text === 'rollback')) return Promise.resolve(answered(text.toUpperCase()));
      const [begun, result, committed] = write([['begin', []], [text, params], ...(final ? [['commit', []] as [string, unknown[]]] : [])]);
      if (committed) commit = committed;
      committed?.catch(() => undefined);
      // BEGIN cannot fail on its own; if the connection did, the statement behind it fails too.
      return Promise.all([begun!, result!]).then(([, answer]) => answer);
    }
    if (final) {
      const [result, committed] = write([[text, params], ['commit', []]]);
      commit = committed!;
      committed!.catch(() => undefined);
      return result!;
    }
    if (onWrite) onWrite([text]);
    return query(text, params);
  }) as typeof client.query;
  return () => {
    beginOwed = false;
    commit = null;
  };
}

/**
 * Migrations are listed here, not discovered on disk, so the built server carries them inside
 * its bundle. Names sort by date; a new migration is a new line.
 */
export const migrations: Record<string, Migration> = {
  '2026-11-21T1200_initial': initial,
  '2026-11-21T1500_ledger': ledger,
  '2026-11-21T1900_bills': bills,
  '2026-11-21T2100_kyc': kyc,
  '2026-11-22T1100_keyed_secrets': keyedSecrets,
  '2026-11-22T1200_open_doors': openDoors,
  '2026-11-22T1600_pending_registration_tokens': pendingRegistrationTokens,
  '2026-11-22T1700_bvn_unique_index': bvnUniqueIndex,
  '2026-11-22T1800_shared_limits': sharedLimits,
  '2026-11-22T1810_jobs': jobs,
  '2026-11-22T1900_alerts': alerts,
  '2026-11-22T1910_freeze_and_cases': freezeAndCases,
  '2026-11-22T1920_own_limits': ownLimits,
  '2026-11-22T2000_monthly_rollups': monthlyRollups,
  '2026-11-22T2010_payment_requests': paymentRequests,
  '2026-11-22T2020_scheduled_transfers': scheduledTransfers,
  '2026-11-22T2030_language': language,
  '2026-11-27T1300_daily_debits': dailyDebits,
  '2026-11-27T1700_transactions_newest_first': transactionsNewestFirst,
  '2026-12-02T0600_language_any_code': languageAnyCode,
  '2026-12-02T1000_identity_before_money': identityBeforeMoney,
  '2026-12-02T1120_bound_devices': boundDevices,
  '2026-12-02T1130_security_codes_and_sms_alerts': securityCodesAndSmsAlerts,
  '2026-12-02T1300_staff_and_audit': staffAndAudit,
  '2026-12-03T0810_case_clocks': caseClocks,
  '2026-12-03T0820_proposals': proposals,
  '2026-12-03T0830_fraud_monitoring': fraudMonitoring,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
