/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    app: import('./server/app.ts').App;
    /** Set by the Node server on requests to the back office's own listener (OPS_PORT); absent on the public one. */
    listener?: 'ops';
    /** The caller's session, from the cookie or a Bearer token; null for guests. */
    session: { id: string; userId: string; via: 'bearer' | 'cookie' } | null;
    user: import('./server/core/users/present-user.ts').UserJson | null;
    /** Whether the signed-in customer's account is frozen, read with the session; null for guests. */
    freeze: import('./server/core/safety/frozen.ts').FreezeState | null;
    /** Whether the signed-in customer may move money (an identity and a liveness pass: kyc/identity-rule.ts), read with the session; null for guests. */
    mayMoveMoney: boolean | null;
    /** Why a presented session was refused, so /login can say so. */
    sessionEnded: 'idle' | 'absolute' | 'revoked' | null;
    /**
     * A registration waiting for its email code, presented with its token (the session cookie or
     * a Bearer token). `session` and `user` stay null: it opens only /account/verify, verify-otp,
     * resend-otp, GET /v1/profile and sign-out (src/server/http/credential.ts).
     */
    registration: import('./server/core/auth/registration-service.ts').PendingRegistration | null;
    /** With DEVICE_BINDING on, the session (in `session`) waits to confirm its new device: see src/server/http/device-restriction.ts. */
    deviceRestricted: boolean;
    /** The language this request is answered in (src/server/http/language.ts). */
    locale: import('./i18n/locales.ts').Locale;
    /**
     * This response's form token for the `_csrf` field (src/server/http/form-tokens.ts): bound to
     * the session, the registration or the guest's pre-session cookie, masked afresh per response.
     */
    formToken: () => string;
    /** Under /ops only: the staff member signed in (verified: the TOTP code was right), from the ops cookie (src/server/http/ops-request.ts). */
    staff?: { sessionId: string; verified: boolean; member: import('./server/core/staff/staff-service.ts').StaffMember; address: string | null } | null;
  }
}
