import fs from 'node:fs';
import type { Config } from '../../config.ts';
import { secretsWithoutKey } from '../auth/keyed-secrets.ts';
import { readKeyFile } from '../auth/secret-keys.ts';
import { verifyLedger } from '../ledger/verify-ledger.ts';
import type { Db } from '../../db/connection.ts';

export type RestoreReport = {
  ledger: { ok: boolean; accounts: number; entries: number; problems: string[] };
  /** The key ids this server would use; none when the embedded database's key file is not back yet. */
  keys: string[];
  pinsWithoutKey: Record<string, number>;
  bvnFingerprintsWithoutKey: Record<string, number>;
};

/**
 * What an operator must know about a restored database before serving it: do the books verify,
 * and were its PINs and BVN fingerprints made under the key this server has (PIN_KEY, or the key
 * file restored from its own backup)? Reads the key file, never makes one.
 */
export async function checkRestored(db: Db, config: Pick<Config, 'secrets'>): Promise<RestoreReport> {
  const { secrets } = config;
  // PIN_KEY, else the embedded database's key file if it is back (PostgreSQL always has PIN_KEY).
  const current = secrets.pinKey ?? (fs.existsSync(secrets.keyFile) ? readKeyFile(secrets.keyFile) : null);
  const keys = [...(current ? [current.id] : []), ...secrets.previousPinKeys.map((key) => key.id)];
  const missing = await secretsWithoutKey(db, keys);
  const ledger = await verifyLedger(db);
  return {
    ledger: { ok: ledger.ok, accounts: ledger.accounts, entries: ledger.entries, problems: ledger.problems },
    keys,
    pinsWithoutKey: missing.pins,
    bvnFingerprintsWithoutKey: missing.bvnFingerprints,
  };
}
