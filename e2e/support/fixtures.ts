import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { AddressPage } from '../page-models/address-page.ts';
import { DashboardPage } from '../page-models/dashboard-page.ts';
import { LoginPage } from '../page-models/login-page.ts';
import { NotFoundPage } from '../page-models/not-found-page.ts';
import { PinPage } from '../page-models/pin-page.ts';
import { ProfileCreatedPage } from '../page-models/profile-created-page.ts';
import { RegisterPage } from '../page-models/register-page.ts';
import { SecurityQuestionPage } from '../page-models/security-question-page.ts';
import { VerifyEmailPage } from '../page-models/verify-email-page.ts';
import { newCustomer, type NewCustomer } from './customers.ts';
import { waitForCode } from './outbox.ts';

export type Screens = {
  login: LoginPage;
  register: RegisterPage;
  verify: VerifyEmailPage;
  address: AddressPage;
  profileCreated: ProfileCreatedPage;
  pin: PinPage;
  securityQuestion: SecurityQuestionPage;
  dashboard: DashboardPage;
  notFound: NotFoundPage;
};

export function screensFor(page: Page, js: boolean): Screens {
  return {
    login: new LoginPage(page, js),
    register: new RegisterPage(page, js),
    verify: new VerifyEmailPage(page, js),
    address: new AddressPage(page, js),
    profileCreated: new ProfileCreatedPage(page, js),
    pin: new PinPage(page, js),
    securityQuestion: new SecurityQuestionPage(page, js),
    dashboard: new DashboardPage(page, js),
    notFound: new NotFoundPage(page, js),
  };
}

/**
 * How far `onboard` takes a new customer. Each stage includes the ones before it. `registered`:
 * signed in with register's token, on /account/verify waiting for the emailed code (no account
 * yet: the right code opens it, and the same cookie is then the customer's session).
 */
export type Stage = 'registered' | 'verified' | 'address' | 'pin' | 'done';
const stageOrder: Stage[] = ['registered', 'verified', 'address', 'pin', 'done'];
const reached = (target: Stage, stage: Stage) => stageOrder.indexOf(target) >= stageOrder.indexOf(stage);

/**
 * Registers a fresh customer through the UI and takes them through onboarding up to `until`,
 * leaving the browser signed in on the screen that follows that stage.
 */
export async function onboard(screens: Screens, customer: NewCustomer, until: Stage = 'done'): Promise<NewCustomer> {
  await screens.register.goto();
  await screens.register.register(customer);
  if (!reached(until, 'verified')) return customer;

  await screens.verify.openAccount(await waitForCode(customer.email));
  if (!reached(until, 'address')) return customer;

  await screens.address.fill(customer);
  await screens.address.save();
  await screens.address.arrivedAt(ProfileCreatedPage.path);
  if (!reached(until, 'pin')) return customer;

  await screens.profileCreated.setPinLink.click();
  await screens.pin.arrivedAt(PinPage.path);
  await screens.pin.setPin(customer.pin);
  await screens.pin.arrivedAt(SecurityQuestionPage.path);
  if (!reached(until, 'done')) return customer;

  await screens.securityQuestion.choose(customer.securityQuestion, customer.securityAnswer);
  await screens.securityQuestion.arrivedAt(DashboardPage.path);
  return customer;
}

/** The value of the session cookie in this browser (the app's httpOnly credential). */
export async function sessionToken(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((candidate) => candidate.name === 'session' || candidate.name === '__Host-session');
  if (!cookie) throw new Error('This browser holds no session cookie.');
  return cookie.value;
}

/**
 * A fixture that is one page model on this test's page, for a spec's own `test.extend`:
 * `test.extend<{ send: SendMoneyPage }>({ send: model(SendMoneyPage) })`.
 */
export function model<M>(Model: new (page: Page, js: boolean) => M) {
  return async ({ page, js }: { page: Page; js: boolean }, use: (built: M) => Promise<void>) => use(new Model(page, js));
}

type Fixtures = {
  /** Whether this project runs scripts (`js-on`) or not (`js-off`). */
  js: boolean;
  screens: Screens;
  /** A customer who does not exist yet, unique to this test. */
  customer: NewCustomer;
};

export const test = base.extend<Fixtures>({
  js: async ({ javaScriptEnabled }, use) => use(javaScriptEnabled !== false),
  screens: async ({ page, js }, use) => use(screensFor(page, js)),
  customer: async ({}, use) => use(newCustomer()),
});

export { expect };
