import { z } from 'zod';
import { otpSchema } from './schemas.ts';

/** The registration token from POST /v1/auth/register; web pages send it in their cookie instead. */
const registrationToken = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'Not a registration token').optional();

export const registrationVerifySchema = otpSchema.extend({ registration_token: registrationToken });
export const registrationResendSchema = z.object({ registration_token: registrationToken });
