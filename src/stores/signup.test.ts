import { beforeEach, describe, expect, it } from 'vitest';
import { blankSignup, resetSignup, setSignupStep, signup, updateSignup } from './signup.ts';

describe('signup store', () => {
  beforeEach(() => resetSignup());

  it('starts blank at step 1', () => {
    expect(signup.get()).toEqual(blankSignup);
    expect(signup.get().step).toBe(1);
  });

  it('stores the given step plus one', () => {
    setSignupStep(1);
    expect(signup.get().step).toBe(2);
    setSignupStep(5);
    expect(signup.get().step).toBe(6);
  });

  it('keeps fields and resets to blank and step 1', () => {
    updateSignup({ first_name: 'Bola', email: 'bola@example.com' });
    setSignupStep(1);
    expect(signup.get()).toMatchObject({ first_name: 'Bola', email: 'bola@example.com', step: 2 });
    expect(Object.keys(signup.get())).not.toContain('password');
    resetSignup();
    expect(signup.get()).toEqual(blankSignup);
  });
});
