import { storedAtom } from './stored.ts';

/**
 * Seed section 3: the signup form kept while registering, and a step counter starting at 1.
 * Kept in local storage so a dropped connection or a reload loses nothing, except the
 * passwords, which never enter storage.
 */
export type SignupFields = { first_name: string; last_name: string; email: string; phone_number: string; terms: boolean };
export type SignupState = SignupFields & { step: number };

export const blankSignup: SignupState = { first_name: '', last_name: '', email: '', phone_number: '', terms: false, step: 1 };

export const signup = storedAtom<SignupState>('signup', blankSignup);

export function updateSignup(fields: Partial<SignupFields>): void {
  signup.set({ ...signup.get(), ...fields });
}

/** Seed section 4: "the step action stores the given step plus one". */
export function setSignupStep(step: number): void {
  signup.set({ ...signup.get(), step: step + 1 });
}

export function goToSignupStep(step: number): void {
  signup.set({ ...signup.get(), step });
}

export function resetSignup(): void {
  signup.set(blankSignup);
}
