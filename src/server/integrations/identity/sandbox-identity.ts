import type { Db } from '../../db/connection.ts';
import type { Clock } from '../../core/clock.ts';
import type { IdentityService } from './ports.ts';

// TODO(issue 5, helper: kyc): the sandbox identity service with documented test BVNs.
export function createSandboxIdentity(deps: { db: Db; clock: Clock }): IdentityService {
  void deps;
  return {};
}
