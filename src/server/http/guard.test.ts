import { describe, expect, it } from 'vitest';
import { decide, guestOnlyRoutes, signedInRoutes } from './guard.ts';

const flags = (verified: boolean, address: boolean, pin: boolean, question: boolean) => ({
  is_email_verified: verified,
  is_address_submitted: address,
  is_transaction_pin_set: pin,
  is_security_question_set: question,
});
const unverified = flags(false, false, false, false);
const verified = flags(true, false, false, false);
const addressed = flags(true, true, false, false);
const pinned = flags(true, true, true, false);
const complete = flags(true, true, true, true);

const go = (to: string) => ({ action: 'redirect', to, requestNewCode: to === '/account/verify' });
const allow = { action: 'allow' };

describe('navigation guard (seed section 2)', () => {
  it.each([
    // guests
    ['/', null, allow],
    ['/login', null, allow],
    ['/register', null, allow],
    ['/password/forgot', null, allow],
    ['/password/reset/token', null, allow],
    ['/password/reset', null, allow],
    ['/dashboard', null, go('/login')],
    ['/account/verify', null, go('/login')],
    ['/transfer/send', null, go('/login')],
    ['/beneficairies', null, go('/login')],
    ['/artime', null, go('/login')],
    ['/404', null, allow],
    ['/no/such/page', null, allow],
    ['/api/v1/profile', null, allow],
    // onboarding order
    ['/dashboard', unverified, go('/account/verify')],
    ['/address/update', unverified, go('/account/verify')],
    ['/account/verify', unverified, allow],
    ['/login', unverified, go('/account/verify')],
    ['/dashboard', verified, go('/address/update')],
    ['/account/verify', verified, go('/address/update')],
    ['/address/update', verified, allow],
    ['/profile/created', verified, go('/address/update')],
    ['/profile/created', addressed, allow],
    ['/pin/set', addressed, allow],
    ['/transfer', addressed, go('/pin/set')],
    ['/security/question', addressed, go('/pin/set')],
    ['/security/question', pinned, allow],
    ['/pin/set', pinned, go('/security/question')],
    ['/register', pinned, go('/security/question')],
    // complete
    ['/dashboard', complete, allow],
    ['/transactions', complete, allow],
    ['/bills/cable/success', complete, allow],
    ['/account/verify', complete, go('/dashboard')],
    ['/address/update', complete, go('/dashboard')],
    ['/pin/set', complete, go('/dashboard')],
    ['/security/question', complete, go('/dashboard')],
    ['/profile/created', complete, go('/dashboard')],
    ['/', complete, go('/dashboard')],
    ['/login', complete, go('/dashboard')],
    ['/password/reset', complete, go('/dashboard')],
    ['/dashboard/', complete, allow],
    ['/login/', complete, go('/dashboard')],
    ['/no/such/page', complete, allow],
  ] as const)('%s as %o → %o', (path, user, expected) => {
    expect(decide(path, user)).toEqual(expected);
  });

  it('covers every route of the seed exactly once, plus the receipt PDF', () => {
    const all = [...guestOnlyRoutes, ...signedInRoutes];
    expect(new Set(all).size).toBe(all.length);
    // Beyond the seed's routes and the receipt PDF: customer safety's /account/freeze, /support/cases, /support/cases/new and
    // /account/limits (4), /account/my-data (1), /transfers/scheduled and /transfers/scheduled/new (2), and /requests and /requests/new (2).
    expect(all).toHaveLength(6 + 21 + 1 + 4 + 1 + 2 + 2);
    expect(decide('/transfer/receipt.pdf', null)).toEqual(go('/login'));
    // /account/my-data ("Download my data") needs a session like the rest.
    expect(decide('/account/my-data', null)).toEqual(go('/login'));
    // A payment link is open to everyone; the customer's requests are not.
    expect(decide('/pay/ABCDEFGHJKMN', null)).toEqual(allow);
    expect(decide('/requests/new', null)).toEqual(go('/login'));
  });

  it('asks for a new verification code only on the way to /account/verify', () => {
    expect(decide('/dashboard', unverified)).toMatchObject({ requestNewCode: true });
    expect(decide('/dashboard', verified)).toMatchObject({ requestNewCode: false });
  });
});
