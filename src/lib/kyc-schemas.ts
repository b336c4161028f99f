import { z } from 'zod';
import { requiredText } from './schemas.ts';
import { addressSchema } from './address-schema.ts';
import { addressProofTypes } from './checks/kyc.ts';

/** A real calendar date, YYYY-MM-DD, of someone born since 1900 and at least 18 today. */
export const dateOfBirthSchema = requiredText('Enter your date of birth')
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 1990-05-17')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), 'That date does not exist')
  .refine((value) => value >= '1900-01-01', 'Check the year of your date of birth')
  .refine((value) => {
    const today = new Date();
    const eighteenYearsAgo = `${today.getUTCFullYear() - 18}-${String(today.getUTCMonth() + 1).padStart(2, '0')}-${String(today.getUTCDate()).padStart(2, '0')}`;
    return value <= eighteenYearsAgo;
  }, 'You must be at least 18 to raise your tier online');

export const bvnSchema = z.object({
  bvn: requiredText('Enter your 11-digit BVN')
    .transform((value) => value.replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{11}$/, 'Your BVN is exactly 11 digits')),
  date_of_birth: dateOfBirthSchema,
});
export type BvnInput = z.infer<typeof bvnSchema>;

/** Documents an address verifier accepts as proof of residence (in checks/kyc.ts, which the island uses without zod). */
export { addressProofTypes };

/** Tier 2 → 3: the residential address (prefilled from onboarding) and a proof of it. */
export const kycAddressSchema = z.intersection(
  addressSchema,
  z.object({
    proof_type: z.enum(addressProofTypes.map((proof) => proof.value) as [string, ...string[]], { error: 'Choose the document that shows your address' }),
    proof_reference: requiredText('Enter the number on that document')
      .max(30, 'That reference is too long')
      .regex(/^[A-Za-z0-9/-]{6,30}$/, 'Use the 6 to 30 letters, digits, / or - printed on the document'),
  }),
);
export type KycAddressInput = z.infer<typeof kycAddressSchema>;
