import type { AstroCookies } from 'astro';
import { ownCookieOptions } from './session-cookie.ts';
import { publicUrlOf } from './client.ts';
import { requestMeta } from './api.ts';
import { deviceHashOf } from '../core/devices/device-binding.ts';

/**
 * The browser's device cookie (core/customer-limits/device-cookies.ts): signed by the
 * server, HttpOnly, SameSite=Lax, Secure with the __Host- prefix over https, kept about a year.
 * It is read and renewed at every sign-in and at the account's opening; it is no credential (a
 * session is), only what tells a browser the customer has used from one they have not.
 */
const deviceCookieMaxAgeSeconds = 365 * 24 * 3600;

export function deviceCookieName(url: URL): string {
  return url.protocol === 'https:' ? '__Host-device' : 'device';
}

function setDeviceCookie(cookies: AstroCookies, url: URL, value: string): void {
  cookies.set(deviceCookieName(url), value, { ...ownCookieOptions(url), maxAge: deviceCookieMaxAgeSeconds });
}

type SignInContext = Parameters<typeof publicUrlOf>[0] & Parameters<typeof requestMeta>[0] & { cookies: AstroCookies };

/** The header an API client names its device with: the `device` value a login answered (decision 026). */
export const deviceHeader = 'x-device';

/** A cookie's value from a Cookie header, as Astro's cookies read it (URI-decoded). */
function cookieIn(header: string | null, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) {
      try {
        return decodeURIComponent(part.slice(at + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/**
 * The device a request is made from, as known_devices and bound_devices keep it (the SHA-256 of
 * the id in the signed device value): an `X-Device` header first (API clients), else the
 * browser's device cookie under either of its names. Null when it names none this server signed.
 */
export function requestDeviceHash(app: App.Locals['app'], request: Request): string | null {
  const header = request.headers.get('cookie');
  const named = request.headers.get(deviceHeader) ?? cookieIn(header, '__Host-device') ?? cookieIn(header, 'device');
  const deviceId = app.limits.deviceIdOf(named);
  return deviceId ? deviceHashOf(deviceId) : null;
}

/**
 * After a successful sign-in (the page's form or the API): a browser this customer has not used
 * (no valid device cookie, or one they never signed in with) opens the new-browser cap (unless
 * DEVICE_BINDING is on: then at the code's confirmation) and gets the "new sign-in" email; either
 * way the browser holds a valid device cookie afterwards. An `X-Device` header, when sent, names
 * the device before the cookie does. Returns the device's id and the value to present next time.
 */
export async function recogniseSignIn(context: SignInContext, userId: string): Promise<{ deviceId: string; device: string }> {
  const url = publicUrlOf(context);
  const { ip, userAgent } = requestMeta(context);
  const { app } = context.locals;
  const recognised = await app.limits.recogniseSignIn(userId, {
    deviceCookie: context.request.headers.get(deviceHeader) ?? context.cookies.get(deviceCookieName(url))?.value,
    origin: url.origin,
    ip,
    userAgent,
    openWindow: !app.config.deviceBinding,
  });
  setDeviceCookie(context.cookies, url, recognised.deviceCookie);
  const deviceId = app.limits.deviceIdOf(recognised.deviceCookie);
  if (!deviceId) throw new Error('the device cookie just issued does not read back');
  return { deviceId, device: recognised.deviceCookie };
}

/**
 * With DEVICE_BINDING on, a sign-in from a device that is not the customer's bound one restricts
 * its session until the emailed and texted code is confirmed (core/devices/device-binding.ts).
 * Whether it did.
 */
export async function holdUnboundSignIn(context: SignInContext, userId: string, sessionId: string, deviceId: string): Promise<boolean> {
  const { app } = context.locals;
  if (!app.config.deviceBinding || (await app.deviceBinding.isBound(userId, deviceId))) return false;
  await app.deviceBinding.restrict(sessionId, userId, deviceId, publicUrlOf(context).origin);
  return true;
}

/** After the account opens (the right email code): this browser is the customer's first known one, and their bound device (decision 026). */
export async function recogniseAccountOpening(context: SignInContext, userId: string): Promise<void> {
  const url = publicUrlOf(context);
  const recognised = await context.locals.app.limits.recogniseAccountOpening(userId, context.cookies.get(deviceCookieName(url))?.value);
  await context.locals.app.deviceBinding.bindAtOpening(userId, recognised.deviceId);
  setDeviceCookie(context.cookies, url, recognised.deviceCookie);
}
