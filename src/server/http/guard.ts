import { homeFor, onboardingSteps, pendingOnboardingStep, type OnboardingFlags } from '../../lib/onboarding.ts';

/** Seed section 2: screens a signed-in user is sent away from. */
export const guestOnlyRoutes = ['/', '/login', '/register', '/password/forgot', '/password/reset/token', '/password/reset'] as const;

/** Seed section 2: screens that need sign-in (listed whole, so later pages are covered as they land). */
export const signedInRoutes = [
  '/account/verify',
  '/address/update',
  '/profile/created',
  '/pin/set',
  '/security/question',
  '/account/settings',
  // Freezing while signed in, and the customer's cases (/freeze itself is open to everyone, signed in or not).
  '/account/freeze',
  '/support/cases',
  '/support/cases/new',
  '/account/limits',
  // "Download my data" from the settings page.
  '/account/my-data',
  // The customer's payment requests (the link itself, /pay/{code}, is open to everyone).
  '/requests',
  '/requests/new',
  // Scheduled and recurring transfers.
  '/transfers/scheduled',
  '/transfers/scheduled/new',
  '/dashboard',
  '/transfer',
  '/transfer/send',
  '/transfer/success',
  // Not in the seed: the receipt's PDF download, guarded like the receipt itself.
  '/transfer/receipt.pdf',
  '/beneficairies',
  '/transactions',
  '/kyc-verification',
  '/artime',
  '/airtime/purchase/success',
  '/data/purchase',
  '/data/purchase/success',
  '/bills/electricity',
  '/bills/electricity/success',
  '/bills/cable',
  '/bills/cable/success',
] as const;

export type GuardDecision = { action: 'allow' } | { action: 'redirect'; to: string; requestNewCode: boolean };

const allow: GuardDecision = { action: 'allow' };
const redirect = (to: string): GuardDecision => ({ action: 'redirect', to, requestNewCode: to === '/account/verify' });

export function normalisePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/**
 * The navigation guard. Pure: the middleware supplies the path and the signed-in user (or null)
 * and carries out the decision, including asking for a new verification code on the way.
 */
export function decide(pathname: string, user: OnboardingFlags | null): GuardDecision {
  const path = normalisePath(pathname);
  if ((guestOnlyRoutes as readonly string[]).includes(path)) {
    return user ? redirect(homeFor(user)) : allow;
  }
  if (!(signedInRoutes as readonly string[]).includes(path)) return allow;
  if (!user) return redirect('/login');
  const pending = pendingOnboardingStep(user);
  if (pending) {
    if (path === pending) return allow;
    // "Profile created" is the pause between the address and the PIN.
    if (path === '/profile/created' && pending === '/pin/set') return allow;
    return redirect(pending);
  }
  if ((onboardingSteps as readonly string[]).includes(path) || path === '/profile/created') return redirect('/dashboard');
  return allow;
}
