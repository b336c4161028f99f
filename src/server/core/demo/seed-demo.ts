import type { Db } from '../../db/connection.ts';
import type { Config } from '../../config.ts';
import type { Logger } from '../../log.ts';
import type { Clock } from '../clock.ts';
import { openSavingsAccount } from '../accounts/account-repository.ts';
import { hashSecret, newId, normaliseAnswer } from '../auth/secrets.ts';
import type { UserRepository } from '../users/user-repository.ts';

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
} as const;

/** Idempotent: running it again changes nothing once the demo customer exists. */
export async function seedDemo(app: { db: Db; config: Config; clock: Clock; log: Logger; users: UserRepository }): Promise<boolean> {
  const { db, config, clock, log, users } = app;
  if (await users.findByEmail(demoCustomer.email)) return false;
  const [passwordHash, pinHash, answerHash] = await Promise.all([
    hashSecret(demoCustomer.password),
    hashSecret(demoCustomer.pin),
    hashSecret(normaliseAnswer(demoCustomer.securityAnswer)),
  ]);
  const now = clock.now().toISOString();
  const userId = newId('usr');
  const accountNumber = await db.transaction().execute(async (trx) => {
    await users.insert(
      {
        id: userId,
        first_name: demoCustomer.firstName,
        last_name: demoCustomer.lastName,
        email: demoCustomer.email,
        phone_number: demoCustomer.phoneNumber,
        password_hash: passwordHash,
        tier: 1,
        email_verified_at: now,
        transaction_pin_hash: pinHash,
        transaction_pin_set_at: now,
        security_question_id: demoCustomer.securityQuestionId,
        security_answer_hash: answerHash,
        security_question_set_at: now,
        created_at: now,
        updated_at: now,
      },
      trx,
    );
    await users.upsertAddress({ user_id: userId, address: '14 Admiralty Way', city: 'Lekki', state: 'Lagos', lga: 'Eti-Osa', created_at: now }, trx);
    return openSavingsAccount(trx, {
      userId,
      accountName: `${demoCustomer.firstName} ${demoCustomer.lastName}`.toUpperCase(),
      bankCbnCode: config.bank.cbnCode,
      openedAt: now,
    });
  });
  log.info('demo.seeded', { email: demoCustomer.email, account: accountNumber });
  return true;
}
