import { z } from 'zod';
import { says } from './zod-said.ts';
import { emailSchema, newPasswordSchema, requiredText } from './schemas.ts';

/**
 * Forgotten password: the email, then the 6-digit code from the email, then the new password
 * (the same rules as registration). The API takes email and token at every step; the pages
 * carry them from step to step in a short-lived httpOnly cookie, so each form asks only for
 * what is new.
 */
export const forgotPasswordSchema = z.object({ email: emailSchema });

export const resetCodeSchema = requiredText(says('said.code.required')).regex(/^\d{6}$/, says('said.code.digits'));

export const verifyResetTokenSchema = z.object({ email: emailSchema, token: resetCodeSchema });

const newPasswordFields = {
  password: newPasswordSchema,
  password_confirmation: z.string({ error: says('said.password.newAgain') }).min(1, says('said.password.newAgain')),
};
const passwordsMatch = { path: ['password_confirmation'], error: says('said.password.mismatch') };

/** The page's form at /password/reset: the email and code come from the earlier steps. */
export const newPasswordFormSchema = z.object(newPasswordFields).refine((form) => form.password === form.password_confirmation, passwordsMatch);

export const resetPasswordSchema = z
  .object({ email: emailSchema, token: resetCodeSchema, ...newPasswordFields })
  .refine((form) => form.password === form.password_confirmation, passwordsMatch);
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;
