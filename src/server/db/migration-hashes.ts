import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * A committed migration never changes: a database migrated with the old text would never run the
 * new one. migrations/hashes.json records the SHA-256 of each migration file's bytes; the
 * migrations test compares it with the files, and `npm run db:hash-migrations`
 * (scripts/hash-migrations.mjs) adds the hash of a new migration.
 */
export const migrationsDir = path.join(import.meta.dirname, 'migrations');
export const hashesFile = path.join(migrationsDir, 'hashes.json');

/** A migration's file name: its date and time (Lagos), then what it does, e.g. 2026-11-22T1700_bvn_unique_index.ts. */
export const migrationFileName = /^\d{4}-\d{2}-\d{2}T\d{4}_[a-z0-9_]+\.ts$/;

export type MigrationHashes = Record<string, string>;

/** Every TypeScript file in the migrations folder (test files excepted), sorted by name. */
export function migrationFiles(dir = migrationsDir): string[] {
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .sort();
}

/**
 * The files migrations import (migrations/shared/, e.g. the column helpers), named `shared/<file>`:
 * a change to one would change what a committed migration does, so they are hashed alike.
 */
export function sharedFiles(dir = migrationsDir): string[] {
  const shared = path.join(dir, 'shared');
  if (!fs.existsSync(shared)) return [];
  return fs
    .readdirSync(shared)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .sort()
    .map((name) => `shared/${name}`);
}

export function hashOf(file: string): string {
  return createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

export function readHashes(file = hashesFile): MigrationHashes {
  if (!fs.existsSync(file)) return {};
  const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error(`${file} is not an object of file name to SHA-256`);
  return Object.fromEntries(
    Object.entries(parsed).map(([name, hash]) => {
      if (typeof hash !== 'string' || !/^[0-9a-f]{64}$/.test(hash)) throw new Error(`${file}: ${name} has no SHA-256 hash`);
      return [name, hash];
    }),
  );
}

export function formatHashes(hashes: MigrationHashes): string {
  const sorted = Object.fromEntries(Object.keys(hashes).sort().map((name) => [name, hashes[name]]));
  return `${JSON.stringify(sorted, null, 2)}\n`;
}

export type HashComparison = {
  /** Files with no recorded hash: new migrations (or shared helpers) not yet hashed. */
  unrecorded: string[];
  /** Files whose bytes no longer match their recorded hash. */
  changed: string[];
  /** Recorded hashes whose file is gone. */
  missing: string[];
  /** Files not named as a migration must be. */
  misnamed: string[];
};

export function compareHashes(recorded: MigrationHashes, dir = migrationsDir): HashComparison {
  const files = migrationFiles(dir);
  const hashed = [...files, ...sharedFiles(dir)];
  return {
    unrecorded: hashed.filter((name) => !(name in recorded)),
    changed: hashed.filter((name) => name in recorded && recorded[name] !== hashOf(path.join(dir, name))),
    missing: Object.keys(recorded).filter((name) => !hashed.includes(name)),
    misnamed: files.filter((name) => !migrationFileName.test(name)),
  };
}
