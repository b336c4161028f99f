import type { Db } from '../db/connection.ts';
import type { Config } from '../config.ts';
import type { Logger } from '../log.ts';
import type { Clock } from '../core/clock.ts';
import { createOnboardedCustomer } from './onboarded-customer.ts';
import type { UserRepository } from '../core/users/user-repository.ts';
import type { PinHasher } from '../core/auth/pin-hash.ts';
import { recordDemoProofs, type DemoProofsApp } from './demo-proofs.ts';

/** The demo customer the README names. Fully onboarded, so sign-in lands on the dashboard. */
export const demoCustomer = {
  email: 'demo@harmattan.bank.example',
  password: 'harmattan-demo-2026',
  pin: '2580',
  securityQuestionId: 1,
  securityAnswer: 'Corona School',
  firstName: 'Ngozi',
  lastName: 'Adebayo',
  phoneNumber: '+2348031234567',
  tier: 2,
  /** Her own numbers from the sandbox's own-record families (30000 / 40000 + 6 digits), born 1990-01-01. */
  bvn: '30000000001',
  nin: '40000000001',
  dateOfBirth: '1990-01-01',
} as const;

/** Idempotent: running it again changes nothing once the demo customer exists. */
export async function seedDemo(app: { db: Db; config: Config; clock: Clock; log: Logger; users: UserRepository; pinHasher: PinHasher } & DemoProofsApp): Promise<boolean> {
  const { log, users } = app;
  if (await users.findByEmail(demoCustomer.email)) return false;
  const { userId, accountNumber } = await createOnboardedCustomer(app, {
    firstName: demoCustomer.firstName,
    lastName: demoCustomer.lastName,
    email: demoCustomer.email,
    phoneNumber: demoCustomer.phoneNumber,
    password: demoCustomer.password,
    pin: demoCustomer.pin,
    tier: demoCustomer.tier,
    securityQuestionId: demoCustomer.securityQuestionId,
    securityAnswer: demoCustomer.securityAnswer,
  });
  // Her BVN, NIN and a liveness pass on record: the demo moves money (core/kyc/identity-rule.ts).
  await recordDemoProofs(app, userId, demoCustomer);
  log.info('demo.seeded', { email: demoCustomer.email, account: accountNumber });
  return true;
}
