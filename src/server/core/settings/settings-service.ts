import type { Db } from '../../db/connection.ts';
import type { Config } from '../../config.ts';
import type { Logger } from '../../log.ts';
import type { Mailer } from '../../integrations/mail/ports.ts';
import type { Clock } from '../clock.ts';
import type { UserRepository } from '../users/user-repository.ts';
import type { LoginThrottle } from '../auth/login-throttle.ts';
import type { SessionService } from '../auth/session-service.ts';
import type { PinGuard } from '../money/pin-guard.ts';

// TODO(issue 5, helper: settings): changePassword, changeSecurityQuestion, changePin.
export function createSettingsService(deps: { db: Db; config: Pick<Config, 'bank' | 'money'>; clock: Clock; log: Logger; mailer: Mailer; users: UserRepository; sessions: SessionService; throttle: LoginThrottle; pins: PinGuard }) {
  void deps;
  return {};
}
export type SettingsService = ReturnType<typeof createSettingsService>;
