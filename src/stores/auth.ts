import { storedAtom } from './stored.ts';
import type { OnboardingFlags } from '../lib/onboarding.ts';

/**
 * Seed section 3: user, token, isAuthenticated, persisted in local storage under "auth".
 * The web app's real credential is the httpOnly session cookie, which script cannot read, so
 * `token` stays null here: a token in local storage would be readable by any injected script.
 * Non-browser clients use the token from the API responses as a Bearer header instead.
 */
export type AuthUser = OnboardingFlags & {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  accounts: { account_number: string; account_name: string }[];
};
export type AuthState = { user: AuthUser | null; token: string | null; isAuthenticated: boolean };

export const signedOut: AuthState = { user: null, token: null, isAuthenticated: false };

/** The local-storage key (the sign-in page resets it without loading this module: LoginView.astro). */
export const authStorageKey = 'auth';

export const auth = storedAtom<AuthState>(authStorageKey, signedOut);

/** Keeps only what the screens need; the rest of the user stays on the server. */
export function signIn(user: AuthUser): void {
  const { id, first_name, last_name, email, accounts, is_email_verified, is_address_submitted, is_transaction_pin_set, is_security_question_set } = user;
  auth.set({
    user: {
      id,
      first_name,
      last_name,
      email,
      accounts: accounts.map(({ account_number, account_name }) => ({ account_number, account_name })),
      is_email_verified,
      is_address_submitted,
      is_transaction_pin_set,
      is_security_question_set,
    },
    token: null,
    isAuthenticated: true,
  });
}

export function logout(): void {
  auth.set(signedOut);
}
