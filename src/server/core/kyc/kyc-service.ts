import type { Db } from '../../db/connection.ts';
import type { Config } from '../../config.ts';
import type { Logger } from '../../log.ts';
import type { Mailer } from '../../integrations/mail/ports.ts';
import type { IdentityService } from '../../integrations/identity/ports.ts';
import type { Clock } from '../clock.ts';
import type { UserRepository } from '../users/user-repository.ts';

// TODO(issue 5, helper: kyc): status, verifyBvn, verifyAddress.
export function createKycService(deps: { db: Db; config: Pick<Config, 'bank' | 'money'>; clock: Clock; log: Logger; mailer: Mailer; users: UserRepository; identity: IdentityService }) {
  void deps;
  return {};
}
export type KycService = ReturnType<typeof createKycService>;
