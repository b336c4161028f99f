import { checkForm, mergeErrors, oneOf, requiredText, type FormCheck } from '../form-rules.ts';
import { addressCheck, type PlaceNames } from './address.ts';

/** kyc-schemas.ts: the BVN, and the address with a proof of it (both on /kyc-verification). */

/** dateOfBirthSchema: a real date, since 1900, at least 18 today. */
function dateOfBirth(value: unknown) {
  return requiredText(value, 'said.dob.required')
    .matches(/^\d{4}-\d{2}-\d{2}$/, 'said.dob.format')
    .rule((text) => !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text), 'said.dob.exists')
    .rule((text) => text >= '1900-01-01', 'said.dob.year')
    .rule((text) => {
      const today = new Date();
      const eighteenYearsAgo = `${today.getUTCFullYear() - 18}-${String(today.getUTCMonth() + 1).padStart(2, '0')}-${String(today.getUTCDate()).padStart(2, '0')}`;
      return text <= eighteenYearsAgo;
    }, 'said.dob.adult');
}

export const bvnCheck: FormCheck = (values) =>
  checkForm({
    bvn: requiredText(values.bvn, 'said.bvn.required')
      .map((text) => text.replace(/\s/g, ''))
      .matches(/^\d{11}$/, 'said.bvn.digits'),
    date_of_birth: dateOfBirth(values.date_of_birth),
  });

/** Documents an address verifier accepts as proof of residence (no upload: the verifier checks the reference). */
export const addressProofTypes = [
  { value: 'utility_bill', label: 'Electricity bill (meter or account number)' },
  { value: 'water_bill', label: 'Water bill (account number)' },
  { value: 'tenancy_agreement', label: 'Tenancy agreement (reference on the agreement)' },
] as const;

/** kycAddressSchema: the address and a proof of it. */
export function kycAddressCheck(places: PlaceNames): FormCheck {
  const address = addressCheck(places);
  return (values) =>
    mergeErrors(
      address(values),
      checkForm({
        proof_type: oneOf(values.proof_type, addressProofTypes.map((proof) => proof.value), 'said.proof.type'),
        proof_reference: requiredText(values.proof_reference, 'said.proof.required')
          .max(30, 'said.proof.long')
          .matches(/^[A-Za-z0-9/-]{6,30}$/, 'said.proof.format'),
      }),
    );
}
