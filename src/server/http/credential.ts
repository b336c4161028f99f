import type { App } from '../app.ts';
import type { PendingRegistration } from '../core/auth/registration-service.ts';
import type { SessionRow } from '../db/schema.ts';
import { presentUser, type UserJson } from '../core/users/present-user.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { FreezeState } from '../core/safety/frozen.ts';

/**
 * What a presented token (session cookie or Bearer) stands for:
 * - `customer`: a live session;
 * - `pending`: a registration waiting for its email code (register's token before the code is
 *   right), with a session's timeouts. It is no customer yet, so it never reaches `locals.user`:
 *   pages treat it as a customer whose email is not verified (guard.ts); in the API, `signedIn`
 *   refuses it (403 ONBOARDING_INCOMPLETE) and only verify-otp, resend-otp, GET /v1/profile and
 *   logout take it (`customerOrPending` in api.ts);
 * - `restricted`: with DEVICE_BINDING on, a live session signed in from a device that is not the
 *   customer's bound one and waiting for its code (decision 026): pages lead to /login/device,
 *   and the API takes only device/confirm, device/resend and logout (middleware.ts);
 * - `ended`: a session or pending registration that timed out or was revoked;
 * - `none`: nothing we know.
 */
export type Credential =
  | { kind: 'customer'; session: SessionRow; user: UserJson; language: Locale; freeze: FreezeState; mayMoveMoney: boolean }
  | { kind: 'restricted'; session: SessionRow; user: UserJson; language: Locale; freeze: FreezeState; mayMoveMoney: boolean }
  | { kind: 'pending'; registration: PendingRegistration }
  | { kind: 'ended'; reason: 'idle' | 'absolute' | 'revoked' }
  | { kind: 'none' };

export async function resolveCredential(app: Pick<App, 'sessions' | 'registrations' | 'deviceBinding' | 'config'>, token: string): Promise<Credential> {
  // The session and its customer in one statement (it was three; docs/decisions/012-signed-in-reads-in-one-statement.md).
  const resolved = await app.sessions.resolveCustomer(token);
  if (resolved.status === 'active') {
    const restricted = app.config.deviceBinding && (await app.deviceBinding.pending(resolved.session.id));
    return { kind: restricted ? 'restricted' : 'customer', session: resolved.session, user: presentUser(resolved.profile), language: resolved.language, freeze: resolved.freeze, mayMoveMoney: resolved.mayMoveMoney };
  }
  if (resolved.status === 'expired') return { kind: 'ended', reason: resolved.reason };
  const pending = await app.registrations.resolve(token);
  if (pending.status === 'active') return { kind: 'pending', registration: pending.registration };
  if (pending.status === 'expired') return { kind: 'ended', reason: pending.reason };
  return { kind: 'none' };
}
