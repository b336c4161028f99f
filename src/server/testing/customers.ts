import { hashSecret, normaliseAnswer } from '../core/auth/secrets.ts';
import { newId } from '../core/ids.ts';
import { createOnboardedCustomer, identityColumns } from '../demo/onboarded-customer.ts';
import { openSavingsAccount } from '../core/accounts/account-repository.ts';
import { emailVerificationPolicy } from '../core/codes/one-time-codes.ts';
import type { SessionMeta } from '../core/auth/session-service.ts';
import { presentUser, type UserJson } from '../core/users/present-user.ts';
import { registerSchema, type RegisterInput } from '../../lib/schemas.ts';
import type { TestApp } from './test-app.ts';
import { newCustomerRow } from '../core/users/user-repository.ts';

export const testPin = '2580';
export const testPassword = 'correct horse battery staple';
let hashes: Promise<{ password: string; answer: string }> | undefined;
let counter = 0;

/**
 * An onboarded customer with `balance` kobo from the sandbox (hashing done once per process): ids
 * and email. By default they have proved what `tier` needs and passed liveness (money moves);
 * `identity: false` takes every proof away after funding: tier 0, post-no-debit-or-credit.
 */
export async function customer(app: TestApp['app'], options: { balance?: number; tier?: 1 | 2 | 3; identity?: boolean; provedBy?: 'bvn' | 'nin'; firstName?: string; lastName?: string } = {}) {
  // The PIN is keyed per customer (HMAC under the app's key, bound to the user id), so only the argon2id hashes are shared.
  hashes ??= Promise.all([hashSecret(testPassword), hashSecret(normaliseAnswer('Corona School'))]).then(([password, answer]) => ({ password, answer }));
  counter += 1;
  const unique = `${process.pid}${counter}${Math.floor(Math.random() * 1e6)}`;
  const email = `customer${unique}@example.com`;
  const created = await createOnboardedCustomer(app, {
    firstName: options.firstName ?? 'Ada',
    lastName: options.lastName ?? `Test${counter}`,
    email,
    phoneNumber: `+23480${unique.slice(-8).padStart(8, '0')}`,
    password: testPassword,
    pin: testPin,
    tier: options.tier ?? 3,
    ...(options.provedBy ? { provedBy: options.provedBy } : {}),
    hashes: await hashes,
  });
  if (options.balance) {
    const funded = await app.inbound.depositFromSandbox({ account_number: created.accountNumber, amount: options.balance, narration: 'Opening deposit' });
    if (!funded.ok) throw new Error(`could not fund test customer: ${funded.message}`);
  }
  // Funded first, then the proofs taken away: a customer without identity may hold money (an
  // account put on post-no-debit-or-credit) but may not receive any.
  if (options.identity === false) {
    await app.db.updateTable('users').set(identityColumns(0, app.clock.now().toISOString())).where('id', '=', created.userId).execute();
  }
  return { ...created, email };
}

let keyCounter = 0;
export function newKey(): string {
  keyCounter += 1;
  return `test-key-${process.pid}-${keyCounter}-${Math.random().toString(36).slice(2, 10)}`;
}

type RegisterForm = { [Field in keyof RegisterInput]?: unknown };

/**
 * A registration form as a person fills it in, parsed the way the endpoint parses it: the password
 * typed again and the terms accepted unless `form` says otherwise.
 */
export function registrationForm(form: RegisterForm): RegisterInput {
  return registerSchema.parse({ password_confirmation: form.password, terms: true, ...form });
}

type Opened = { user: UserJson; token: string; sessionId: string };

/**
 * A customer opened the way a client opens one: register, the emailed code, verify-otp. Email
 * verified, nothing else done; `token` is register's token, now their session.
 */
export async function registered(t: Pick<TestApp, 'app' | 'mailer'>, input: RegisterInput, meta: SessionMeta = {}): Promise<Opened> {
  const started = await t.app.registrations.register(input, meta);
  if (!started.ok) throw new Error(`register failed: ${started.code} ${started.message}`);
  await t.app.registrations.settled();
  const pending = await t.app.registrations.resolve(started.value.token);
  if (pending.status !== 'active') throw new Error(`registration not pending: ${pending.status}`);
  const opened = await t.app.registrations.verify(pending.registration.id, t.mailer.lastCode(input.email), meta);
  if (!opened.ok) throw new Error(`verify failed: ${opened.code} ${opened.message}`);
  return { user: opened.value.user, token: started.value.token, sessionId: opened.value.sessionId };
}

/**
 * A customer as accounts were opened before registrations waited for their code: signed in, with
 * an account, the email not verified and a verification code mailed (the legacy path that
 * /v1/onboarding/verify-otp still serves).
 */
export async function unverifiedCustomer(t: Pick<TestApp, 'app'>, input: RegisterInput, meta: SessionMeta = {}): Promise<Opened> {
  const { app } = t;
  const now = app.clock.now().toISOString();
  const userId = newId('usr');
  const passwordHash = await hashSecret(input.password);
  const code = await app.db.transaction().execute(async (trx) => {
    await app.users.insert(
      newCustomerRow(
        { id: userId, first_name: input.first_name, last_name: input.last_name, email: input.email, phone_number: input.phone_number, password_hash: passwordHash, email_verified_at: null },
        now,
      ),
      trx,
    );
    await openSavingsAccount(trx, { userId, accountName: `${input.first_name} ${input.last_name}`.toUpperCase(), bankCbnCode: app.config.bank.cbnCode, openedAt: now });
    const issued = await app.codes.issue(userId, 'email_verification', emailVerificationPolicy, trx);
    if (!issued.ok) throw new Error(issued.message.key);
    return issued.value.code;
  });
  await app.auth.sendVerificationCode(input.email, input.first_name, code);
  const { token, session } = await app.sessions.create(userId, meta);
  const profile = await app.users.loadProfile(userId);
  return { user: presentUser(profile!), token, sessionId: session.id };
}

/**
 * A security code for `purpose` as the customer receives it (the SMS to the registered phone):
 * what the limits and unfreeze changes ask for with the PIN. One a minute per purpose: a test
 * asking twice for one purpose advances its clock in between.
 */
export async function securityCode(t: Pick<TestApp, 'app' | 'sms'>, userId: string, purpose: 'instant_payments' | 'daily_limit' | 'unfreeze'): Promise<string> {
  const sent = await t.app.securityCodes.request(userId, purpose);
  if (!sent.ok) throw new Error(`no security code: ${sent.code}`);
  const text = t.sms.sent.at(-1)?.text ?? '';
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`no code in the SMS: ${text}`);
  return code;
}
