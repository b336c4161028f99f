import { randomBytes, randomInt } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { securityQuestions } from '../../src/lib/reference.ts';
import { waitForCode } from './outbox.ts';
import { proveIdentity } from './identity.ts';

/** A customer who does not exist yet: unique email and phone per call, so tests never collide. */
export type NewCustomer = {
  firstName: string;
  lastName: string;
  email: string;
  /** As typed by a customer: a Nigerian mobile number with spaces, e.g. 0803 123 4567. */
  phone: string;
  password: string;
  pin: string;
  state: string;
  lga: string;
  address: string;
  city: string;
  securityQuestion: string;
  securityAnswer: string;
};

const firstNames = ['Adaeze', 'Chinedu', 'Funmilayo', 'Ibrahim', 'Ngozi', 'Oluwaseun', 'Temitope', 'Yusuf', 'Zainab', 'Emeka'];
const lastNames = ['Okafor', 'Adeyemi', 'Bello', 'Eze', 'Olawale', 'Nwosu', 'Abubakar', 'Ogunleye'];
// The 070, 080, 081, 090 and 091 ranges the app accepts.
const prefixes = ['0703', '0803', '0805', '0810', '0813', '0903', '0906', '0912'];

const pick = <T>(list: readonly T[]): T => list[randomInt(list.length)]!;

export function newCustomer(overrides: Partial<NewCustomer> = {}): NewCustomer {
  const tag = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const digits = String(randomInt(0, 10_000_000)).padStart(7, '0');
  const phone = `${pick(prefixes)} ${digits.slice(0, 3)} ${digits.slice(3)}`;
  return {
    firstName: pick(firstNames),
    lastName: pick(lastNames),
    email: `e2e.${tag}@example.com`,
    phone,
    password: `Plantain-harbour-${randomBytes(3).toString('hex')}-Jos`,
    pin: '2718',
    state: 'Lagos',
    lga: 'Ikeja',
    address: '12 Allen Avenue',
    city: 'Ikeja',
    securityQuestion: 'In which town was your mother born?',
    securityAnswer: 'Abeokuta',
    ...overrides,
  };
}

export const demoCustomer = {
  email: 'demo@harmattan.bank.example',
  password: 'harmattan-demo-2026',
  firstName: 'Ngozi',
} as const;

/**
 * The app's origin, as playwright.config.ts builds it. Cookie-authenticated calls to /api and
 * form posts to pages must say they come from here (the server's CSRF checks), and a bare
 * APIRequestContext sends no Origin header by itself.
 */
export function appOrigin(): string {
  // e2e/proxy.spec.ts sets E2E_ORIGIN to Caddy's https origin (its server's PUBLIC_ORIGIN).
  return process.env.E2E_ORIGIN ?? `http://127.0.0.1:${process.env.E2E_PORT ?? 4399}`;
}

/** A JSON call to the app's own API; throws with the server's message unless it succeeds. */
export async function callApi<T = unknown>(request: APIRequestContext, method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  const response = await request.fetch(`/api${path}`, {
    method,
    headers: { accept: 'application/json', origin: appOrigin(), ...headers },
    ...(body !== undefined ? { data: body } : {}),
  });
  const payload = (await response.json().catch(() => ({}))) as { success?: boolean; message?: string; data?: T };
  if (!response.ok() || payload.success !== true) {
    throw new Error(`${method} /api${path} answered ${response.status()}: ${payload.message ?? '(no message)'}`);
  }
  return payload.data as T;
}

export type OnboardedCustomer = NewCustomer & { accountNumber: string };

/**
 * Registers a customer and finishes onboarding through the JSON API (the journeys cover the
 * screens): seconds faster than the UI. With `page.request` (or `context.request`) the session
 * cookie lands in that browser context, so its pages are signed in afterwards.
 */
export type OnboardingStep = 'verify' | 'address' | 'pin' | 'question';

/** `beforeStep`: called before each step once the one before it is done, for a test that reads the pages in between. */
export async function onboardThroughApi(
  request: APIRequestContext,
  customer: NewCustomer = newCustomer(),
  beforeStep: (step: OnboardingStep) => Promise<void> = async () => undefined,
  options: { identity?: boolean } = {},
): Promise<OnboardedCustomer> {
  // register's token comes back as the session cookie too, so this request context is signed in from here on.
  await callApi(request, 'POST', '/v1/auth/register', {
    first_name: customer.firstName,
    last_name: customer.lastName,
    email: customer.email,
    phone_number: customer.phone,
    password: customer.password,
    password_confirmation: customer.password,
    terms: true,
  });
  // The account opens with the emailed code; the same cookie is then the customer's session.
  await beforeStep('verify');
  await callApi(request, 'POST', '/v1/onboarding/verify-otp', { otp: await waitForCode(customer.email) });
  await beforeStep('address');
  await callApi(request, 'POST', '/v1/onboarding/address', { address: customer.address, city: customer.city, state: customer.state, lga: customer.lga });
  await beforeStep('pin');
  await callApi(request, 'POST', '/v1/onboarding/set-pin', { pin: customer.pin, pin_confirmation: customer.pin });
  await beforeStep('question');
  const question = securityQuestions.find((candidate) => candidate.question === customer.securityQuestion);
  if (!question) throw new Error(`Unknown security question: ${customer.securityQuestion}`);
  const done = await callApi<{ user: { accounts: { account_number: string }[] } }>(request, 'POST', '/v1/onboarding/set-security-question', {
    security_question_id: question.id,
    answer: customer.securityAnswer,
  });
  const accountNumber = done.user.accounts[0]?.account_number;
  if (!accountNumber) throw new Error(`${customer.email} has no account after onboarding`);
  // Money needs a verified identity and a liveness pass; a test of something else is given them
  // straight (e2e/support/identity.ts). `identity: false` leaves the customer as registration
  // does: Tier 0, post-no-debit-or-credit (the KYC journeys walk the real way).
  if (options.identity !== false) proveIdentity(customer.email);
  return { ...customer, accountNumber };
}

/** GTBank, as the sandbox switch knows it: NIP institution code and 3-digit CBN code. */
export const gtBank = { name: 'Guaranty Trust Bank (GTBank)', nipCode: '000013', cbnCode: '058' } as const;

/**
 * Money arriving from another bank (the sandbox's POST /api/sandbox/inbound-transfer).
 * `amountKobo` is kobo: 150000 is ₦1,500.00.
 */
export async function receiveTransfer(
  request: APIRequestContext,
  accountNumber: string,
  amountKobo: number,
  senderName: string,
  senderBankCode: string = gtBank.nipCode,
): Promise<{ reference: string; created_at: string }> {
  return callApi(request, 'POST', '/sandbox/inbound-transfer', { account_number: accountNumber, amount: amountKobo, sender_name: senderName, sender_bank_code: senderBankCode });
}

/**
 * The form token a page renders for this request context's browser (its session or its
 * pre-session cookie), for a test that posts a page's form itself: every page form post needs
 * one (src/server/http/form-tokens.ts).
 */
export async function formTokenFor(request: APIRequestContext, path: string): Promise<string> {
  const html = await (await request.get(path)).text();
  const token = html.match(/name="_csrf" value="([A-Za-z0-9_-]+)"/)?.[1];
  if (!token) throw new Error(`no form token on ${path}`);
  return token;
}
