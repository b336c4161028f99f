import type { Db } from '../../db/connection.ts';
import type { Config } from '../../config.ts';
import type { Logger } from '../../log.ts';
import type { Mailer } from '../../integrations/mail/ports.ts';
import type { Clock } from '../clock.ts';
import type { OneTimeCodes } from '../onboarding/one-time-codes.ts';
import type { UserRepository } from '../users/user-repository.ts';
import type { LoginThrottle } from './login-throttle.ts';
import type { SessionService } from './session-service.ts';

// TODO(issue 5, helper: recovery): forgot, verifyToken, reset.
export function createPasswordReset(deps: { db: Db; config: Pick<Config, 'bank'>; clock: Clock; log: Logger; mailer: Mailer; users: UserRepository; sessions: SessionService; codes: OneTimeCodes; throttle: LoginThrottle }) {
  void deps;
  return {};
}
export type PasswordReset = ReturnType<typeof createPasswordReset>;
