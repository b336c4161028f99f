import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterEach, describe, expect, it } from 'vitest';
import { engines } from '../testing/test-app.ts';
import { scratchPostgres } from '../testing/scratch-database.ts';
import { connect, migrateToLatest, migrations, type Db } from './connection.ts';
import { compareHashes, migrationFiles, migrationsDir, readHashes, sharedFiles } from './migration-hashes.ts';

describe('committed migrations', () => {
  it('every migration file matches its hash in migrations/hashes.json', () => {
    const { unrecorded, changed, missing, misnamed } = compareHashes(readHashes());
    const problems = [
      ...misnamed.map((name) => `${name}: name a migration YYYY-MM-DDTHHMM_what_it_does.ts`),
      ...unrecorded.map((name) => `${name} is new: run \`npm run db:hash-migrations\` and commit hashes.json with it`),
      ...changed.map(
        (name) =>
          `${name} differs from its recorded hash. If it is committed, never edit it: restore it and put the change in a new migration. ` +
          'If it is your own migration and not committed yet, run `npm run db:hash-migrations` again',
      ),
      ...missing.map((name) => `${name} is recorded in hashes.json but gone: a committed migration is never removed`),
    ];
    expect(problems).toEqual([]);
  });

  it('the helpers migrations import (migrations/shared/) are hashed too, so they cannot change under a committed migration', () => {
    expect(sharedFiles()).toContain('shared/columns.ts');
    const recorded = readHashes();
    for (const name of sharedFiles()) expect(recorded[name], `${name} in hashes.json`).toMatch(/^[0-9a-f]{64}$/);
    const changed = compareHashes({ ...recorded, 'shared/columns.ts': '0'.repeat(64) }).changed;
    expect(changed).toEqual(['shared/columns.ts']);
  });

  it('connection.ts registers every migration file, in order of name, each under its own file name', async () => {
    const files = migrationFiles().map((file) => file.replace(/\.ts$/, ''));
    expect(Object.keys(migrations), 'list each file in src/server/db/connection.ts (import and migrations), in order of name').toEqual(files);
    for (const name of files) {
      const module: unknown = await import(path.join(migrationsDir, `${name}.ts`));
      expect(migrations[name], `${name} in connection.ts imports another file`).toBe(module);
    }
  });
});

const bvnIndex = 'kyc_checks_one_customer_per_bvn';
const bvnMigration = '2026-11-22T1700_bvn_unique_index';

