import { z } from 'zod';
import { says } from './zod-said.ts';
import { isTrivialPin, newPasswordSchema, requiredText, securityAnswerSchema, securityQuestionSchema } from './schemas.ts';

/**
 * /account/settings and /v1/profile/*: every change needs a proof of who is asking beyond the
 * session (the current password, or the current PIN), so a borrowed, unlocked phone is not
 * enough to take the account over.
 */
const currentPassword = z.string({ error: says('said.password.current') }).min(1, says('said.password.current')).max(1024);

export const changePasswordSchema = z
  .object({
    current_password: currentPassword,
    password: newPasswordSchema,
    password_confirmation: z.string({ error: says('said.password.newAgain') }).min(1, says('said.password.newAgain')),
  })
  .refine((form) => form.password === form.password_confirmation, { path: ['password_confirmation'], error: says('said.password.mismatch') })
  .refine((form) => form.password !== form.current_password, { path: ['password'], error: says('said.password.same') });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const changeSecurityQuestionSchema = securityQuestionSchema.extend({ password: currentPassword });
export type ChangeSecurityQuestionInput = z.infer<typeof changeSecurityQuestionSchema>;

const newPin = requiredText(says('said.pin.chooseNew'))
  .regex(/^\d{4}$/, says('said.pin.digits'))
  .refine((pin) => !isTrivialPin(pin), says('said.pin.easy'));
const pinConfirmation = requiredText(says('said.pin.newAgain'));
const pinsMatch = { path: ['pin_confirmation'], error: says('said.pin.mismatch') };
const currentPin = requiredText(says('said.pin.current')).regex(/^\d{4}$/, says('said.pin.digits'));

/** The settings page's first PIN form: the current PIN proves it is you. */
export const changePinWithCurrentSchema = z
  .object({ current_pin: currentPin, pin: newPin, pin_confirmation: pinConfirmation })
  .refine((form) => form.pin === form.pin_confirmation, pinsMatch);

/** The second, for a forgotten or locked PIN: the password and the security answer. */
export const resetPinWithAnswerSchema = z
  .object({ password: currentPassword, security_answer: securityAnswerSchema, pin: newPin, pin_confirmation: pinConfirmation })
  .refine((form) => form.pin === form.pin_confirmation, pinsMatch);

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** The API takes either proof in one call: current_pin, or password and security_answer. */
export const changePinSchema = z
  .object({
    pin: newPin,
    pin_confirmation: pinConfirmation,
    current_pin: z.preprocess(blankToUndefined, currentPin.optional()),
    password: z.preprocess(blankToUndefined, currentPassword.optional()),
    security_answer: z.preprocess(blankToUndefined, securityAnswerSchema.optional()),
  })
  .refine((form) => form.pin === form.pin_confirmation, pinsMatch)
  .refine((form) => form.current_pin !== undefined || (form.password !== undefined && form.security_answer !== undefined), {
    path: ['current_pin'],
    error: says('fields.pin.currentOrAnswer'),
  });
export type ChangePinInput = z.infer<typeof changePinSchema>;
