import { z } from 'zod';
import { says } from './zod-said.ts';

/** POST /v1/security/code and the pages' "send me a code" forms. */
export const securityCodePurposes = ['instant_payments', 'daily_limit', 'unfreeze'] as const;
export type SecurityCodePurpose = (typeof securityCodePurposes)[number];
export const securityCodeRequestSchema = z.object({ purpose: z.enum(securityCodePurposes, { error: says('said.security.confirm') }) });
export type SecurityCodeRequest = z.infer<typeof securityCodeRequestSchema>;

const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
/** The 6-digit code; optional here (the service asks for it only when the change needs it), an empty field counts as absent. */
export const securityCodeField = z.preprocess(emptyToUndefined, z.string({ error: says('said.security.enterCode') }).trim().regex(/^\d{6}$/, says('said.code.digits')).optional());
