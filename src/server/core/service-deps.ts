import type { Logger } from '../log.ts';
import type { Mailer } from '../integrations/mail/ports.ts';
import type { Clock } from './clock.ts';
import type { UserRepository } from './users/user-repository.ts';

/**
 * What every service that acts for a customer and tells them by email takes: the clock, the
 * log, the mailer and the users (auth, password reset, settings, KYC). Each adds its own.
 */
export type CustomerServiceDeps = { clock: Clock; log: Logger; mailer: Mailer; users: UserRepository };
