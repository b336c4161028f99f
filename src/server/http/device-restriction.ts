import { fail, type Failure } from '../core/result.ts';
import { said } from '../../i18n/said.ts';

/**
 * What a session waiting to confirm its device (DEVICE_BINDING on, decision 026) may reach: the
 * code page and what it needs (signing out, the sandbox outbox, the language switch), and in the
 * API the confirm, the resend and the sign-out. Everything else is led to /login/device (pages)
 * or refused with 403 DEVICE_NOT_CONFIRMED (API).
 */
const openPages = new Set(['/login/device', '/logout', '/dev/outbox', '/language', '/form-refused']);
const openCalls = new Set(['POST /api/v1/auth/device/confirm', 'POST /api/v1/auth/device/resend', 'POST /api/v1/auth/logout']);

export function restrictedPageOpen(pathname: string): boolean {
  return openPages.has(pathname.replace(/\/+$/, '') || '/');
}

export function restrictedCallOpen(method: string, pathname: string): boolean {
  return openCalls.has(`${method.toUpperCase()} ${pathname.replace(/\/+$/, '')}`);
}

export const deviceNotConfirmed = (): Failure => fail('DEVICE_NOT_CONFIRMED', said('error.DEVICE_NOT_CONFIRMED'));
