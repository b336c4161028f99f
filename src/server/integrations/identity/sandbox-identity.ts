import { createHmac, randomBytes } from 'node:crypto';
import type { Db } from '../../db/connection.ts';
import type { Clock } from '../../core/clock.ts';
import type { AddressVerificationAnswer, AddressVerificationRequest, BvnMatchAnswer, BvnMatchRequest, BvnMismatchField, IdentityService } from './ports.ts';

/**
 * The sandbox identity service: deterministic, so tests and demos can reach every outcome.
 *
 * BVN match (name: first and last name both, case-insensitive, extra spaces ignored):
 *
 * | BVN                          | the record                           | answer                                                   |
 * |------------------------------|--------------------------------------|----------------------------------------------------------|
 * | 22222222222                  | the asker's own name, born 1990-01-01 | match with 1990-01-01; otherwise mismatch (date_of_birth) |
 * | 30000 + any 6 digits         | the same as 22222222222               | the same: one BVN per customer, so each demo or test customer can have their own |
 * | 22222222223                  | Musa Danjuma, born 1985-03-02         | mismatch (name, and date_of_birth unless it is 1985-03-02) |
 * | 22222222224                  | none                                  | not found                                                |
 * | 22222222225                  | —                                     | the service is unavailable (throws)                      |
 * | any other 11 digits          | none                                  | not found                                                |
 *
 * Address verification (the proof's reference decides):
 *
 * | proof reference        | answer                                                   |
 * |------------------------|----------------------------------------------------------|
 * | starts with 000        | not verified: address_not_on_document                    |
 * | 999999                 | the verifier is unavailable (throws)                     |
 * | anything else          | verified                                                 |
 *
 * A BVN is linked to one customer at this bank: once a customer has verified one, the bank
 * (not this sandbox) refuses it to everyone else, which is why 30000xxxxxx exists.
 */
export const sandboxIdentityTestData = {
  bvn: { ownRecord: '22222222222', someoneElse: '22222222223', notFound: '22222222224', unavailable: '22222222225', ownRecordPrefix: '30000' },
  ownRecordDateOfBirth: '1990-01-01',
  someoneElse: { firstName: 'Musa', lastName: 'Danjuma', dateOfBirth: '1985-03-02' },
  proofReference: { notVerifiedPrefix: '000', unavailable: '999999' },
} as const;

type BvnRecord = { firstName: string; lastName: string; dateOfBirth: string };

const normaliseName = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The same question gets the same reference, but under a key that lives only in this process: the
 * reference is stored beside the check, and a plain hash of the BVN with the name, date of birth
 * and time (all in that row) would let a leaked table be searched for the BVN that the keyed
 * fingerprint protects.
 */
const referenceKey = randomBytes(32);
function reference(prefix: string, at: Date, ...parts: string[]): string {
  const stamp = at.toISOString().slice(0, 10).replace(/-/g, '');
  const tag = createHmac('sha256', referenceKey).update(parts.join('|')).digest('hex').slice(0, 10).toUpperCase();
  return `${prefix}-${stamp}-${tag}`;
}

export function createSandboxIdentity(deps: { db: Db; clock: Clock }): IdentityService {
  const { clock } = deps;
  const data = sandboxIdentityTestData;

  function recordFor(request: BvnMatchRequest): BvnRecord | null | 'unavailable' {
    const { bvn } = request;
    if (bvn === data.bvn.unavailable) return 'unavailable';
    if (bvn === data.bvn.ownRecord || new RegExp(`^${data.bvn.ownRecordPrefix}\\d{6}$`).test(bvn)) {
      return { firstName: request.firstName, lastName: request.lastName, dateOfBirth: data.ownRecordDateOfBirth };
    }
    if (bvn === data.bvn.someoneElse) return { ...data.someoneElse };
    return null;
  }

  return {
    async matchBvn(request: BvnMatchRequest): Promise<BvnMatchAnswer> {
      const record = recordFor(request);
      if (record === 'unavailable') throw new Error('identity service unavailable (sandbox test BVN)');
      const ref = reference('BVN', clock.now(), request.bvn, request.firstName, request.lastName, request.dateOfBirth, String(clock.now().getTime()));
      if (!record) return { outcome: 'not_found', reference: ref };
      const fields: BvnMismatchField[] = [];
      if (normaliseName(record.firstName) !== normaliseName(request.firstName) || normaliseName(record.lastName) !== normaliseName(request.lastName)) fields.push('name');
      if (record.dateOfBirth !== request.dateOfBirth) fields.push('date_of_birth');
      return fields.length === 0 ? { outcome: 'match', reference: ref } : { outcome: 'mismatch', fields, reference: ref };
    },

    async verifyAddress(request: AddressVerificationRequest): Promise<AddressVerificationAnswer> {
      if (request.proofReference === data.proofReference.unavailable) throw new Error('address verifier unavailable (sandbox test reference)');
      const ref = reference('ADR', clock.now(), request.proofType, request.proofReference, request.address, String(clock.now().getTime()));
      if (request.proofReference.startsWith(data.proofReference.notVerifiedPrefix)) {
        return { outcome: 'not_verified', reason: 'address_not_on_document', reference: ref };
      }
      return { outcome: 'verified', reference: ref };
    },
  };
}
