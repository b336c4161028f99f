import type { Db } from '../../db/connection.ts';
import type { Logger } from '../../log.ts';
import { createBvnFingerprints, type BvnFingerprints } from '../kyc/bvn-fingerprint.ts';
import { createPinHasher, type PinHasher } from './pin-hash.ts';
import type { KeyRing } from './secret-keys.ts';

/**
 * At start, after the migrations: the PIN hasher and BVN fingerprints for the key ring, legacy
 * BVN fingerprints rewritten under the key, and a loud log line for any PIN or fingerprint made
 * under a key this server does not have (a changed PIN_KEY without PIN_KEY_PREVIOUS, or a lost key
 * file). Those PINs cannot be checked (the payment fails, nothing is counted) until the key is
 * restored or the customer resets the PIN with password and security answer. Logs only key ids.
 */
/**
 * PINs and BVN fingerprints made under a key the ring does not have, counted by key id: what a
 * restored backup (or a lost key) leaves unverifiable. Empty when every one has its key.
 */
export async function secretsWithoutKey(db: Db, knownKeyIds: string[]): Promise<{ pins: Record<string, number>; bvnFingerprints: Record<string, number> }> {
  const known = new Set(knownKeyIds);
  const pins = await db.selectFrom('users').select((eb) => ['pin_key_version', eb.fn.countAll<number>().as('count')]).where('pin_key_version', 'is not', null).groupBy('pin_key_version').execute();
  const bvns = await db.selectFrom('kyc_checks').select((eb) => ['bvn_key_version', eb.fn.countAll<number>().as('count')]).where('bvn_key_version', 'is not', null).groupBy('bvn_key_version').execute();
  return {
    pins: Object.fromEntries(pins.filter((row) => !known.has(row.pin_key_version!)).map((row) => [row.pin_key_version, Number(row.count)])),
    bvnFingerprints: Object.fromEntries(bvns.filter((row) => !known.has(row.bvn_key_version!)).map((row) => [row.bvn_key_version, Number(row.count)])),
  };
}

export async function prepareKeyedSecrets(db: Db, ring: KeyRing, log: Logger): Promise<{ pinHasher: PinHasher; bvnFingerprints: BvnFingerprints }> {
  const pinHasher = createPinHasher(ring);
  const bvnFingerprints = createBvnFingerprints(ring);

  const rekeyed = await bvnFingerprints.rekeyLegacy(db);
  if (rekeyed > 0) log.info('kyc.bvn_fingerprints_rekeyed', { rows: rekeyed, key: ring.current.id });

  const known = pinHasher.keyVersions();
  const missing = await secretsWithoutKey(db, known);
  if (Object.keys(missing.pins).length > 0 || Object.keys(missing.bvnFingerprints).length > 0) {
    log.error('keys.missing', {
      source: ring.source,
      known,
      pins: missing.pins,
      bvn_fingerprints: missing.bvnFingerprints,
      help: 'Set the key these were made under as PIN_KEY_PREVIOUS (or restore DATA_DIR/pin.key from its backup).',
    });
  }
  const pins = await db.selectFrom('users').select((eb) => ['pin_key_version', eb.fn.countAll<number>().as('count')]).where('pin_key_version', 'is not', null).groupBy('pin_key_version').execute();
  const legacyPins = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('count')).where('transaction_pin_hash', 'is not', null).where('pin_key_version', 'is', null).executeTakeFirstOrThrow();
  log.info('keys.ready', {
    source: ring.source,
    current: ring.current.id,
    previous: ring.previous.map((key) => key.id),
    pins_by_key: Object.fromEntries(pins.map((row) => [row.pin_key_version, Number(row.count)])),
    pins_legacy_argon2id: Number(legacyPins.count),
  });
  return { pinHasher, bvnFingerprints };
}