async function freshDatabase(engine: 'sqlite' | 'postgres'): Promise<{ db: Db; drop: () => Promise<void> }> {
  if (engine === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bank-migrations-'));
    const db = connect({ kind: 'sqlite', file: path.join(dir, 'bank.db') });
    return { db, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const scratch = await scratchPostgres('bank_migrations');
  return { db: connect({ kind: 'postgres', url: scratch.url }), drop: scratch.drop };
}

async function hasBvnIndex(db: Db, engine: 'sqlite' | 'postgres'): Promise<boolean> {
  const query =
    engine === 'sqlite'
      ? sql<{ name: string }>`select name from sqlite_master where type = 'index' and name = ${bvnIndex}`
      : sql<{ name: string }>`select indexname as name from pg_indexes where indexname = ${bvnIndex}`;
  return (await query.execute(db)).rows.length === 1;
}

/** The migrations from 1700 on: what a database migrated before 1700 gets next. */
const fromBvnMigration = Object.keys(migrations).filter((name) => name >= bvnMigration);

/** A database as it was when migrated before the KYC migration gained the index: no index, and 1700 (and what came after it) not run. */
async function migratedWithoutBvnIndex(db: Db): Promise<void> {
  const before = Object.keys(migrations).filter((name) => name < bvnMigration);
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error } = await migrator.migrateTo(before.at(-1)!);
  if (error) throw error instanceof Error ? error : new Error(String(error));
  await sql`drop index ${sql.ref(bvnIndex)}`.execute(db);
}

let customer = 0;
async function addCustomer(db: Db): Promise<string> {
  customer += 1;
  const id = `user-${customer}-${randomBytes(4).toString('hex')}`;
  const at = new Date().toISOString();
  await sql`insert into users (id, first_name, last_name, email, phone_number, password_hash, created_at, updated_at)
    values (${id}, 'Ada', 'Obi', ${`${id}@example.ng`}, ${`080${String(customer).padStart(8, '0')}`}, 'x', ${at}, ${at})`.execute(db);
  return id;
}

async function addBvnCheck(db: Db, userId: string, fingerprint: string, outcome: 'verified' | 'failed'): Promise<void> {
  await sql`insert into kyc_checks (id, user_id, kind, outcome, bvn_fingerprint, bvn_last4, created_at)
    values (${randomBytes(8).toString('hex')}, ${userId}, 'bvn', ${outcome}, ${fingerprint}, '1234', ${new Date().toISOString()})`.execute(db);
}

describe.each(engines)('the BVN unique index migration on %s', (engine) => {
  let opened: { db: Db; drop: () => Promise<void> } | undefined;
  afterEach(async () => {
    await opened?.db.destroy();
    await opened?.drop();
    opened = undefined;
  });

  it('a fresh database gets the index once: from the KYC migration, and 1700 leaves it as it is', async () => {
    opened = await freshDatabase(engine);
    const applied = await migrateToLatest(opened.db);
    expect(applied).toContain(bvnMigration);
    expect(await hasBvnIndex(opened.db, engine)).toBe(true);
  });

  it('a database migrated before the index gets it back, and it then refuses a second customer verifying the same BVN', async () => {
    opened = await freshDatabase(engine);
    const { db } = opened;
    await migratedWithoutBvnIndex(db);
    expect(await hasBvnIndex(db, engine)).toBe(false);
    const [first, second] = [await addCustomer(db), await addCustomer(db)];
    await addBvnCheck(db, first, 'fingerprint-a', 'verified');
    await addBvnCheck(db, second, 'fingerprint-a', 'failed');

    expect(await migrateToLatest(db)).toEqual(fromBvnMigration);
    expect(await hasBvnIndex(db, engine)).toBe(true);
    await expect(addBvnCheck(db, second, 'fingerprint-a', 'verified')).rejects.toThrow();
    await addBvnCheck(db, second, 'fingerprint-b', 'verified');
    expect(await migrateToLatest(db)).toEqual([]);
  });

  it('stops, naming the fingerprint and changing nothing, when a BVN was verified twice without the index', async () => {
    opened = await freshDatabase(engine);
    const { db } = opened;
    await migratedWithoutBvnIndex(db);
    const [first, second] = [await addCustomer(db), await addCustomer(db)];
    await addBvnCheck(db, first, 'fingerprint-twice', 'verified');
    await addBvnCheck(db, second, 'fingerprint-twice', 'verified');

    await expect(migrateToLatest(db)).rejects.toThrow(/fingerprint-twice \(2 verified checks\)/);
    expect(await hasBvnIndex(db, engine)).toBe(false);
    const verified = await sql<{ n: number | string }>`select count(*) as n from kyc_checks where bvn_fingerprint = 'fingerprint-twice' and outcome = 'verified'`.execute(db);
    expect(Number(verified.rows[0]?.n)).toBe(2);
    const ran = await sql<{ name: string }>`select name from kysely_migration where name = ${bvnMigration}`.execute(db);
    expect(ran.rows).toEqual([]);

    // Once someone has decided who keeps the BVN, the migration runs.
    await sql`update kyc_checks set outcome = 'failed' where user_id = ${second}`.execute(db);
    expect(await migrateToLatest(db)).toEqual(fromBvnMigration);
    expect(await hasBvnIndex(db, engine)).toBe(true);
  });
});

const languageMigration = '2026-12-02T0600_language_any_code';

describe.each(engines)('the language migration on %s (a language is data, not a CHECK)', (engine) => {
  let opened: { db: Db; drop: () => Promise<void> } | undefined;
  afterEach(async () => {
    await opened?.db.destroy();
    await opened?.drop();
    opened = undefined;
  });

  const languageOf = async (db: Db, id: string) => (await sql<{ language: string }>`select language from users where id = ${id}`.execute(db)).rows[0]?.language;

  it('keeps every customer’s language, defaults a new one to English, and takes a code the five did not list', async () => {
    opened = await freshDatabase(engine);
    const { db } = opened;
    const before = Object.keys(migrations).filter((name) => name < languageMigration);
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    const { error } = await migrator.migrateTo(before.at(-1)!);
    if (error) throw error instanceof Error ? error : new Error(String(error));
    const [yoruba, english] = [await addCustomer(db), await addCustomer(db)];
    await sql`update users set language = 'yo' where id = ${yoruba}`.execute(db);
    // The old column refused a sixth code.
    await expect(sql`update users set language = 'tw' where id = ${english}`.execute(db)).rejects.toThrow();

    expect(await migrateToLatest(db)).toContain(languageMigration);
    expect(await languageOf(db, yoruba)).toBe('yo');
    expect(await languageOf(db, english)).toBe('en');
    expect(await languageOf(db, await addCustomer(db))).toBe('en');
    await sql`update users set language = 'tw' where id = ${english}`.execute(db);
    expect(await languageOf(db, english)).toBe('tw');
    await expect(sql`update users set language = null where id = ${english}`.execute(db)).rejects.toThrow();
  });

  it('goes down to the five codes, a sixth one back to English', async () => {
    opened = await freshDatabase(engine);
    const { db } = opened;
    await migrateToLatest(db);
    const [hausa, other] = [await addCustomer(db), await addCustomer(db)];
    await sql`update users set language = 'ha' where id = ${hausa}`.execute(db);
    await sql`update users set language = 'tw' where id = ${other}`.execute(db);
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    // Down to just before the language migration (later migrations go down first).
    const { error } = await migrator.migrateTo(Object.keys(migrations).filter((name) => name < languageMigration).at(-1)!);
    if (error) throw error instanceof Error ? error : new Error(String(error));
    expect(await languageOf(db, hausa)).toBe('ha');
    expect(await languageOf(db, other)).toBe('en');
    await expect(sql`update users set language = 'tw' where id = ${other}`.execute(db)).rejects.toThrow();
  });
});

const identityMigration = '2026-12-02T1000_identity_before_money';

describe.each(engines)('the identity migration on %s (no money moves before an identity)', (engine) => {
  let opened: { db: Db; drop: () => Promise<void> } | undefined;
  afterEach(async () => {
    await opened?.db.destroy();
    await opened?.drop();
    opened = undefined;
  });

  type Row = { tier: number; bvn_verified_at: string | null; nin_verified_at: string | null; liveness_passed_at: string | null };
  const rowOf = async (db: Db, id: string) =>
    (await sql<Row>`select tier, bvn_verified_at, nin_verified_at, liveness_passed_at from users where id = ${id}`.execute(db)).rows[0];

  it('keeps a verified BVN as Tier 1, puts everyone else at Tier 0, and nobody has liveness yet', async () => {
    opened = await freshDatabase(engine);
    const { db } = opened;
    const before = Object.keys(migrations).filter((name) => name < identityMigration);
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    const { error } = await migrator.migrateTo(before.at(-1)!);
    if (error) throw error instanceof Error ? error : new Error(String(error));
    const [withBvn, raised, plain] = [await addCustomer(db), await addCustomer(db), await addCustomer(db)];
    await addBvnCheck(db, withBvn, 'fp-identity-1', 'verified');
    await sql`update users set tier = 2 where id = ${withBvn}`.execute(db);
    await sql`update users set tier = 3 where id = ${raised}`.execute(db);

    expect(await migrateToLatest(db)).toContain(identityMigration);
    expect(await rowOf(db, withBvn)).toMatchObject({ tier: 1, nin_verified_at: null, liveness_passed_at: null });
    expect((await rowOf(db, withBvn))?.bvn_verified_at).toEqual(expect.any(String));
    expect(await rowOf(db, raised)).toMatchObject({ tier: 1, liveness_passed_at: null });
    expect(await rowOf(db, plain)).toEqual({ tier: 0, bvn_verified_at: null, nin_verified_at: null, liveness_passed_at: null });
    expect((await rowOf(db, await addCustomer(db)))?.tier).toBe(0);
    await expect(sql`update users set tier = 4 where id = ${plain}`.execute(db)).rejects.toThrow();
  });

  it('refuses a second customer verifying the same NIN, and goes down to tiers 1–3', async () => {
    opened = await freshDatabase(engine);
    const { db } = opened;
    await migrateToLatest(db);
    const [first, second] = [await addCustomer(db), await addCustomer(db)];
    const ninCheck = (userId: string) =>
      sql`insert into kyc_checks (id, user_id, kind, outcome, nin_fingerprint, nin_last4, created_at)
        values (${randomBytes(8).toString('hex')}, ${userId}, 'nin', 'verified', 'nin-fp-1', '0001', ${new Date().toISOString()})`.execute(db);
    await ninCheck(first);
    await expect(ninCheck(second)).rejects.toThrow();
    await sql`update users set tier = 2 where id = ${first}`.execute(db);

    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    const { error } = await migrator.migrateTo(Object.keys(migrations).filter((name) => name < identityMigration).at(-1)!);
    if (error) throw error instanceof Error ? error : new Error(String(error));
    const tiers = (await sql<{ id: string; tier: number }>`select id, tier from users order by id`.execute(db)).rows;
    expect(Object.fromEntries(tiers.map((row) => [row.id, Number(row.tier)]))).toEqual({ [first]: 2, [second]: 1 });
    await expect(sql`update users set tier = 0 where id = ${second}`.execute(db)).rejects.toThrow();
  });
});

const boundDevicesMigration = '2026-12-02T1120_bound_devices';

describe.each(engines)('the bound devices migration on %s (one bound device per customer)', (engine) => {
  let opened: { db: Db; drop: () => Promise<void> } | undefined;
  afterEach(async () => {
    await opened?.db.destroy();
    await opened?.drop();
    opened = undefined;
  });

  const knownDevice = (db: Db, userId: string, hash: string, seen: string) =>
    sql`insert into known_devices (user_id, device_hash, first_seen_at, last_seen_at) values (${userId}, ${hash}, ${seen}, ${seen})`.execute(db);
  const boundOf = async (db: Db, userId: string) => (await sql<{ device_hash: string }>`select device_hash from bound_devices where user_id = ${userId}`.execute(db)).rows.map((row) => row.device_hash);

  it('binds each existing customer’s most recently seen browser, none for a customer with no known one, and goes down again', async () => {
    opened = await freshDatabase(engine);
    const { db } = opened;
    const before = Object.keys(migrations).filter((name) => name < boundDevicesMigration);
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    const { error } = await migrator.migrateTo(before.at(-1)!);
    if (error) throw error instanceof Error ? error : new Error(String(error));
    const [two, none] = [await addCustomer(db), await addCustomer(db)];
    await knownDevice(db, two, 'older', '2026-11-01T10:00:00.000Z');
    await knownDevice(db, two, 'newer', '2026-11-20T10:00:00.000Z');

    expect(await migrateToLatest(db)).toContain(boundDevicesMigration);
    expect(await boundOf(db, two)).toEqual(['newer']);
    expect(await boundOf(db, none)).toEqual([]);
    // One bound device per customer: a second row is refused.
    await expect(sql`insert into bound_devices (user_id, device_hash, bound_at) values (${two}, 'other', 'x')`.execute(db)).rejects.toThrow();

    const { error: downError } = await migrator.migrateTo(before.at(-1)!);
    if (downError) throw downError instanceof Error ? downError : new Error(String(downError));
    await expect(sql`select * from bound_devices`.execute(db)).rejects.toThrow();
    await expect(sql`select * from device_confirmations`.execute(db)).rejects.toThrow();
  });
});

const smsAlertsMigration = '2026-12-02T1130_security_codes_and_sms_alerts';

describe.each(engines)('the SMS alerts by default migration on %s', (engine) => {
  let opened: { db: Db; drop: () => Promise<void> } | undefined;
  afterEach(async () => {
    await opened?.db.destroy();
    await opened?.drop();
    opened = undefined;
  });

  const settingsOf = async (db: Db) =>
    Object.fromEntries((await sql<{ user_id: string; sms_enabled: number }>`select user_id, sms_enabled from alert_settings`.execute(db)).rows.map((row) => [row.user_id, Number(row.sms_enabled)]));

  it('turns SMS on for everyone (nobody accepted an indemnity), adds the acceptance’s time and device, and goes down to rows that keep everyone on', async () => {
    opened = await freshDatabase(engine);
    const { db } = opened;
    const before = Object.keys(migrations).filter((name) => name < smsAlertsMigration);
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    const { error } = await migrator.migrateTo(before.at(-1)!);
    if (error) throw error instanceof Error ? error : new Error(String(error));
    const [turnedOff, turnedOn, never] = [await addCustomer(db), await addCustomer(db), await addCustomer(db)];
    const at = new Date().toISOString();
    await sql`insert into alert_settings (user_id, sms_enabled, updated_at) values (${turnedOff}, 0, ${at}), (${turnedOn}, 1, ${at})`.execute(db);

    expect(await migrateToLatest(db)).toContain(smsAlertsMigration);
    expect(await settingsOf(db)).toEqual({ [turnedOff]: 1, [turnedOn]: 1 });
    const columns = (await sql<{ sms_off_accepted_at: string | null; sms_off_device_hash: string | null }>`select sms_off_accepted_at, sms_off_device_hash from alert_settings`.execute(db)).rows;
    expect(columns).toEqual([
      { sms_off_accepted_at: null, sms_off_device_hash: null },
      { sms_off_accepted_at: null, sms_off_device_hash: null },
    ]);
    // `never` has no row: from here on that means on.
    await sql`update alert_settings set sms_enabled = 0, sms_off_accepted_at = ${at}, sms_off_device_hash = 'hash' where user_id = ${turnedOn}`.execute(db);

    const { error: downError } = await migrator.migrateTo(before.at(-1)!);
    if (downError) throw downError instanceof Error ? downError : new Error(String(downError));
    // Down, no row means off again: the customer with none gets a row that keeps SMS on; the one who turned it off with the indemnity stays off.
    expect(await settingsOf(db)).toEqual({ [turnedOff]: 1, [turnedOn]: 0, [never]: 1 });
    await expect(sql`select sms_off_accepted_at from alert_settings`.execute(db)).rejects.toThrow();
  });
});

describe.each(engines)('the case clocks migration on %s (a due time for every case)', (engine) => {
  const clocksMigration = '2026-12-03T0810_case_clocks';
  let opened: { db: Db; drop: () => Promise<void> } | undefined;
  afterEach(async () => {
    await opened?.db.destroy();
    await opened?.drop();
    opened = undefined;
  });

  it('gives the cases already there their due time from when they opened and their kind, escalated by nobody', async () => {
    opened = await freshDatabase(engine);
    const { db } = opened;
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    const { error } = await migrator.migrateTo(Object.keys(migrations).filter((name) => name < clocksMigration).at(-1)!);
    if (error) throw error instanceof Error ? error : new Error(String(error));
    const userId = await addCustomer(db);
    const openedAt = '2026-11-30T08:15:00.000Z';
    const kinds = ['not_received', 'wrong_amount', 'fraud', 'liveness_review'];
    for (const [index, kind] of kinds.entries()) {
      await sql`insert into support_cases (id, number, user_id, account_number, reference, kind, description, status, created_at, updated_at)
        values (${`case-${index}`}, ${`HB-CASE-2026-00000${index + 1}`}, ${userId}, '0123456789', ${`REF-${index}`}, ${kind}, 'Something went wrong.', 'open', ${openedAt}, ${openedAt})`.execute(db);
    }
    expect(await migrateToLatest(db)).toContain(clocksMigration);
    const rows = (await sql<{ kind: string; due_at: string; escalated_at: string | null }>`select kind, due_at, escalated_at from support_cases order by id`.execute(db)).rows;
    expect(rows).toEqual([
      { kind: 'not_received', due_at: '2026-12-03T08:15:00.000Z', escalated_at: null },
      { kind: 'wrong_amount', due_at: '2026-12-03T08:15:00.000Z', escalated_at: null },
      { kind: 'fraud', due_at: '2026-12-03T08:15:00.000Z', escalated_at: null },
      { kind: 'liveness_review', due_at: '2026-12-14T08:15:00.000Z', escalated_at: null },
    ]);
  });
});
