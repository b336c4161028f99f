import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { KeyRing } from '../auth/secret-keys.ts';

/**
 * Staff TOTP (RFC 6238: SHA-1, 6 digits, 30-second steps, one step either side accepted) through
 * `otpauth`, and the enrolment QR code drawn on the server as SVG through `qrcode`. Both load with
 * the first enrolment or sign-in, not at start (docs/decisions/013-render-and-memory-costs.md).
 *
 * The secret must be read back to check a code, so it cannot be hashed: it is sealed with
 * AES-256-GCM under its own subkey of the server key ring (secret-keys.ts), the member's id as
 * associated data (a sealed secret copied onto another member does not open), and stored as
 * `$aes-256-gcm$<iv>$<ciphertext+tag>` with the key's id beside it.
 */
export const totpPeriodSeconds = 30;
export const totpDigits = 6;
const purpose = 'staff-totp-aes-256-gcm';
const prefix = '$aes-256-gcm$';

type Otpauth = typeof import('otpauth');
let otpauth: Promise<Otpauth> | undefined;
const loadOtpauth = () => (otpauth ??= import('otpauth'));

export type SealedSecret = { sealed: string; keyVersion: string };

export function createTotpSeal(ring: KeyRing) {
  const keys = new Map([ring.current, ...ring.previous].map((key) => [key.id, key.derive(purpose)]));
  return {
    seal(staffId: string, base32: string): SealedSecret {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', keys.get(ring.current.id)!, iv);
      cipher.setAAD(Buffer.from(staffId, 'utf8'));
      const body = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return { sealed: `${prefix}${iv.toString('base64url')}$${body.toString('base64url')}`, keyVersion: ring.current.id };
    },
    /** The base32 secret, or null when the key is unknown or the value was tampered with. */
    open(staffId: string, sealed: string, keyVersion: string): string | null {
      const key = keys.get(keyVersion);
      if (!key || !sealed.startsWith(prefix)) return null;
      const [ivText, bodyText] = sealed.slice(prefix.length).split('$');
      if (!ivText || !bodyText) return null;
      const body = Buffer.from(bodyText, 'base64url');
      if (body.length < 17) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(ivText, 'base64url'));
        decipher.setAAD(Buffer.from(staffId, 'utf8'));
        decipher.setAuthTag(body.subarray(body.length - 16));
        return Buffer.concat([decipher.update(body.subarray(0, body.length - 16)), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
export type TotpSeal = ReturnType<typeof createTotpSeal>;

/** A new 160-bit secret, base32 (what authenticator apps take typed in). */
export async function newTotpSecret(): Promise<string> {
  const { Secret } = await loadOtpauth();
  return new Secret({ size: 20 }).base32;
}

async function totpOf(base32: string, label = 'staff', issuer = 'Bank') {
  const { TOTP, Secret } = await loadOtpauth();
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: totpDigits, period: totpPeriodSeconds, secret: Secret.fromBase32(base32) });
}

/** The otpauth:// URI an authenticator app reads from the QR code. */
export async function totpUri(base32: string, label: string, issuer: string): Promise<string> {
  return (await totpOf(base32, label, issuer)).toString();
}

/** The time step a right code belongs to (now's, or one either side), or null when it is wrong. */
export async function totpStepOf(base32: string, code: string, now: Date): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const totp = await totpOf(base32);
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / totpPeriodSeconds) + delta;
}

/** The code for a moment (tests, and the e2e that enrols like an authenticator app). */
export async function totpCodeAt(base32: string, at: Date): Promise<string> {
  return (await totpOf(base32)).generate({ timestamp: at.getTime() });
}

/** The QR code of `text` as an inline SVG element, with a text alternative. */
export async function qrSvg(text: string, label: string): Promise<string> {
  const QRCode = (await import('qrcode')).default;
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  const escaped = label.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return svg.replace(/^<svg /, `<svg role="img" aria-label="${escaped}" width="200" height="200" `);
}
