import { createHash, randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { describeOnEngines } from '../../testing/on-engines.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { customer, newKey, testPassword, testPin } from '../../testing/customers.ts';
import { composeApp } from '../../app.ts';
import { parseConfig } from '../../config.ts';
import { createLogger } from '../../log.ts';
import { changePinSchema } from '../../../lib/settings-schemas.ts';
import { createBvnFingerprints } from '../kyc/bvn-fingerprint.ts';
import { hashSecret } from './secrets.ts';
import { SecretKey } from './secret-keys.ts';
import { inEnglish } from '../../testing/in-english.ts';

const naira = (value: number) => value * 100;
const bvn = '22222222222';
const born = '1990-01-01';
const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');
const base64Key = () => randomBytes(32).toString('base64');
type App = TestApp['app'];

const k1 = base64Key();

describeOnEngines('keyed PINs and BVN fingerprints on %s', { env: { PIN_KEY: k1 } }, (t) => {
  const reopened: App[] = [];
  beforeEach(async () => {
  });
  afterEach(async () => {
    for (const app of reopened.splice(0)) await app.db.destroy();
  });

  /** A second server process on the same database, with other key settings (a restart, a rotation). */
  async function reopen(env: Record<string, string>, lines?: string[]): Promise<App> {
    const { config } = t().app;
    const where = config.database.kind === 'sqlite' ? { DATA_DIR: config.dataDir } : { DATABASE_URL: config.database.url };
    const log = lines ? createLogger('debug', (line) => lines.push(line)) : undefined;
    const composed = await composeApp(parseConfig({ LOG_LEVEL: 'silent', SEED_DEMO: 'false', ...where, ...env }), { clock: t().clock, mailer: t().mailer, ...(log ? { log } : {}) });
    const app = { ...composed.app, ...composed.internals };
    reopened.push(app);
    return app;
  }

  const pinRow = (app: App, userId: string) => app.db.selectFrom('users').select(['transaction_pin_hash', 'pin_key_version']).where('id', '=', userId).executeTakeFirstOrThrow();
  const balanceOf = async (app: App, accountNumber: string) =>
    (await app.db.selectFrom('accounts').select('balance').where('account_number', '=', accountNumber).executeTakeFirstOrThrow()).balance;
  const send = (app: App, from: { userId: string; accountNumber: string }, to: string, pin: string) =>
    app.transfers.sendLocal(from.userId, from.accountNumber, { account_number: to, amount: naira(1_000), narration: 'Keyed PIN', pin, save_beneficiary: false }, newKey());

  async function withLegacyPin(userId: string) {
    const legacy = await hashSecret(testPin);
    await t().app.db.updateTable('users').set({ transaction_pin_hash: legacy, pin_key_version: null }).where('id', '=', userId).execute();
    return legacy;
  }

  it('a legacy argon2id PIN still pays, and after that correct entry it is stored keyed', async () => {
    const sender = await customer(t().app, { balance: naira(50_000) });
    const recipient = await customer(t().app);
    const legacy = await withLegacyPin(sender.userId);

    expect(await send(t().app, sender, recipient.accountNumber, '1111')).toMatchObject({ ok: false, code: 'INVALID_PIN' });
    expect(await pinRow(t().app, sender.userId)).toEqual({ transaction_pin_hash: legacy, pin_key_version: null });

    expect(await send(t().app, sender, recipient.accountNumber, testPin)).toMatchObject({ ok: true });
    const row = await pinRow(t().app, sender.userId);
    expect(row.transaction_pin_hash).toMatch(/^\$hmac-sha256\$/);
    expect(row.pin_key_version).toBe(parseConfig({ PIN_KEY: k1 }).secrets.pinKey!.id);
    expect(await t().app.pinHasher.verify(sender.userId, testPin, row.transaction_pin_hash!, row.pin_key_version)).toEqual({ ok: true, upgrade: null });

    // The keyed PIN pays on, and a wrong one is still refused.
    expect(await send(t().app, sender, recipient.accountNumber, testPin)).toMatchObject({ ok: true });
    expect(await send(t().app, sender, recipient.accountNumber, '1111')).toMatchObject({ ok: false, code: 'INVALID_PIN' });
    expect(await balanceOf(t().app, recipient.accountNumber)).toBe(naira(2_000));
  });

  it('parallel right entries of a legacy PIN all pay and leave one keyed value', async () => {
    const sender = await customer(t().app, { balance: naira(50_000) });
    const recipient = await customer(t().app);
    await withLegacyPin(sender.userId);
    const results = await Promise.all([1, 2, 3].map(() => send(t().app, sender, recipient.accountNumber, testPin)));
    expect(results.map((result) => result.ok)).toEqual([true, true, true]);
    const row = await pinRow(t().app, sender.userId);
    expect(await t().app.pinHasher.verify(sender.userId, testPin, row.transaction_pin_hash!, row.pin_key_version)).toEqual({ ok: true, upgrade: null });
  });

  it('the same-PIN check and a new PIN work on a legacy PIN; the new PIN is keyed', async () => {
    const someone = await customer(t().app);
    await withLegacyPin(someone.userId);
    const change = (pin: string) => t().app.settings.changePin(someone.userId, changePinSchema.parse({ password: testPassword, security_answer: 'Corona School', pin, pin_confirmation: pin }));
    expect(await change(testPin)).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    expect(await change('4826')).toMatchObject({ ok: true });
    const row = await pinRow(t().app, someone.userId);
    expect(row.transaction_pin_hash).toMatch(/^\$hmac-sha256\$/);
    expect((await t().app.pinHasher.verify(someone.userId, '4826', row.transaction_pin_hash!, row.pin_key_version)).ok).toBe(true);
    expect((await t().app.pinHasher.verify(someone.userId, testPin, row.transaction_pin_hash!, row.pin_key_version)).ok).toBe(false);
  });

  it('after a rotation a PIN under the previous key pays and moves to the new key, which then stands alone', async () => {
    const sender = await customer(t().app, { balance: naira(50_000) });
    const recipient = await customer(t().app);
    const k2 = base64Key();
    const rotated = await reopen({ PIN_KEY: k2, PIN_KEY_PREVIOUS: k1 });
    expect((await pinRow(rotated, sender.userId)).pin_key_version).toBe(parseConfig({ PIN_KEY: k1 }).secrets.pinKey!.id);
    expect(await send(rotated, sender, recipient.accountNumber, testPin)).toMatchObject({ ok: true });
    expect((await pinRow(rotated, sender.userId)).pin_key_version).toBe(parseConfig({ PIN_KEY: k2 }).secrets.pinKey!.id);

    const onlyNew = await reopen({ PIN_KEY: k2 });
    expect(await send(onlyNew, sender, recipient.accountNumber, testPin)).toMatchObject({ ok: true });
    expect(await send(onlyNew, sender, recipient.accountNumber, '1111')).toMatchObject({ ok: false, code: 'INVALID_PIN' });
  });

  it('after a rotation a wrong PIN under the previous key counts as a try and leaves the stored PIN as it was', async () => {
    const sender = await customer(t().app, { balance: naira(50_000) });
    const recipient = await customer(t().app);
    const rotated = await reopen({ PIN_KEY: base64Key(), PIN_KEY_PREVIOUS: k1 });
    const before = await pinRow(rotated, sender.userId);
    expect(inEnglish(await send(rotated, sender, recipient.accountNumber, '1111'))).toMatchObject({ ok: false, code: 'INVALID_PIN', message: expect.stringMatching(/\b4 tries left/) });
    expect(await pinRow(rotated, sender.userId)).toEqual(before);
    const count = await rotated.db.selectFrom('users').select('pin_failed_attempts').where('id', '=', sender.userId).executeTakeFirstOrThrow();
    expect(count.pin_failed_attempts).toBe(1);
    expect(await balanceOf(rotated, sender.accountNumber)).toBe(naira(50_000));
  });

  it('a PIN under a key this server lacks is neither accepted nor refused: the payment fails, money stays, and the start logs it', async () => {
    const sender = await customer(t().app, { balance: naira(50_000) });
    const recipient = await customer(t().app);
    const lines: string[] = [];
    const stranger = await reopen({ PIN_KEY: base64Key(), LOG_LEVEL: 'debug' }, lines);
    const missing = lines.map((line) => JSON.parse(line) as Record<string, unknown>).find((line) => line.event === 'keys.missing');
    expect(missing).toMatchObject({ level: 'error', pins: { [parseConfig({ PIN_KEY: k1 }).secrets.pinKey!.id]: 2 } });
    // Key ids only: no key material in the log.
    expect(lines.join('\n')).not.toContain(k1.slice(0, 12));

    await expect(send(stranger, sender, recipient.accountNumber, testPin)).rejects.toThrow(/not configured/);
    expect(await balanceOf(stranger, sender.accountNumber)).toBe(naira(50_000));
    expect(await balanceOf(stranger, recipient.accountNumber)).toBe(0);
  });

  it('keeps the BVN fingerprint keyed: not its SHA-256, and only the key finds it among BVNs', async () => {
    const someone = await customer(t().app, { tier: 1, provedBy: 'nin' });
    expect(await t().app.kyc.verifyBvn(someone.userId, { bvn, date_of_birth: born })).toMatchObject({ ok: true });
    const row = await t().app.db.selectFrom('kyc_checks').selectAll().where('user_id', '=', someone.userId).where('outcome', '=', 'verified').executeTakeFirstOrThrow();
    expect(row.bvn_fingerprint).not.toBe(sha256Hex(bvn));
    expect(JSON.stringify(row)).not.toContain(bvn);
    expect(JSON.stringify(row)).not.toContain(sha256Hex(bvn).slice(0, 16));

    // A search over 20,000 BVNs around it: plain SHA-256 and HMAC under another key find nothing; the key finds exactly it.
    const ring = (key: string) => ({ current: new SecretKey(Buffer.from(key, 'base64')), previous: [], source: 'PIN_KEY' as const });
    const withKey = createBvnFingerprints(ring(k1));
    const otherKey = createBvnFingerprints(ring(base64Key()));
    const around = [bvn, ...Array.from({ length: 20_000 }, (_, n) => `22222${String(n).padStart(6, '0')}`)];
    expect(around.filter((guess) => sha256Hex(guess) === row.bvn_fingerprint)).toEqual([]);
    expect(around.filter((guess) => otherKey.of(guess).fingerprint === row.bvn_fingerprint)).toEqual([]);
    expect(around.filter((guess) => withKey.of(guess).fingerprint === row.bvn_fingerprint)).toEqual([bvn]);
    expect(row.bvn_key_version).toBe(withKey.of(bvn).keyVersion);
  });

  it('rewrites legacy SHA-256 fingerprints on start, and they still keep one customer per BVN', async () => {
    const first = await customer(t().app, { tier: 1, provedBy: 'nin' });
    await t().app.kyc.verifyBvn(first.userId, { bvn: '22222222224', date_of_birth: born });
    expect(await t().app.kyc.verifyBvn(first.userId, { bvn, date_of_birth: born })).toMatchObject({ ok: true });
    // As a database from before the key holds them: plain SHA-256, no key version.
    const legacyOf: Record<string, string> = {};
    for (const check of await t().app.db.selectFrom('kyc_checks').select(['id', 'bvn_last4']).where('user_id', '=', first.userId).execute()) {
      const legacy = sha256Hex(check.bvn_last4 === '2222' ? bvn : '22222222224');
      legacyOf[check.id] = legacy;
      await t().app.db.updateTable('kyc_checks').set({ bvn_fingerprint: legacy, bvn_key_version: null }).where('id', '=', check.id).execute();
    }

    const lines: string[] = [];
    const restarted = await reopen({ PIN_KEY: k1, LOG_LEVEL: 'debug' }, lines);
    expect(lines.some((line) => line.includes('"kyc.bvn_fingerprints_rekeyed"') && line.includes('"rows":2'))).toBe(true);
    const rows = await restarted.db.selectFrom('kyc_checks').selectAll().execute();
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.bvn_fingerprint).not.toBe(legacyOf[row.id]);
      expect(row.bvn_key_version).toBe(restarted.bvnFingerprints.keyVersions()[0]);
    }
    expect(rows.find((row) => row.outcome === 'verified')!.bvn_fingerprint).toBe(restarted.bvnFingerprints.of(bvn).fingerprint);

    // Another customer with the same BVN is refused, and the unique index refuses a second verified row outright.
    const second = await customer(restarted, { tier: 1, provedBy: 'nin' });
    expect(await restarted.kyc.verifyBvn(second.userId, { bvn, date_of_birth: born })).toMatchObject({ ok: false, code: 'DUPLICATE' });
    await expect(
      restarted.db
        .insertInto('kyc_checks')
        .values({ id: `kyc_${randomBytes(6).toString('hex')}`, user_id: second.userId, kind: 'bvn', outcome: 'verified', bvn_fingerprint: restarted.bvnFingerprints.of(bvn).fingerprint, bvn_key_version: restarted.bvnFingerprints.of(bvn).keyVersion, bvn_last4: '2222', created_at: t().clock.now().toISOString() })
        .execute(),
    ).rejects.toThrow(/unique|duplicate/i);

    // A second start finds nothing left to rewrite.
    const again: string[] = [];
    await reopen({ PIN_KEY: k1, LOG_LEVEL: 'debug' }, again);
    expect(again.some((line) => line.includes('kyc.bvn_fingerprints_rekeyed'))).toBe(false);
  });

  it('a BVN verified under the previous key still binds its customer after a rotation', async () => {
    const first = await customer(t().app, { tier: 1, provedBy: 'nin' });
    expect(await t().app.kyc.verifyBvn(first.userId, { bvn, date_of_birth: born })).toMatchObject({ ok: true });
    const rotated = await reopen({ PIN_KEY: base64Key(), PIN_KEY_PREVIOUS: k1 });
    const second = await customer(rotated, { tier: 1, provedBy: 'nin' });
    expect(await rotated.kyc.verifyBvn(second.userId, { bvn, date_of_birth: born })).toMatchObject({ ok: false, code: 'DUPLICATE' });
    expect((await rotated.users.findById(second.userId))!.tier).toBe(1);
  });

  it('50 customers verifying one BVN at once: exactly one gets it', async () => {
    const people = await Promise.all(Array.from({ length: 50 }, () => customer(t().app, { tier: 1, provedBy: 'nin' })));
    const results = await Promise.all(people.map((person) => t().app.kyc.verifyBvn(person.userId, { bvn, date_of_birth: born })));
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok).every((result) => !result.ok && result.code === 'DUPLICATE')).toBe(true);
    const verified = await t().app.db.selectFrom('kyc_checks').select('user_id').where('outcome', '=', 'verified').execute();
    expect(verified).toHaveLength(1);
  });
});

