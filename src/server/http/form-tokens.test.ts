import { describe, expect, it } from 'vitest';
import { acceptedBindings, primaryBinding } from './form-tokens.ts';

const guest = { sessionId: null, registrationId: null, guestId: 'g'.repeat(32) };
const signedIn = { ...guest, sessionId: 'session-1' };

describe('which bindings a posted form token may match', () => {
  it('a guest: the pre-session cookie, on any form', () => {
    expect(acceptedBindings(guest, '/register')).toEqual([{ kind: 'guest', id: guest.guestId }]);
    expect(primaryBinding(guest)).toEqual({ kind: 'guest', id: guest.guestId });
  });

  it('a signed-in browser: the session, and the cookie only for the sign-in and language forms of a tab opened before', () => {
    expect(primaryBinding(signedIn)).toEqual({ kind: 'session', id: 'session-1' });
    for (const path of ['/transfer/send', '/dashboard', '/account/settings', '/logout', '/freeze']) expect(acceptedBindings(signedIn, path), path).toEqual([{ kind: 'session', id: 'session-1' }]);
    for (const path of ['/login', '/language']) expect(acceptedBindings(signedIn, path).map((binding) => binding.kind), path).toEqual(['session', 'guest']);
    const waiting = { ...guest, registrationId: 'registration-1' };
    expect(acceptedBindings(waiting, '/account/verify')).toEqual([{ kind: 'registration', id: 'registration-1' }]);
  });

  it('nothing to bind to: no binding', () => {
    expect(primaryBinding({ sessionId: null, registrationId: null, guestId: null })).toBeNull();
  });
});
