import { atom } from 'nanostores';
import type { SecurityQuestion } from '../lib/reference.ts';
import type { StateWithLgas } from '../lib/states.ts';

/** Seed section 3: reference data. Pages hand it to islands, which keep it here. */
export const states = atom<readonly StateWithLgas[]>([]);
export const securityQuestionList = atom<readonly SecurityQuestion[]>([]);

export function setStates(list: readonly StateWithLgas[]): void {
  if (states.get() !== list) states.set(list);
}
export function setSecurityQuestions(list: readonly SecurityQuestion[]): void {
  if (securityQuestionList.get() !== list) securityQuestionList.set(list);
}
