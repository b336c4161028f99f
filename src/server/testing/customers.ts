import { hashSecret, normaliseAnswer } from '../core/auth/secrets.ts';
import { createOnboardedCustomer } from '../core/demo/onboarded-customer.ts';
import type { App } from '../app.ts';

export const testPin = '2580';
export const testPassword = 'correct horse battery staple';
let hashes: Promise<{ password: string; answer: string }> | undefined;
let counter = 0;

/** An onboarded customer with `balance` kobo from the sandbox (hashing done once per process). */
export async function customer(app: App, options: { balance?: number; tier?: 1 | 2 | 3; firstName?: string; lastName?: string } = {}) {
  // The PIN is keyed per customer (HMAC under the app's key, bound to the user id), so only the argon2id hashes are shared.
  hashes ??= Promise.all([hashSecret(testPassword), hashSecret(normaliseAnswer('Corona School'))]).then(([password, answer]) => ({ password, answer }));
  counter += 1;
  const unique = `${process.pid}${counter}${Math.floor(Math.random() * 1e6)}`;
  const created = await createOnboardedCustomer(app, {
    firstName: options.firstName ?? 'Ada',
    lastName: options.lastName ?? `Test${counter}`,
    email: `customer${unique}@example.com`,
    phoneNumber: `+23480${unique.slice(-8).padStart(8, '0')}`,
    password: testPassword,
    pin: testPin,
    tier: options.tier ?? 3,
    hashes: await hashes,
  });
  if (options.balance) {
    const funded = await app.inbound.depositFromSandbox({ account_number: created.accountNumber, amount: options.balance, narration: 'Opening deposit' });
    if (!funded.ok) throw new Error(`could not fund test customer: ${funded.message}`);
  }
  return created;
}

let keyCounter = 0;
export function newKey(): string {
  keyCounter += 1;
  return `test-key-${process.pid}-${keyCounter}-${Math.random().toString(36).slice(2, 10)}`;
}
