import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { inspect } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decodeKey, loadKeyRing, loadOrCreateKeyFile, SecretKey } from './secret-keys.ts';

describe('server keys', () => {
  let dir: string;
  let keyFile: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bank-keys-'));
    keyFile = path.join(dir, 'data', 'pin.key');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('decodes standard and URL-safe base64, padded or not, and nothing else', () => {
    const bytes = randomBytes(32);
    expect(decodeKey(bytes.toString('base64'))).toEqual(bytes);
    expect(decodeKey(` ${bytes.toString('base64')}\n`)).toEqual(bytes);
    expect(decodeKey(bytes.toString('base64url'))).toEqual(bytes);
    expect(decodeKey(bytes.toString('base64').replace(/=+$/, ''))).toEqual(bytes);
    for (const bad of ['', 'not base64!', '====', 'QUJD=RA==', `${bytes.toString('base64')}x`, 'a+b_c', bytes.toString('hex') + '%']) {
      expect(decodeKey(bad)).toBeNull();
    }
  });

  it('never prints key material: JSON, inspect, string and template all show only the id', () => {
    const bytes = randomBytes(32);
    const key = new SecretKey(bytes);
    expect(key.id).toMatch(/^[0-9a-f]{12}$/);
    for (const shown of [JSON.stringify({ key }), inspect({ key }), String(key), `${key}`]) {
      expect(shown).not.toContain(bytes.toString('base64'));
      expect(shown).not.toContain(bytes.toString('base64').slice(0, 12));
      expect(shown).not.toContain(bytes.toString('hex').slice(0, 12));
      expect(shown).toContain(key.id);
    }
    expect(() => new SecretKey(randomBytes(31))).toThrow(/32 bytes/);
  });

  it('derives independent subkeys per purpose, and the same ones from the same key', () => {
    const bytes = randomBytes(32);
    const key = new SecretKey(bytes);
    expect(key.derive('pin')).toEqual(new SecretKey(bytes).derive('pin'));
    expect(key.derive('pin')).not.toEqual(key.derive('bvn'));
    expect(key.derive('pin')).not.toEqual(bytes);
    expect(new SecretKey(randomBytes(32)).id).not.toBe(key.id);
  });

  it('makes the key file on first start with mode 0600 and reuses it after', () => {
    const first = loadOrCreateKeyFile(keyFile);
    const stat = fs.statSync(keyFile);
    expect(stat.mode & 0o777).toBe(0o600);
    expect(decodeKey(fs.readFileSync(keyFile, 'utf8'))).toHaveLength(32);
    const again = loadOrCreateKeyFile(keyFile);
    expect(again.id).toBe(first.id);
    expect(again.derive('pin')).toEqual(first.derive('pin'));
    // No temporary file is left beside it.
    expect(fs.readdirSync(path.dirname(keyFile))).toEqual(['pin.key']);
  });

  it('makes the key file 0600 even under a permissive umask', () => {
    const previous = process.umask(0o000);
    try {
      loadOrCreateKeyFile(keyFile);
    } finally {
      process.umask(previous);
    }
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
  });

  it('refuses a key file others can read, naming the file and the fix', () => {
    loadOrCreateKeyFile(keyFile);
    for (const mode of [0o644, 0o640, 0o604, 0o660]) {
      fs.chmodSync(keyFile, mode);
      expect(() => loadOrCreateKeyFile(keyFile)).toThrow(new RegExp(`${keyFile.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} can be read by other users \\(mode ${mode.toString(8)}\\)[\\s\\S]*chmod 600`));
    }
    fs.chmodSync(keyFile, 0o400);
    expect(() => loadOrCreateKeyFile(keyFile)).not.toThrow();
  });

  it('refuses a key file that is short, malformed or empty, and never replaces it', () => {
    fs.mkdirSync(path.dirname(keyFile), { recursive: true });
    for (const content of [randomBytes(16).toString('base64'), 'not a key at all', '', randomBytes(31).toString('base64')]) {
      fs.writeFileSync(keyFile, content, { mode: 0o600 });
      expect(() => loadOrCreateKeyFile(keyFile)).toThrow(/is not a server key/);
      expect(fs.readFileSync(keyFile, 'utf8')).toBe(content);
    }
  });

  it('refuses a directory where the key file should be', () => {
    fs.mkdirSync(keyFile, { recursive: true });
    expect(() => loadOrCreateKeyFile(keyFile)).toThrow(/is not a file/);
  });

  it('uses PIN_KEY when set and makes no key file; previous keys verify, duplicates of the current one are dropped', () => {
    const current = new SecretKey(randomBytes(32));
    const old = new SecretKey(randomBytes(32));
    const keyRing = loadKeyRing({ pinKey: current, previousPinKeys: [old, current, old], keyFile }, { kind: 'sqlite' });
    expect(keyRing.source).toBe('PIN_KEY');
    expect(keyRing.current.id).toBe(current.id);
    expect(keyRing.previous.map((key) => key.id)).toEqual([old.id]);
    expect(fs.existsSync(keyFile)).toBe(false);
  });

  it('on the embedded database without PIN_KEY uses the key file, with previous keys beside it', () => {
    const old = new SecretKey(randomBytes(32));
    const keyRing = loadKeyRing({ pinKey: null, previousPinKeys: [old], keyFile }, { kind: 'sqlite' });
    expect(keyRing.source).toBe('key file');
    expect(keyRing.current.id).toBe(loadOrCreateKeyFile(keyFile).id);
    expect(keyRing.previous.map((key) => key.id)).toEqual([old.id]);
  });

  it('refuses PostgreSQL without PIN_KEY, and makes no key file for it', () => {
    expect(() => loadKeyRing({ pinKey: null, previousPinKeys: [], keyFile }, { kind: 'postgres' })).toThrow(/PIN_KEY is required with DATABASE_URL/);
    expect(fs.existsSync(keyFile)).toBe(false);
  });
});
