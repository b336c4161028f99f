import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createDeviceCookies } from './device-cookies.ts';

describe('the device cookie', () => {
  const key = randomBytes(32);
  const cookies = createDeviceCookies([key]);

  it('names the browser it was issued to, and every cookie is a new device', () => {
    const first = cookies.issue();
    const second = cookies.issue();
    expect(first.deviceId).not.toBe(second.deviceId);
    expect(cookies.read(first.value)).toBe(first.deviceId);
    expect(first.value).toMatch(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
  });

  it('a forged, unsigned, tampered or foreign-key cookie names no browser', () => {
    const { value, deviceId } = cookies.issue();
    const [, mac] = value.split('.');
    const otherId = cookies.issue().deviceId;
    const foreign = createDeviceCookies([randomBytes(32)]).issue().value;
    for (const forged of [deviceId, `${otherId}.${mac}`, `${deviceId}.${'A'.repeat(43)}`, `${value}.extra`, foreign, '', 'x'.repeat(500), undefined, null]) {
      expect(cookies.read(forged)).toBeNull();
    }
  });

  it('after a key rotation the old key still verifies; only the new one signs', () => {
    const before = cookies.issue();
    const rotated = createDeviceCookies([randomBytes(32), key]);
    expect(rotated.read(before.value)).toBe(before.deviceId);
    expect(cookies.read(rotated.issue().value)).toBeNull();
  });
});
