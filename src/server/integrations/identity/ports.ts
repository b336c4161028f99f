/**
 * The identity service: a BVN match (as NIBSS's BVN validation or an aggregator such as
 * Dojah, Youverify or Smile ID offers it: the bank sends the BVN with the customer's name and
 * date of birth and learns only whether they match, never the record itself), the same match
 * for a NIN against NIMC's register, and an address verifier that checks a residential address
 * against a document's reference.
 *
 * An answer is one of the outcomes below. A provider that is down, refuses or is too slow
 * throws (or times out): the caller changes nothing and says so.
 */
export type BvnMatchRequest = {
  /** 11 digits. Never logged or stored by the bank in full. */
  bvn: string;
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD. */
  dateOfBirth: string;
};

/** Which of the customer's details differ from the record (the record itself is not revealed). */
export type BvnMismatchField = 'name' | 'date_of_birth';

export type BvnMatchAnswer =
  | { outcome: 'match'; reference: string }
  | { outcome: 'mismatch'; fields: BvnMismatchField[]; reference: string }
  | { outcome: 'not_found'; reference: string };

/** A NIN (NIMC's National Identification Number) asked the same way as a BVN: the answer says only whether the details match. */
export type NinMatchRequest = {
  /** 11 digits. Never logged or stored by the bank in full. */
  nin: string;
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD. */
  dateOfBirth: string;
};

/** The same outcomes as a BVN's: which details differ, never the record. */
export type NinMatchAnswer = BvnMatchAnswer;

/**
 * A liveness check (as Smile ID's or Youverify's selfie-to-BVN-photo check offers it): a selfie
 * taken now, compared with the photo on the identity record the match found (by its reference).
 * `retry` means the picture could not be judged (too dark, no face, blurred), not a verdict on
 * the person. The bank keeps the verdict and the reference, never the picture.
 */
export type LivenessRequest = {
  /** The image's bytes, already sniffed as JPEG or PNG (core/kyc/selfie-image.ts). */
  image: Uint8Array;
  mime: 'image/jpeg' | 'image/png';
  /** The reference of the BVN or NIN match the selfie is compared against. */
  identityReference: string;
};

export type LivenessVerdict = 'pass' | 'fail' | 'retry';

export type LivenessAnswer = { verdict: LivenessVerdict; reference: string };

export type AddressVerificationRequest = {
  firstName: string;
  lastName: string;
  address: string;
  city: string;
  state: string;
  lga: string;
  proofType: string;
  proofReference: string;
};

/**
 * Why a verifier did not verify an address, as a code (an adapter maps its provider's reasons onto
 * these; the bank words them, in the customer's language at the edge): the document does not show
 * the address, no document has that number, or the document is in someone else's name.
 */
export type AddressRejection = 'address_not_on_document' | 'document_not_found' | 'name_not_on_document';

export type AddressVerificationAnswer = { outcome: 'verified'; reference: string } | { outcome: 'not_verified'; reason: AddressRejection; reference: string };

export interface IdentityService {
  /** Throws when the service is unavailable. */
  matchBvn(request: BvnMatchRequest): Promise<BvnMatchAnswer>;
  /** Throws when NIMC (or the aggregator in front of it) is unavailable. */
  matchNin(request: NinMatchRequest): Promise<NinMatchAnswer>;
  /** Throws when the liveness provider is unavailable. */
  checkLiveness(request: LivenessRequest): Promise<LivenessAnswer>;
  /** Throws when the verifier is unavailable. */
  verifyAddress(request: AddressVerificationRequest): Promise<AddressVerificationAnswer>;
}
