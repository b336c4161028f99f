import { request as playwrightRequest, type Page } from '@playwright/test';
import { newCustomer, onboardThroughApi, receiveTransfer, type OnboardedCustomer } from './customers.ts';

/** Naira in kobo, as the API and the sandbox count money: naira(5_000) is 500000. */
export const naira = (amount: number) => amount * 100;

/**
 * The browser of this test, signed in as a new customer (onboarded through the API) holding
 * `balanceKobo`, received from another bank through the sandbox's inbound transfer.
 */
export async function signedInCustomer(page: Page, balanceKobo: number): Promise<OnboardedCustomer> {
  const customer = await onboardThroughApi(page.request, newCustomer());
  if (balanceKobo > 0) await receiveTransfer(page.request, customer.accountNumber, balanceKobo, 'BAKARE TUNDE');
  return customer;
}

/**
 * A new customer (onboarded through the API, in a request context of its own that is thrown
 * away) holding `balanceNaira`, for a test that signs in as a browser of its own would.
 */
export async function fundedCustomer(origin: string, balanceNaira: number): Promise<OnboardedCustomer> {
  const context = await playwrightRequest.newContext({ baseURL: origin });
  try {
    const customer = await onboardThroughApi(context, newCustomer());
    if (balanceNaira > 0) await receiveTransfer(context, customer.accountNumber, naira(balanceNaira), 'BAKARE TUNDE');
    return customer;
  } finally {
    await context.dispose();
  }
}