describe('the key file of the embedded database', () => {
  it('is made on first start and reused on the next: PINs set before a restart still pay', async () => {
    const t = await createTestApp('sqlite');
    const apps: App[] = [];
    const createApp = async (...args: Parameters<typeof composeApp>): Promise<App> => {
      const composed = await composeApp(...args);
      return { ...composed.app, ...composed.internals };
    };
    try {
      const { dataDir } = t.app.config;
      const fs = await import('node:fs');
      const keyFile = `${dataDir}/pin.key`;
      expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
      const before = fs.readFileSync(keyFile, 'utf8');
      const sender = await customer(t.app, { balance: naira(10_000) });
      const recipient = await customer(t.app);

      const restarted = await createApp(parseConfig({ LOG_LEVEL: 'silent', SEED_DEMO: 'false', DATA_DIR: dataDir }), { clock: t.clock, mailer: t.mailer });
      apps.push(restarted);
      expect(fs.readFileSync(keyFile, 'utf8')).toBe(before);
      const paid = await restarted.transfers.sendLocal(sender.userId, sender.accountNumber, { account_number: recipient.accountNumber, amount: naira(100), narration: '', pin: testPin, save_beneficiary: false }, newKey());
      expect(paid).toMatchObject({ ok: true });

      // The same key moved into PIN_KEY (as docs/security.md says to do for production) keeps every PIN.
      const viaEnv = await createApp(parseConfig({ LOG_LEVEL: 'silent', SEED_DEMO: 'false', DATA_DIR: dataDir, PIN_KEY: before.trim() }), { clock: t.clock, mailer: t.mailer });
      apps.push(viaEnv);
      const row = await viaEnv.db.selectFrom('users').select(['transaction_pin_hash', 'pin_key_version']).where('id', '=', sender.userId).executeTakeFirstOrThrow();
      expect(await viaEnv.pinHasher.verify(sender.userId, testPin, row.transaction_pin_hash!, row.pin_key_version)).toEqual({ ok: true, upgrade: null });

      // Opened up to other users, the file stops the next start.
      fs.chmodSync(keyFile, 0o644);
      await expect(createApp(parseConfig({ LOG_LEVEL: 'silent', SEED_DEMO: 'false', DATA_DIR: dataDir }), { clock: t.clock, mailer: t.mailer })).rejects.toThrow(/can be read by other users/);
    } finally {
      for (const app of apps) await app.db.destroy();
      await t.close();
    }
  });
});
