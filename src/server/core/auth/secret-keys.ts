import fs from 'node:fs';
import path from 'node:path';
import { hkdfSync, randomBytes } from 'node:crypto';
import { inspect } from 'node:util';

/**
 * The server keys that protect what a leaked database must not give away: the 4-digit PIN (10,000
 * values, so no slow hash protects it) and the BVN fingerprint (11 digits). One master key,
 * `PIN_KEY` or on the embedded database a key file in DATA_DIR, and per-purpose subkeys derived
 * from it with HKDF-SHA-256, so the PIN HMAC and the BVN HMAC never share a key.
 *
 * Rotation: the new key becomes `PIN_KEY`, the old one goes into `PIN_KEY_PREVIOUS` (several may
 * be listed, comma-separated). Every stored value names the key that made it by the key's id.
 */
export const minimumKeyBytes = 32;

/** Key material that never prints: not in logs, not in JSON, not in util.inspect or test output. */
export class SecretKey {
  readonly #bytes: Buffer;
  /** 12 hex digits derived from the key (HKDF, its own purpose): names it without revealing it. */
  readonly id: string;

  constructor(bytes: Buffer) {
    if (bytes.length < minimumKeyBytes) throw new Error(`a server key needs at least ${minimumKeyBytes} bytes`);
    this.#bytes = Buffer.from(bytes);
    this.id = this.derive('key-id', 6).toString('hex');
  }

  /** A subkey for one purpose; different purposes give independent keys. */
  derive(purpose: string, length = 32): Buffer {
    return Buffer.from(hkdfSync('sha256', this.#bytes, Buffer.alloc(0), `harmattan-bank/${purpose}`, length));
  }

  toJSON(): string {
    return `[server key ${this.id}]`;
  }
  toString(): string {
    return `[server key ${this.id}]`;
  }
  [inspect.custom](): string {
    return `SecretKey(${this.id})`;
  }
}

/** Standard or URL-safe base64, padding optional; null when it is not canonical base64. */
export function decodeKey(text: string): Buffer | null {
  const trimmed = text.trim();
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(trimmed) && !/^[A-Za-z0-9_-]+={0,2}$/.test(trimmed)) return null;
  const bytes = Buffer.from(trimmed, 'base64');
  const given = trimmed.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/');
  if (bytes.toString('base64').replace(/=+$/, '') !== given) return null;
  return bytes;
}

/** The keys in force: `current` makes every new value; `previous` only verifies old ones. */
export type KeyRing = { current: SecretKey; previous: SecretKey[]; source: 'PIN_KEY' | 'key file' };

export type KeySettings = {
  /** PIN_KEY, when set. */
  pinKey: SecretKey | null;
  /** PIN_KEY_PREVIOUS: older keys that still verify what they made. */
  previousPinKeys: SecretKey[];
  /** Where the embedded database keeps its generated key: DATA_DIR/pin.key. */
  keyFile: string;
};

/**
 * The key ring for this server. PIN_KEY wins. Without it, PostgreSQL refuses to start (a shared
 * database server is production: its key must be set, and kept, on purpose), and the embedded
 * database uses DATA_DIR/pin.key, made on first start with mode 0600.
 */
export function loadKeyRing(settings: KeySettings, database: { kind: 'sqlite' | 'postgres' }): KeyRing {
  let current: SecretKey;
  let source: KeyRing['source'];
  if (settings.pinKey) {
    current = settings.pinKey;
    source = 'PIN_KEY';
  } else if (database.kind === 'postgres') {
    throw new Error(
      'PIN_KEY is required with DATABASE_URL (PostgreSQL): it keys the PIN and BVN hashes. ' +
        'Generate one with `openssl rand -base64 32`, set it in the server environment, and keep a copy apart from the database backups.',
    );
  } else {
    current = loadOrCreateKeyFile(settings.keyFile);
    source = 'key file';
  }
  const seen = new Set([current.id]);
  const previous = settings.previousPinKeys.filter((key) => !seen.has(key.id) && seen.add(key.id));
  return { current, previous, source };
}

/** Reads DATA_DIR/pin.key, or makes it (32 random bytes, base64, mode 0600) if there is none. */
export function loadOrCreateKeyFile(file: string): SecretKey {
  if (!fs.existsSync(file)) createKeyFile(file);
  return readKeyFile(file);
}

function createKeyFile(file: string): void {
  const dir = path.dirname(file);
  fs.mkdirSync(dir, { recursive: true });
  // Written whole and synced under a temporary name, then linked into place: link never replaces
  // an existing file, so two processes starting at once end up with one key, never a torn one.
  const temporary = path.join(dir, `.${path.basename(file)}.${process.pid}.${randomBytes(6).toString('hex')}`);
  const fd = fs.openSync(temporary, 'wx', 0o600);
  try {
    fs.fchmodSync(fd, 0o600);
    fs.writeSync(fd, `${randomBytes(minimumKeyBytes).toString('base64')}\n`);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  try {
    fs.linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    fs.rmSync(temporary, { force: true });
  }
  syncDirectory(dir);
}

function syncDirectory(dir: string): void {
  let fd: number | undefined;
  try {
    fd = fs.openSync(dir, 'r');
    fs.fsyncSync(fd);
  } catch {
    // Not every platform can sync a directory; the file itself is synced.
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

export function readKeyFile(file: string): SecretKey {
  const stat = fs.statSync(file);
  if (!stat.isFile()) throw new Error(`${file} is not a file. It should hold the server key for PINs and BVN fingerprints.`);
  if (process.platform !== 'win32' && (stat.mode & 0o077) !== 0) {
    throw new Error(
      `${file} can be read by other users (mode ${(stat.mode & 0o777).toString(8)}). It holds the server key for PINs and BVN fingerprints: run \`chmod 600 ${file}\` and start again.`,
    );
  }
  const bytes = decodeKey(fs.readFileSync(file, 'utf8'));
  if (!bytes || bytes.length < minimumKeyBytes) {
    throw new Error(
      `${file} is not a server key (base64 of at least ${minimumKeyBytes} bytes). Restore it from its backup; ` +
        'deleting it makes every PIN set since it was made unusable until reset.',
    );
  }
  return new SecretKey(bytes);
}
