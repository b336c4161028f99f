import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import type { Db } from './connection.ts';

const run = promisify(execFile);

type Database = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

/**
 * An online, consistent copy of the database into `file`, taken while the server serves:
 * SQLite's `VACUUM INTO` (one read transaction, so the copy is the database as it was at one
 * instant: everything committed before it began, nothing half-written); PostgreSQL's `pg_dump`
 * in custom format (one snapshot). The key the PINs and BVN fingerprints are made under is never
 * in it: it is kept, and backed up, apart (docs/operations.md).
 */
export async function backupDatabase(database: Database, file: string): Promise<{ bytes: number }> {
  const target = path.resolve(file);
  if (fs.existsSync(target)) throw new Error(`${target} exists already: a backup never overwrites a file`);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  if (database.kind === 'sqlite') {
    if (!fs.existsSync(database.file)) throw new Error(`no database at ${database.file}`);
    const source = new DatabaseSync(database.file, { readOnly: true });
    try {
      // A writer holding the lock makes this wait (up to 30 s) rather than fail.
      source.exec('PRAGMA busy_timeout = 30000');
      source.prepare('VACUUM INTO ?').run(target);
    } finally {
      source.close();
    }
  } else {
    await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${target}`, database.url], { maxBuffer: 16 * 1024 * 1024 });
  }
  return { bytes: fs.statSync(target).size };
}

/**
 * Restores a backup into an empty database: the embedded one's file must not exist yet (a fresh
 * DATA_DIR), the PostgreSQL database must hold no tables (made with `createdb`). Refuses anything
 * else, so a restore never mixes a backup into live data.
 */
export async function restoreDatabase(database: Database, file: string, db?: Db): Promise<void> {
  const source = path.resolve(file);
  if (!fs.existsSync(source)) throw new Error(`no backup at ${source}`);
  if (database.kind === 'sqlite') {
    if (fs.existsSync(database.file)) throw new Error(`${database.file} exists: restore into an empty DATA_DIR`);
    const check = new DatabaseSync(source, { readOnly: true });
    try {
      const verdict = check.prepare('PRAGMA integrity_check').get() as { integrity_check: string };
      if (verdict.integrity_check !== 'ok') throw new Error(`the backup is damaged: ${verdict.integrity_check}`);
    } finally {
      check.close();
    }
    fs.mkdirSync(path.dirname(database.file), { recursive: true });
    fs.copyFileSync(source, database.file, fs.constants.COPYFILE_EXCL);
    return;
  }
  if (!db) throw new Error('restoring into PostgreSQL needs its connection');
  const tables = await sql<{ count: number }>`select count(*)::int as count from information_schema.tables where table_schema = 'public'`.execute(db);
  if (Number(tables.rows[0]?.count ?? 0) > 0) throw new Error('the PostgreSQL database is not empty: restore into one made with createdb');
  await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${database.url}`, source], { maxBuffer: 16 * 1024 * 1024 });
}
