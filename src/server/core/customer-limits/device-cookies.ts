import { createHmac, createSecretKey, randomBytes, timingSafeEqual, type KeyObject } from 'node:crypto';

/**
 * The long-lived cookie that names a browser: a random device id and its HMAC-SHA-256 under a
 * server key (derived from the PIN/BVN master key for this purpose alone), `<id>.<mac>` in
 * base64url. A cookie that is missing, malformed, or not signed by one of the server's keys (an
 * older key after a rotation still counts) names no browser: the sign-in is then from a new one.
 * The database keeps only a SHA-256 of the id, per customer (known_devices).
 */
export type DeviceCookies = ReturnType<typeof createDeviceCookies>;

const idBytes = 16;
const idPattern = /^[A-Za-z0-9_-]{22}$/;
const macPattern = /^[A-Za-z0-9_-]{43}$/;

/** `keys[0]` signs new cookies; every key verifies. */
export function createDeviceCookies(rawKeys: Buffer[]) {
  if (rawKeys.length === 0) throw new Error('the device cookie needs a server key');
  // KeyObjects, made once: createHmac imports a raw Buffer key on every call.
  const keys = rawKeys.map((key) => createSecretKey(key));
  const mac = (key: KeyObject, deviceId: string) => createHmac('sha256', key).update(`device:${deviceId}`).digest();

  return {
    /** A new browser's cookie value and its device id. */
    issue(): { value: string; deviceId: string } {
      const deviceId = randomBytes(idBytes).toString('base64url');
      return { value: `${deviceId}.${mac(keys[0]!, deviceId).toString('base64url')}`, deviceId };
    },

    /** The device id in a cookie value the server signed, or null (absent, malformed, forged). */
    read(value: string | undefined | null): string | null {
      if (!value || value.length > 100) return null;
      const [deviceId, signature, extra] = value.split('.');
      if (extra !== undefined || !deviceId || !signature || !idPattern.test(deviceId) || !macPattern.test(signature)) return null;
      const given = Buffer.from(signature, 'base64url');
      return keys.some((key) => timingSafeEqual(mac(key, deviceId), given)) ? deviceId : null;
    },
  };
}
