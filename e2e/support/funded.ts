import { request as playwrightRequest, type Page } from '@playwright/test';
import { newCustomer, onboardThroughApi, receiveTransfer, type OnboardedCustomer } from './customers.ts';
import { proveIdentity } from './identity.ts';
import { withDb } from './bank-db.ts';

/** Naira in kobo, as the API and the sandbox count money: naira(5_000) is 500000. */
export const naira = (amount: number) => amount * 100;

/** `identity: false`: funded, then every proof taken away (an account that may move no money: post-no-debit-or-credit). */
type IdentityOption = { identity?: boolean };

/** Funded customers are given an identity first (money moves only with one); `identity: false` takes it away again after the money arrived. */
function withoutIdentity(email: string): void {
  withDb((db) => {
    const changed = db.prepare('UPDATE users SET tier = 0, bvn_verified_at = NULL, nin_verified_at = NULL, liveness_passed_at = NULL WHERE email = ?').run(email.toLowerCase()).changes;
    if (Number(changed) !== 1) throw new Error(`no user with email ${email}`);
  });
}

/**
 * The browser of this test, signed in as a new customer (onboarded through the API, given an
 * identity) holding `balanceKobo`, received from another bank through the sandbox's inbound
 * transfer.
 */
export async function signedInCustomer(page: Page, balanceKobo: number, options: IdentityOption = {}): Promise<OnboardedCustomer> {
  const customer = await onboardThroughApi(page.request, newCustomer());
  proveIdentity(customer.email);
  if (balanceKobo > 0) await receiveTransfer(page.request, customer.accountNumber, balanceKobo, 'BAKARE TUNDE');
  if (options.identity === false) withoutIdentity(customer.email);
  return customer;
}

/**
 * A new customer (onboarded through the API, in a request context of its own that is thrown
 * away) holding `balanceNaira`, for a test that signs in as a browser of its own would.
 */
export async function fundedCustomer(origin: string, balanceNaira: number, options: IdentityOption = {}): Promise<OnboardedCustomer> {
  const context = await playwrightRequest.newContext({ baseURL: origin });
  try {
    const customer = await onboardThroughApi(context, newCustomer());
    proveIdentity(customer.email);
    if (balanceNaira > 0) await receiveTransfer(context, customer.accountNumber, naira(balanceNaira), 'BAKARE TUNDE');
    if (options.identity === false) withoutIdentity(customer.email);
    return customer;
  } finally {
    await context.dispose();
  }
}
