/**
 * The onboarding order the seed fixes: verify email, then address, then PIN, then security
 * question. Shared by the server's redirect rules and the islands that navigate after a step.
 */
export type OnboardingFlags = {
  is_email_verified: boolean;
  is_address_submitted: boolean;
  is_transaction_pin_set: boolean;
  is_security_question_set: boolean;
};

export const onboardingSteps = ['/account/verify', '/address/update', '/pin/set', '/security/question'] as const;
export type OnboardingStep = (typeof onboardingSteps)[number];

export function pendingOnboardingStep(user: OnboardingFlags): OnboardingStep | null {
  if (!user.is_email_verified) return '/account/verify';
  if (!user.is_address_submitted) return '/address/update';
  if (!user.is_transaction_pin_set) return '/pin/set';
  if (!user.is_security_question_set) return '/security/question';
  return null;
}

/** Where a signed-in user belongs right now: the first unmet step, or the dashboard. */
export function homeFor(user: OnboardingFlags): string {
  return pendingOnboardingStep(user) ?? '/dashboard';
}
