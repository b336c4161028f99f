import { z } from 'zod';
import { says } from './zod-said.ts';
import { koboAmountSchema } from './money-schemas.ts';
import { securityCodeField as code } from './security-schemas.ts';

/**
 * /account/settings (Limits) and /v1/limits/*: the customer's own daily limit and the instant
 * payments switch. What makes the account safer needs nothing more than the session; what makes
 * it less safe (a raise) or that the CBN names (instant payments on or off) needs a security code
 * (POST /v1/security/code) and the PIN, which the service asks for only then: here both are
 * optional, and an empty form field counts as absent.
 */
const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
const pin = z.preprocess(emptyToUndefined, z.string({ error: says('said.pin.enter') }).regex(/^\d{4}$/, says('said.pin.fourDigits')).optional());

/** The own daily limit in kobo (a JSON integer, like every amount); the page turns typed naira into it. */
export const dailyLimitSchema = z.object({ limit: koboAmountSchema, code, pin });
export type DailyLimitInput = z.infer<typeof dailyLimitSchema>;

/** JSON true/false; a form posts the text "true" or "false". */
const onOff = z.preprocess((value) => (value === 'true' ? true : value === 'false' ? false : value), z.boolean({ error: says('fields.limits.instant') }));

export const instantPaymentsSchema = z.object({ enabled: onOff, code, pin });
export type InstantPaymentsInput = z.infer<typeof instantPaymentsSchema>;
