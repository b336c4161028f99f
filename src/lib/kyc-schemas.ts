import { z } from 'zod';
import { says } from './zod-said.ts';
import { requiredText } from './schemas.ts';
import { addressSchema } from './address-schema.ts';
import { addressProofTypes } from './checks/kyc.ts';

/** A real calendar date, YYYY-MM-DD, of someone born since 1900 and at least 18 today. */
export const dateOfBirthSchema = requiredText(says('said.dob.required'))
  .regex(/^\d{4}-\d{2}-\d{2}$/, says('said.dob.format'))
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), says('said.dob.exists'))
  .refine((value) => value >= '1900-01-01', says('said.dob.year'))
  .refine((value) => {
    const today = new Date();
    const eighteenYearsAgo = `${today.getUTCFullYear() - 18}-${String(today.getUTCMonth() + 1).padStart(2, '0')}-${String(today.getUTCDate()).padStart(2, '0')}`;
    return value <= eighteenYearsAgo;
  }, says('said.dob.adult'));

export const bvnSchema = z.object({
  bvn: requiredText(says('said.bvn.required'))
    .transform((value) => value.replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{11}$/, says('said.bvn.digits'))),
  date_of_birth: dateOfBirthSchema,
});
export type BvnInput = z.infer<typeof bvnSchema>;

/** A NIN (NIMC's National Identification Number) with the date of birth on its record: asked as a BVN is. */
export const ninSchema = z.object({
  nin: requiredText(says('said.nin.required'))
    .transform((value) => value.replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{11}$/, says('said.nin.digits'))),
  date_of_birth: dateOfBirthSchema,
});
export type NinInput = z.infer<typeof ninSchema>;

/** Documents an address verifier accepts as proof of residence (in checks/kyc.ts, which the island uses without zod). */
export { addressProofTypes };

/** Tier 2 → 3: the residential address (prefilled from onboarding) and a proof of it. */
export const kycAddressSchema = z.intersection(
  addressSchema,
  z.object({
    proof_type: z.enum(addressProofTypes.map((proof) => proof.value) as [string, ...string[]], { error: says('said.proof.type') }),
    proof_reference: requiredText(says('said.proof.required'))
      .max(30, says('said.proof.long'))
      .regex(/^[A-Za-z0-9/-]{6,30}$/, says('said.proof.format')),
  }),
);
export type KycAddressInput = z.infer<typeof kycAddressSchema>;
