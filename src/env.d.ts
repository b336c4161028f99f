/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    app: import('./server/app.ts').App;
    /** The caller's session, from the cookie or a Bearer token; null for guests. */
    session: { id: string; userId: string; via: 'bearer' | 'cookie' } | null;
    user: import('./server/core/users/present-user.ts').UserJson | null;
    /** Why a presented session was refused, so /login can say so. */
    sessionEnded: 'idle' | 'absolute' | 'revoked' | null;
    /** A registration waiting for its email code (pages only; the registration cookie), for guests. */
    registration: { token: string; email: string } | null;
  }
}
