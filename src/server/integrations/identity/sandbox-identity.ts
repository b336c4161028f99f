import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { Db } from '../../db/connection.ts';
import type { Clock } from '../../core/clock.ts';
import type { AddressVerificationAnswer, AddressVerificationRequest, BvnMatchAnswer, BvnMatchRequest, BvnMismatchField, IdentityService, LivenessAnswer, LivenessRequest, LivenessVerdict, NinMatchAnswer, NinMatchRequest } from './ports.ts';

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
 * NIN match, as NIMC's verification answers it (the same rules for names):
 *
 * | NIN                          | the record                           | answer                                                   |
 * |------------------------------|--------------------------------------|----------------------------------------------------------|
 * | 44444444441                  | the asker's own name, born 1990-01-01 | match with 1990-01-01; otherwise mismatch (date_of_birth) |
 * | 40000 + any 6 digits         | the same as 44444444441               | the same: one NIN per customer, as with the BVN's 30000  |
 * | 44444444442                  | Amaka Okafor, born 1988-07-14         | mismatch (name, and date_of_birth unless it is 1988-07-14) |
 * | 44444444443                  | none                                  | not found                                                |
 * | 44444444444                  | —                                     | NIMC is unavailable (throws)                             |
 * | any other 11 digits          | none                                  | not found                                                |
 *
 * Liveness (the selfie's bytes decide): the committed pictures in ./fixtures/ answer as their
 * names say (`selfie-fail.jpg` fails, `selfie-retry.png` asks for another picture); any other
 * JPEG or PNG passes. An identity reference not of the shape this sandbox gives is unavailable (throws),
 * as a provider would refuse a comparison with no record behind it.
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
  nin: { ownRecord: '44444444441', someoneElse: '44444444442', notFound: '44444444443', unavailable: '44444444444', ownRecordPrefix: '40000' },
  ownRecordDateOfBirth: '1990-01-01',
  someoneElse: { firstName: 'Musa', lastName: 'Danjuma', dateOfBirth: '1985-03-02' },
  someoneElseByNin: { firstName: 'Amaka', lastName: 'Okafor', dateOfBirth: '1988-07-14' },
  proofReference: { notVerifiedPrefix: '000', unavailable: '999999' },
  /** SHA-256 of the committed fixtures (sandbox-identity.test.ts checks them against the files). */
  selfie: {
    fail: '8b461191e2547bdefd88cc556a598239be57d6c9c9a8557e054520fd8338189a',
    retry: '3866ba48c1ffac9a139542e91831e7af12a065fbc74e779b337c9b324364b067',
  },
} as const;

type IdentityRecord = { firstName: string; lastName: string; dateOfBirth: string };

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

  type Numbers = { ownRecord: string; someoneElse: string; unavailable: string; ownRecordPrefix: string };
  type Asked = { firstName: string; lastName: string; dateOfBirth: string };

  /** The register's record for a number: the asker's own (the test families), someone else's, none, or the register is down. */
  function recordFor(number: string, numbers: Numbers, someoneElse: IdentityRecord, asked: Asked): IdentityRecord | null | 'unavailable' {
    if (number === numbers.unavailable) return 'unavailable';
    if (number === numbers.ownRecord || new RegExp(`^${numbers.ownRecordPrefix}\\d{6}$`).test(number)) {
      return { firstName: asked.firstName, lastName: asked.lastName, dateOfBirth: data.ownRecordDateOfBirth };
    }
    if (number === numbers.someoneElse) return { ...someoneElse };
    return null;
  }

  /** The register's answer: which of the asked details differ from its record. */
  function compare(record: IdentityRecord | null, asked: Asked, ref: string): BvnMatchAnswer {
    if (!record) return { outcome: 'not_found', reference: ref };
    const fields: BvnMismatchField[] = [];
    if (normaliseName(record.firstName) !== normaliseName(asked.firstName) || normaliseName(record.lastName) !== normaliseName(asked.lastName)) fields.push('name');
    if (record.dateOfBirth !== asked.dateOfBirth) fields.push('date_of_birth');
    return fields.length === 0 ? { outcome: 'match', reference: ref } : { outcome: 'mismatch', fields, reference: ref };
  }

  return {
    async matchBvn(request: BvnMatchRequest): Promise<BvnMatchAnswer> {
      const record = recordFor(request.bvn, data.bvn, data.someoneElse, request);
      if (record === 'unavailable') throw new Error('identity service unavailable (sandbox test BVN)');
      return compare(record, request, reference('BVN', clock.now(), request.bvn, request.firstName, request.lastName, request.dateOfBirth, String(clock.now().getTime())));
    },

    async matchNin(request: NinMatchRequest): Promise<NinMatchAnswer> {
      const record = recordFor(request.nin, data.nin, data.someoneElseByNin, request);
      if (record === 'unavailable') throw new Error('NIMC unavailable (sandbox test NIN)');
      return compare(record, request, reference('NIN', clock.now(), request.nin, request.firstName, request.lastName, request.dateOfBirth, String(clock.now().getTime())));
    },

    async checkLiveness(request: LivenessRequest): Promise<LivenessAnswer> {
      if (!/^(BVN|NIN)-\d{8}-[0-9A-F]{10}$/.test(request.identityReference)) throw new Error('liveness provider unavailable: no identity record behind that reference (sandbox)');
      const digest = createHash('sha256').update(request.image).digest('hex');
      const verdict: LivenessVerdict = digest === data.selfie.fail ? 'fail' : digest === data.selfie.retry ? 'retry' : 'pass';
      return { verdict, reference: reference('LIV', clock.now(), request.identityReference, digest, String(clock.now().getTime())) };
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
