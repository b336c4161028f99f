// TODO(issue 5, helper: kyc): the identity service port (BVN match, address verification).
export type IdentityService = Record<string, never>;
