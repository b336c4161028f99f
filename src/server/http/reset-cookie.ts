import type { AstroCookies } from 'astro';
import { emailSchema } from '../../lib/schemas.ts';
import { ownCookieOptions } from './session-cookie.ts';

/**
 * The forgotten-password pages carry the flow from step to step in one short-lived httpOnly
 * cookie: the email after /password/forgot, then the email and the checked code after
 * /password/reset/token. It holds nothing the customer did not type (the API takes the same two
 * values in every call), so it is not signed; it is httpOnly so page scripts never see the code.
 * Over https it carries the __Host- prefix, like the session cookie.
 */
export type ResetFlow = { email: string; token?: string };

const maxAgeSeconds = 15 * 60;

export function resetCookieName(url: URL): string {
  return url.protocol === 'https:' ? '__Host-password-reset' : 'password-reset';
}

export function readResetFlow(cookies: AstroCookies, url: URL): ResetFlow | null {
  const raw = cookies.get(resetCookieName(url))?.value;
  if (!raw) return null;
  try {
    const parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as { email?: unknown; token?: unknown };
    const email = emailSchema.safeParse(parsed.email);
    if (!email.success) return null;
    const token = typeof parsed.token === 'string' && /^\d{6}$/.test(parsed.token) ? parsed.token : undefined;
    return token ? { email: email.data, token } : { email: email.data };
  } catch {
    return null;
  }
}

export function setResetFlow(cookies: AstroCookies, url: URL, flow: ResetFlow): void {
  cookies.set(resetCookieName(url), Buffer.from(JSON.stringify(flow), 'utf8').toString('base64url'), { ...ownCookieOptions(url), maxAge: maxAgeSeconds });
}

export function clearResetFlow(cookies: AstroCookies, url: URL): void {
  cookies.delete(resetCookieName(url), ownCookieOptions(url));
}

/** "a•••e@example.com": enough for the customer to recognise, not to read over a shoulder. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  const local = email.slice(0, at);
  const masked = local.length <= 2 ? `${local[0]}•••` : `${local[0]}•••${local[local.length - 1]}`;
  return masked + email.slice(at);
}
